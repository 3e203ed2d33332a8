/**
 * The ethics line (docs/product.md §22, ADR 013) over HTTP against the built server, a real SQLite file and a
 * real SMTP server: who sees which category, nothing identifying stored for an anonymous report, mails
 * without content, the database file alone not revealing the text, identical refusals for a wrong code
 * and an unknown radicado, the reporter's follow-up, statistics, and a closed channel without a key.
 * Runs on the suite's engine (SQLite, or PostgreSQL with TEST_DATABASE=postgres).
 */
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TABLES } from "~/platform/db/database.server";
import { createAccounts, signIn } from "../support/accounts";
import { execute, freshDatabaseUrl, isPostgresUrl, query, TEST_ENGINE } from "../support/database";
import { type ServerProcess, startServer } from "../support/server-process";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";

let server: ServerProcess;
let smtp: SmtpSink;
let dbUrl: string;
const ETHICS_KEY = Buffer.alloc(32, 7).toString("base64");
const USER_AGENT = "NavegadorDePrueba/9.9 (Identificable)";
const FORWARDED = "203.0.113.77";

const HARASSMENT = {
  // Workplace harassment: the coexistence committee's (sexual harassment has its own route, product rule 27).
  categoria: "acoso_laboral",
  descripcion: "El supervisor Ricardo Torres me insulta y me amenaza por WhatsApp cada noche.",
  cuando: "Desde el 2 de octubre, casi todos los días",
  donde: "Planta de Yumbo, turno de la noche",
  involucrados: "Ricardo Torres, supervisor de turno",
  evidencia: "Capturas de pantalla de los mensajes",
  identificacion: "anonimo",
};
const BRIBERY = {
  categoria: "soborno",
  descripcion: "Un proveedor de transporte ofreció dinero al jefe de compras Julián Mora para ganar la licitación.",
  cuando: "Noviembre de 2026",
  donde: "Oficina de Bogotá",
  identificacion: "identificado",
  nombre: "Patricia Salas",
  correo: "patricia.salas@example.org",
  consentimiento: true,
};

const postJson = (p: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(server.url + p, { method: "POST", headers: { "Content-Type": "application/json", Origin: server.url, ...headers }, body: JSON.stringify(body) });
const postForm = (p: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(server.url + p, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, ...headers },
    body: new URLSearchParams(body),
  });
const get = (p: string, cookie: string) => fetch(server.url + p, { headers: { Cookie: cookie }, redirect: "manual" });
const readDb = <T>(sql: string, ...params: unknown[]) => query<T>(dbUrl, sql, params);
const writeDb = (sql: string, ...params: unknown[]) => execute(dbUrl, sql, params);
const recipientOf = (m: { to?: unknown }) => {
  const to = m.to as { text?: string } | { text?: string }[] | undefined;
  return Array.isArray(to) ? to.map((t) => t.text).join(",") : (to?.text ?? "");
};

let harassment: { id: number; radicado: string; codigo: string };
let bribery: { id: number; radicado: string; codigo: string };
const cookies: Record<string, string> = {};

