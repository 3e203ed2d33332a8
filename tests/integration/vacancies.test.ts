/**
 * Vacancies and applications (product rules 40, 41; ADR 028) over HTTP against the built server, a real
 * database and a real SMTP server: publishing refused by the wording check and without the Servicio
 * Público de Empleo code; the public list, its filters and the sitemap; a vacancy's JobPosting data; 410
 * once closed; applying without JavaScript with good and bad files (an EXE renamed .pdf, a PDF with
 * JavaScript in clear and compressed, 3 MB, empty, over the body limit); the second application of a
 * document; CONSULTAR with the statuses, the candidate's notes and the withdrawal; the staff list,
 * résumé download (attachment, audited), CSV, bulk "no seleccionada"; roles; the fraud check. Runs on
 * the suite's engine (SQLite, or PostgreSQL with TEST_DATABASE=postgres).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { deflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bogotaDay } from "~/platform/dates";
import { createAccount, signIn } from "../support/accounts";
import { execute, freshDatabaseUrl, isPostgresUrl, query } from "../support/database";
import { type ServerProcess, startServer } from "../support/server-process";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";

let server: ServerProcess;
let smtp: SmtpSink;
let dbUrl: string;
const cookies: Record<string, string> = {};
const ORIGIN = "https://www.example.com";
const today = bogotaDay(new Date().toISOString());
const inDays = (n: number) => bogotaDay(new Date(Date.now() + n * 86_400_000).toISOString());

const postForm = (p: string, body: Record<string, string>, cookie = "") =>
  fetch(server.url + p, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(body),
  });
const get = (p: string, cookie = "") => fetch(server.url + p, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
const readDb = <T>(sql: string, ...params: unknown[]) => query<T>(dbUrl, sql, params);

/** A small valid PDF; `extra` goes into its catalogue (an /OpenAction, a /JavaScript name…). */
function pdf(extra = "", streams: Buffer[] = []): Buffer {
  const parts: Buffer[] = [
    Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R ${extra} >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n`, "latin1"),
  ];
  streams.forEach((s, i) =>
    parts.push(
      Buffer.from(`${3 + i} 0 obj << /Length ${s.length} /Filter /FlateDecode >>\nstream\n`, "latin1"),
      s,
      Buffer.from("\nendstream\nendobj\n", "latin1"),
    ),
  );
  parts.push(Buffer.from("trailer << /Root 1 0 R >>\n%%EOF\n", "latin1"));
  return Buffer.concat(parts);
}

const CANDIDATE = {
  nombre: "Laura Gómez",
  tipo_documento: "CC",
  documento: "1020304050",
  correo: "laura.gomez@example.org",
  celular: "3001234567",
  ciudad: "Cali",
  mensaje: "Tengo experiencia en bodega.",
  consentimiento: "on",
};

async function apply(slug: string, fields: Record<string, string>, file: Buffer | null, name = "hoja.pdf") {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file) form.set("hoja_de_vida", new Blob([new Uint8Array(file)], { type: "application/pdf" }), name);
  return fetch(`${server.url}/empleos/${slug}`, { method: "POST", redirect: "manual", headers: { Origin: server.url }, body: form });
}

const VACANCY = {
  accion: "guardar",
  title: "Auxiliar de bodega",
  city: "Cali",
  department: "Valle del Cauca",
  sector: "Logística y transporte",
  company_name: "",
  salary_min: "1.600.000",
  salary_max: "1.900.000",
  schedule: "Lunes a sábado, turnos rotativos de 8 horas",
  contract: "obra_labor",
  workday: "FULL_TIME",
  places: "3",
  duties: "Recibir y despachar mercancía\nOrganizar la bodega",
  requirements: "Bachiller\nSeis meses de experiencia en bodega",
  closes_on: "",
  spe_code: "",
};
let vacancyId = 0;
let slug = "";
let closedSlug = "";
let application = { radicado: "", code: "", id: 0 };

beforeAll(async () => {
  smtp = await startSmtpSink();
  dbUrl = await freshDatabaseUrl("vacantes");
  for (const role of ["seleccion", "admin", "sst", "datos"]) createAccount(dbUrl, `${role}@example.com`, role);
  server = await startServer({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_TO: "contacto@example.com", LOOKUP_RATE_LIMIT: "1000" }, dbUrl);
  for (const role of ["seleccion", "admin", "sst", "datos"]) cookies[role] = (await signIn(server.url, `${role}@example.com`)).cookie;
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

describe("publishing", () => {
  it("refuses forbidden requirements with the reason and the norm, and a vacancy without its SPE code", async () => {
    const created = await postForm(
      "/admin/empleos/nueva",
      { ...VACANCY, closes_on: inDays(10), requirements: "Mujer entre 20 y 35 años, soltera\nExcelente presencia\nDebe pagar el examen médico" },
      cookies.seleccion,
    );
    expect(created.status).toBe(302);
    vacancyId = Number(/\/admin\/empleos\/(\d+)/.exec(created.headers.get("location") ?? "")?.[1]);
    const refused = await postForm(`/admin/empleos/${vacancyId}`, { accion: "publicar" }, cookies.seleccion);
    expect(refused.status).toBe(400);
    const page = text(await refused.text());
    for (const norm of ["Ley 931 de 2004, art. 2", "Ley 1482 de 2011", "Ley 1752 de 2015", "Decreto 1072 de 2015, art. 2.2.6.1.2.1"])
      expect(page).toContain(norm);
    expect(page).toContain("«buena presencia»");
    expect(page).toMatch(/cobro al candidato/);
    // Rephrased, still no SPE code: refused for that.
    expect((await postForm(`/admin/empleos/${vacancyId}`, { ...VACANCY, closes_on: inDays(10) }, cookies.seleccion)).status).toBe(302);
    const noCode = await postForm(`/admin/empleos/${vacancyId}`, { accion: "publicar" }, cookies.seleccion);
    expect(noCode.status).toBe(400);
    expect(text(await noCode.text())).toContain("Ley 1636 de 2013, art. 31");
    expect((await get(`/empleos`)).status).toBe(200);
    expect(await (await get("/empleos")).text()).not.toContain("Auxiliar de bodega");
  });

  it("publishes once the text passes and the code is there; an edit of a published vacancy is checked again; all audited", async () => {
    expect((await postForm(`/admin/empleos/${vacancyId}`, { ...VACANCY, closes_on: inDays(10), spe_code: "SPE-4455667" }, cookies.seleccion)).status).toBe(302);
    expect((await postForm(`/admin/empleos/${vacancyId}`, { accion: "publicar" }, cookies.seleccion)).status).toBe(302);
    const [row] = await readDb<{ slug: string; status: string }>("select slug, status from vacancies where id = ?", vacancyId);
    expect(row.status).toBe("publicada");
    slug = row.slug;
    const edit = await postForm(
      `/admin/empleos/${vacancyId}`,
      { ...VACANCY, closes_on: inDays(10), spe_code: "SPE-4455667", requirements: "Menores de 30 años" },
      cookies.seleccion,
    );
    expect(edit.status).toBe(400);
    expect((await readDb<{ requirements: string }>("select requirements from vacancies where id = ?", vacancyId))[0].requirements).not.toContain("30");
    const actions = (
      await readDb<{ action: string }>("select action from audit_log where action like '%vacante%' or action = 'publicacion_rechazada' order by id")
    ).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["crear_vacante", "editar_vacante", "publicacion_rechazada", "publicar_vacante"]));
  });

  it("takes the city from DANE's list: stores its code, name and department; refuses a city off the list or a shared name alone", async () => {
    const [saved] = await readDb<{ city: string; city_code: string; department: string }>(
      "select city, city_code, department from vacancies where id = ?",
      vacancyId,
    );
    expect(saved).toEqual({ city: "Cali", city_code: "76001", department: "Valle del Cauca" });
    const form = text(await (await get(`/admin/empleos/${vacancyId}`, cookies.seleccion)).text());
    expect(form).not.toContain("Departamento");
    const page = await (await get(`/admin/empleos/${vacancyId}`, cookies.seleccion)).text();
    expect(page).toContain('list="municipios-dane"');
    expect(page).toContain('value="Cali (Valle del Cauca)"');
    expect(page).toContain('<option value="San José del Guaviare (Guaviare)">');
    for (const city of ["Gotham", "Rionegro", ""]) {
      const refused = await postForm(`/admin/empleos/${vacancyId}`, { ...VACANCY, city, closes_on: inDays(10), spe_code: "SPE-4455667" }, cookies.seleccion);
      expect(refused.status, city).toBe(400);
      expect(text(await refused.text()), city).toContain("Elija un municipio de la lista.");
    }
    expect((await readDb<{ city_code: string }>("select city_code from vacancies where id = ?", vacancyId))[0].city_code).toBe("76001");
  });

  it("is closed to roles other than seleccion and admin", async () => {
    expect((await get("/admin/empleos", cookies.sst)).status).toBe(403);
    expect((await postForm(`/admin/empleos/${vacancyId}`, { accion: "cerrar" }, cookies.sst)).status).toBe(403);
    expect((await get("/admin/empleos", cookies.admin)).status).toBe(200);
  });
});

describe("the public side", () => {
  beforeAll(async () => {
    const now = new Date().toISOString();
    const insert = (s: string, title: string, city: string, code: string | null, sector: string, status: string, closes: string) =>
      execute(
        dbUrl,
        `insert into vacancies (slug, status, title, city, city_code, department, sector, company_name, salary_min, salary_max, schedule, contract, workday, places, requirements, duties, closes_on, spe_code, search_text, created_at, updated_at, published_at, closed_at)
         values (?, ?, ?, ?, ?, 'Antioquia', ?, null, 2000000, null, 'Lunes a viernes', 'fijo', 'FULL_TIME', 1, 'Auxiliar de enfermería', 'Atender pacientes', ?, ?, ?, ?, ?, ?, null)`,
        [s, status, title, city, code, sector, closes, `SPE-${s}`, `${title} ${city} ${sector}`.toLowerCase(), now, now, now],
      );
    await insert("auxiliar-enfermeria-medellin-aa11", "Auxiliar de enfermería", "Medellín", "05001", "Salud", "publicada", inDays(5));
    // Written before the DANE list (no code): still listed and shown as typed.
    await insert("mensajero-antiguo-cc33", "Mensajero antiguo", "Envigado Centro", null, "Servicios", "publicada", inDays(5));
    closedSlug = "operario-cerrado-bogota-bb22";
    await insert(closedSlug, "Operario cerrado", "Bogotá D. C.", "11001", "Manufactura", "publicada", inDays(-1));
  });

  it("lists open vacancies with filters by city, sector and words; closed ones are out of the list and the sitemap", async () => {
    const all = await (await get("/empleos")).text();
    expect(all).toContain("Auxiliar de bodega");
    expect(all).toContain("Auxiliar de enfermería");
    expect(all).not.toContain("Operario cerrado");
    expect(text(all)).toContain("Mensajero antiguo Envigado Centro (Antioquia)");
    // The city filter lists the open vacancies' cities by their DANE code.
    expect(all).toContain('<option value="05001">Medellín (Antioquia)</option>');
    expect(all).toContain('<option value="76001">Cali (Valle del Cauca)</option>');
    expect(all).not.toContain('value="11001"');
    const medellin = await (await get("/empleos?ciudad=05001")).text();
    expect(medellin).toContain("Auxiliar de enfermería");
    expect(medellin).not.toContain("Auxiliar de bodega");
    expect(medellin).not.toContain("Mensajero antiguo");
    expect(medellin).toMatch(/<option value="05001" selected="">/);
    // Anything but a code is no filter, never an error.
    const byName = await get(`/empleos?ciudad=${encodeURIComponent("Medellín")}`);
    expect(byName.status).toBe(200);
    expect(await byName.text()).toContain("Auxiliar de bodega");
    expect(await (await get(`/empleos?sector=Salud`)).text()).not.toContain("Auxiliar de bodega");
    const words = await (await get("/empleos?q=BODEGA")).text();
    expect(words).toContain("Auxiliar de bodega");
    expect(words).not.toContain("Auxiliar de enfermería");
    expect(all).not.toMatch(/<script[^>]+type="module"/);
    const sitemap = await (await get("/sitemap.xml")).text();
    expect(sitemap).toContain(`${ORIGIN}/empleos/${slug}`);
    expect(sitemap).not.toContain(closedSlug);
  });

  it("shows a vacancy with the free notice, the SPE code and JobPosting data Google accepts", async () => {
    const res = await get(`/empleos/${slug}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(text(html)).toContain("Este proceso es gratuito: la empresa nunca cobra");
    expect(html).toContain('href="/ofertas-falsas"');
    expect(html).toContain("SPE-4455667");
    // No React here, and DANE's list is not part of the page (its script fetches it when needed).
    expect(html).not.toMatch(/<script[^>]+type="module"|municipality-/);
    expect(html).not.toContain("Barrancominas");
    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "{}");
    expect(ld["@type"]).toBe("JobPosting");
    for (const required of ["title", "description", "datePosted", "hiringOrganization", "jobLocation"]) expect(ld[required], required).toBeTruthy();
    expect(ld.validThrough).toBe(`${inDays(10)}T23:59:59-05:00`);
    expect(ld.employmentType).toEqual(["FULL_TIME", "TEMPORARY"]);
    expect(ld.baseSalary).toEqual({
      "@type": "MonetaryAmount",
      currency: "COP",
      value: { "@type": "QuantitativeValue", minValue: 1600000, maxValue: 1900000, unitText: "MONTH" },
    });
    expect(ld.jobLocation.address).toMatchObject({ "@type": "PostalAddress", addressLocality: "Cali", addressRegion: "Valle del Cauca", addressCountry: "CO" });
    expect(ld.directApply).toBe(true);
    expect(ld.datePosted).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(ld.hiringOrganization["@type"]).toBe("Organization");
  });

  it("answers 410 past the closing day, with links to open vacancies; a draft or an unknown address 404", async () => {
    const gone = await get(`/empleos/${closedSlug}`);
    expect(gone.status).toBe(410);
    const html = await gone.text();
    expect(text(html)).toContain("Esta vacante ya cerró");
    expect(html).toContain(`href="/empleos/${slug}"`);
    expect(html).not.toContain("application/ld+json");
    expect((await get("/empleos/no-existe-zz99")).status).toBe(404);
  });

  it("BUSCA TRABAJO on the home page opens /empleos in a new tab", async () => {
    const home = await (await get("/")).text();
    expect(home).toMatch(/<a[^>]+href="\/empleos"[^>]*target="_blank"[^>]*>BUSCA TRABAJO|<a[^>]+target="_blank"[^>]*href="\/empleos"[^>]*>BUSCA TRABAJO/);
  });
});

