/**
 * PQRS (docs/product.md §28, ADR 019) over HTTP against the built server, a real database and a real
 * SMTP server: a data-protection reclamo's whole life (filed, asked to complete, completed through
 * CONSULTAR, extended, answered) with every mail the sink receives; the access export holding exactly
 * the person's data, attached to the answer; the deletion run from a request, refused under a hold;
 * "reclamo en trámite" in the inbox; identical CONSULTAR refusals; the roles. Runs on the suite's
 * engine (SQLite, or PostgreSQL with TEST_DATABASE=postgres).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TERMS, completionExtensionDay, maxExtensionDay, dueDay } from "~/features/requests/clock";
import { bogotaDay, formatDay } from "~/platform/dates";
import { createAccounts, signIn } from "../support/accounts";
import { freshDatabaseUrl, query } from "../support/database";
import { type ServerProcess, startServer } from "../support/server-process";
import { INCIDENT_REPORT } from "../support/reports";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";

let server: ServerProcess;
let smtp: SmtpSink;
let dbUrl: string;
const cookies: Record<string, string> = {};

const person = (name: string, email: string, documento: string) => ({ nombre: name, tipo_documento: "CC", documento, correo: email, consentimiento: true });
const ANA = person("Ana Pérez", "ana.perez@example.org", "52123456");
const BETO = person("Beto Ruiz", "beto.ruiz@example.org", "79111222");

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
const recipientOf = (m: { to?: unknown }) => {
  const to = m.to as { text?: string } | { text?: string }[] | undefined;
  return Array.isArray(to) ? to.map((t) => t.text).join(",") : (to?.text ?? "");
};
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
/** The mails that arrived after `before`, once `count` of them are there. */
const newMails = async (before: number, count: number) => (await smtp.waitForMails(before + count)).slice(before);
/** The first mail whose subject matches (mails of earlier steps may still be arriving). */
async function mailWithSubject(subject: string | RegExp, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = smtp.mails.find((m) => (typeof subject === "string" ? m.subject === subject : subject.test(m.subject ?? "")));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no llegó el correo «${subject}»`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function file(body: Record<string, unknown>) {
  const res = await postJson("/php/pqrs", body);
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
  const answer = (await res.json()) as { radicado: string; codigo: string };
  const [row] = await readDb<{ id: number | string }>("select id from cases where radicado = ?", answer.radicado);
  return { ...answer, id: Number(row.id) };
}

async function consult(radicado: string, codigo: string) {
  const res = await postForm("/pqrs/consulta", { radicado, codigo });
  const html = await res.text();
  return { status: res.status, html, access: /name="acceso" value="([^"]+)"/.exec(html)?.[1] ?? "" };
}

beforeAll(async () => {
  smtp = await startSmtpSink();
  dbUrl = await freshDatabaseUrl("pqrs");
  createAccounts(
    dbUrl,
    ["pqrs", "datos", "admin", "staff", "sst"].map((role) => [`${role}@example.com`, role] as const),
  );
  server = await startServer(
    {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_TO: "contacto@example.com",
      MAIL_TO_PQRS: "pqrs-equipo@example.com",
      MAIL_TO_DATOS: "datos-equipo@example.com",
      LOOKUP_RATE_LIMIT: "1000",
    },
    dbUrl,
  );
  for (const role of ["pqrs", "datos", "admin", "staff", "sst"]) {
    const { response, cookie } = await signIn(server.url, `${role}@example.com`);
    expect(response.status).toBe(302);
    cookies[role] = cookie;
  }
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

describe("a data-protection reclamo's whole life", () => {
  it("filed → asked to complete → completed through CONSULTAR → extended → answered, each step mailed", async () => {
    const before = smtp.mails.length;
    const filed = await file({ tipo: "datos_correccion", descripcion: "Mi celular quedó mal escrito en su base de datos.", ...ANA, celular: "3001234567" });
    expect(filed.radicado).toMatch(/^PQ-\d{4}-\d{6}$/);
    expect(filed.codigo).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);

    // Filed: the data-protection team is told (no text, no person), the person gets radicado, code and due date.
    const [receivedAt] = (await readDb<{ received_at: string }>("select received_at from cases where id = ?", filed.id)).map((r) => r.received_at);
    const due = dueDay(receivedAt, TERMS.datos_reclamo);
    const filedMails = await newMails(before, 2);
    const team = filedMails.find((m) => recipientOf(m).includes("datos-equipo@example.com"));
    const mine = filedMails.find((m) => recipientOf(m).includes(ANA.correo));
    expect(team?.subject).toContain(filed.radicado);
    expect(`${team?.text}`).toContain(formatDay(due));
    expect(`${team?.text}${team?.html}`).not.toContain("celular quedó mal");
    expect(`${team?.text}`).not.toContain(ANA.documento);
    expect(mine?.text).toContain(filed.codigo);
    expect(mine?.text).toContain(`15 días hábiles (Ley 1581 de 2012, art. 15): a más tardar el ${formatDay(due)}`);
    expect(filedMails.some((m) => recipientOf(m).includes("pqrs-equipo@example.com"))).toBe(false);

    // The role `datos` sees it, first in its list; `pqrs` does not.
    const list = await (await get("/admin/datos", "datos")).text();
    expect(list).toContain(filed.radicado);
    expect((await get(`/admin/pqrs/${filed.id}`, "pqrs")).status).toBe(404);

    // Asked to complete: the clock pauses, the person is mailed what is missing.
    expect((await staff("datos", `/admin/datos/${filed.id}`, { accion: "completar", faltante: "Escriba el número de celular correcto." })).status).toBe(302);
    let [row] = await readDb<Record<string, string | number | null>>("select * from pqrs_requests where case_id = ?", filed.id);
    expect(row.due_at).toBeNull();
    expect(Number(row.remaining_days)).toBeGreaterThan(0);
    const asked = await mailWithSubject(`Complete su solicitud ${filed.radicado}`);
    expect(recipientOf(asked)).toContain(ANA.correo);
    expect(asked.subject).toBe(`Complete su solicitud ${filed.radicado}`);
    expect(asked.text).toContain("Escriba el número de celular correcto.");
    // Only once.
    expect((await staff("datos", `/admin/datos/${filed.id}`, { accion: "completar", faltante: "Otra vez" })).status).toBe(409);
    // Ley 1581 art. 15 gives a reclamo no extension of the window to complete (Ley 1755 art. 17 does).
    const noExtension = await staff("datos", `/admin/datos/${filed.id}`, { accion: "prorroga" });
    expect(noExtension.status).toBe(409);
    expect(text(await noExtension.text())).toContain("La ley no prevé prórroga");

    // CONSULTAR shows the request to complete; the person completes it there.
    const seen = await consult(filed.radicado, filed.codigo);
    expect(seen.status).toBe(200);
    expect(text(seen.html)).toContain("Le pedimos completar su solicitud");
    expect(text(seen.html)).toContain("El plazo está suspendido");
    const completed = await postForm("/pqrs/consulta", { accion: "completar", acceso: seen.access, informacion: "El correcto es 310 555 1234." });
    expect(completed.status).toBe(200);
    const completedPage = text(await completed.text());
    expect(completedPage).toContain("Recibimos la información");
    [row] = await readDb("select * from pqrs_requests where case_id = ?", filed.id);
    // Ley 1581 art. 15: the 15 days count again from the day after the complete reclamo.
    const completedAt = String(row.completed_at);
    const base = bogotaDay(String(row.base_due_at));
    expect(row.due_at).toBe(row.base_due_at);
    expect(base).toBe(dueDay(completedAt, TERMS.datos_reclamo));
    expect(completedPage).toContain(`vence el ${formatDay(base)}`);
    const toTeam = await mailWithSubject(new RegExp(`${filed.radicado} se completó`));
    expect(recipientOf(toTeam)).toContain("datos-equipo@example.com");
    expect(toTeam.subject).toContain(`${filed.radicado} se completó`);
    // A forged or stale proof is refused.
    expect(
      (await postForm("/pqrs/consulta", { accion: "completar", acceso: seen.access.replace(/.$/, (c) => (c === "A" ? "B" : "A")), informacion: "x" })).status,
    ).toBe(403);

    // Extended: beyond the legal maximum refused; then to the maximum, mailed at once; a second time refused.
    const max = maxExtensionDay(base, TERMS.datos_reclamo);
    const beyond = new Date(Date.parse(`${max}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const tooFar = await staff("datos", `/admin/datos/${filed.id}`, { accion: "ampliar", motivo: "Debemos verificar con la empresa usuaria.", fecha: beyond });
    expect(tooFar.status).toBe(409);
    expect(await tooFar.text()).toContain("supera el máximo");
    expect((await staff("datos", `/admin/datos/${filed.id}`, { accion: "ampliar", motivo: "", fecha: max })).status).toBe(400);
    expect(
      (await staff("datos", `/admin/datos/${filed.id}`, { accion: "ampliar", motivo: "Debemos verificar el dato con la empresa usuaria.", fecha: max })).status,
    ).toBe(302);
    const extended = await mailWithSubject(`Ampliamos el plazo de su solicitud ${filed.radicado}`);
    expect(recipientOf(extended)).toContain(ANA.correo);
    expect(extended.subject).toBe(`Ampliamos el plazo de su solicitud ${filed.radicado}`);
    expect(extended.text).toContain("Debemos verificar el dato con la empresa usuaria.");
    expect(extended.text).toContain(formatDay(max));
    expect((await staff("datos", `/admin/datos/${filed.id}`, { accion: "ampliar", motivo: "Otra vez", fecha: max })).status).toBe(409);

    // Answered: mailed, and shown in CONSULTAR with the extension and its reason.
    expect((await staff("datos", `/admin/datos/${filed.id}`, { accion: "responder", respuesta: "Corregimos su celular: ahora es 310 555 1234." })).status).toBe(
      302,
    );
    const answered = await mailWithSubject(`Respuesta a su solicitud ${filed.radicado}`);
    expect(recipientOf(answered)).toContain(ANA.correo);
    expect(answered.subject).toBe(`Respuesta a su solicitud ${filed.radicado}`);
    expect(answered.text).toContain("Corregimos su celular");
    const final = text((await consult(filed.radicado, filed.codigo)).html);
    expect(final).toContain("Respondida");
    expect(final).toContain("Corregimos su celular: ahora es 310 555 1234.");
    expect(final).toContain(`ampliamos el plazo hasta el ${formatDay(max)}`);
    expect(final).toContain("Motivo: Debemos verificar el dato con la empresa usuaria.");

    // Once delivered, the mails keep no body; every step is in the audit log.
    const outboxOf = () => readDb<{ body_text: string | null; status: string }>("select body_text, status from outbox where case_id = ?", filed.id);
    await expect.poll(async () => (await outboxOf()).every((b) => b.status === "sent"), { timeout: 10_000 }).toBe(true);
    const bodies = await outboxOf();
    expect(bodies.every((b) => b.status === "sent" && b.body_text === null)).toBe(true);
    const actions = (await readDb<{ action: string }>("select action from audit_log where case_id = ? order by id", filed.id)).map((a) => a.action);
    for (const action of ["datos_pedir_completar", "datos_completada_por_titular", "datos_ampliar_plazo", "datos_responder"]) expect(actions).toContain(action);

    // Closed.
    expect((await staff("datos", `/admin/datos/${filed.id}`, { accion: "cerrar", motivo_cierre: "respondida" })).status).toBe(302);
    expect((await readDb<{ status: string }>("select status from cases where id = ?", filed.id))[0].status).toBe("cerrado");
  });
});

