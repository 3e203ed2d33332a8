/**
 * A post to a case channel that filled the spam trap is held for review, never dropped behind a made-up
 * radicado (ADR 017): the sender is told so, nothing is announced as a case, the channel's
 * staff register it (flagged) or discard it, and the ethics line keeps it sealed. Runs on the suite's engine.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccounts, signIn } from "../support/accounts";
import { execute, freshDatabaseUrl, query } from "../support/database";
import { type ServerProcess, startServer } from "../support/server-process";

const ETHICS_KEY = Buffer.alloc(32, 5).toString("base64");
const today = new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);
const REPORT = {
  tipo: "accidente",
  reporta_relacion: "companero",
  reporta_nombre: "Luis Gómez",
  reporta_celular: "3109876543",
  reporta_correo: "luis@example.org",
  trabajador_nombre: "Rosa Retenida",
  trabajador_tipo_documento: "CC",
  trabajador_documento: "52123456",
  trabajador_celular: "3001234567",
  empresa_usuaria: "Alimentos del Valle S.A.S.",
  sede: "Cali, planta 2",
  fecha: today,
  hora: "00:00",
  lugar: "Bodega de materias primas",
  descripcion: "Resbaló en el piso mojado de la bodega y se golpeó la rodilla.",
  consentimiento: true,
};
const BRIBERY = {
  categoria: "soborno",
  descripcion: "Un contratista ofreció un pago por adjudicar la ruta TEXTO-SELLADO-991.",
  cuando: "Ayer",
  donde: "Bogotá",
  identificacion: "anonimo",
};
const RADICADO = /[A-Z]{2}-\d{4}-\d{6}/;

let server: ServerProcess;
let dbUrl = "";
const cookies: Record<string, string> = {};
const postJson = (p: string, body: unknown) =>
  fetch(server.url + p, { method: "POST", headers: { "Content-Type": "application/json", Origin: server.url }, body: JSON.stringify(body) });
const postForm = (p: string, body: Record<string, string>, cookie?: string) =>
  fetch(server.url + p, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(body),
  });
const get = (p: string, cookie: string) => fetch(server.url + p, { headers: { Cookie: cookie }, redirect: "manual" });
const count = async (sql: string) => Number(Object.values((await query(dbUrl, sql))[0])[0]);

beforeAll(async () => {
  dbUrl = await freshDatabaseUrl("retenidos");
  const accounts = [
    ["sst@example.com", "sst"],
    ["personal@example.com", "staff"],
    ["cumplimiento@example.com", "cumplimiento"],
    ["convivencia@example.com", "convivencia"],
  ] as const;
  // Accounts first (the command migrates the new database), then the server, then the sign-ins in a row.
  createAccounts(dbUrl, accounts);
  server = await startServer({ ETHICS_KEY }, dbUrl);
  for (const [email, role] of accounts) cookies[role] = (await signIn(server.url, email)).cookie;
}, 120_000);
afterAll(() => server?.stop());

describe("an accident report that filled the trap", () => {
  it("is held, not stored as a case, and the sender is told so without a radicado", async () => {
    const res = await postJson("/php/incidente", { ...REPORT, sitio_web: "https://autocompletado.example" });
    expect(res.status).toBe(202);
    const body = await res.json();
    expect(body).toMatchObject({ ok: true, retenido: true });
    expect(JSON.stringify(body)).not.toMatch(RADICADO);
    expect(await count("select count(*) as n from cases")).toBe(0);
    expect(await count("select count(*) as n from held_posts where status = 'retenido'")).toBe(1);
    expect(await count("select count(*) as n from outbox")).toBe(0);
  });

  it("without JavaScript lands on a page that says it is held, with no radicado", async () => {
    const res = await postForm("/incidente", { ...REPORT, consentimiento: "on", sitio_web: "x" });
    expect(res.status).toBe(303);
    const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0];
    const page = await (await get(res.headers.get("location") as string, cookie)).text();
    expect(page).toContain("retenido para una revisión manual");
    expect(page).not.toMatch(RADICADO);
  });

  it("with invalid fields is refused with the errors, like any other post", async () => {
    const res = await postJson("/php/incidente", { ...REPORT, trabajador_nombre: "", sitio_web: "x" });
    expect(res.status).toBe(400);
    expect(await count("select count(*) as n from held_posts")).toBe(2);
  });

  it("is reviewed by occupational health only, registered as a flagged case", async () => {
    expect((await get("/admin/reportes/retenidos", cookies.staff)).status).toBe(403);
    expect((await get("/admin/reportes/retenidos", cookies.convivencia)).status).toBe(403);
    const page = await (await get("/admin/reportes/retenidos", cookies.sst)).text();
    expect(page).toContain("Rosa Retenida");
    const [held] = await query<{ id: number }>(dbUrl, "select id from held_posts order by id limit 1");
    const res = await postForm("/admin/reportes/retenidos", { accion: "registrar", id: String(held.id) }, cookies.sst);
    expect(res.status).toBe(302);
    const location = res.headers.get("location") as string;
    expect(location).toMatch(/^\/admin\/reportes\/\d+\?aviso=registrado$/);
    expect(await count("select count(*) as n from cases")).toBe(1);
    const detail = await (await get(location, cookies.sst)).text();
    expect(detail).toContain("con el campo trampa lleno");
    expect(detail).toMatch(RADICADO);
    // Registered once only.
    expect((await postForm("/admin/reportes/retenidos", { accion: "registrar", id: String(held.id) }, cookies.sst)).status).toBe(404);
    const [second] = await query<{ id: number }>(dbUrl, "select id from held_posts where status = 'retenido'");
    expect((await postForm("/admin/reportes/retenidos", { accion: "descartar", id: String(second.id) }, cookies.sst)).status).toBe(302);
    expect(await count("select count(*) as n from held_posts where status = 'descartado'")).toBe(1);
  });
});

describe("a held post behind many decided ones", () => {
  it("is still listed and can be discarded (the page and the action read every waiting post, not the newest 200)", async () => {
    expect((await postJson("/php/incidente", { ...REPORT, trabajador_nombre: "Rosa Antigua", sitio_web: "x" })).status).toBe(202);
    const [old] = await query<{ id: number | string; payload: string }>(
      dbUrl,
      "select id, payload from held_posts where status = 'retenido' order by id desc limit 1",
    );
    for (let i = 0; i < 210; i++) {
      const at = new Date(Date.now() + (i + 1) * 1000).toISOString();
      await execute(dbUrl, "insert into held_posts (channel, received_at, payload, status, decided_at, decided_by) values (?, ?, ?, 'descartado', ?, ?)", [
        "incidentes",
        at,
        old.payload,
        at,
        "sst@example.com",
      ]);
    }
    expect((await (await get("/admin/reportes/retenidos", cookies.sst)).text()).replace(/<!-- -->/g, "")).toContain(`Retenido n.º ${old.id}`);
    expect((await postForm("/admin/reportes/retenidos", { accion: "descartar", id: String(old.id) }, cookies.sst)).status).toBe(302);
    expect(await count(`select count(*) as n from held_posts where id = ${Number(old.id)} and status = 'descartado'`)).toBe(1);
  });
});

describe("an ethics report that filled the trap", () => {
  it("is held sealed, and only the owner of its category reads it", async () => {
    const res = await postJson("/php/linea-etica", { ...BRIBERY, sitio_web: "x" });
    expect(res.status).toBe(202);
    const rows = await query<{ payload: string }>(dbUrl, "select payload from held_posts where channel = 'etica'");
    expect(rows).toHaveLength(1);
    expect(rows[0].payload).not.toContain("TEXTO-SELLADO-991");
    expect(await (await get("/admin/etica/retenidos", cookies.convivencia)).text()).not.toContain("TEXTO-SELLADO-991");
    expect(await (await get("/admin/etica/retenidos", cookies.cumplimiento)).text()).toContain("TEXTO-SELLADO-991");
    expect((await get("/admin/etica/retenidos", cookies.sst)).status).toBe(403);
  });
});