describe("applying without JavaScript", () => {
  it("refuses bad files with a clear Spanish message, every value kept but the file", async () => {
    const exe = Buffer.concat([Buffer.from("MZ\x90\x00", "latin1"), Buffer.alloc(2000, 1)]);
    const cases: [Buffer | null, RegExp, number][] = [
      [exe, /no es un PDF/, 400],
      [pdf("/OpenAction << /S /JavaScript /JS (app.alert(1)) >>"), /contenido activo/, 400],
      [pdf("/Names << /EmbeddedFiles 5 0 R >>"), /contenido activo/, 400],
      [pdf("", [deflateSync(Buffer.from("<< /S /Launch /F (calc.exe) >>"))]), /contenido activo/, 400],
      [pdf("/OpenAction 4 0 R /AA << /O << /S /J#61vaScript >> >>"), /contenido activo/, 400],
      [Buffer.concat([pdf(), Buffer.alloc(3 * 1024 * 1024)]), /más de 2 MB/, 400],
      [Buffer.alloc(0), /vacío|Adjunte su hoja de vida/, 400],
      [null, /Adjunte su hoja de vida/, 400],
    ];
    for (const [file, message, status] of cases) {
      const res = await apply(slug, CANDIDATE, file, "hoja-de-vida.pdf");
      const html = await res.text();
      expect(res.status, String(message)).toBe(status);
      expect(text(html), String(message)).toMatch(message);
      expect(html).toContain('value="Laura Gómez"');
      expect(html).toContain('value="1020304050"');
      expect(text(html)).toContain("Por seguridad, adjunte de nuevo el archivo");
    }
    expect(Number((await readDb<{ n: number }>("select count(*) as n from job_applications"))[0].n)).toBe(0);
    // Over the body limit (4 MB): the server's 413 in Spanish, never a 5xx.
    const huge = await apply(slug, CANDIDATE, Buffer.concat([pdf(), Buffer.alloc(5 * 1024 * 1024)]));
    expect(huge.status).toBe(413);
    expect(await huge.text()).toContain("demasiado largo");
  });

  it("a missing field keeps the others and names it", async () => {
    const res = await apply(slug, { ...CANDIDATE, correo: "" }, pdf());
    expect(res.status).toBe(400);
    const html = text(await res.text());
    expect(html).toContain("Correo electrónico: Este campo es obligatorio.");
  });

  it("refuses a city off DANE's list, or a name several departments share, and keeps what was typed", async () => {
    for (const ciudad of ["Gotham", "San Pedro"]) {
      const res = await apply(slug, { ...CANDIDATE, ciudad }, pdf());
      expect(res.status, ciudad).toBe(400);
      const html = await res.text();
      expect(text(html), ciudad).toContain("Ciudad donde vive: Elija un municipio de la lista.");
      expect(html).toContain(`value="${ciudad}"`);
    }
    expect(Number((await readDb<{ n: number }>("select count(*) as n from job_applications"))[0].n)).toBe(0);
  });

  it("accepts a good PDF: the receipt shows the HV radicado and a code once, the résumé is stored under a generated name, the mail leaves", async () => {
    const before = smtp.mails.length;
    const res = await apply(slug, CANDIDATE, pdf(), "../../etc/passwd.pdf");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/empleos/recibido");
    const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0];
    const receipt = text(await (await get("/empleos/recibido", cookie)).text());
    const radicado = /HV-\d{4}-\d{6}/.exec(receipt)?.[0] ?? "";
    expect(radicado).toBe(`HV-${today.slice(0, 4)}-000001`);
    const code = /[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}/.exec(receipt)?.[0] ?? "";
    expect(code).not.toBe("");
    const [row] = await readDb<{ case_id: number; resume_key: string; resume_size: number; ciudad: string; ciudad_code: string }>(
      "select case_id, resume_key, resume_size, ciudad, ciudad_code from job_applications",
    );
    application = { radicado, code, id: Number(row.case_id) };
    // "Cali" as typed, stored as DANE names it, with its code.
    expect([row.ciudad, row.ciudad_code]).toEqual(["Cali (Valle del Cauca)", "76001"]);
    expect(row.resume_key).toMatch(/^[0-9a-f]{32}$/);
    if (isPostgresUrl(dbUrl)) expect((await readDb<{ n: number }>("select count(*) as n from resume_files where key = ?", row.resume_key))[0].n).toBe("1");
    else expect(existsSync(path.join(path.dirname(server.databaseFile), "hojas-de-vida", `${row.resume_key}.pdf`))).toBe(true);
    const mail = await smtp.waitForMail((m) => m.subject === `Recibimos su postulación ${radicado}`, before);
    expect(mail.text).toContain(code);
    expect(mail.text).toContain("nunca le pediremos dinero");
  });

  it("a second application of the same document replaces the résumé and says so; the old file goes", async () => {
    const [first] = await readDb<{ resume_key: string }>("select resume_key from job_applications");
    const res = await apply(slug, { ...CANDIDATE, correo: "otra@example.org" }, pdf("/Lang (es-CO)"));
    expect(res.status).toBe(303);
    const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0];
    expect(text(await (await get("/empleos/recibido", cookie)).text())).toContain("reemplazamos su hoja de vida");
    const rows = await readDb<{ resume_key: string; correo: string }>("select resume_key, correo from job_applications");
    expect(rows).toHaveLength(1);
    expect(rows[0].resume_key).not.toBe(first.resume_key);
    expect(rows[0].correo).toBe("laura.gomez@example.org");
    if (!isPostgresUrl(dbUrl)) expect(readdirSync(path.join(path.dirname(server.databaseFile), "hojas-de-vida"))).toEqual([`${rows[0].resume_key}.pdf`]);
  });

  it("the page's script gets the same door's answers as JSON: the refusal by field, then 201 with the receipt's cookie", async () => {
    const post = (file: Buffer) => {
      const form = new FormData();
      for (const [k, v] of Object.entries({ ...CANDIDATE, documento: "55443322" })) form.set(k, v);
      form.set("hoja_de_vida", new Blob([new Uint8Array(file)], { type: "application/pdf" }), "hv.pdf");
      return fetch(`${server.url}/empleos/${slug}/postulacion`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: server.url, Accept: "application/json" },
        body: form,
      });
    };
    const refused = await post(pdf("/OpenAction << /JS (x) >>"));
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { fields: Record<string, string> } }).error.fields.hoja_de_vida).toContain("contenido activo");
    const sent = smtp.mails.length;
    const accepted = await post(pdf());
    expect(accepted.status).toBe(201);
    await smtp.waitForMails(sent + 1);
    const cookie = (accepted.headers.get("set-cookie") ?? "").split(";")[0];
    expect(text(await (await get("/empleos/recibido", cookie)).text())).toMatch(/HV-\d{4}-000002/);
    await execute(dbUrl, "delete from case_events where case_id in (select case_id from job_applications where documento = '55443322')");
    await execute(dbUrl, "delete from outbox where case_id in (select case_id from job_applications where documento = '55443322')");
    const [row] = await readDb<{ case_id: number }>("select case_id from job_applications where documento = '55443322'");
    await execute(dbUrl, "delete from job_applications where case_id = ?", [row.case_id]);
    await execute(dbUrl, "delete from cases where id = ?", [row.case_id]);
  });

  it("a closed vacancy refuses the application with 410", async () => {
    const res = await apply(closedSlug, CANDIDATE, pdf());
    expect(res.status).toBe(410);
    expect(text(await res.text())).toContain("Esta vacante ya cerró");
  });
});