describe("a request waiting on the person", () => {
  it("reads 'Esperando a que la persona la complete' to the staff (list, filter, detail) and 'Pendiente de que usted la complete' to the person", async () => {
    const filed = await file({
      tipo: "peticion",
      descripcion: "Necesito la constancia de mis aportes.",
      ...person("Iris Mejía", "iris@example.org", "6060606060"),
    });
    expect((await staff("pqrs", `/admin/pqrs/${filed.id}`, { accion: "completar", faltante: "Indique el periodo." })).status).toBe(302);
    const detail = text(await (await get(`/admin/pqrs/${filed.id}`, "pqrs")).text());
    expect(detail).toContain("Estado actual: Esperando a que la persona la complete");
    const list = await (await get("/admin/pqrs?estado=por_completar", "pqrs")).text();
    expect(list).toMatch(/<option value="por_completar"[^>]*>Esperando a que la persona la complete<\/option>/);
    expect(list).toContain(filed.radicado);
    expect(list).not.toContain("usted la complete");
    expect(text((await consult(filed.radicado, filed.codigo)).html)).toContain("Estado actual: Pendiente de que usted la complete");
  });
});

describe("a petition's window to complete", () => {
  it("is extended once at the person's request, by as long again (Ley 1755 art. 17), mailed and shown in CONSULTAR", async () => {
    const filed = await file({ tipo: "peticion", descripcion: "Necesito copia de mi contrato.", ...BETO });
    expect((await staff("pqrs", `/admin/pqrs/${filed.id}`, { accion: "completar", faltante: "Indique el año del contrato." })).status).toBe(302);
    const [asked] = await readDb<{ completion_deadline: string }>("select completion_deadline from pqrs_requests where case_id = ?", filed.id);
    const page = await (await get(`/admin/pqrs/${filed.id}`, "pqrs")).text();
    const extended = completionExtensionDay(asked.completion_deadline, TERMS.peticion);
    expect(text(page)).toContain(`El nuevo plazo sería el ${formatDay(extended)}`);

    expect((await staff("pqrs", `/admin/pqrs/${filed.id}`, { accion: "prorroga" })).status).toBe(302);
    const [row] = await readDb<{ completion_deadline: string; completion_extended_at: string | null; due_at: string | null }>(
      "select completion_deadline, completion_extended_at, due_at from pqrs_requests where case_id = ?",
      filed.id,
    );
    expect(row.completion_deadline).toBe(extended);
    expect(row.completion_extended_at).not.toBeNull();
    // The answer's clock stays paused.
    expect(row.due_at).toBeNull();
    const mail = await mailWithSubject(`Prorrogamos el plazo para completar su solicitud ${filed.radicado}`);
    expect(recipientOf(mail)).toContain(BETO.correo);
    expect(mail.text).toContain(formatDay(extended));
    // Once only.
    const again = await staff("pqrs", `/admin/pqrs/${filed.id}`, { accion: "prorroga" });
    expect(again.status).toBe(409);
    expect(text(await again.text())).toContain("ya se prorrogó una vez");
    const seen = text((await consult(filed.radicado, filed.codigo)).html);
    expect(seen).toContain(`Tiene hasta el ${formatDay(extended)} para completarla`);
    expect(seen).toContain("Ese plazo ya se prorrogó a su pedido");
    const [audited] = await readDb<{ n: number | string }>(
      "select count(*) as n from audit_log where action = 'pqrs_prorrogar_completar' and case_id = ?",
      filed.id,
    );
    expect(Number(audited.n)).toBe(1);
  });
});

