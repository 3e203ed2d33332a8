/**
 * The case lists past one page (ADR 018), over HTTP against the production server, on the
 * suite's engine: each list puts what is late first and still reaches every case by keyset paging,
 * forward with "Siguiente" and back with "Anterior" from "Última página", without a gap or a repeat,
 * with plain links (no JavaScript):
 * - PQRS: the requests whose clock runs, by due date (the overdue first); those waiting for the person,
 *   by the last day to complete them; then the answered and closed, newest first;
 * - the ethics line: the committee's open cases past their 65 days first (ADR 020);
 * - the accident reports: the FURATs past their deadline while one of the four notices due with them is
 *   missing, first; recording the fourth takes a report out of that segment.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccounts, signIn } from "../support/accounts";
import { execute, freshDatabaseUrl, query } from "../support/database";
import { INCIDENT_REPORT, today } from "../support/reports";
import { type ServerProcess, startServer } from "../support/server-process";

let server: ServerProcess;
let dbUrl = "";
const cookies: Record<string, string> = {};
const ETHICS_KEY = Buffer.alloc(32, 9).toString("base64");
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();

const postJson = (p: string, body: unknown) =>
  fetch(server.url + p, { method: "POST", headers: { "Content-Type": "application/json", Origin: server.url }, body: JSON.stringify(body) });
const get = (role: string, p: string) => fetch(server.url + p, { headers: { Cookie: cookies[role] }, redirect: "manual" });
const staffPost = (role: string, p: string, body: Record<string, string>) =>
  fetch(server.url + p, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: cookies[role] },
    body: new URLSearchParams(body),
  });
/** What the page says, without its markup (React writes <!-- --> between a number and its text). */
const text = (html: string) => html.replace(/<!-- -->/g, "").replace(/\s+/g, " ");
const link = (html: string, text: string) => html.match(new RegExp(`<a href="([^"]*)"[^>]*>${text}</a>`))?.[1].replace(/&amp;/g, "&");

async function page(role: string, p: string) {
  const res = await get(role, p);
  expect(res.status, p).toBe(200);
  return res.text();
}

/** Files a case through the public API and returns its id. */
async function file(door: string, body: unknown): Promise<number> {
  const res = await postJson(door, body);
  expect(res.status, door).toBe(201);
  const { radicado } = (await res.json()) as { radicado: string };
  const [row] = await query<{ id: number | string }>(dbUrl, "select id from cases where radicado = ?", [radicado]);
  return Number(row.id);
}

/**
 * Every case id of a list, in list order: forward from the first page, then back from the last page,
 * which must give the same sequence.
 */
async function walk(role: string, base: string, detail: RegExp) {
  const ids = (html: string) => [...html.matchAll(detail)].map((m) => Number(m[1]));
  const forward: number[] = [];
  let href: string | undefined = "";
  const first = await page(role, base);
  for (let html = first, guard = 0; guard < 20; guard++) {
    forward.push(...ids(html));
    href = link(html, "Siguiente");
    if (!href) break;
    html = await page(role, `${base}${href}`);
  }
  const backward: number[][] = [];
  const last = link(first, "Última página");
  // A list of more than one page must offer its last page; without the link the walk back would compare
  // nothing, so its absence is a failure, not a pass.
  if (link(first, "Siguiente") && !last) throw new Error(`${base}: la primera página no enlaza a la «Última página»`);
  if (last) {
    let html = await page(role, `${base}${last}`);
    for (let guard = 0; guard < 20; guard++) {
      backward.unshift(ids(html));
      href = link(html, "Anterior");
      if (!href) break;
      html = await page(role, `${base}${href}`);
    }
  }
  // Going back, the newest page is always a full one, so it may repeat rows of the page after it: each
  // row counts once, where it first appears.
  return { first: text(first), forward, backward: [...new Set(backward.flat())] };
}

beforeAll(async () => {
  dbUrl = await freshDatabaseUrl("listas");
  server = await startServer({ FORM_RATE_LIMIT: "100000", LOOKUP_RATE_LIMIT: "100000", ETHICS_KEY, LOG_LEVEL: "silent" }, dbUrl);
  createAccounts(
    dbUrl,
    ["pqrs", "convivencia", "sst"].map((role) => [`${role}@example.com`, role] as const),
  );
  for (const role of ["pqrs", "convivencia", "sst"]) {
    cookies[role] = (await signIn(server.url, `${role}@example.com`)).cookie;
  }
}, 120_000);
afterAll(() => server?.stop());

describe("the PQRS list", () => {
  it("lists the running clocks by due date, then those waiting for the person, then the rest, and pages through all of them", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 130; i++) {
      ids.push(
        await file("/php/pqrs", {
          tipo: "peticion",
          descripcion: `Solicito una constancia laboral (${i}).`,
          nombre: `Persona ${i}`,
          tipo_documento: "CC",
          documento: `${10_000_000 + i}`,
          correo: `persona${i}@example.org`,
          consentimiento: true,
        }),
      );
    }
    // 30 answered (newest first at the end), 20 waiting for the person (by their last day), 80 running
    // (by due date: 10 of them overdue).
    const answered = ids.slice(0, 30);
    const waiting = ids.slice(30, 50);
    const running = ids.slice(50);
    for (const [i, id] of answered.entries()) {
      await execute(dbUrl, "update cases set status = 'respondido', received_at = ? where id = ?", [daysAgo(40 - i / 10), id]);
      await execute(dbUrl, "update pqrs_requests set answered_at = ? where case_id = ?", [daysAgo(1), id]);
    }
    for (const [i, id] of waiting.entries()) {
      await execute(dbUrl, "update cases set status = 'por_completar' where id = ?", [id]);
      await execute(dbUrl, "update pqrs_requests set due_at = null, completion_deadline = ? where case_id = ?", [
        new Date(Date.parse(`${today}T12:00:00Z`) + (20 - i) * 86_400_000).toISOString().slice(0, 10),
        id,
      ]);
    }
    for (const [i, id] of running.entries()) {
      // Due dates in reverse order of filing (the list must sort them, not keep the filing order), the
      // last ten filed already past.
      await execute(dbUrl, "update pqrs_requests set due_at = ? where case_id = ?", [daysAgo(5.25 - (running.length - i) * 0.5), id]);
    }

    const { first, forward, backward } = await walk("pqrs", "/admin/pqrs", /href="\/admin\/pqrs\/(\d+)"/g);
    expect(first).toContain("130 solicitudes");
    expect(first).toContain("10 vencida(s)");
    expect(forward).toHaveLength(130);
    expect(new Set(forward).size).toBe(130);
    expect(forward).toEqual([...[...running].reverse(), ...[...waiting].reverse(), ...[...answered].reverse()]);
    expect(backward).toEqual(forward);
  });
});