describe("CONSULTAR and the staff", () => {
  it("the staff list, filters, résumé download (attachment, audited), and a status change the candidate reads and is mailed", async () => {
    const list = await (await get(`/admin/empleos/${vacancyId}/postulaciones`, cookies.seleccion)).text();
    expect(list).toContain(application.radicado);
    expect(await (await get(`/admin/empleos/${vacancyId}/postulaciones?ciudad=Pasto`, cookies.seleccion)).text()).not.toContain(application.radicado);
    expect(await (await get(`/admin/empleos/${vacancyId}/postulaciones?q=1020304050`, cookies.seleccion)).text()).toContain(application.radicado);
    const resume = await get(`/admin/postulaciones/${application.id}/hoja-de-vida.pdf`, cookies.seleccion);
    expect(resume.status).toBe(200);
    expect(resume.headers.get("content-disposition")).toMatch(/^attachment; filename="hoja-de-vida-HV-/);
    expect(resume.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await resume.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    expect((await readDb("select id from audit_log where action = 'ver_hoja_de_vida' and case_id = ?", application.id)).length).toBe(1);
    for (const p of [
      `/admin/empleos/${vacancyId}/postulaciones`,
      `/admin/postulaciones/${application.id}`,
      `/admin/postulaciones/${application.id}/hoja-de-vida.pdf`,
      `/admin/empleos/${vacancyId}/postulaciones.csv`,
    ]) {
      expect((await get(p, cookies.sst)).status, p).toBe(403);
    }
    const csv = await (await get(`/admin/empleos/${vacancyId}/postulaciones.csv`, cookies.seleccion)).text();
    expect(csv).toContain(application.radicado);
    expect(csv).toContain("1020304050");

    const before = smtp.mails.length;
    const changed = await postForm(
      `/admin/postulaciones/${application.id}`,
      { accion: "estado", estado: "en_revision", nota: "Le llamaremos para una entrevista.", visible: "si" },
      cookies.seleccion,
    );
    expect(changed.status).toBe(302);
    const mail = await smtp.waitForMail((m) => m.subject === `Su postulación ${application.radicado}: en revisión`, before);
    expect(mail.text).toContain("Le llamaremos para una entrevista.");
    await postForm(
      `/admin/postulaciones/${application.id}`,
      { accion: "estado", estado: "en_revision", nota: "Buen perfil, revisar referencias.", visible: "no" },
      cookies.seleccion,
    );

    const consult = await postForm("/empleos/consulta", { radicado: application.radicado.toLowerCase(), codigo: application.code });
    expect(consult.status).toBe(200);
    const page = text(await consult.text());
    expect(page).toContain("Estado actual: En revisión");
    expect(page).toContain("Recibida");
    expect(page).toContain("Le llamaremos para una entrevista.");
    expect(page).not.toContain("revisar referencias");
    const wrong = await postForm("/empleos/consulta", { radicado: application.radicado, codigo: "AAAA-BBBB-CCCC" });
    expect(wrong.status).toBe(404);
  });

  it("the candidate withdraws; bulk 'no seleccionada' skips it and mails the others", async () => {
    const consult = await (await postForm("/empleos/consulta", { radicado: application.radicado, codigo: application.code })).text();
    const access = /name="acceso" value="([^"]+)"/.exec(consult)?.[1] ?? "";
    const withdrawn = await postForm("/empleos/consulta", { accion: "retirar", acceso: access });
    expect(text(await withdrawn.text())).toContain("Retirada por usted");
    const sent = smtp.mails.length;
    const second = await apply(slug, { ...CANDIDATE, documento: "99887766", nombre: "Pedro Ruiz", correo: "pedro@example.org" }, pdf());
    expect(second.status).toBe(303);
    await smtp.waitForMails(sent + 1);
    const ids = (await readDb<{ case_id: number }>("select case_id from job_applications order by case_id")).map((r) => String(r.case_id));
    const before = smtp.mails.length;
    const form = new URLSearchParams([["accion", "no_seleccionadas"], ...ids.map((id) => ["id", id])]);
    const bulk = await fetch(`${server.url}/admin/empleos/${vacancyId}/postulaciones`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: cookies.seleccion },
      body: form,
    });
    expect(bulk.headers.get("location")).toContain("aviso=1");
    const statuses = await readDb<{ status: string }>("select status from cases where channel = 'postulaciones' order by id");
    expect(statuses.map((s) => s.status)).toEqual(["retirada", "no_seleccionada"]);
    const notSelected = /^Su postulación HV-\d{4}-\d{6}: no seleccionada$/;
    await smtp.waitForMail((m) => notSelected.test(m.subject ?? ""), before);
    // One mail for the one application still open (the withdrawn one gets none).
    expect(smtp.mails.slice(before).filter((m) => notSelected.test(m.subject ?? ""))).toHaveLength(1);
  });
});

