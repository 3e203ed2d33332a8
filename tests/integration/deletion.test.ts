/**
 * One rule for every deletion path (product rule 35) over HTTP against the built server, on the suite's
 * engine (SQLite, or PostgreSQL with TEST_DATABASE=postgres): an open accident report, its FURAT
 * overdue, is refused on the data-subject tools, on the data request's suppression and by the purge,
 * each time naming the record, the norm and until when, and the person reads why at CONSULTAR; the
 * data-subject tools delete nothing without an open suppression request of that person, and with one
 * the messages go, audited with its radicado. Searches on the data-subject tools are audited without the
 * term in clear.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/platform/db/database.server";
import { purgeNow } from "~/composition/retention.server";
import { createAccounts, signIn } from "../support/accounts";
import { execute, freshDatabaseUrl, query } from "../support/database";
import { type ServerProcess, startServer } from "../support/server-process";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";

let server: ServerProcess;
let smtp: SmtpSink;
let dbUrl: string;
const cookies: Record<string, string> = {};
const DAY = 86_400_000;
const dayBefore = (days: number) => new Date(Date.now() - 5 * 3_600_000 - days * DAY).toISOString().slice(0, 10);

const MARTA = { nombre: "Marta Ruiz", tipo_documento: "CC", documento: "52123456", correo: "marta.ruiz@example.org", consentimiento: true };
const ACCIDENT = {
  tipo: "accidente",
  reporta_relacion: "companero",
  reporta_nombre: "Luis Gómez",
  reporta_celular: "3109876543",
  trabajador_nombre: MARTA.nombre,
  trabajador_tipo_documento: "CC",
  trabajador_documento: MARTA.documento,
  trabajador_celular: "3001234567",
  trabajador_correo: MARTA.correo,
  empresa_usuaria: "Alimentos del Valle S.A.S.",
  sede: "Cali, planta 2",
  // Ten days ago: its FURAT (two business days) is overdue.
  fecha: dayBefore(10),
  hora: "08:30",
  lugar: "Bodega de materias primas",
  descripcion: "Al bajar una caja de la estantería, resbaló en el piso mojado.",
  lesion: "Esguince de tobillo",
  parte_cuerpo: "Tobillo derecho",
  atencion_medica: "si",
  atencion_lugar: "Clínica Valle del Lili",
  consentimiento_salud: true,
  consentimiento: true,
};

const postJson = (p: string, body: unknown) =>
  fetch(server.url + p, { method: "POST", headers: { "Content-Type": "application/json", Origin: server.url }, body: JSON.stringify(body) });
const postForm = (p: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(server.url + p, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, ...headers },
    body: new URLSearchParams(body),
  });
const get = (p: string, role: string) => fetch(server.url + p, { headers: { Cookie: cookies[role] }, redirect: "manual" });
const staff = (role: string, p: string, body: Record<string, string>) => postForm(p, body, { Cookie: cookies[role] });
const readDb = <T>(sql: string, ...params: unknown[]) => query<T>(dbUrl, sql, params);
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
const messagesOf = async (email: string) => (await readDb("select id from messages where lower(correo) = ?", email)).length;
const reportExists = async (radicado: string) => (await readDb("select id from cases where radicado = ?", radicado)).length === 1;

async function file(p: string, body: Record<string, unknown>) {
  const res = await postJson(p, body);
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
  const answer = (await res.json()) as { radicado: string; codigo: string };
  const [row] = await readDb<{ id: number | string }>("select id from cases where radicado = ?", answer.radicado);
  return { ...answer, id: Number(row.id) };
}

const contact = async (correo: string) =>
  expect(
    (await postJson("/php/contacto", { nombre: MARTA.nombre, celular: "3001234567", correo, mensaje: "Quisiera saber de mi pago.", consentimiento: true }))
      .status,
  ).toBe(201);

beforeAll(async () => {
  smtp = await startSmtpSink();
  dbUrl = await freshDatabaseUrl("supresion");
  createAccounts(
    dbUrl,
    ["datos", "admin"].map((role) => [`${role}@example.com`, role] as const),
  );
  server = await startServer({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_TO: "contacto@example.com", LOOKUP_RATE_LIMIT: "1000" }, dbUrl);
  for (const role of ["datos", "admin"]) cookies[role] = (await signIn(server.url, `${role}@example.com`)).cookie;
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

describe("an open accident report under retention", () => {
  let accident: { radicado: string; id: number };

  it("is refused on the data-subject tools, and a deletion names an open suppression request of the person", async () => {
    accident = await file("/php/incidente", ACCIDENT);
    await contact(MARTA.correo);
    const queja = await file("/php/pqrs", { tipo: "queja", descripcion: "No me han pagado.", ...MARTA });
    const beto = await file("/php/pqrs", {
      tipo: "datos_supresion",
      descripcion: "Borren mis datos.",
      nombre: "Beto Ruiz",
      tipo_documento: "CC",
      documento: "79111222",
      correo: "beto@example.org",
      consentimiento: true,
    });

    const found = text(await (await get(`/admin/titulares?correo=${MARTA.documento}`, "admin")).text());
    expect(found).toContain(accident.radicado);
    const tool = (body: Record<string, string>) => staff("admin", "/admin/titulares", { correo: MARTA.documento, confirmar: "si", ...body });
    // No request named, another kind of request, another person's request: nothing goes.
    const none = await tool({});
    expect(none.status).toBe(400);
    expect(text(await none.text())).toContain("Escriba el radicado (PQ-…) de la solicitud de supresión");
    expect((await tool({ referencia: "PQR-1" })).status).toBe(400);
    expect((await tool({ radicado: queja.radicado })).status).toBe(409);
    const other = await tool({ radicado: beto.radicado });
    expect(other.status).toBe(409);
    expect(text(await other.text())).toContain("no es una solicitud de supresión o de revocatoria abierta de esta persona");
    expect(await reportExists(accident.radicado)).toBe(true);
    expect(await messagesOf(MARTA.correo)).toBe(1);

    // With her open suppression request: her message goes, the report stays, and the page says why.
    const request = await file("/php/pqrs", { tipo: "datos_supresion", descripcion: "Borren todos mis datos.", ...MARTA });
    const form = await (await get(`/admin/titulares?correo=${MARTA.documento}`, "admin")).text();
    expect(form).toContain(`<option value="${request.radicado}">`);
    const res = await tool({ radicado: request.radicado.toLowerCase() });
    expect(res.status).toBe(200);
    const page = text(await res.text());
    expect(page).toContain(`Supresión de la solicitud ${request.radicado}: se eliminaron 1 mensaje(s)`);
    const refusal = `No se suprime el reporte ${accident.radicado}: se conserva por obligación legal veinte (20) años desde el fin de la relación laboral del trabajador, fecha que el sitio no conoce; no antes del`;
    expect(page).toContain(refusal);
    expect(page).toContain("Decreto 1072 de 2015, art. 2.2.4.6.13");
    expect(page).toMatch(/no antes del \d{2}\/\d{2}\/20[4-9]\d/);
    expect(page).toContain("Además está en trámite.");
    expect(await messagesOf(MARTA.correo)).toBe(0);
    expect(await reportExists(accident.radicado)).toBe(true);
    expect((await get(`/admin/reportes/${accident.id}`, "admin")).status).toBe(200);

    // Audited with the radicado; recorded on the request; the person reads why at CONSULTAR.
    const [audited] = await readDb<{ detail: string }>("select detail from audit_log where action = 'eliminar_datos_titular' order by id desc");
    expect(audited.detail).toContain(`solicitud: ${request.radicado}`);
    const [row] = await readDb<{ deletion_summary: string }>("select deletion_summary from pqrs_requests where case_id = ?", request.id);
    expect(row.deletion_summary).toContain(refusal);
    const consulted = await postForm("/pqrs/consulta", { radicado: request.radicado, codigo: request.codigo });
    const seen = text(await consulted.text());
    expect(seen).toContain("Se suprimieron 1 mensaje(s) suyo(s)");
    expect(seen).toContain(refusal);
    // Once per request.
    expect((await tool({ radicado: request.radicado })).status).toBe(409);
  });

  it("is refused on the data request's suppression, with the reason recorded", async () => {
    await contact(MARTA.correo);
    const request = await file("/php/pqrs", { tipo: "datos_revocatoria", descripcion: "Revoco mi autorización.", ...MARTA });
    const res = await staff("datos", `/admin/datos/${request.id}`, { accion: "suprimir", confirmar: "si" });
    expect(res.headers.get("location")).toContain("aviso=suprimido");
    const [row] = await readDb<{ deletion_summary: string }>("select deletion_summary from pqrs_requests where case_id = ?", request.id);
    expect(row.deletion_summary).toContain(`No se suprime el reporte ${accident.radicado}`);
    expect(row.deletion_summary).toContain("Decreto 1072 de 2015, art. 2.2.4.6.13");
    expect(await reportExists(accident.radicado)).toBe(true);
    expect(await messagesOf(MARTA.correo)).toBe(0);
  });

  it("is refused by the purge, even twenty years after the event, with the norm in its audit line", async () => {
    // A report of another worker, with no open request, whose event was 21 years ago.
    const old = await file("/php/incidente", {
      ...ACCIDENT,
      trabajador_documento: "1098765432",
      trabajador_correo: "pedro@example.org",
      trabajador_nombre: "Pedro Mora",
    });
    await execute(dbUrl, "update accident_reports set fecha = ? where case_id = ?", [dayBefore(21 * 366), old.id]);
    const db = await openDatabase(dbUrl);
    try {
      const lines = await purgeNow(db, { dryRun: false });
      const line = lines?.find((l) => l.kind === "reportes_incidentes");
      expect(line?.review).toBe(1);
      expect(line?.purged).toEqual([]);
    } finally {
      await db.destroy();
    }
    expect(await reportExists(old.radicado)).toBe(true);
    const [audited] = await readDb<{ detail: string }>(
      "select detail from audit_log where action = 'depurar_retencion' and detail like '%reportes_incidentes%' order by id desc",
    );
    expect(audited.detail).toContain(
      "1 para revisión legal: se conservan veinte (20) años desde el fin de la relación laboral del trabajador, fecha que el sitio no conoce (Decreto 1072 de 2015, art. 2.2.4.6.13",
    );
  });
});

describe("the data-subject tools", () => {
  it("delete a message only for an open suppression request, audited with its radicado", async () => {
    const email = "sara.lopez@example.org";
    const sara = { nombre: "Sara López", tipo_documento: "CC", documento: "1020304050", correo: email, consentimiento: true };
    await contact(email);
    const refused = await staff("admin", "/admin/titulares", { correo: email, confirmar: "si" });
    expect(refused.status).toBe(400);
    expect(await messagesOf(email)).toBe(1);
    const request = await file("/php/pqrs", { tipo: "datos_supresion", descripcion: "Borren mis datos.", ...sara });
    const done = await staff("admin", "/admin/titulares", { correo: email, confirmar: "si", radicado: request.radicado });
    expect(done.status).toBe(200);
    expect(await messagesOf(email)).toBe(0);
    const [audited] = await readDb<{ detail: string; user_email: string }>(
      "select detail, user_email from audit_log where action = 'eliminar_datos_titular' order by id desc",
    );
    expect(audited.user_email).toBe("admin@example.com");
    expect(audited.detail).toMatch(new RegExp(`^1 mensaje\\(s\\) eliminado\\(s\\): n\\.º \\d+ · solicitud: ${request.radicado}$`));
  });

  it("audit each search: who, how many found, the term only masked", async () => {
    await contact("tomas.vega@example.org");
    const before = (await readDb("select id from audit_log where action = 'buscar_titular'")).length;
    expect((await get("/admin/titulares?correo=Tomas.Vega%40example.org", "admin")).status).toBe(200);
    expect((await get(`/admin/titulares?correo=${MARTA.documento}`, "datos")).status).toBe(200);
    expect((await get("/admin/titulares", "admin")).status).toBe(200);
    const rows = await readDb<{ user_email: string; detail: string; at: string }>(
      "select user_email, detail, at from audit_log where action = 'buscar_titular' order by id",
    );
    expect(rows).toHaveLength(before + 2);
    const [byEmail, byDocument] = rows.slice(before);
    expect(byEmail.user_email).toBe("admin@example.com");
    expect(byEmail.detail).toBe("t***@e***.org · 1 registro(s) encontrado(s)");
    expect(byDocument.user_email).toBe("datos@example.com");
    // The role `datos` finds her three requests by document (it does not open reports).
    expect(byDocument.detail).toBe("*****456 · 3 registro(s) encontrado(s)");
    for (const row of rows) {
      expect(row.detail).not.toContain("tomas");
      expect(row.detail).not.toContain(MARTA.documento);
      expect(Date.now() - Date.parse(row.at)).toBeLessThan(120_000);
    }
  });
});