beforeAll(async () => {
  smtp = await startSmtpSink();
  dbUrl = await freshDatabaseUrl("etica");
  createAccounts(dbUrl, [
    ["cumplimiento@example.com", "cumplimiento"],
    ["convivencia@example.com", "convivencia"],
    ["genero@example.com", "genero"],
    ["admin@example.com", "admin"],
    ["personal@example.com", "staff"],
    ["sst@example.com", "sst"],
  ]);
  server = await startServer(
    {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_TO: "contacto@example.com",
      MAIL_TO_CUMPLIMIENTO: "oficial@example.com",
      MAIL_TO_CONVIVENCIA: "comite@example.com",
      MAIL_TO_GENERO: "referente@example.com",
      ETHICS_KEY,
      LOOKUP_RATE_LIMIT: "1000",
      FORM_RATE_LIMIT: "1000",
      TRUST_PROXY_HOPS: "1",
    },
    dbUrl,
  );
  const headers = { "User-Agent": USER_AGENT, "X-Forwarded-For": FORWARDED };
  const a = await postJson("/php/linea-etica", HARASSMENT, headers);
  expect(a.status).toBe(201);
  const b = await postJson("/php/linea-etica", BRIBERY, headers);
  expect(b.status).toBe(201);
  const byRadicado = async (r: string) => Number((await readDb<{ id: number }>("select id from cases where radicado = ?", r))[0].id);
  const ja = await a.json();
  const jb = await b.json();
  harassment = { ...ja, id: await byRadicado(ja.radicado) };
  bribery = { ...jb, id: await byRadicado(jb.radicado) };
  for (const email of ["cumplimiento", "convivencia", "genero", "admin", "personal", "sst"])
    cookies[email] = (await signIn(server.url, `${email}@example.com`)).cookie;
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

describe("a report to the ethics line", () => {
  it("gets a radicado that does not reveal its category, and a follow-up code", () => {
    const year = new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 4);
    for (const r of [harassment, bribery]) {
      expect(r.radicado).toMatch(new RegExp(`^LE-${year}-\\d{6}$`));
      expect(r.codigo).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    }
  });

  it("leaves no address, browser or text in the database: the content is sealed", async () => {
    await new Promise((r) => setTimeout(r, 300));
    // Every row of every table, and on SQLite the file itself with its journal.
    let everything = "";
    for (const table of TABLES) everything += JSON.stringify(await readDb(`select * from ${table}`));
    if (!isPostgresUrl(dbUrl)) {
      const file = dbUrl.replace(/^file:/, "");
      for (const f of [file, `${file}-wal`]) {
        try {
          everything += readFileSync(f).toString("latin1");
        } catch {
          // no journal
        }
      }
    }
    for (const secret of [
      FORWARDED,
      USER_AGENT,
      "NavegadorDePrueba",
      "Ricardo Torres",
      "WhatsApp",
      "Yumbo",
      "Julián Mora",
      "licitación",
      "Patricia Salas",
      "patricia.salas@example.org",
    ]) {
      expect(everything, secret).not.toContain(secret);
    }
    const [row] = await readDb<{ payload: string; identified: number }>("select payload, identified from ethics_reports where case_id = ?", harassment.id);
    expect(Number(row.identified)).toBe(0);
    expect(row.payload).toMatch(/^v1:[0-9a-f]{12}:/);
    const consents = await readDb<{ case_id: number; consent_at: string | null }>("select case_id, consent_at from ethics_reports order by case_id");
    expect(consents.find((c) => Number(c.case_id) === harassment.id)?.consent_at).toBeNull();
    expect(consents.find((c) => Number(c.case_id) === bribery.id)?.consent_at).toMatch(/^\d{4}-/);
    // No column of the report's rows can hold a trace of the sender.
    const columns = [
      ...Object.keys((await readDb<object>("select * from cases"))[0]),
      ...Object.keys((await readDb<object>("select * from ethics_reports"))[0]),
    ];
    expect(columns.filter((c) => /ip|agent|address|direccion|navegador/i.test(c))).toEqual([]);
  });

  it("notifies the owning role only that something arrived, with no category, text or names", async () => {
    const mails = await smtp.waitForMails(3);
    const toOfficer = mails.filter((m) => recipientOf(m).includes("oficial@example.com"));
    const toCommittee = mails.filter((m) => recipientOf(m).includes("comite@example.com"));
    const toReporter = mails.filter((m) => recipientOf(m).includes("patricia.salas@example.org"));
    expect(toOfficer).toHaveLength(1);
    expect(toCommittee).toHaveLength(1);
    expect(toReporter).toHaveLength(1);
    expect(mails.some((m) => recipientOf(m).includes("contacto@example.com"))).toBe(false);
    for (const m of mails) {
      const body = `${m.subject}\n${m.text}\n${m.html}`;
      for (const secret of [
        "acoso",
        "Acoso",
        "soborno",
        "Soborno",
        "Ricardo",
        "Torres",
        "Julián",
        "Patricia",
        harassment.radicado,
        bribery.radicado,
        harassment.codigo,
        bribery.codigo,
      ]) {
        expect(body, secret).not.toContain(secret);
      }
    }
    expect(toCommittee[0].text).toContain("/admin/etica");
    // Once sent, the reporter's address is kept only masked.
    await expect
      .poll(async () => (await readDb<{ recipients: string }>("select recipients from outbox where case_id = ?", bribery.id)).map((r) => r.recipients), {
        timeout: 10_000,
      })
      .toContain("p…@example.org");
  });
});

describe("who sees what", () => {
  it("general staff, occupational health and an admin without the role see nothing of the channel", async () => {
    for (const who of ["personal", "sst", "admin"]) {
      for (const p of ["/admin/etica", `/admin/etica/${harassment.id}`, `/admin/etica/${bribery.id}`, "/admin/etica/estadisticas"]) {
        const res = await get(p, cookies[who]);
        expect(res.status, `${who} ${p}`).toBe(403);
        const html = await res.text();
        expect(html).not.toContain("Ricardo");
        expect(html).not.toContain(harassment.radicado);
      }
      const inbox = await (await get("/admin/mensajes", cookies[who])).text();
      expect(inbox).not.toContain("Línea ética");
      // Nor an incident report's page for an ethics case.
      expect((await get(`/admin/reportes/${harassment.id}`, cookies[who])).status).not.toBe(200);
    }
  });

  it("the compliance officer sees bribery, not harassment; the committee the reverse", async () => {
    const officerList = await (await get("/admin/etica", cookies.cumplimiento)).text();
    expect(officerList).toContain(bribery.radicado);
    expect(officerList).not.toContain(harassment.radicado);
    // The categories keep their acronyms' capitals.
    expect(officerList).toContain("soborno o corrupción (PTEE)");
    expect(officerList).toContain("(SAGRILAFT)");
    expect(officerList).not.toMatch(/\((ptee|sagrilaft)\)/);
    const committeeList = await (await get("/admin/etica", cookies.convivencia)).text();
    expect(committeeList).toContain(harassment.radicado);
    expect(committeeList).not.toContain(bribery.radicado);

    const officerOwn = await get(`/admin/etica/${bribery.id}`, cookies.cumplimiento);
    expect(officerOwn.status).toBe(200);
    const officerText = await officerOwn.text();
    expect(officerText).toContain("Julián Mora");
    expect(officerText).toContain("Patricia Salas");
    expect((await get(`/admin/etica/${harassment.id}`, cookies.cumplimiento)).status).toBe(404);

    const committeeOwn = await (await get(`/admin/etica/${harassment.id}`, cookies.convivencia)).text();
    expect(committeeOwn).toContain("Ricardo Torres");
    expect(committeeOwn).toContain("Anónimo");
    expect((await get(`/admin/etica/${bribery.id}`, cookies.convivencia)).status).toBe(404);
  });

  it("every read is in the audit trail, which only the channel's owners see", async () => {
    const entries = await readDb<{ action: string; case_id: number | null; user_email: string }>(
      "select action, case_id, user_email from audit_log where action like 'etica_%'",
    );
    expect(entries.some((e) => e.action === "etica_ver_reporte" && Number(e.case_id) === bribery.id && e.user_email === "cumplimiento@example.com")).toBe(true);
    expect(entries.some((e) => e.action === "etica_ver_lista" && e.user_email === "convivencia@example.com")).toBe(true);
    const staffAudit = await (await get("/admin/auditoria", cookies.personal)).text();
    expect(staffAudit).not.toContain("línea ética");
    const officerAudit = await (await get("/admin/auditoria", cookies.cumplimiento)).text();
    expect(officerAudit).toContain("Abrió un reporte de la línea ética");
  });
});

describe("CONSULTAR and the conversation", () => {
  const consult = (radicado: string, codigo: string) => postForm("/linea-etica/consulta", { accion: "consultar", radicado, codigo });

  it("a wrong code and an unknown radicado answer identically", async () => {
    const wrongCode = await consult(harassment.radicado, "AAAA-BBBB-CCCC");
    const unknown = await consult("LE-2026-999999", harassment.codigo);
    expect(wrongCode.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(await wrongCode.text()).toBe(await unknown.text());
    // An incident's CONSULTAR does not open an ethics case either.
    expect((await postForm("/incidente/consulta", { radicado: harassment.radicado, codigo: harassment.codigo })).status).toBe(404);
  });

  it("a reply from the committee reaches the reporter, who adds information; the owner is told without content", async () => {
    const reply = "Gracias por reportarlo. ¿Puede decirnos si alguien más recibió esos mensajes?";
    const saved = await fetch(`${server.url}/admin/etica/${harassment.id}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: cookies.convivencia },
      body: new URLSearchParams({ accion: "estado", estado: "en_revision", nota: reply, visible: "si" }),
    });
    expect(saved.status).toBe(302);
    const internal = "Nota interna: citar al comité el lunes";
    await fetch(`${server.url}/admin/etica/${harassment.id}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: cookies.convivencia },
      body: new URLSearchParams({ accion: "estado", estado: "en_revision", nota: internal, visible: "no" }),
    });

    const found = await consult(harassment.radicado, harassment.codigo.toLowerCase());
    expect(found.status).toBe(200);
    const page = await found.text();
    expect(page).toContain("En revisión");
    expect(page).toContain(reply.replace("¿", "¿"));
    expect(page).not.toContain("citar al comité");
    const access = page.match(/name="acceso" value="([^"]+)"/)?.[1];
    expect(access).toBeTruthy();
    expect(page).not.toContain(harassment.codigo);

    const mailsBefore = smtp.mails.length;
    const addition = "También le escribió a mi compañera Laura del turno de la noche.";
    const added = await postForm("/linea-etica/consulta", { accion: "agregar", acceso: access!, informacion: addition });
    expect(added.status).toBe(200);
    const after = await added.text();
    expect(after).toContain("Agregamos su información");
    expect(after).toContain("Laura del turno");

    const notice = (await smtp.waitForMails(mailsBefore + 1)).slice(mailsBefore).find((m) => recipientOf(m).includes("comite@example.com"));
    expect(notice?.subject).toBe("Hay información nueva en un reporte de la línea ética");
    expect(`${notice?.text}${notice?.html}`).not.toContain("Laura");

    const committeeView = await (await get(`/admin/etica/${harassment.id}`, cookies.convivencia)).text();
    expect(committeeView).toContain("Laura del turno");
    // Replies and additions are sealed too.
    const notes = await readDb<{ note: string | null }>("select note from case_events where case_id = ? and note is not null", harassment.id);
    expect(notes.length).toBe(3);
    for (const n of notes) expect(n.note).toMatch(/^v1:/);
  });

  it("an empty addition or a forged proof is refused with a clear message", async () => {
    const page = await (await consult(harassment.radicado, harassment.codigo)).text();
    const access = page.match(/name="acceso" value="([^"]+)"/)![1];
    const empty = await postForm("/linea-etica/consulta", { accion: "agregar", acceso: access, informacion: "   " });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Escriba la información que quiere agregar.");
    const [id, expires] = access.split(".");
    const forged = await postForm("/linea-etica/consulta", {
      accion: "agregar",
      acceso: `${bribery.id}.${expires}.${access.split(".")[2]}`,
      informacion: "hola",
    });
    expect(forged.status).toBe(403);
    expect(id).toBe(String(harassment.id));
  });

  it("the identified reporter is told by mail that there is a reply, without it", async () => {
    const before = smtp.mails.length;
    await fetch(`${server.url}/admin/etica/${bribery.id}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: cookies.cumplimiento },
      body: new URLSearchParams({ accion: "estado", estado: "en_tramite", nota: "Abrimos una verificación con la gerencia de compras.", visible: "si" }),
    });
    const mail = (await smtp.waitForMails(before + 1)).slice(before).find((m) => recipientOf(m).includes("patricia.salas@example.org"));
    expect(mail?.subject).toBe("Hay una respuesta a su reporte en la línea ética");
    expect(`${mail?.text}${mail?.html}`).not.toContain("gerencia de compras");
  });
});

describe("the statistics", () => {
  it("count per half-year, category and status, only the reader's categories, no personal data", async () => {
    const html = await (await get("/admin/etica/estadisticas", cookies.convivencia)).text();
    expect(html).toMatch(/(Primer|Segundo) semestre de \d{4}/);
    expect(html).toContain("Acoso laboral");
    expect(html).not.toContain("Soborno");
    expect(html).not.toContain("Ricardo");
  });
});

describe("the sexual-harassment route (Ley 2365 de 2024; Res. 3461 de 2025)", () => {
  const SEXUAL = {
    categoria: "acoso_sexual",
    descripcion: "El jefe de bodega Arturo Pineda me envía mensajes de contenido sexual y comentarios sobre mi cuerpo.",
    cuando: "Desde septiembre",
    donde: "Bodega de Funza",
    identificacion: "anonimo",
  };
  let sexual: { id: number; radicado: string };
  const SEXUAL_OLDER = { ...SEXUAL, descripcion: "Un compañero me tocó sin mi consentimiento en el vestier de la planta." };

  it("is read by the gender referent and is invisible to the coexistence committee everywhere", async () => {
    const before = smtp.mails.length;
    const res = await postJson("/php/linea-etica", SEXUAL);
    expect(res.status).toBe(201);
    const body = await res.json();
    sexual = { id: Number((await readDb<{ id: number }>("select id from cases where radicado = ?", body.radicado))[0].id), radicado: body.radicado };
    // The notice goes to the referent's address, not the committee's.
    const mails = (await smtp.waitForMails(before + 1)).slice(before);
    expect(mails.some((m) => recipientOf(m).includes("referente@example.com"))).toBe(true);
    expect(mails.some((m) => recipientOf(m).includes("comite@example.com"))).toBe(false);

    const referentList = await (await get("/admin/etica", cookies.genero)).text();
    expect(referentList).toContain(sexual.radicado);
    const referentCase = await get(`/admin/etica/${sexual.id}`, cookies.genero);
    expect(referentCase.status).toBe(200);
    expect(await referentCase.text()).toContain("Arturo Pineda");

    const committeeList = await (await get("/admin/etica", cookies.convivencia)).text();
    expect(committeeList).not.toContain(sexual.radicado);
    expect((await get(`/admin/etica/${sexual.id}`, cookies.convivencia)).status).toBe(404);
    const committeeStats = await (await get("/admin/etica/estadisticas", cookies.convivencia)).text();
    expect(committeeStats).not.toContain("Acoso sexual");
    const committeeAudit = await (await get("/admin/auditoria", cookies.convivencia)).text();
    expect(committeeAudit).not.toContain(sexual.radicado);
    const committeeHeld = await (await get("/admin/etica/retenidos", cookies.convivencia)).text();
    expect(committeeHeld).not.toContain("Arturo Pineda");
    // The referent sees none of the committee's categories.
    expect(await (await get("/admin/etica", cookies.genero)).text()).not.toContain(harassment.radicado);
  });

  it("counts the complaints processed in the semester (not those received) and the sanctions imposed in it, adds the other channels, and publishes where they come from; audited", async () => {
    const headers = (cookie: string) => ({ "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: cookie });
    const act = (id: number, body: Record<string, string>, cookie: string) =>
      fetch(`${server.url}/admin/etica/${id}`, { method: "POST", redirect: "manual", headers: headers(cookie), body: new URLSearchParams(body) });
    const figuresPost = (body: Record<string, string>) =>
      fetch(`${server.url}/admin/etica/cifras`, { method: "POST", redirect: "manual", headers: headers(cookies.genero), body: new URLSearchParams(body) });
    const newSexual = async (descripcion: string) => {
      const res = await postJson("/php/linea-etica", { ...SEXUAL_OLDER, descripcion });
      expect(res.status).toBe(201);
      return Number((await readDb<{ id: number }>("select id from cases where radicado = ?", (await res.json()).radicado))[0].id);
    };
    const semesterOf = (iso: string) => `${iso.slice(0, 4)}-${Number(iso.slice(5, 7)) <= 6 ? 1 : 2}`;
    const previous =
      new Date().getUTCMonth() < 6 ? `${new Date().getUTCFullYear() - 1}-11-15T15:00:00.000Z` : `${new Date().getUTCFullYear()}-03-15T15:00:00.000Z`;

    // A sanction on the sexual-harassment case (received and decided this semester); a "probado" outcome on a
    // workplace-harassment case does not count.
    expect((await act(sexual.id, { accion: "resultado", resultado: "probado", medida: "" }, cookies.genero)).status).toBe(400);
    expect(
      (await act(sexual.id, { accion: "resultado", resultado: "probado", medida: "Terminación del contrato con justa causa tras descargos." }, cookies.genero))
        .status,
    ).toBe(302);
    expect((await act(harassment.id, { accion: "resultado", resultado: "probado", medida: "Llamado de atención escrito." }, cookies.convivencia)).status).toBe(
      302,
    );
    // Received in the previous semester and processed in this one: it counts in this one, not in the previous.
    const olderId = await newSexual(SEXUAL_OLDER.descripcion);
    await writeDb("update cases set received_at = ? where id = ?", previous, olderId);
    expect(
      (await act(olderId, { accion: "estado", estado: "en_tramite", nota: "Se citó a la persona señalada a descargos.", visible: "no" }, cookies.genero))
        .status,
    ).toBe(302);
    // Received this semester, nobody has acted on it yet: not processed, not counted.
    await newSexual("Un supervisor me envió mensajes de contenido sexual por el chat del turno.");
    // Received and processed in the previous semester (its staff event moved there, as time would have it).
    const earlierId = await newSexual("Un compañero hizo comentarios sexuales sobre mi cuerpo frente al equipo.");
    await writeDb("update cases set received_at = ? where id = ?", previous, earlierId);
    expect(
      (await act(earlierId, { accion: "estado", estado: "en_revision", nota: "Se escuchó a la persona afectada.", visible: "no" }, cookies.genero)).status,
    ).toBe(302);
    await writeDb("update case_events set at = ? where case_id = ? and author <> 'reportante' and author <> 'sistema'", previous, earlierId);

    const page = await (await get("/admin/etica/cifras", cookies.genero)).text();
    const row = (label: RegExp) => page.match(new RegExp(`<tr><th scope="row"[^>]*>${label.source}</th><td[^>]*>(\\d+)</td><td[^>]*>(\\d+)</td>`));
    const label = (semester: string) => `${semester.endsWith("-1") ? "Primer" : "Segundo"} semestre de ${semester.slice(0, 4)}`;
    expect(row(new RegExp(label(semesterOf(new Date().toISOString()))))?.slice(1, 3)).toEqual(["2", "1"]);
    expect(row(new RegExp(label(semesterOf(previous))))?.slice(1, 3)).toEqual(["1", "0"]);
    expect((await get("/admin/etica/cifras", cookies.convivencia)).status).toBe(403);

    // The other channels: entered by the gender referent with their source, checked, added to the total.
    expect(
      (await figuresPost({ accion: "otro_canal", semestre: semesterOf(previous), fuente: "Correo de gestión humana", quejas: "2", sanciones: "3" })).status,
    ).toBe(400);
    expect(
      (await figuresPost({ accion: "otro_canal", semestre: semesterOf(previous), fuente: "Correo de gestión humana", quejas: "dos", sanciones: "1" })).status,
    ).toBe(400);
    expect((await figuresPost({ accion: "otro_canal", semestre: "2019-1", fuente: "Correo de gestión humana", quejas: "2", sanciones: "1" })).status).toBe(400);
    expect(
      (await figuresPost({ accion: "otro_canal", semestre: semesterOf(previous), fuente: "Correo de gestión humana", quejas: "2", sanciones: "1" })).status,
    ).toBe(302);
    expect(
      (
        await fetch(`${server.url}/admin/etica/cifras`, {
          method: "POST",
          redirect: "manual",
          headers: headers(cookies.convivencia),
          body: new URLSearchParams({ accion: "otro_canal", semestre: semesterOf(previous), fuente: "Buzón", quejas: "1", sanciones: "0" }),
        })
      ).status,
    ).toBe(403);
    const withOthers = await (await get("/admin/etica/cifras", cookies.genero)).text();
    expect(
      withOthers.match(new RegExp(`<tr><th scope="row"[^>]*>${label(semesterOf(previous))}</th><td[^>]*>(\\d+)</td><td[^>]*>(\\d+)</td>`))?.slice(1, 3),
    ).toEqual(["3", "1"]);

    // The previous semester has ended: it can be published; the public page shows it with its sources, and the audit says so.
    expect((await figuresPost({ accion: "publicar", semestre: semesterOf(previous) })).status).toBe(302);
    const published = (await (await fetch(`${server.url}/linea-etica/cifras`)).text()).replace(/<!-- -->/g, "");
    expect(published).toMatch(/<td>3<\/td><td>1<\/td>/);
    expect(published).toContain("Línea ética: 1 queja y 0 sanciones");
    expect(published).toContain("Correo de gestión humana: 2 quejas y 1 sanción");
    expect(published).toContain("Quejas tramitadas");
    expect(published).toContain("Sanciones impuestas");
    expect(published).not.toMatch(/recibidas/);
    expect(published).not.toContain("Arturo");
    expect(await readDb<{ action: string }>("select action from audit_log where action = 'etica_publicar_cifras'")).toHaveLength(1);
    expect(await readDb<{ action: string }>("select action from audit_log where action = 'etica_cifras_otro_canal'")).toHaveLength(1);
  });
});

describe("validation", () => {
  it("an anonymous report with a name, or an identified one without contact or consent, is refused and nothing stored (an anonymous one needs no consent)", async () => {
    const cases = async () => Number((await readDb<{ n: number }>("select count(*) as n from cases"))[0].n);
    const before = await cases();
    const anonymousWithName = await postJson("/php/linea-etica", { ...HARASSMENT, nombre: "Ana" });
    expect(anonymousWithName.status).toBe(400);
    expect((await anonymousWithName.json()).error.fields.nombre).toContain("anónima");
    const noContact = await postJson("/php/linea-etica", { ...BRIBERY, correo: "" });
    expect(noContact.status).toBe(400);
    expect((await noContact.json()).error.fields.correo).toContain("correo o un celular");
    const noConsent = await postJson("/php/linea-etica", { ...BRIBERY, consentimiento: false });
    expect(noConsent.status).toBe(400);
    expect(Object.keys((await noConsent.json()).error.fields)).toEqual(["consentimiento"]);
    const noCategory = await postJson("/php/linea-etica", { ...HARASSMENT, categoria: "chisme" });
    expect(noCategory.status).toBe(400);
    expect(await cases()).toBe(before);
  });

  it("a worker on assignment is never refused for leaving out the user company, in any category, anonymous or not, by the API or the page post", async () => {
    for (const categoria of ["acoso_laboral", "acoso_sexual", "soborno", "lavado", "discriminacion", "desconexion", "otro"]) {
      const res = await postJson("/php/linea-etica", { ...HARASSMENT, categoria, vinculo: "mision" });
      expect(res.status, categoria).toBe(201);
    }
    const named = await postJson("/php/linea-etica", { ...BRIBERY, vinculo: "mision", empresa_usuaria: "" });
    expect(named.status).toBe(201);
    const page = await postForm("/linea-etica", { ...HARASSMENT, categoria: "acoso_sexual", vinculo: "mision" });
    expect(page.status).toBe(303);
  });

  it("the form says each category's route as a note: the user company's committee for a worker on assignment's workplace harassment only", async () => {
    const html = await (await fetch(`${server.url}/linea-etica`)).text();
    expect(html).toContain("la queja la tramita el Comité de Convivencia Laboral de la empresa usuaria");
    expect(html).toMatch(
      /Acoso sexual: lo atiende la persona referente de género y diversidad, por la ruta de la Ley 2365 de 2024, también si la persona afectada es trabajador en misión/,
    );
    expect(html).toContain("Soborno o corrupción: lo atiende el oficial de cumplimiento");
    expect(html).not.toContain("Obligatorio si la persona afectada es trabajador en misión");
  });

  it("without JavaScript a refused post answers the page with the values kept; a valid one redirects to a one-time receipt", async () => {
    const refused = await postForm("/linea-etica", { ...HARASSMENT, descripcion: "" } as Record<string, string>);
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Planta de Yumbo");
    expect(html).toContain("error-summary");
    const ok = await postForm("/linea-etica", HARASSMENT as Record<string, string>);
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("/linea-etica/recibido");
    const cookie = (ok.headers.get("set-cookie") ?? "").split(";")[0];
    const receipt = await (await fetch(`${server.url}/linea-etica/recibido`, { headers: { Cookie: cookie } })).text();
    expect(receipt).toMatch(/LE-\d{4}-\d{6}/);
    expect(receipt).toContain("no lo enviamos por correo");
  });
});

describe("the logs", () => {
  it("an ethics report, its CONSULTAR and its follow-up leave no address and no case id in the server's log", async () => {
    const headers = { "User-Agent": USER_AGENT, "X-Forwarded-For": FORWARDED };
    const api = await postJson("/php/linea-etica", BRIBERY, headers);
    expect(api.status).toBe(201);
    const { radicado, codigo } = await api.json();
    expect((await postForm("/linea-etica", HARASSMENT as Record<string, string>, headers)).status).toBe(303);
    const consulted = await postForm("/linea-etica/consulta", { accion: "consultar", radicado, codigo }, headers);
    expect(consulted.status).toBe(200);
    const access = /name="acceso" value="([^"]+)"/.exec(await consulted.text())?.[1] ?? "";
    expect((await postForm("/linea-etica/consulta", { accion: "agregar", acceso: access, informacion: "Otro dato." }, headers)).status).toBe(200);
    const [row] = await readDb<{ id: number }>("select id from cases where radicado = ?", radicado);
    // The notices leave from the outbox seconds after the report: their log lines count too.
    await new Promise((r) => setTimeout(r, 1_500));
    const lines = server
      .output()
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      // The start's line names the database's own address (PostgreSQL on loopback), not a visitor's.
      .filter((l) => l.event !== "services-ready");
    const text = lines.map((l) => JSON.stringify(l)).join("\n");
    for (const trace of [FORWARDED, "127.0.0.1", "::1", USER_AGENT, "NavegadorDePrueba", radicado, codigo]) expect(text, trace).not.toContain(trace);
    expect(lines.filter((l) => "caseId" in l)).toEqual([]);
    // The lines that are there: the access lines (method, path, status) and the events, none naming the case.
    const ethicsLines = lines.filter((l) => JSON.stringify(l).includes("linea-etica") || l.form === "linea-etica");
    expect(ethicsLines.some((l) => l.event === "report-stored")).toBe(true);
    expect(ethicsLines.some((l) => l.event === "report-follow-up")).toBe(true);
    for (const line of lines.filter((l) => l.event === "request")) {
      expect(Object.keys(line).sort()).toEqual(["durationMs", "event", "level", "msg", "reqId", "request", "response", "time"]);
      expect(Object.keys(line.request as object).sort()).toEqual(["method", "path"]);
    }
    expect(text).not.toMatch(new RegExp(`"(caseId|case_id|id)":${row.id}\\b`));
  });
});

describe("without ETHICS_KEY", () => {
  // Product rule 29: on the embedded default (SQLite) the first start creates a key file in the data
  // folder; with PostgreSQL the variable is required and the channel stays closed without it.
  it.skipIf(TEST_ENGINE !== "postgres")("with PostgreSQL the channel is closed with a 503 that says so, and the rest of the site works", async () => {
    const closed = await startServer({ ETHICS_KEY: "" });
    try {
      const api = await fetch(`${closed.url}/php/linea-etica`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: closed.url },
        body: JSON.stringify(HARASSMENT),
      });
      expect(api.status).toBe(503);
      expect((await api.json()).error.code).toBe("canal_no_disponible");
      expect((await fetch(`${closed.url}/linea-etica`)).status).toBe(200);
      expect(closed.output()).toContain("ETHICS_KEY no está definida");
    } finally {
      await closed.stop();
    }
  });

  it.skipIf(TEST_ENGINE !== "sqlite")("with SQLite the first start creates an owner-only key file and says so; the next start reads it", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "sitio-clave-"));
    const database = path.join(folder, "sitio.db");
    const keyFile = path.join(folder, "clave-linea-etica.txt");
    let first = await startServer({ ETHICS_KEY: "" }, database);
    let sealed: { radicado: string; codigo: string };
    try {
      expect(first.output()).toContain("se creó una clave nueva para la línea ética");
      expect(statSync(keyFile).mode & 0o777).toBe(0o600);
      const res = await fetch(`${first.url}/php/linea-etica`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: first.url },
        body: JSON.stringify(HARASSMENT),
      });
      expect(res.status).toBe(201);
      sealed = await res.json();
    } finally {
      await first.stop();
    }
    const key = readFileSync(keyFile, "utf8");
    first = await startServer({ ETHICS_KEY: "" }, database);
    try {
      expect(first.output()).not.toContain("se creó una clave nueva");
      expect(readFileSync(keyFile, "utf8")).toBe(key);
      // What the first start sealed, the second reads: CONSULTAR finds the report.
      const consult = await fetch(`${first.url}/linea-etica/consulta`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: first.url },
        body: new URLSearchParams({ accion: "consultar", radicado: sealed.radicado, codigo: sealed.codigo }),
      });
      expect(consult.status).toBe(200);
    } finally {
      await first.stop();
    }
  });
});