describe("the fraud check", () => {
  it("a vacancy's code or address here is ours; another address under /empleos/ is not", async () => {
    const byCode = text(await (await postForm("/ofertas-falsas", { dato: "spe-4455667" })).text());
    expect(byCode).toContain("Es nuestra.");
    expect(byCode).toContain("Auxiliar de bodega");
    expect(text(await (await postForm("/ofertas-falsas", { dato: `www.example.com/empleos/${slug}` })).text())).toContain("Es nuestra.");
    expect(text(await (await postForm("/ofertas-falsas", { dato: `${ORIGIN}/empleos/gerente-falso-xx00` })).text())).toContain("No es nuestra.");
  });
});

describe("retention and the data subject's rights", () => {
  const resumeFiles = () => (isPostgresUrl(dbUrl) ? [] : readdirSync(path.join(path.dirname(server.databaseFile), "hojas-de-vida")));

  it("the purge deletes a not-selected application and its résumé six months after; a recent one stays", async () => {
    const [pedro] = await readDb<{ case_id: number; resume_key: string }>("select case_id, resume_key from job_applications where documento = '99887766'");
    const sevenMonthsAgo = new Date(Date.now() - 213 * 86_400_000).toISOString();
    await execute(dbUrl, "update case_events set at = ? where case_id = ?", [sevenMonthsAgo, pedro.case_id]);
    const root = path.resolve(import.meta.dirname, "../..");
    const run = spawnSync(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/admin.ts", "purge"], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: dbUrl, LOG_LEVEL: "silent" },
      encoding: "utf8",
    });
    expect(run.status, run.stderr + run.stdout).toBe(0);
    expect(await readDb("select case_id from job_applications where case_id = ?", pedro.case_id)).toHaveLength(0);
    const [anonymised] = await readDb<{ radicado: string; code_hash: string; contact_email: string | null }>(
      "select radicado, code_hash, contact_email from cases where id = ?",
      pedro.case_id,
    );
    expect(anonymised).toMatchObject({ radicado: expect.stringMatching(/^HV-/), code_hash: "0".repeat(64), contact_email: null });
    if (isPostgresUrl(dbUrl)) expect(await readDb("select key from resume_files where key = ?", pedro.resume_key)).toHaveLength(0);
    else expect(resumeFiles()).not.toContain(`${pedro.resume_key}.pdf`);
    // Laura withdrew today: her application waits its six months.
    expect(await readDb("select case_id from job_applications where documento = '1020304050'")).toHaveLength(1);
  });

  it("the access export lists the person's applications; a deletion request removes them with the résumé", async () => {
    const who = { nombre: "Laura Gómez", tipo_documento: "CC", documento: "1020304050", correo: "laura.gomez@example.org", consentimiento: true };
    const file = async (tipo: string) => {
      const res = await fetch(`${server.url}/php/pqrs`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: server.url },
        body: JSON.stringify({ tipo, descripcion: "Sobre mis datos.", ...who }),
      });
      expect(res.status).toBe(201);
      const { radicado } = (await res.json()) as { radicado: string };
      return Number((await readDb<{ id: number }>("select id from cases where radicado = ?", radicado))[0].id);
    };
    const access = await file("datos_consulta");
    expect((await postForm(`/admin/datos/${access}`, { accion: "exportar" }, cookies.datos)).status).toBe(302);
    const exported = JSON.parse(await (await get(`/admin/datos/${access}/exportacion.json`, cookies.datos)).text()) as {
      postulaciones: { radicado: string; vacante: string; hoja_de_vida: string }[];
    };
    expect(exported.postulaciones).toEqual([
      expect.objectContaining({ radicado: application.radicado, vacante: "Auxiliar de bodega", hoja_de_vida: expect.stringContaining("SHA-256") }),
    ]);
    const [laura] = await readDb<{ resume_key: string }>("select resume_key from job_applications where documento = '1020304050'");
    const deletion = await file("datos_supresion");
    expect((await postForm(`/admin/datos/${deletion}`, { accion: "suprimir", confirmar: "si" }, cookies.datos)).headers.get("location")).toContain(
      "aviso=suprimido",
    );
    expect(await readDb("select case_id from job_applications where documento = '1020304050'")).toHaveLength(0);
    if (!isPostgresUrl(dbUrl)) expect(resumeFiles()).not.toContain(`${laura.resume_key}.pdf`);
    const [row] = await readDb<{ deletion_summary: string }>("select deletion_summary from pqrs_requests where case_id = ?", deletion);
    expect(row.deletion_summary).toContain("1 postulación(es) suprimida(s) con su hoja de vida.");
  });
});

