/**
 * Access by role, deny by default (product rule 30, app/config/access.ts): one account per role signs
 * in and requests every staff page and export. Where the matrix allows it: 200. Elsewhere: 403 (or 404
 * for another category's ethics report), and never the data. The navigation offers only what opens.
 * Runs on the suite's engine.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS, STAFF_ROUTES } from "~/config/access";
import { ROLES, type Role } from "~/config/roles";
import { createAccount, createAccounts, signIn } from "../support/accounts";
import { execute, freshDatabaseUrl, query, toDatabaseUrl } from "../support/database";
import { type ServerProcess, startServer } from "../support/server-process";

const today = new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);
const REPORT = {
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
  consentimiento: true,
};
const ETHICS_KEY = Buffer.alloc(32, 9).toString("base64");
const MARKS = {
  message: "MARCA-DEL-MENSAJE-7731",
  report: "MARCA-DEL-REPORTE-4420",
  bribery: "MARCA-SOBORNO-1187",
  harassment: "MARCA-ACOSO-LABORAL-5521",
  petition: "MARCA-PETICION-6604",
  dataRequest: "MARCA-SOLICITUD-DATOS-3318",
  application: "MARCA-POSTULACION-2207",
};

let server: ServerProcess;
let databaseUrl = "";
const cookies = {} as Record<Role, string>;
const ids = { message: 0, report: 0, bribery: 0, harassment: 0, petition: 0, dataRequest: 0, vacancy: 0, application: 0 };
const radicados = { petition: "", dataRequest: "" };

const postJson = (p: string, body: unknown) =>
  fetch(server.url + p, { method: "POST", headers: { "Content-Type": "application/json", Origin: server.url }, body: JSON.stringify(body) });
const get = (p: string, cookie: string) => fetch(server.url + p, { headers: { Cookie: cookie }, redirect: "manual" });

beforeAll(async () => {
  const dbUrl = await freshDatabaseUrl("acceso");
  databaseUrl = dbUrl;
  server = await startServer({ ETHICS_KEY }, dbUrl);
  createAccounts(
    dbUrl,
    ROLES.map((role) => [`${role}@example.com`, role] as const),
  );
  for (const role of ROLES) {
    const { response, cookie } = await signIn(server.url, `${role}@example.com`);
    expect(response.status).toBe(302);
    cookies[role] = cookie;
  }
  expect(
    (
      await postJson("/php/contacto", {
        nombre: "Ana",
        celular: "3001234567",
        correo: "ana@example.org",
        mensaje: `Quisiera información. ${MARKS.message}`,
        consentimiento: true,
      })
    ).status,
  ).toBe(201);
  ids.message = 1;
  const report = await postJson("/php/incidente", { ...REPORT, descripcion: `Resbaló en el piso mojado de la bodega. ${MARKS.report}` });
  expect(report.status).toBe(201);
  ids.report = 1;
  const bribery = await postJson("/php/linea-etica", {
    categoria: "soborno",
    descripcion: `Un proveedor ofreció dinero al jefe de compras. ${MARKS.bribery}`,
    cuando: "Ayer",
    donde: "Bogotá",
    identificacion: "anonimo",
  });
  expect(bribery.status).toBe(201);
  const harassment = await postJson("/php/linea-etica", {
    categoria: "acoso_laboral",
    descripcion: `El supervisor grita e insulta a diario al equipo. ${MARKS.harassment}`,
    cuando: "Ayer",
    donde: "Cali",
    identificacion: "anonimo",
  });
  expect(harassment.status).toBe(201);
  ids.bribery = 2;
  ids.harassment = 3;
  // PQRS: a petition (role pqrs) and a data-protection request (role datos), with its access export.
  const who = { nombre: "Ana Pérez", tipo_documento: "CC", documento: "52123456", correo: "ana@example.org", consentimiento: true };
  const petition = await postJson("/php/pqrs", { tipo: "peticion", descripcion: `Necesito un certificado laboral. ${MARKS.petition}`, ...who });
  expect(petition.status).toBe(201);
  radicados.petition = (await petition.json()).radicado;
  const dataRequest = await postJson("/php/pqrs", { tipo: "datos_consulta", descripcion: `¿Qué datos míos tienen? ${MARKS.dataRequest}`, ...who });
  expect(dataRequest.status).toBe(201);
  radicados.dataRequest = (await dataRequest.json()).radicado;
  ids.petition = 4;
  ids.dataRequest = 5;
  const exported = await fetch(`${server.url}/admin/datos/${ids.dataRequest}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: cookies.datos },
    body: new URLSearchParams({ accion: "exportar" }),
  });
  expect(exported.status).toBe(302);
  // A published vacancy (seeded) and an application to it with its résumé (ADR 028): only seleccion and admin see it.
  const now = new Date().toISOString();
  await execute(
    dbUrl,
    `insert into vacancies (slug, status, title, city, department, sector, company_name, salary_min, salary_max, schedule, contract, workday, places, requirements, duties, closes_on, spe_code, search_text, created_at, updated_at, published_at, closed_at)
     values ('auxiliar-acceso-cali-0001', 'publicada', 'Auxiliar', 'Cali', 'Valle del Cauca', 'Comercio', null, 1500000, null, 'Lunes a viernes', 'fijo', 'FULL_TIME', 1, 'Bachiller', 'Atender', '2999-12-31', 'SPE-1', 'auxiliar', ?, ?, ?, null)`,
    [now, now, now],
  );
  ids.vacancy = Number((await query<{ id: number }>(dbUrl, "select id from vacancies"))[0].id);
  const application = new FormData();
  for (const [k, v] of Object.entries({
    nombre: "Laura Gómez",
    tipo_documento: "CC",
    documento: "1020304050",
    correo: "laura@example.org",
    celular: "3001234567",
    ciudad: "Cali",
    mensaje: MARKS.application,
    consentimiento: "on",
  }))
    application.set(k, v);
  application.set(
    "hoja_de_vida",
    new Blob([`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`], { type: "application/pdf" }),
    "hv.pdf",
  );
  expect(
    (await fetch(`${server.url}/empleos/auxiliar-acceso-cali-0001`, { method: "POST", redirect: "manual", headers: { Origin: server.url }, body: application }))
      .status,
  ).toBe(303);
  ids.application = Number((await query<{ case_id: number }>(dbUrl, "select case_id from job_applications"))[0].case_id);
}, 120_000);
afterAll(() => server?.stop());

/** Every staff route with its ids filled in; an ethics detail once per category. */
function requests(): { path: string; area: keyof typeof ACCESS; category?: "soborno" | "acoso_laboral" }[] {
  return STAFF_ROUTES.flatMap((r) => {
    if (r.path === "/admin/mensajes/:id") return [{ path: `/admin/mensajes/${ids.message}`, area: r.area }];
    if (r.path === "/admin/reportes/:id") return [{ path: `/admin/reportes/${ids.report}`, area: r.area }];
    if (r.path === "/admin/pqrs/:id") return [{ path: `/admin/pqrs/${ids.petition}`, area: r.area }];
    if (r.path === "/admin/datos/:id") return [{ path: `/admin/datos/${ids.dataRequest}`, area: r.area }];
    if (r.path === "/admin/datos/:id/exportacion.json") return [{ path: `/admin/datos/${ids.dataRequest}/exportacion.json`, area: r.area }];
    if (r.path.startsWith("/admin/empleos/:id")) return [{ path: r.path.replace(":id", String(ids.vacancy)), area: r.area }];
    if (r.path.startsWith("/admin/postulaciones/:id")) return [{ path: r.path.replace(":id", String(ids.application)), area: r.area }];
    if (r.path === "/admin/etica/:id")
      return [
        { path: `/admin/etica/${ids.bribery}`, area: r.area, category: "soborno" as const },
        { path: `/admin/etica/${ids.harassment}`, area: r.area, category: "acoso_laboral" as const },
      ];
    return [{ path: r.path, area: r.area }];
  });
}