describe("a data consulta (Ley 1581 art. 14)", () => {
  it("offers no step to complete it, and the action is refused with the law's reason", async () => {
    const filed = await file({ tipo: "datos_consulta", descripcion: "Quiero saber qué datos míos tienen.", ...BETO });
    const page = text(await (await get(`/admin/datos/${filed.id}`, "datos")).text());
    expect(page).not.toContain("Pedir que la complete");
    expect(page).not.toContain("Ley 1755 de 2015, art. 17");
    expect(page).toContain("Ampliar el plazo");
    const refused = await staff("datos", `/admin/datos/${filed.id}`, { accion: "completar", faltante: "Indique su celular." });
    expect(refused.status).toBe(409);
    expect(text(await refused.text())).toContain("La ley no prevé pedir que se complete este tipo de solicitud (Ley 1581 de 2012, art. 14)");
    const [row] = await readDb<{ completion_requested_at: string | null; due_at: string | null }>(
      "select completion_requested_at, due_at from pqrs_requests where case_id = ?",
      filed.id,
    );
    expect(row.completion_requested_at).toBeNull();
    expect(row.due_at).not.toBeNull();
  });
});

describe("CONSULTAR", () => {
  it("answers a wrong code and an unknown radicado identically", async () => {
    const filed = await file({ tipo: "peticion", descripcion: "Necesito una constancia.", ...BETO });
    const wrong = await consult(filed.radicado, "AAAA-BBBB-CCCC");
    const unknown = await consult("PQ-2026-999999", filed.codigo);
    expect(wrong.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(wrong.html).toBe(unknown.html);
    expect(wrong.html).toContain("No encontramos una solicitud con ese radicado y ese código");
    // Another channel's radicado is not found here either.
    expect((await consult("AT-2026-000001", filed.codigo)).status).toBe(404);
  });

  it("shows the term and its due date", async () => {
    const filed = await file({ tipo: "consulta", descripcion: "¿Cómo certifican la experiencia laboral?", ...BETO });
    const [c] = await readDb<{ received_at: string }>("select received_at from cases where id = ?", filed.id);
    const page = text((await consult(filed.radicado, filed.codigo)).html);
    expect(page).toContain("30 días hábiles (Ley 1755 de 2015, art. 14, num. 2)");
    expect(page).toContain(`Vence el ${formatDay(dueDay(c.received_at, TERMS.consulta))}`);
  });
});

describe("the access export", () => {
  it("holds exactly the person's records, and is attached to the answer", async () => {
    const mark = { ana: "MARCA-ANA-5531", beto: "MARCA-BETO-2207" };
    for (const [who, p] of [
      ["ana", ANA],
      ["beto", BETO],
    ] as const) {
      const res = await postJson("/php/contacto", {
        nombre: p.nombre,
        celular: "3001234567",
        correo: p.correo,
        mensaje: `Quisiera información. ${mark[who]}`,
        consentimiento: true,
      });
      expect(res.status).toBe(201);
    }
    const request = await file({ tipo: "datos_consulta", descripcion: "Quiero saber qué datos míos tienen.", ...ANA, correo: "ANA.Perez@example.org" });
    expect((await staff("datos", `/admin/datos/${request.id}`, { accion: "exportar" })).status).toBe(302);
    const res = await get(`/admin/datos/${request.id}/exportacion.json`, "datos");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain(`datos-${request.radicado}.json`);
    const body = await res.text();
    const exported = JSON.parse(body) as {
      titular: { correo: string; documento: string };
      mensajes: { datos: Record<string, string>; autorizacion: { version_de_la_politica: string } }[];
      solicitudes_pqrs: { radicado: string }[];
    };
    expect(exported.titular).toEqual({ correo: ANA.correo, documento: ANA.documento });
    expect(exported.mensajes).toHaveLength(1);
    expect(body).toContain(mark.ana);
    expect(exported.mensajes[0].autorizacion.version_de_la_politica).toMatch(/^\d+\.\d+$/);
    // Her own requests (this one and the reclamo above), nobody else's.
    expect(exported.solicitudes_pqrs.map((q) => q.radicado)).toContain(request.radicado);
    expect(body).not.toContain(mark.beto);
    expect(body).not.toContain(BETO.correo);
    expect(body).not.toContain(BETO.documento);
    // Only the data-protection role reads it.
    for (const role of ["pqrs", "staff", "sst", "admin"])
      expect([403, 404], role).toContain((await get(`/admin/datos/${request.id}/exportacion.json`, role)).status);

    expect((await staff("datos", `/admin/datos/${request.id}`, { accion: "responder", respuesta: "Adjuntamos sus datos.", adjuntar: "si" })).status).toBe(302);
    const answer = await mailWithSubject(`Respuesta a su solicitud ${request.radicado}`);
    expect(recipientOf(answer).toLowerCase()).toContain(ANA.correo);
    expect(answer.attachments).toHaveLength(1);
    expect(answer.attachments[0].filename).toBe(`datos-${request.radicado}.json`);
    expect(answer.attachments[0].content.toString("utf8")).toContain(mark.ana);
    // Dropped once the send is recorded, which may be just after the sink has the mail.
    const attachmentKept = async () =>
      (
        await readDb<{ attachment_content: string | null }>(
          "select attachment_content from outbox where case_id = ? and attachment_name is not null",
          request.id,
        )
      )[0].attachment_content;
    await expect.poll(attachmentKept, { timeout: 10_000 }).toBeNull();
  });
});

describe("the deletion run from a request", () => {
  it("is refused, and nothing deleted, while a hold is active on the person; runs for a person without one", async () => {
    const carla = person("Carla Díaz", "carla.diaz@example.org", "1010101010");
    expect(
      (
        await postJson("/php/contacto", {
          nombre: carla.nombre,
          celular: "3001234567",
          correo: carla.correo,
          mensaje: "Hola, soy Carla.",
          consentimiento: true,
        })
      ).status,
    ).toBe(201);
    const held = await staff("datos", "/admin/titulares", {
      accion: "retener",
      correo: carla.correo,
      motivo: "Demanda laboral en curso: conservar toda su información.",
    });
    expect(held.status).toBe(302);
    const request = await file({ tipo: "datos_supresion", descripcion: "Borren todos mis datos.", ...carla });
    expect((await staff("datos", `/admin/datos/${request.id}`, { accion: "suprimir" })).status).toBe(400);
    const refused = await staff("datos", `/admin/datos/${request.id}`, { accion: "suprimir", confirmar: "si" });
    expect(refused.headers.get("location")).toContain("aviso=supresion-rechazada");
    const [row] = await readDb<{ deletion_summary: string }>("select deletion_summary from pqrs_requests where case_id = ?", request.id);
    expect(row.deletion_summary).toContain("No se suprimió nada");
    expect(row.deletion_summary).toContain("Demanda laboral en curso");
    expect(await readDb("select id from messages where correo = ?", carla.correo)).toHaveLength(1);
    // The data-subject page refuses too.
    expect((await staff("datos", "/admin/titulares", { correo: carla.correo, confirmar: "si", radicado: request.radicado })).status).toBe(409);
    expect(await readDb("select id from messages where correo = ?", carla.correo)).toHaveLength(1);

    // Another person, no hold: her messages go, what the law keeps stays, and it is recorded on the request.
    const dora = person("Dora León", "dora.leon@example.org", "2020202020");
    expect(
      (await postJson("/php/contacto", { nombre: dora.nombre, celular: "3001234567", correo: dora.correo, mensaje: "Hola, soy Dora.", consentimiento: true }))
        .status,
    ).toBe(201);
    const other = await file({ tipo: "datos_supresion", descripcion: "Borren mis datos.", ...dora });
    expect((await staff("datos", `/admin/datos/${other.id}`, { accion: "suprimir", confirmar: "si" })).headers.get("location")).toContain("aviso=suprimido");
    expect(await readDb("select id from messages where correo = ?", dora.correo)).toHaveLength(0);
    const [done] = await readDb<{ deletion_summary: string }>("select deletion_summary from pqrs_requests where case_id = ?", other.id);
    expect(done.deletion_summary).toContain("1 mensaje(s) suprimido(s)");
    expect(done.deletion_summary).toContain(`No se suprime esta solicitud (${other.radicado}): se conserva como prueba de la respuesta`);
    // Once only.
    expect((await staff("datos", `/admin/datos/${other.id}`, { accion: "suprimir", confirmar: "si" })).status).toBe(409);
  });
});

describe("the inbox", () => {
  it("shows «reclamo en trámite» on the messages of a person whose data-protection reclamo runs", async () => {
    const eva = person("Eva Gil", "eva.gil@example.org", "3030303030");
    expect(
      (await postJson("/php/contacto", { nombre: eva.nombre, celular: "3001234567", correo: eva.correo, mensaje: "Hola, soy Eva.", consentimiento: true }))
        .status,
    ).toBe(201);
    const [message] = await readDb<{ id: number | string }>("select id from messages where correo = ?", eva.correo);
    const detail = () => get(`/admin/mensajes/${message.id}`, "staff").then((r) => r.text());
    expect(text(await detail())).not.toContain("Reclamo en trámite");
    const request = await file({ tipo: "datos_actualizacion", descripcion: "Cambié de dirección.", ...eva });
    expect(text(await detail())).toContain(`Reclamo en trámite : reclamo de actualización (solicitud ${request.radicado}`);
    expect(text(await (await get(`/admin/mensajes?q=${encodeURIComponent(eva.correo)}`, "staff")).text())).toContain("Reclamo en trámite");
    expect((await staff("datos", `/admin/datos/${request.id}`, { accion: "responder", respuesta: "Actualizamos su dirección." })).status).toBe(302);
    expect(text(await detail())).not.toContain("Reclamo en trámite");
  });
});

describe("the public page", () => {
  it("shows the terms with today's due dates, and preselects the kind a link names", async () => {
    const html = await (await fetch(`${server.url}/pqrs?tipo=queja&asunto=oferta-falsa`)).text();
    expect(html).toMatch(/id="pqrs-tipo-queja_oferta_falsa"[^>]*checked/);
    const today = new Date().toISOString();
    expect(text(html)).toContain(`Si la envía ahora, a más tardar el ${formatDay(dueDay(today, TERMS.peticion))}`);
    expect(text(html)).toContain(formatDay(dueDay(today, TERMS.datos_consulta)));
    expect(text(html)).toContain("guardamos la fecha y la hora reales");
  });

  it("refuses an anonymous petition, takes an anonymous queja", async () => {
    const petition = await postJson("/php/pqrs", { tipo: "peticion", descripcion: "x", anonimo: true });
    expect(petition.status).toBe(400);
    expect((await petition.json()).error.fields.anonimo).toContain("Solo una queja o una sugerencia");
    const complaint = await postJson("/php/pqrs", {
      tipo: "queja_oferta_falsa",
      descripcion: "Me pidieron pagar $200.000 por una vacante a su nombre.",
      anonimo: true,
    });
    expect(complaint.status).toBe(201);
    const { radicado } = await complaint.json();
    const [row] = await readDb<Record<string, unknown>>("select r.* from pqrs_requests r join cases c on c.id = r.case_id where c.radicado = ?", radicado);
    expect(row.nombre).toBeNull();
    expect(row.correo).toBeNull();
    expect(row.consent_at).toBeNull();
  });

  it("takes a post without JavaScript: 303 to the one-time receipt", async () => {
    const res = await postForm("/pqrs", {
      tipo: "sugerencia",
      descripcion: "Publiquen las vacantes también por WhatsApp.",
      nombre: "Fabio",
      tipo_documento: "CC",
      documento: "4040404040",
      correo: "fabio@example.org",
      consentimiento: "on",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/pqrs/recibido");
    const receipt = await (await fetch(`${server.url}/pqrs/recibido`, { headers: { Cookie: (res.headers.get("set-cookie") ?? "").split(";")[0] } })).text();
    expect(text(receipt)).toContain("Recibimos su solicitud");
    expect(receipt).toMatch(/PQ-\d{4}-\d{6}/);
  });

  it("every receipt gives the due date CONSULTAR shows: the JSON answer, the page without JavaScript and the downloaded file", async () => {
    const res = await postJson("/php/pqrs", {
      tipo: "peticion",
      descripcion: "Necesito una copia de mi contrato.",
      ...person("Gina Díaz", "gina@example.org", "1010101010"),
    });
    expect(res.status).toBe(201);
    const answer = (await res.json()) as { radicado: string; codigo: string; vence: string };
    const consulted = text((await consult(answer.radicado, answer.codigo)).html);
    expect(answer.vence).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(consulted).toContain(`Vence el ${formatDay(answer.vence)}`);

    const posted = await postForm("/pqrs", {
      tipo: "datos_correccion",
      descripcion: "Corrijan mi número de celular.",
      nombre: "Hugo",
      tipo_documento: "CC",
      documento: "5050505050",
      correo: "hugo@example.org",
      consentimiento: "on",
    });
    expect(posted.status).toBe(303);
    const html = await (await fetch(`${server.url}/pqrs/recibido`, { headers: { Cookie: (posted.headers.get("set-cookie") ?? "").split(";")[0] } })).text();
    const radicado = html.match(/PQ-\d{4}-\d{6}/)?.[0] ?? "";
    const [c] = await readDb<{ due_at: string }>("select r.due_at from pqrs_requests r join cases c on c.id = r.case_id where c.radicado = ?", radicado);
    const due = formatDay(bogotaDay(c.due_at));
    expect(text(html)).toContain(`Fecha límite para responderle: ${due}`);
    expect(decodeURIComponent(html)).toContain(`Fecha límite para responder: ${due}`);
    // The other channels show no due date in CONSULTAR, and none on their receipts.
    const report = (await (await postJson("/php/incidente", INCIDENT_REPORT)).json()) as Record<string, unknown>;
    expect(report.radicado).toMatch(/^IN-/);
    expect(report).not.toHaveProperty("vence");
  });
});