describe("durability", () => {
  it("every acknowledged application and its résumé are there after kill -9 during uploads", async () => {
    // The earlier tests used most of this address's hourly applications (counted in the database).
    await execute(dbUrl, "delete from rate_limits where key like 'postulacion:%'");
    const acknowledged: string[] = [];
    let first: () => void = () => undefined;
    const firstAcknowledged = new Promise<void>((resolve) => (first = resolve));
    const uploads = Array.from({ length: 8 }, (_, i) =>
      apply(slug, { ...CANDIDATE, documento: `7000000${i}`, correo: `p${i}@example.org` }, Buffer.concat([pdf(), Buffer.alloc(1024 * 1024, 32)])).then(
        (res) => {
          if (res.status !== 303) return;
          acknowledged.push(`7000000${i}`);
          first();
        },
        () => undefined,
      ),
    );
    // Killed as soon as one is acknowledged, while the others are still going up or being stored.
    await firstAcknowledged;
    await server.kill();
    await Promise.race([Promise.all(uploads), new Promise((resolve) => setTimeout(resolve, 15_000))]);
    expect(acknowledged.length).toBeGreaterThan(0);
    server = await startServer({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_TO: "contacto@example.com", LOOKUP_RATE_LIMIT: "1000" }, dbUrl);
    cookies.seleccion = (await signIn(server.url, "seleccion@example.com")).cookie;
    const stored = await readDb<{ case_id: number; documento: string; resume_sha256: string }>(
      "select case_id, documento, resume_sha256 from job_applications where documento like '7000000%'",
    );
    for (const documento of acknowledged) {
      const row = stored.find((r) => r.documento === documento);
      expect(row, documento).toBeDefined();
      const resume = await get(`/admin/postulaciones/${row?.case_id}/hoja-de-vida.pdf`, cookies.seleccion);
      expect(resume.status).toBe(200);
      expect(
        Buffer.from(await resume.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe("%PDF-");
    }
  }, 120_000);
});