const OWNER = { soborno: "cumplimiento", acoso_laboral: "convivencia" } as const;
const SECRETS = Object.values(MARKS);

describe.each(ROLES)("the %s role", (role) => {
  it("opens exactly what the matrix allows, and sees no data elsewhere", async () => {
    for (const request of requests()) {
      const res = await get(request.path, cookies[role]);
      const body = await res.text();
      const allowed = ACCESS[request.area].includes(role) && (!request.category || OWNER[request.category] === role);
      if (allowed) {
        expect(res.status, `${role} ${request.path}`).toBe(200);
      } else {
        expect([403, 404], `${role} ${request.path}`).toContain(res.status);
        for (const secret of SECRETS) expect(body, `${role} ${request.path}`).not.toContain(secret);
      }
    }
  });

  it("is offered in the navigation only the areas it opens", async () => {
    const page = await (await get("/admin/auditoria", cookies[role])).text();
    const nav = page.slice(page.indexOf('aria-label="Bandeja del personal"'), page.indexOf("</nav>"));
    for (const r of STAFF_ROUTES.filter((x) => x.nav)) {
      if (ACCESS[r.area].includes(role)) expect(nav).toContain(`href="${r.path}"`);
      else expect(nav).not.toContain(`href="${r.path}"`);
    }
  });

  it("lands on the first area of its work, never on the audit log (which every role opens)", async () => {
    const res = await get("/admin", cookies[role]);
    expect(res.status).toBe(302);
    const landing = STAFF_ROUTES.find((r) => r.nav && r.area !== "audit" && ACCESS[r.area].includes(role));
    expect(landing, role).toBeDefined();
    expect(new URL(res.headers.get("location") ?? "", server.url).pathname).toBe(landing?.path);
    expect(res.headers.get("location")).not.toContain("auditoria");
    if (role === "nomina") expect(landing?.path).toBe("/admin/nomina");
    if (role === "seleccion") expect(landing?.path).toBe("/admin/empleos");
  });

  it("reads in the audit log only the events of what it may see", async () => {
    const page = await (await get("/admin/auditoria", cookies[role])).text();
    // Everyone's own sign-in is there; another role's sign-in only for the admin.
    expect(page).toContain(`${role}@example.com`);
    const others = ROLES.filter((r) => r !== role).some((r) => page.includes(`${r}@example.com`));
    if (role === "admin") expect(others).toBe(true);
  });
});

