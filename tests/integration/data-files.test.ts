/**
 * The SQLite file at rest: only the site's user can open the data folder and its files (folder 0700,
 * `sitio.db`, `-wal`, `-shm` and the ethics key 0600, also when an earlier start or a copy left them
 * open to others), and a deleted message's bytes are gone from the file (secure_delete). SQLite only:
 * PostgreSQL keeps its own files (docs/deploy.md).
 */
import { chmodSync, existsSync, mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { createAccount, signIn } from "../support/accounts";
import { TEST_ENGINE } from "../support/database";
import { type ServerProcess, startServer } from "../support/server-process";

const mode = (file: string) => (statSync(file).mode & 0o777).toString(8);
const running: ServerProcess[] = [];
afterAll(async () => {
  for (const server of running) await server.stop();
});

describe.skipIf(TEST_ENGINE !== "sqlite")("the SQLite data folder", () => {
  it("a new folder is created 0700 and its files 0600", async () => {
    const parent = mkdtempSync(path.join(tmpdir(), "modos-"));
    const folder = path.join(parent, "data");
    const server = await startServer({}, path.join(folder, "sitio.db"));
    running.push(server);
    expect(mode(folder)).toBe("700");
    for (const name of ["sitio.db", "sitio.db-wal", "sitio.db-shm", "clave-linea-etica.txt"]) expect(mode(path.join(folder, name)), name).toBe("600");
    await server.stop();
  });

  it("a start on files left open to others (0644 in a 0755 folder) closes them", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "modos-"));
    const file = path.join(folder, "sitio.db");
    const first = await startServer({}, file);
    running.push(first);
    // A copy, a restore or an older version left them readable by every local user.
    for (const name of ["sitio.db", "sitio.db-wal", "sitio.db-shm", "clave-linea-etica.txt"]) chmodSync(path.join(folder, name), 0o644);
    await first.stop();
    chmodSync(folder, 0o755);
    for (const name of ["sitio.db", "clave-linea-etica.txt"]) expect(mode(path.join(folder, name))).toBe("644");

    const second = await startServer({}, file);
    running.push(second);
    expect(mode(folder)).toBe("700");
    for (const name of ["sitio.db", "sitio.db-wal", "sitio.db-shm", "clave-linea-etica.txt"]) {
      expect(existsSync(path.join(folder, name)), name).toBe(true);
      expect(mode(path.join(folder, name)), name).toBe("600");
    }
    await second.stop();
  });
});

describe.skipIf(TEST_ENGINE !== "sqlite")("a deletion on SQLite", () => {
  it("leaves no byte of the deleted message's e-mail in the file after a full checkpoint", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "borrado-"));
    const file = path.join(folder, "sitio.db");
    const server = await startServer({}, file);
    running.push(server);
    createAccount(file, "admin@example.com", "admin");
    const { cookie } = await signIn(server.url, "admin@example.com");
    const email = `borrar-${Date.now()}-zq7x@example.org`;
    // Only the message holds this text and this name (the suppression request, kept as proof of the
    // answer, holds the e-mail).
    const secret = `texto-unico-${Date.now()}-kq9w`;
    const posted = await fetch(`${server.url}/php/contacto`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.url },
      body: JSON.stringify({ nombre: "Persona Que Pide Borrar", celular: "3001234567", correo: email, mensaje: `Mensaje ${secret}`, consentimiento: true }),
    });
    expect(posted.status).toBe(201);
    // Some other rows after it, so its page is not simply dropped whole.
    for (let i = 0; i < 3; i++) {
      const other = await fetch(`${server.url}/php/contacto`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: server.url },
        body: JSON.stringify({ nombre: `Otra ${i}`, celular: "3001234567", correo: `otra${i}@example.org`, mensaje: "Sigue aquí.", consentimiento: true }),
      });
      expect(other.status).toBe(201);
    }
    const checkpoint = () => {
      const db = new SQLite(file);
      try {
        db.pragma("busy_timeout = 5000");
        return db.pragma("wal_checkpoint(TRUNCATE)") as { busy: number }[];
      } finally {
        db.close();
      }
    };
    const bytesContain = (text: string) => [file, `${file}-wal`].some((f) => existsSync(f) && readFileSync(f).includes(Buffer.from(text)));
    // The message is in the file before the deletion.
    expect(checkpoint()[0].busy).toBe(0);
    expect(bytesContain(secret)).toBe(true);

    // The staff's deletion for the person's suppression request (/admin/titulares; product rule 35: every
    // deletion names the data request it serves).
    const request = await fetch(`${server.url}/php/pqrs`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.url },
      body: JSON.stringify({
        tipo: "datos_supresion",
        descripcion: "Borren mis datos.",
        nombre: "Titular De La Solicitud",
        tipo_documento: "CC",
        documento: "1020304050",
        correo: email,
        consentimiento: true,
      }),
    });
    expect(request.status).toBe(201);
    const { radicado } = (await request.json()) as { radicado: string };
    const deleted = await fetch(`${server.url}/admin/titulares`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: cookie },
      body: new URLSearchParams({ accion: "eliminar", correo: email, confirmar: "si", radicado }),
    });
    expect(deleted.status).toBeLessThan(400);
    const left = new SQLite(file, { readonly: true });
    expect(left.prepare("select count(*) as n from messages where correo = ?").get(email)).toEqual({ n: 0 });
    expect(left.prepare("select count(*) as n from messages").get()).toEqual({ n: 3 });
    left.close();

    expect(checkpoint()[0].busy).toBe(0);
    expect(bytesContain(secret)).toBe(false);
    expect(bytesContain("Persona Que Pide Borrar")).toBe(false);
    await server.stop();
  });
});
