/**
 * No one reaches a confidential category alone (docs/product.md §34, ADR 021), on the built server with a
 * real SMTP sink: no account changes its own roles; a role of the ethics line asked by one admin waits,
 * unapplied, for a different admin's confirmation; once confirmed (or granted from the server's command
 * line, which says so) the accounts that already held the role are mailed and see it in their audit.
 * Runs on the suite's engine.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, createAccounts, signIn, TEST_PASSWORD } from "../support/accounts";
import { execute, freshDatabaseUrl, query, toDatabaseUrl } from "../support/database";
import { type ServerProcess, startServer } from "../support/server-process";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";

let server: ServerProcess;
let smtp: SmtpSink;
let dbUrl = "";
const cookies: Record<string, string> = {};

const get = (p: string, cookie: string) => fetch(server.url + p, { headers: { Cookie: cookie }, redirect: "manual" });
const post = (p: string, cookie: string, body: Record<string, string | string[]>) => {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(body)) for (const one of [v].flat()) form.append(k, one);
  return fetch(server.url + p, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: cookie },
    body: form,
  });
};
const rolesOf = async (email: string) =>
  (await query<{ role: string }>(dbUrl, "select r.role from user_roles r join users u on u.id = r.user_id where u.email = ? order by r.role", [email])).map(
    (r) => r.role,
  );
const recipients = (mail: ParsedMail) =>
  [mail.to]
    .flat()
    .map((t) => t?.text ?? "")
    .join(",");
/** The audit page's rows as text. */
const auditText = async (cookie: string) => {
  const html = await (await get("/admin/auditoria", cookie)).text();
  return html.slice(html.indexOf("<tbody>"), html.indexOf("</tbody>")).replace(/<[^>]+>/g, " ");
};
/** The server's command line, run as an operator would (not spawnSync: the test's own connections stay served). */
const adminCli = (...args: string[]) =>
  promisify(execFile)(process.execPath, [path.join(path.resolve(import.meta.dirname, "../.."), "node_modules/tsx/dist/cli.mjs"), "scripts/admin.ts", ...args], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: { ...process.env, DATABASE_URL: toDatabaseUrl(dbUrl), LOG_LEVEL: "silent" },
  });

beforeAll(async () => {
  smtp = await startSmtpSink();
  dbUrl = await freshDatabaseUrl("roles");
  createAccounts(dbUrl, [
    ["admin1@example.com", "admin"],
    ["referente@example.com", "genero"],
    ["comite@example.com", "convivencia"],
    ["nueva@example.com", "staff"],
    ["otra@example.com", "sst"],
  ]);
  server = await startServer({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_TO: "contacto@example.com" }, dbUrl);
  for (const name of ["admin1", "referente", "comite", "nueva"]) cookies[name] = (await signIn(server.url, `${name}@example.com`)).cookie;
}, 150_000);
afterAll(async () => {
  server?.stop();
  await smtp?.close();
});