describe("the ethics line's list", () => {
  it("puts the committee's open cases past their 65 days first, and pages through every case", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 70; i++) {
      ids.push(
        await file("/php/linea-etica", {
          categoria: "acoso_laboral",
          descripcion: `El supervisor me grita delante del equipo cada mañana (${i}).`,
          cuando: "Desde octubre",
          donde: "Planta de Yumbo",
          identificacion: "anonimo",
        }),
      );
    }
    // Twelve filed 80 days ago: ten still open (overdue), two closed (not overdue).
    const old = ids.slice(0, 12);
    for (const [i, id] of old.entries()) await execute(dbUrl, "update cases set received_at = ? where id = ?", [daysAgo(80 - i / 100), id]);
    for (const id of old.slice(10)) await execute(dbUrl, "update cases set status = 'cerrado' where id = ?", [id]);

    const { first, forward, backward } = await walk("convivencia", "/admin/etica", /href="\/admin\/etica\/(\d+)"/g);
    expect(first).toContain("70 reportes");
    expect(first).toContain("10 con el plazo del comité vencido");
    expect(forward.slice(0, 10)).toEqual(old.slice(0, 10).reverse());
    expect(new Set(forward).size).toBe(70);
    expect(forward).toHaveLength(70);
    expect(backward).toEqual(forward);
    expect(first.match(/VENCIDO/g)).toHaveLength(10);
  });
});

describe("the accident reports' list", () => {
  it("puts the FURATs overdue first until the fourth notice is recorded, and pages through every report", async () => {
    const report = {
      ...INCIDENT_REPORT,
      tipo: "accidente",
      descripcion: "Resbaló en el piso mojado y se golpeó la muñeca.",
      lesion: "Esguince",
      parte_cuerpo: "Muñeca derecha",
      atencion_medica: "no",
      consentimiento_salud: true,
    };
    const ids: number[] = [];
    for (let i = 0; i < 70; i++) ids.push(await file("/php/incidente", { ...report, trabajador_nombre: `Trabajador ${i}` }));
    // Fifteen whose FURAT deadline passed: five get all four notices (out of the overdue segment), two
    // only the ARL's (still overdue).
    const late = ids.slice(0, 15);
    for (const id of late) await execute(dbUrl, "update accident_reports set furat_due_at = ? where case_id = ?", [daysAgo(1), id]);
    for (const id of late.slice(0, 5)) {
      for (const aviso of ["arl", "eps", "trabajador", "territorial"]) {
        const res = await staffPost("sst", `/admin/reportes/${id}`, { accion: "aviso", aviso, fecha: today, referencia: `R-${id}` });
        expect(res.status).toBe(302);
      }
    }
    for (const id of late.slice(5, 7))
      expect((await staffPost("sst", `/admin/reportes/${id}`, { accion: "aviso", aviso: "arl", fecha: today, referencia: "" })).status).toBe(302);

    const overdue = late.slice(5);
    const { first, forward, backward } = await walk("sst", "/admin/reportes", /href="\/admin\/reportes\/(\d+)"/g);
    expect(forward.slice(0, 10)).toEqual([...overdue].reverse());
    expect(new Set(forward).size).toBe(70);
    expect(forward).toHaveLength(70);
    expect(backward).toEqual(forward);
    expect(first.match(/VENCIDO/g)).toHaveLength(10);
  });
});

describe("the lists' filter form", () => {
  it("is a labelled search form with «Filtrar», and while a filter is set a «Quitar filtros» link back to the whole list", async () => {
    const formOf = (html: string) => html.match(/<form [^>]*role="search"[^>]*>[\s\S]*?<\/form>/)?.[0] ?? "";
    for (const [role, base, label] of [
      ["pqrs", "/admin/pqrs", "Filtrar solicitudes"],
      ["convivencia", "/admin/etica", "Filtrar reportes de la línea ética"],
      ["sst", "/admin/reportes", "Filtrar reportes"],
    ] as const) {
      const plain = formOf(await page(role, base));
      expect(plain, base).toContain(`aria-label="${label}" method="get"`);
      expect(plain, base).toMatch(/<label for="([^"]+)">Estado<\/label><select id="\1" name="estado">/);
      expect(plain, base).toContain(">Filtrar</button>");
      expect(plain, base).not.toContain("Quitar filtros");
      const status = plain.match(/name="estado">[\s\S]*?<option value="([^"]+)"/)?.[1];
      const filtered = formOf(await page(role, `${base}?estado=${status}`));
      expect(filtered, base).toContain(`<option value="${status}" selected="">`);
      expect(link(filtered, "Quitar filtros"), base).toBe(base);
    }
  });
});