it("a petition is not found on the data-protection pages, nor a data request on the PQRS pages", async () => {
  expect((await get(`/admin/datos/${ids.petition}`, cookies.datos)).status).toBe(404);
  expect((await get(`/admin/pqrs/${ids.dataRequest}`, cookies.pqrs)).status).toBe(404);
  const pqrsList = await (await get("/admin/pqrs", cookies.pqrs)).text();
  expect(pqrsList).toContain(radicados.petition);
  expect(pqrsList).not.toContain(radicados.dataRequest);
  const dataList = await (await get("/admin/datos", cookies.datos)).text();
  expect(dataList).toContain(radicados.dataRequest);
  expect(dataList).not.toContain(radicados.petition);
  expect(await (await get(`/admin/pqrs/${ids.petition}`, cookies.pqrs)).text()).toContain(MARKS.petition);
  expect(await (await get(`/admin/datos/${ids.dataRequest}`, cookies.datos)).text()).toContain(MARKS.dataRequest);
});

it("the export of messages and of reports are refused without the role, with no row in the answer", async () => {
  for (const role of ROLES) {
    for (const [path, area] of [
      ["/admin/exportar.csv", "messages"],
      ["/admin/reportes.csv", "incidents"],
    ] as const) {
      const res = await get(path, cookies[role]);
      const body = await res.text();
      if (ACCESS[area].includes(role)) expect(res.status).toBe(200);
      else {
        expect(res.status).toBe(403);
        expect(body).not.toContain(MARKS.message);
        expect(body).not.toContain(MARKS.report);
      }
    }
  }
});