describe("granting roles from the users page", () => {
  it("refuses any change of one's own roles, with a clear message", async () => {
    for (const rol of [["admin", "genero"], ["admin", "staff"], ["staff"]]) {
      const res = await post("/admin/usuarios", cookies.admin1, { accion: "roles", correo: "admin1@example.com", rol });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain("Nadie puede cambiar sus propios roles");
    }
    expect(await rolesOf("admin1@example.com")).toEqual(["admin"]);
    expect((await get("/admin/etica", cookies.admin1)).status).toBe(403);
    // The page offers no form the server would refuse: the own row says who may change it.
    const page = await (await get("/admin/usuarios", cookies.admin1)).text();
    expect(page).not.toContain('aria-label="Guardar roles de admin1@example.com"');
    expect(page).toContain("Sus propios roles los cambia otra persona con el rol de administración.");
    expect(page).toMatch(/aria-label="Guardar roles de (?!admin1@)[^"]+"/);
  });

  it("with a single admin, a confidential role is left pending and not applied; the one who asked cannot confirm it", async () => {
    const res = await post("/admin/usuarios", cookies.admin1, { accion: "roles", correo: "nueva@example.com", rol: ["staff", "genero"] });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toContain("aviso=pendiente");
    expect(await rolesOf("nueva@example.com")).toEqual(["staff"]);
    expect((await get("/admin/etica", cookies.nueva)).status).toBe(403);
    const page = await (await get("/admin/usuarios", cookies.admin1)).text();
    expect(page).toContain("Roles de la línea ética pendientes de confirmación");
    expect(page).toContain("Debe confirmarlo otra persona con el rol de administración.");
    expect(page).toContain("una sola cuenta de administración activa");
    expect(page).toContain("npm run admin -- set-roles");
    const [grant] = await query<{ id: number }>(dbUrl, "select id from pending_role_grants where decided_at is null");
    const confirm = await post("/admin/usuarios", cookies.admin1, { accion: "confirmar", solicitud: String(grant.id) });
    expect(confirm.status).toBe(400);
    expect(await confirm.text()).toContain("Quien pidió el rol no puede confirmarlo");
    expect(await rolesOf("nueva@example.com")).toEqual(["staff"]);
    // Creating an account straight into a confidential role is refused on the web too.
    const created = await post("/admin/usuarios", cookies.admin1, {
      accion: "crear",
      correo: "directa@example.com",
      nombre: "Directa",
      rol: ["genero"],
      clave: TEST_PASSWORD,
    });
    expect(created.status).toBe(400);
    expect(await rolesOf("directa@example.com")).toEqual([]);
    expect(smtp.mails).toHaveLength(0);
  });

  it("a second admin confirms: the role applies, its holders are mailed at once and see it in their audit", async () => {
    createAccount(dbUrl, "admin2@example.com", "admin");
    // The command ran synchronously: let the connections the server closed meanwhile be seen as closed.
    await new Promise((resolve) => setTimeout(resolve, 100));
    cookies.admin2 = (await signIn(server.url, "admin2@example.com")).cookie;
    const page = await (await get("/admin/usuarios", cookies.admin2)).text();
    expect(page).toContain("Confirmar el rol Referente de género (ruta de acoso sexual) para nueva@example.com");
    expect(page).not.toContain("una sola cuenta de administración activa");
    const [grant] = await query<{ id: number }>(dbUrl, "select id from pending_role_grants where decided_at is null");
    const res = await post("/admin/usuarios", cookies.admin2, { accion: "confirmar", solicitud: String(grant.id) });
    expect(res.status).toBe(302);
    expect(await rolesOf("nueva@example.com")).toEqual(["genero", "staff"]);
    expect((await get("/admin/etica", cookies.nueva)).status).toBe(200);
    // Decided once: a second confirmation finds nothing pending.
    expect((await post("/admin/usuarios", cookies.admin2, { accion: "confirmar", solicitud: String(grant.id) })).status).toBe(404);

    const [mail] = await smtp.waitForMails(1);
    expect(recipients(mail)).toBe("referente@example.com");
    expect(mail.text).toContain("nueva@example.com");
    expect(mail.text).toContain("admin1@example.com");
    expect(mail.text).toContain("admin2@example.com");
    expect(mail.text).not.toMatch(/LE-\d/);

    const holder = await auditText(cookies.referente);
    expect(holder).toContain("Se concedió un rol confidencial a una cuenta");
    expect(holder).toContain("nueva@example.com: genero (pedido por admin1@example.com, confirmado por admin2@example.com)");
    expect(await auditText(cookies.admin1)).toContain("nueva@example.com: genero (pedido por admin1@example.com, confirmado por admin2@example.com)");
    // Another category's owner learns nothing of it.
    expect(await auditText(cookies.comite)).not.toContain("nueva@example.com");
    await new Promise((r) => setTimeout(r, 1_000));
    expect(smtp.mails).toHaveLength(1);
  });

  it("removing a role needs no confirmation; a refused or expired request applies nothing", async () => {
    expect((await post("/admin/usuarios", cookies.admin2, { accion: "roles", correo: "nueva@example.com", rol: ["staff"] })).status).toBe(302);
    expect(await rolesOf("nueva@example.com")).toEqual(["staff"]);
    expect((await post("/admin/usuarios", cookies.admin1, { accion: "roles", correo: "otra@example.com", rol: ["sst", "convivencia"] })).status).toBe(302);
    const [refused] = await query<{ id: number }>(dbUrl, "select id from pending_role_grants where decided_at is null");
    expect((await post("/admin/usuarios", cookies.admin2, { accion: "rechazar", solicitud: String(refused.id) })).status).toBe(302);
    expect(await rolesOf("otra@example.com")).toEqual(["sst"]);
    expect((await post("/admin/usuarios", cookies.admin1, { accion: "roles", correo: "otra@example.com", rol: ["sst", "cumplimiento"] })).status).toBe(302);
    const [expired] = await query<{ id: number }>(dbUrl, "select id from pending_role_grants where decided_at is null");
    await execute(dbUrl, "update pending_role_grants set expires_at = ? where id = ?", ["2020-01-01T00:00:00.000Z", expired.id]);
    expect((await post("/admin/usuarios", cookies.admin2, { accion: "confirmar", solicitud: String(expired.id) })).status).toBe(404);
    expect(await rolesOf("otra@example.com")).toEqual(["sst"]);
    expect(await (await get("/admin/usuarios", cookies.admin2)).text()).not.toContain("pendientes de confirmación");
  });
});

describe("granting from the server's command line", () => {
  it("grants at once, says it had no second confirmation, mails the holders and leaves it in their audit", async () => {
    const before = smtp.mails.length;
    const { stdout } = await adminCli("set-roles", "--email", "otra@example.com", "--role", "sst,genero");
    expect(stdout).toContain("concedido desde la línea de comandos del servidor, sin segunda confirmación");
    expect(await rolesOf("otra@example.com")).toEqual(["genero", "sst"]);
    const mails = (await smtp.waitForMails(before + 1)).slice(before);
    expect(mails.map(recipients)).toEqual(["referente@example.com"]);
    expect(mails[0].text).toContain("otra@example.com");
    expect(mails[0].text).toContain("línea de comandos del servidor");
    expect(await auditText(cookies.referente)).toContain(
      "otra@example.com: genero (concedido desde la línea de comandos del servidor, sin segunda confirmación)",
    );
    expect(await auditText(cookies.comite)).not.toContain("otra@example.com");
  });
});
