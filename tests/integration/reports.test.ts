/**
 * Incident and accident reports over HTTP against the built server, a real SQLite file and a real
 * SMTP server: radicado + code, CONSULTAR (identical refusals, throttling), roles, the health-data
 * rules, the mails, and nothing stored for invalid input.
 */
import { createHash } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccounts, signIn } from "../support/accounts";
import { type ServerProcess, startServer } from "../support/server-process";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";

let server: ServerProcess;
let smtp: SmtpSink;
const dbFile = path.join(mkdtempSync(path.join(tmpdir(), "reports-")), "sitio.db");
const today = new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);

export const REPORT = {
  tipo: "accidente",
  reporta_relacion: "companero",
  reporta_nombre: "Luis Gómez",
  reporta_celular: "3109876543",
  reporta_correo: "luis@example.org",
  trabajador_nombre: "Marta Ruiz",
  trabajador_tipo_documento: "CC",
  trabajador_documento: "52123456",
  trabajador_celular: "3001234567",
  empresa_usuaria: "Alimentos del Valle S.A.S.",
  sede: "Cali, planta 2",
  fecha: today,
  hora: "00:00",
  lugar: "Bodega de materias primas",
  descripcion: "Al bajar una caja de la estantería, resbaló en el piso mojado.",
  lesion: "Fractura expuesta del radio",
  parte_cuerpo: "Antebrazo izquierdo",
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
const count = (table: string) => {
  const db = new Database(dbFile, { readonly: true });
  try {
    return (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
  } finally {
    db.close();
  }
};

let first: { radicado: string; codigo: string };

beforeAll(async () => {
  smtp = await startSmtpSink();
  createAccounts(dbFile, [
    ["sst@example.com", "sst"],
    ["admin@example.com", "admin"],
    ["personal@example.com", "staff"],
    ["ambos@example.com", "staff,sst"],
  ]);
  server = await startServer(
    {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_TO: "contacto@example.com",
      MAIL_TO_SST: "sst-equipo@example.com",
      LOOKUP_RATE_LIMIT: "1000",
      TRUST_PROXY_HOPS: "1",
    },
    dbFile,
  );
  const res = await postJson("/php/incidente", REPORT);
  expect(res.status).toBe(201);
  first = await res.json();
}, 90_000);
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

describe("a report", () => {
  it("answers a radicado and a follow-up code, and stores the code only as a hash", async () => {
    const year = today.slice(0, 4);
    expect(first.radicado).toMatch(new RegExp(`^AT-${year}-\\d{6}$`));
    expect(first.codigo).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const db = new Database(dbFile, { readonly: true });
    const row = db.prepare("select * from cases where radicado = ?").get(first.radicado) as Record<string, string>;
    db.close();
    expect(row.status).toBe("recibido");
    expect(JSON.stringify(row)).not.toContain(first.codigo.replaceAll("-", ""));
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("mails occupational health at once with the radicado and the deadline, and no health details; the reporter gets radicado and code", async () => {
    const mails = await smtp.waitForMails(2);
    const staff = mails.find((m) => (m.to && !Array.isArray(m.to) ? m.to.text : "").includes("sst-equipo@example.com"));
    const reporter = mails.find((m) => (m.to && !Array.isArray(m.to) ? m.to.text : "").includes("luis@example.org"));
    expect(staff?.subject).toContain(first.radicado);
    expect(staff?.subject).toMatch(/FURAT antes del \d{2}\/\d{2}\/\d{4}/);
    const staffBody = `${staff?.subject}\n${staff?.text}\n${staff?.html}`;
    expect(staffBody).toContain("Plazo para el FURAT");
    for (const secret of [
      REPORT.lesion,
      REPORT.parte_cuerpo,
      REPORT.atencion_lugar,
      "Fractura",
      "Antebrazo",
      REPORT.descripcion,
      REPORT.trabajador_documento,
      first.codigo,
    ]) {
      expect(staffBody).not.toContain(secret);
    }
    expect(reporter?.text).toContain(first.radicado);
    expect(reporter?.text).toContain(first.codigo);
    expect(`${reporter?.text}${reporter?.html}`).not.toContain("Fractura");
    // Once delivered, the body holding the code is not kept in the outbox.
    // The sink has a mail once SMTP accepted it; the sender records it sent (and drops the body) just after.
    const bodies = () => {
      const db = new Database(dbFile, { readonly: true });
      try {
        return db.prepare("select body_text, body_html, status from outbox where case_id is not null").all() as Record<string, string | null>[];
      } finally {
        db.close();
      }
    };
    await expect.poll(() => bodies().every((b) => b.status === "sent"), { timeout: 10_000 }).toBe(true);
    expect(bodies().every((b) => b.status === "sent" && b.body_text === null && b.body_html === null)).toBe(true);
  });

  it("is refused, and nothing is stored, for invalid input", async () => {
    const before = ["cases", "accident_reports", "case_events", "outbox"].map(count);
    const bad = [
      { ...REPORT, trabajador_documento: "52.123.456" },
      { ...REPORT, fecha: "2999-01-01" },
      { ...REPORT, consentimiento: false },
      { ...REPORT, reporta_nombre: "" },
      { ...REPORT, tipo: "otro" },
    ];
    for (const body of bad) {
      const res = await postJson("/php/incidente", body);
      expect(res.status).toBe(400);
      const answer = await res.json();
      expect(answer.error.code).toBe("datos_invalidos");
      expect(Object.keys(answer.error.fields).length).toBeGreaterThan(0);
    }
    expect(["cases", "accident_reports", "case_events", "outbox"].map(count)).toEqual(before);
  });

  it("refuses health details without their own consent, storing nothing", async () => {
    const before = count("cases");
    const res = await postJson("/php/incidente", { ...REPORT, consentimiento_salud: false });
    expect(res.status).toBe(400);
    const answer = await res.json();
    expect(answer.error.fields.consentimiento_salud).toMatch(/datos de salud/);
    expect(count("cases")).toBe(before);
    // Without health details the report goes through and stores none.
    const plain = await postJson("/php/incidente", {
      ...REPORT,
      tipo: "incidente",
      lesion: "",
      parte_cuerpo: "",
      atencion_medica: "",
      atencion_lugar: "",
      consentimiento_salud: false,
    });
    expect(plain.status).toBe(201);
    const { radicado } = await plain.json();
    expect(radicado).toMatch(/^IN-/);
    const db = new Database(dbFile, { readonly: true });
    const row = db
      .prepare("select a.*, c.sensitive_consent_at from accident_reports a join cases c on c.id = a.case_id where c.radicado = ?")
      .get(radicado) as Record<string, unknown>;
    db.close();
    expect([row.lesion, row.parte_cuerpo, row.atencion_medica, row.atencion_lugar, row.sensitive_consent_at, row.furat_due_at]).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it("refuses an event later today (or past midnight), with the reason, on the JSON API and the page post; stores nothing", async () => {
    // Two hours from now, in Colombian time (it may fall on tomorrow's date, which the date field alone lets through).
    const later = new Date(Date.now() + 2 * 3_600_000 - 5 * 3_600_000).toISOString();
    const future = { ...REPORT, fecha: later.slice(0, 10), hora: later.slice(11, 16) };
    const before = count("cases");
    const res = await postJson("/php/incidente", future);
    expect(res.status).toBe(400);
    const answer = await res.json();
    expect(answer.error.fields.hora).toBe("La fecha y la hora del evento no pueden ser posteriores al momento actual (hora de Colombia).");
    const form = Object.fromEntries(Object.entries({ ...future, consentimiento_salud: "on", consentimiento: "on" }).map(([k, v]) => [k, String(v)]));
    const page = await postForm("/incidente", form);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain("no pueden ser posteriores al momento actual");
    expect(count("cases")).toBe(before);
    // A minute ago is fine.
    const past = new Date(Date.now() - 60_000 - 5 * 3_600_000).toISOString();
    expect(
      (
        await postJson("/php/incidente", {
          ...REPORT,
          tipo: "incidente",
          lesion: undefined,
          parte_cuerpo: undefined,
          atencion_medica: undefined,
          atencion_lugar: undefined,
          consentimiento_salud: undefined,
          fecha: past.slice(0, 10),
          hora: past.slice(11, 16),
        })
      ).status,
    ).toBe(201);
  });

  it("mails the follow-up code to a worker reporting for themselves who wrote their e-mail only as the worker's; never to the worker when someone else reports", async () => {
    const self = {
      ...REPORT,
      reporta_relacion: "trabajador",
      reporta_nombre: undefined,
      reporta_celular: undefined,
      reporta_correo: undefined,
      trabajador_correo: "marta.sola@example.org",
    };
    const res = await postJson("/php/incidente", self);
    expect(res.status).toBe(201);
    const own = (await res.json()) as { radicado: string; codigo: string };
    const colleague = await postJson("/php/incidente", { ...REPORT, reporta_correo: undefined, trabajador_correo: "marta.otra@example.org" });
    expect(colleague.status).toBe(201);
    const other = (await colleague.json()) as { radicado: string };
    const to = (m: { to?: unknown }) => JSON.stringify(m.to ?? "");
    const deadline = Date.now() + 15_000;
    let mails = await smtp.waitForMails(1);
    while (!mails.some((m) => to(m).includes("marta.sola@example.org")) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      mails = await smtp.waitForMails(1);
    }
    const worker = mails.find((m) => to(m).includes("marta.sola@example.org"));
    expect(worker?.subject).toBe(`Recibimos su reporte ${own.radicado}`);
    expect(worker?.text).toContain(own.codigo);
    // Both staff notices have gone out by now; the colleague's case mailed the worker nothing.
    await new Promise((r) => setTimeout(r, 500));
    expect(mails.some((m) => to(m).includes("marta.otra@example.org") || (String(m.subject).includes(other.radicado) && !to(m).includes("sst-equipo")))).toBe(
      false,
    );
  });

  it("without JavaScript: a refusal answers the page with the errors and the values; a success redirects to the one-time receipt", async () => {
    const form = Object.fromEntries(Object.entries({ ...REPORT, consentimiento_salud: "on", consentimiento: "on" }).map(([k, v]) => [k, String(v)]));
    const refused = await postForm("/incidente", { ...form, trabajador_documento: "52.123.456" });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Escriba el número de documento");
    expect(html).toContain("Alimentos del Valle S.A.S.");
    const ok = await postForm("/incidente", form);
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("/incidente/recibido");
    const cookie = (ok.headers.get("set-cookie") ?? "").split(";")[0];
    expect(ok.headers.get("set-cookie")).toMatch(/Path=\/incidente\/recibido; HttpOnly; SameSite=Strict/);
    const receipt = await fetch(`${server.url}/incidente/recibido`, { headers: { Cookie: cookie } });
    const page = await receipt.text();
    expect(page).toMatch(/AT-\d{4}-\d{6}/);
    expect(page).toMatch(/[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/);
    expect(receipt.headers.get("set-cookie")).toMatch(/reporte_recibido=; Path=\/incidente\/recibido;.*Max-Age=0/);
    const again = await (await fetch(`${server.url}/incidente/recibido`)).text();
    expect(again).not.toMatch(/AT-\d{4}-\d{6}/);
  });
});

describe("CONSULTAR", () => {
  const consult = (radicado: string, codigo: string, headers: Record<string, string> = {}) => postForm("/incidente/consulta", { radicado, codigo }, headers);

  it("shows the status with its date for the right radicado and code", async () => {
    const res = await consult(first.radicado, first.codigo.toLowerCase());
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`Reporte ${first.radicado}`);
    expect(html).toMatch(/Recibido<\/span> <span class="case-step-date">\d{2}\/\d{2}\/\d{4}/);
    expect(html).not.toContain("Fractura");
  });

  it("answers a wrong code and an unknown radicado identically (status and body)", async () => {
    const wrongCode = await consult(first.radicado, "AAAA-BBBB-CCCC");
    const unknown = await consult("AT-2026-999999", "AAAA-BBBB-CCCC");
    expect(wrongCode.status).toBe(404);
    expect(unknown.status).toBe(wrongCode.status);
    const [a, b] = [await wrongCode.text(), await unknown.text()];
    expect(a).toContain("No encontramos un reporte con ese radicado y ese código");
    expect(a).toBe(b);
    expect(a).not.toContain(first.radicado);
  });

  it("refuses a sixth wrong code for a radicado (existing or not), counted in the database", async () => {
    // Five lookups per radicado per window: the existing one was already looked up twice above.
    const statuses = async (radicado: string, n: number, address: string) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) out.push((await consult(radicado, "ZZZZ-ZZZZ-ZZZZ", { "X-Forwarded-For": address })).status);
      return out;
    };
    expect(await statuses(first.radicado, 4, "198.51.100.7")).toEqual([404, 404, 404, 429]);
    expect(await statuses("AT-2026-888888", 6, "198.51.100.7")).toEqual([404, 404, 404, 404, 404, 429]);
    const locked = await consult(first.radicado, "ZZZZ-ZZZZ-ZZZZ", { "X-Forwarded-For": "198.51.100.8" });
    expect(locked.status).toBe(429);
    expect(locked.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await locked.text()).toContain("demasiadas consultas");
  });

  it("lets the right code through after five wrong ones from another address: nobody can lock the reporter out", async () => {
    // The radicado is over its limit for wrong codes (above); its reporter still gets in, from anywhere.
    for (const address of ["203.0.113.50", "198.51.100.7"]) {
      const res = await consult(first.radicado, first.codigo, { "X-Forwarded-For": address });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain(`Reporte ${first.radicado}`);
    }
  });

  it("keeps the address only as a keyed hash whose key is not in the database, never as a plain hash", async () => {
    const db = new Database(dbFile, { readonly: true });
    const keys = (db.prepare("select key from rate_limits where key like 'consulta:%'").all() as { key: string }[]).map((r) => r.key);
    db.close();
    expect(keys).toContain(`consulta:radicado:${first.radicado}`);
    const addresses = keys.filter((k) => k.startsWith("consulta:incidentes:direccion:"));
    expect(addresses.length).toBeGreaterThan(0);
    expect(addresses.every((k) => /^consulta:incidentes:direccion:[0-9a-f]{64}$/.test(k))).toBe(true);
    // A hash of the address alone would be found by hashing every IPv4 address: not this one.
    for (const address of ["127.0.0.1", "::ffff:127.0.0.1", "198.51.100.7", "198.51.100.8", "203.0.113.50"]) {
      const plain = createHash("sha256").update(address).digest("hex");
      expect(
        keys.some((k) => k.includes(plain)),
        address,
      ).toBe(false);
    }
    expect(keys.join(" ")).not.toContain("198.51.100.7");
  });

  it("limits each address (LOOKUP_RATE_LIMIT per 15 minutes)", async () => {
    const limited = await startServer({ LOOKUP_RATE_LIMIT: "3" });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await fetch(`${limited.url}/incidente/consulta`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: limited.url },
          body: new URLSearchParams({ radicado: `AT-2026-00000${i}`, codigo: "AAAA-BBBB-CCCC" }),
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([404, 404, 404, 429]);
    } finally {
      await limited.stop();
    }
  });
});

describe("the staff", () => {
  const caseId = async () => {
    const db = new Database(dbFile, { readonly: true });
    const row = db.prepare("select id from cases where radicado = ?").get(first.radicado) as { id: number };
    db.close();
    return row.id;
  };

  it("a staff account cannot open a report, the list or the export; sst and admin can", async () => {
    const id = await caseId();
    const { cookie: staff } = await signIn(server.url, "personal@example.com");
    for (const p of ["/admin/reportes", `/admin/reportes/${id}`, "/admin/reportes.csv"]) {
      const res = await fetch(server.url + p, { headers: { Cookie: staff }, redirect: "manual" });
      expect(res.status, p).toBe(403);
      expect(await res.text()).not.toContain("Marta Ruiz");
    }
    const inbox = await (await fetch(`${server.url}/admin/mensajes`, { headers: { Cookie: staff } })).text();
    expect(inbox).not.toContain("Reportes de incidentes");
    for (const email of ["sst@example.com", "admin@example.com", "ambos@example.com"]) {
      const { cookie } = await signIn(server.url, email);
      const res = await fetch(`${server.url}/admin/reportes/${id}`, { headers: { Cookie: cookie } });
      expect(res.status, email).toBe(200);
      expect(await res.text()).toContain("Fractura expuesta del radio");
    }
  });

  it("an admin gives an account several roles on the users page; the new role opens reports", async () => {
    const { cookie: admin } = await signIn(server.url, "admin@example.com");
    const body = new URLSearchParams({ accion: "roles", correo: "personal@example.com" });
    body.append("rol", "staff");
    body.append("rol", "sst");
    const res = await fetch(`${server.url}/admin/usuarios`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: admin },
      body,
    });
    expect(res.status).toBe(302);
    const { cookie } = await signIn(server.url, "personal@example.com");
    expect((await fetch(`${server.url}/admin/reportes`, { headers: { Cookie: cookie } })).status).toBe(200);
    const db = new Database(dbFile, { readonly: true });
    const roles = db
      .prepare("select user_roles.role as role from user_roles join users on users.id = user_id where email = ? order by role")
      .all("personal@example.com");
    db.close();
    expect(roles).toEqual([{ role: "sst" }, { role: "staff" }]);
    // No account is left without a role.
    const none = await fetch(`${server.url}/admin/usuarios`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: admin },
      body: new URLSearchParams({ accion: "roles", correo: "personal@example.com" }),
    });
    expect(none.status).toBe(400);
  });

  it("counts the FURAT deadline from the accident over a Colombian holiday weekend, and lists an overdue report first, highlighted", async () => {
    // An accident on Friday 13 November 2026, reported today: Saturday 14 is the first business day (we
    // count Saturdays), Sunday 15 and Monday 16 (a holiday, Independencia de Cartagena, moved by Ley 51
    // de 1983) do not count, Tuesday 17 is the second: the report arrives already overdue.
    const late = await postJson("/php/incidente", {
      ...REPORT,
      fecha: "2026-11-13",
      descripcion: "Se golpeó la rodilla con un estibador en el muelle de carga.",
    });
    expect(late.status).toBe(201);
    const { radicado } = await late.json();
    const db = new Database(dbFile, { readonly: true });
    const id = (db.prepare("select id from cases where radicado = ?").get(radicado) as { id: number }).id;
    db.close();
    const { cookie } = await signIn(server.url, "sst@example.com");
    const detail = await (await fetch(`${server.url}/admin/reportes/${id}`, { headers: { Cookie: cookie } })).text();
    expect(detail).toContain("17/11/2026 23:59");
    expect(detail).toContain("VENCIDO");
    expect(detail).toContain("El reporte llegó con el plazo del FURAT ya vencido");
    expect(detail).toContain("ocurrió el 13/11/2026");
    // When the company learned stays on record, and never moves the deadline (product rule 21).
    const set = await postForm(
      `/admin/reportes/${id}`,
      { accion: "conocimiento", fecha_conocimiento: "2026-11-20", hora_conocimiento: "16:45" },
      { Cookie: cookie },
    );
    expect(set.status).toBe(302);
    const after = await (await fetch(`${server.url}/admin/reportes/${id}`, { headers: { Cookie: cookie } })).text();
    expect(after).toContain("17/11/2026 23:59");
    expect(after).toContain("20/11/2026 16:45");
    const list = await (await fetch(`${server.url}/admin/reportes`, { headers: { Cookie: cookie } })).text();
    const rows = list.match(/<tr[^>]*>[\s\S]*?<\/tr>/g)?.filter((tr) => tr.includes("AT-")) ?? [];
    expect(rows[0]).toContain(radicado);
    expect(rows[0]).toContain('class="admin-row-overdue"');
    expect(list).toMatch(/· (<!-- -->)?1(<!-- -->)? con el FURAT vencido/);
    // Not yet classified, it may be serious: the Dirección Territorial notice is listed until it is.
    expect(detail).toContain("Aviso a la Dirección Territorial del Ministerio del Trabajo");
    // Classified as an accident that is neither serious nor fatal, it owes the FURAT to the ARL and the EPS
    // and the worker's copy (Decreto 1072 de 2015 art. 2.2.4.1.7): those three given, it is no longer overdue.
    expect((await postForm(`/admin/reportes/${id}`, { accion: "gravedad", gravedad: "accidente" }, { Cookie: cookie })).status).toBe(302);
    expect(await (await fetch(`${server.url}/admin/reportes/${id}`, { headers: { Cookie: cookie } })).text()).not.toContain(
      "Aviso a la Dirección Territorial del Ministerio del Trabajo",
    );
    for (const aviso of ["arl", "eps", "trabajador"]) {
      expect((await postForm(`/admin/reportes/${id}`, { accion: "aviso", aviso, fecha: today, referencia: `N-${aviso}` }, { Cookie: cookie })).status).toBe(
        302,
      );
    }
    const done = await (await fetch(`${server.url}/admin/reportes`, { headers: { Cookie: cookie } })).text();
    expect(done).not.toMatch(/con el FURAT vencido/);
    // Classified as serious, it owes the Dirección Territorial notice too: overdue again until it is given,
    // and the investigation report to the ARL.
    expect((await postForm(`/admin/reportes/${id}`, { accion: "gravedad", gravedad: "grave" }, { Cookie: cookie })).status).toBe(302);
    const serious = await (await fetch(`${server.url}/admin/reportes/${id}`, { headers: { Cookie: cookie } })).text();
    expect(serious).toContain("Informe de la investigación a la ARL");
    expect(serious).toContain("Aviso a la Dirección Territorial del Ministerio del Trabajo");
    expect(await (await fetch(`${server.url}/admin/reportes`, { headers: { Cookie: cookie } })).text()).toMatch(
      /· (<!-- -->)?1(<!-- -->)? con el FURAT vencido/,
    );
    expect(
      (await postForm(`/admin/reportes/${id}`, { accion: "aviso", aviso: "territorial", fecha: today, referencia: "N-territorial" }, { Cookie: cookie }))
        .status,
    ).toBe(302);
    expect(await (await fetch(`${server.url}/admin/reportes`, { headers: { Cookie: cookie } })).text()).not.toMatch(/con el FURAT vencido/);
    // A date in the future is refused.
    const future = await postForm(`/admin/reportes/${id}`, { accion: "conocimiento", fecha_conocimiento: "2999-01-01" }, { Cookie: cookie });
    expect(future.status).toBe(400);
  });

  it("marks 'Reportado a la ARL' with a visible note, records the filing, and CONSULTAR shows it; every view and change is audited", async () => {
    const id = await caseId();
    const { cookie } = await signIn(server.url, "sst@example.com");
    const post = (body: Record<string, string>) => postForm(`/admin/reportes/${id}`, body, { Cookie: cookie });
    expect((await post({ accion: "estado", estado: "reportado_arl", nota: "FURAT radicado en la ARL; la EPS ya fue informada.", visible: "si" })).status).toBe(
      302,
    );
    expect((await post({ accion: "nota", nota: "x" })).status).toBe(400);
    expect((await post({ accion: "estado", estado: "reportado_arl", nota: "Llamar a la empresa usuaria", visible: "no" })).status).toBe(302);
    expect((await post({ accion: "furat", fecha_furat: today, numero_arl: "ARL-778899" })).status).toBe(302);
    const detail = await (await fetch(`${server.url}/admin/reportes/${id}`, { headers: { Cookie: cookie } })).text();
    expect(detail).toContain("ARL-778899");

    // The throttling test above refuses wrong codes for this radicado for 15 minutes; the right one passes.
    const html = await (await postForm("/incidente/consulta", { radicado: first.radicado, codigo: first.codigo })).text();
    expect(html).toMatch(/case-step-current"[^>]*><span class="case-step-label">Reportado a la ARL<\/span> <span class="case-step-date">\d{2}\/\d{2}\/\d{4}/);
    expect(html).toContain("FURAT radicado en la ARL; la EPS ya fue informada.");
    expect(html).not.toContain("Llamar a la empresa usuaria");

    const db = new Database(dbFile, { readonly: true });
    const actions = (db.prepare("select action from audit_log where case_id = ? order by id").all(id) as { action: string }[]).map((r) => r.action);
    db.close();
    expect(actions).toEqual(expect.arrayContaining(["ver_reporte", "cambiar_estado_reporte", "nota_reporte", "registrar_furat"]));
  });

  it("CONSULTAR shows every status reached with its date even when its note was internal (only the note's text stays private); an incident lists no ARL step", async () => {
    const res = await postJson("/php/incidente", {
      ...REPORT,
      tipo: "incidente",
      lesion: undefined,
      parte_cuerpo: undefined,
      atencion_medica: undefined,
      atencion_lugar: undefined,
      consentimiento_salud: undefined,
    });
    expect(res.status).toBe(201);
    const incident = (await res.json()) as { radicado: string; codigo: string };
    const db = new Database(dbFile, { readonly: true });
    const id = (db.prepare("select id from cases where radicado = ?").get(incident.radicado) as { id: number }).id;
    db.close();
    const { cookie } = await signIn(server.url, "sst@example.com");
    const post = (body: Record<string, string>) => postForm(`/admin/reportes/${id}`, body, { Cookie: cookie });
    // An incident is not reported to the ARL: the staff cannot choose that step for it.
    expect((await post({ accion: "estado", estado: "reportado_arl", nota: "x", visible: "no" })).status).toBe(400);
    expect((await post({ accion: "estado", estado: "en_revision", nota: "Revisar con la empresa usuaria el piso mojado", visible: "no" })).status).toBe(302);
    expect((await post({ accion: "estado", estado: "cerrado", nota: "Cerrado tras la visita; sin hallazgos nuevos", visible: "no" })).status).toBe(302);

    const html = await (await postForm("/incidente/consulta", { radicado: incident.radicado, codigo: incident.codigo })).text();
    expect(html).toContain("Estado actual: <strong>Cerrado</strong>");
    expect(html).toMatch(/En revisión<\/span> <span class="case-step-date">\d{2}\/\d{2}\/\d{4}/);
    expect(html).toMatch(/case-step-current"[^>]*><span class="case-step-label">Cerrado<\/span> <span class="case-step-date">\d{2}\/\d{2}\/\d{4}/);
    // Skipped on the way to closing: neither a date nor "pendiente".
    expect(html).toContain('En investigación</span> <span class="case-step-date">no fue necesario');
    expect(html).not.toContain("pendiente");
    expect(html).not.toContain("Reportado a la ARL");
    expect(html).not.toContain("piso mojado");
    expect(html).not.toContain("sin hallazgos nuevos");
  });

  it("exports reports as CSV and keeps a person's reports on a deletion without a data request", async () => {
    const { cookie } = await signIn(server.url, "admin@example.com");
    const csv = await fetch(`${server.url}/admin/reportes.csv`, { headers: { Cookie: cookie } });
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text).toContain(first.radicado);
    expect(text.split("\r\n")[0]).toContain("Plazo FURAT");
    const before = count("cases");
    const found = await (await fetch(`${server.url}/admin/titulares?correo=52123456`, { headers: { Cookie: cookie } })).text();
    expect(found).toContain(first.radicado);
    // Product rule 35: a deletion names an open data request of the person, and reports stay (tests/integration/deletion.test.ts).
    const res = await postForm("/admin/titulares", { correo: "52123456", confirmar: "si", referencia: "PQR-1" }, { Cookie: cookie });
    expect(res.status).toBe(400);
    expect(before).toBeGreaterThan(0);
    expect(count("cases")).toBe(before);
  });
});
