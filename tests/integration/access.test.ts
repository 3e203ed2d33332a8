/**
 * Access by role, deny by default (product rule 30, app/config/access.ts): one account per role signs
 * in and requests every staff page and export. Where the matrix allows it: 200. Elsewhere: 403 (or 404
 * for another category's ethics report), and never the data. The navigation offers only what opens.
 * Runs on the suite's engine.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS, STAFF_ROUTES } from "~/config/access";
import { ROLES, type Role } from "~/config/roles";
import { createAccount, signIn } from "../support/accounts";
import { freshDatabaseUrl } from "../support/database";
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
};

let server: ServerProcess;
const cookies = {} as Record<Role, string>;
const ids = { message: 0, report: 0, bribery: 0, harassment: 0, petition: 0, dataRequest: 0 };
const radicados = { petition: "", dataRequest: "" };

const postJson = (p: string, body: unknown) =>
  fetch(server.url + p, { method: "POST", headers: { "Content-Type": "application/json", Origin: server.url }, body: JSON.stringify(body) });
const get = (p: string, cookie: string) => fetch(server.url + p, { headers: { Cookie: cookie }, redirect: "manual" });

beforeAll(async () => {
  const dbUrl = await freshDatabaseUrl("acceso");
  server = await startServer({ ETHICS_KEY }, dbUrl);
  for (const role of ROLES) createAccount(dbUrl, `${role}@example.com`, role);
  for (const role of ROLES) {
    const { response, cookie } = await signIn(server.url, `${role}@example.com`);
    expect(response.status).toBe(302);
    cookies[role] = cookie;
  }
  expect((await postJson("/php/contacto", { nombre: "Ana", celular: "3001234567", correo: "ana@example.org", mensaje: `Quisiera información. ${MARKS.message}`, consentimiento: true })).status).toBe(201);
  ids.message = 1;
  const report = await postJson("/php/incidente", { ...REPORT, descripcion: `Resbaló en el piso mojado de la bodega. ${MARKS.report}` });
  expect(report.status).toBe(201);
  ids.report = 1;
  const bribery = await postJson("/php/linea-etica", { categoria: "soborno", descripcion: `Un proveedor ofreció dinero al jefe de compras. ${MARKS.bribery}`, cuando: "Ayer", donde: "Bogotá", identificacion: "anonimo" });
  expect(bribery.status).toBe(201);
  const harassment = await postJson("/php/linea-etica", { categoria: "acoso_laboral", descripcion: `El supervisor grita e insulta a diario al equipo. ${MARKS.harassment}`, cuando: "Ayer", donde: "Cali", identificacion: "anonimo" });
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
      ["/admin/reportes.csv", "reports"],
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