/**
 * Product rule 34: the audit log shows ethics-line activity (list openings, counts, reads, status
 * changes, purges) only to the owner role of its category. Each ethics role works its cases, an account
 * holding two ethics roles opens the list, the retention purge runs; then every role reads every page of
 * the audit log: an entry about the ethics line is there only for its category's owner, with its counts.
 */
describe("the audit log after the ethics line's owners work", () => {
  const ETHICS_ROLES = ["cumplimiento", "convivencia", "genero"] as const;
  const ETHICS_ROW = /línea ética|linea_etica|acoso sexual|\(consola\)/;
  const extra = { sexual: 0, discrimination: 0 };
  let mixed = "";

  const post = (p: string, cookie: string, body: Record<string, string>) =>
    fetch(server.url + p, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: cookie },
      body: new URLSearchParams(body),
    });

  /** Every row of every page of the audit log, as text ("fecha | persona | acción | caso | detalle"). */
  async function auditRows(cookie: string): Promise<string[]> {
    const rows: string[] = [];
    let href: string | null = "/admin/auditoria";
    for (let pages = 0; href && pages < 50; pages++) {
      const res = await get(href, cookie);
      expect(res.status).toBe(200);
      const html = await res.text();
      const body = html.slice(html.indexOf("<tbody>"), html.indexOf("</tbody>"));
      for (const tr of body.split("<tr>").slice(1))
        rows.push(
          tr
            .split("</td>")
            .slice(0, -1)
            .map((cell) => cell.replace(/<[^>]+>/g, "").trim())
            .join(" | "),
        );
      const next = /<a href="([^"]+)" rel="next">/.exec(html);
      href = next ? next[1].replaceAll("&amp;", "&") : null;
    }
    return rows;
  }

  beforeAll(async () => {
    const sexual = await postJson("/php/linea-etica", {
      categoria: "acoso_sexual",
      descripcion: "Un compañero envía mensajes de contenido sexual no deseados.",
      cuando: "Ayer",
      donde: "Cali",
      identificacion: "anonimo",
    });
    expect(sexual.status).toBe(201);
    const discrimination = await postJson("/php/linea-etica", {
      categoria: "discriminacion",
      descripcion: "A una compañera le niegan turnos por su origen.",
      cuando: "Ayer",
      donde: "Cali",
      identificacion: "anonimo",
    });
    expect(discrimination.status).toBe(201);
    // Their ids, from their radicados (an application to a vacancy took a case id before them).
    const idOf = async (res: Response) =>
      Number(
        (await query<{ id: number }>(databaseUrl, "select id from cases where radicado = ?", [((await res.json()) as { radicado: string }).radicado]))[0].id,
      );
    extra.sexual = await idOf(sexual);
    extra.discrimination = await idOf(discrimination);
    const caseOf = { cumplimiento: ids.bribery, convivencia: ids.harassment, genero: extra.sexual } as const;
    for (const role of ETHICS_ROLES) {
      expect((await get("/admin/etica", cookies[role])).status).toBe(200);
      expect((await get(`/admin/etica/${caseOf[role]}`, cookies[role])).status).toBe(200);
      expect((await post(`/admin/etica/${caseOf[role]}`, cookies[role], { accion: "estado", estado: "en_revision", nota: "" })).status).toBe(302);
    }
    // One account holding two categories opens the list: each category's owner reads its own part.
    createAccount(databaseUrl, "mixta@example.com", "convivencia,genero");
    // The command ran synchronously: let the connections the server closed meanwhile be seen as closed.
    await new Promise((resolve) => setTimeout(resolve, 100));
    mixed = (await signIn(server.url, "mixta@example.com")).cookie;
    expect((await get("/admin/etica", mixed)).status).toBe(200);
    // The retention purge, as the server's daily job and the command line run it.
    const root = path.resolve(import.meta.dirname, "../..");
    // Not spawnSync: a blocked test process would reuse a connection the server closed meanwhile.
    await promisify(execFile)(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/admin.ts", "purge"], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: toDatabaseUrl(databaseUrl), ETHICS_KEY, LOG_LEVEL: "silent" },
    });
  }, 120_000);

  it.each(ROLES)("the %s role reads no other category's activity, count or time", async (role) => {
    const rows = await auditRows(cookies[role]);
    const ethicsRows = rows.filter((r) => ETHICS_ROW.test(r));
    if (!(ETHICS_ROLES as readonly string[]).includes(role)) {
      // Not that the line was used, not when, not how much: nothing.
      expect(ethicsRows, role).toEqual([]);
      if (role === "admin") expect(rows.some((r) => r.includes("Depuró lo que cumplió su plazo"))).toBe(true);
      return;
    }
    const others = ETHICS_ROLES.filter((r) => r !== role);
    for (const row of ethicsRows) {
      for (const other of others) {
        expect(row, role).not.toContain(`${other}@example.com`);
        expect(row, role).not.toContain(`(${other})`);
      }
      if (role !== "cumplimiento") expect(row, role).not.toContain("linea_etica_sagrilaft_ptee");
    }
    const own = ethicsRows.filter((r) => r.includes(`${role}@example.com`));
    expect(
      own.some((r) => r.includes("Abrió la lista de la línea ética")),
      role,
    ).toBe(true);
    expect(
      own.some((r) => r.includes("Abrió un reporte de la línea ética")),
      role,
    ).toBe(true);
    expect(
      own.some((r) => r.includes("Cambió el estado de un reporte de la línea ética")),
      role,
    ).toBe(true);
    // The account with two categories: one entry per category, each with that category's count.
    const mixedLists = ethicsRows.filter((r) => r.includes("mixta@example.com") && r.includes("Abrió la lista"));
    if (role === "cumplimiento") expect(mixedLists).toEqual([]);
    if (role === "convivencia") expect(mixedLists.map((r) => r.split(" | ").at(-1))).toEqual(["2 reporte(s)"]);
    if (role === "genero") expect(mixedLists.map((r) => r.split(" | ").at(-1))).toEqual(["1 reporte(s)"]);
    // The purge's count of the category goes to its owner alone.
    if (role === "convivencia") expect(ethicsRows.some((r) => r.includes("linea_etica_convivencia (convivencia): 2 para revisión legal"))).toBe(true);
    if (role === "genero") expect(ethicsRows.some((r) => r.includes("linea_etica_convivencia (genero): 1 para revisión legal"))).toBe(true);
  });

  it("the purge's summary, read by the admin and the data-protection officer, counts no ethics category", async () => {
    for (const role of ["admin", "datos"] as const) {
      const purges = (await auditRows(cookies[role])).filter((r) => r.includes("Depuró lo que cumplió su plazo"));
      expect(purges.length, role).toBeGreaterThan(0);
      for (const row of purges) expect(row, role).not.toMatch(/linea_etica/);
    }
  });

  it("the purge's count of the audit log kept for review leaves out the ethics line's entries; each owner reads its own", async () => {
    const rows = await auditRows(cookies.admin);
    const summary = rows.find((r) => /auditoria: \d+ para revisión legal/.test(r));
    expect(summary).toBeDefined();
    const counted = Number(/auditoria: (\d+) para revisión legal/.exec(summary ?? "")![1]);
    // Every entry but the purge's own existed when the purge counted; only the purge writes after it.
    const ethics = "(audience is not null or (case_id is not null and case_id in (select id from cases where channel = 'etica')))";
    const count = async (where: string) =>
      Number((await query<{ n: number | string }>(databaseUrl, `select count(*) as n from audit_log where ${where}`, []))[0].n);
    const shared = await count(`action <> 'depurar_retencion' and not ${ethics}`);
    const ethicsEntries = await count(`action <> 'depurar_retencion' and ${ethics}`);
    const purgeEntries = await count("action = 'depurar_retencion'");
    expect(ethicsEntries).toBeGreaterThan(purgeEntries);
    expect(counted).toBeGreaterThanOrEqual(shared);
    expect(counted).toBeLessThanOrEqual(shared + purgeEntries);
    const own = (await auditRows(cookies.convivencia)).find((r) => /auditoria \(convivencia\): \d+ para revisión legal/.test(r));
    expect(own).toBeDefined();
  });
});
