/** Moving an existing SQLite site to PostgreSQL with `npm run db:copy`. */
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, signIn } from "../support/accounts";
import { query } from "../support/database";
import { type PostgresServer, startPostgres } from "../support/postgres";
import { startServer } from "../support/server-process";
import { INCIDENT_REPORT } from "../support/reports";

const root = path.resolve(import.meta.dirname, "../..");
const REPORT = INCIDENT_REPORT;
const report = async (url: string) =>
  (await (
    await fetch(`${url}/php/incidente`, { method: "POST", headers: { "Content-Type": "application/json", Origin: url }, body: JSON.stringify(REPORT) })
  ).json()) as { radicado: string };

const copy = (from: string, to: string) =>
  spawnSync(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/db-copy.ts", "--from", from, "--to", to], {
    cwd: root,
    encoding: "utf8",
  });

let pg: PostgresServer;
beforeAll(async () => {
  pg = await startPostgres({ fast: true });
});
afterAll(() => pg?.destroy());

describe("db:copy", () => {
  it("copies every table, reports the counts, keeps ids, and the site goes on from there on PostgreSQL", async () => {
    const sqliteUrl = `file:${path.join(mkdtempSync(path.join(tmpdir(), "sitio-copia-")), "sitio.db")}`;
    const before = await startServer({}, sqliteUrl);
    createAccount(sqliteUrl, "admin@example.com", "admin");
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${before.url}/php/contacto`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: before.url },
        body: JSON.stringify({ nombre: `Persona ${i}`, celular: "300 123 4567", correo: "p@example.org", mensaje: "Hola", consentimiento: true }),
      });
      expect(res.status).toBe(201);
    }
    const { cookie } = await signIn(before.url, "admin@example.com");
    expect(cookie).toMatch(/^sesion_personal=/);
    const firstReport = await report(before.url);
    expect(firstReport.radicado).toMatch(/-000001$/);
    await before.stop();

    const target = await pg.createDatabase("copia");
    const result = copy(sqliteUrl, target);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^messages\s+5\s+5\s+igual$/m);
    expect(result.stdout).toMatch(/^outbox\s+(\d+)\s+\1\s+igual$/m);
    expect(result.stdout).toMatch(/^radicado_sequences\s+1\s+1\s+igual$/m);
    expect(result.stdout).toMatch(/^users\s+1\s+1\s+igual$/m);
    expect(result.stdout).toContain("los conteos coinciden");

    // The copied session still works, and new messages continue after the copied ids.
    const after = await startServer({}, target);
    try {
      const inbox = await fetch(`${after.url}/admin/mensajes`, { headers: { Cookie: cookie }, redirect: "manual" });
      expect(inbox.status).toBe(200);
      expect(await inbox.text()).toContain("Persona 4");
      const res = await fetch(`${after.url}/php/contacto`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: after.url },
        body: JSON.stringify({ nombre: "Persona nueva", celular: "300 123 4567", correo: "p@example.org", mensaje: "Hola", consentimiento: true }),
      });
      expect(res.status).toBe(201);
      const rows = await query<{ id: number; nombre: string }>(target, "select id, nombre from messages order by id");
      expect(rows.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6]);
      // Radicados go on from the copied sequence.
      expect((await report(after.url)).radicado).toBe(firstReport.radicado.replace(/000001$/, "000002"));
    } finally {
      await after.stop();
    }

    // A second copy into a database that has data is refused.
    const again = copy(sqliteUrl, target);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain("no está vacía");
  }, 90_000);
});
