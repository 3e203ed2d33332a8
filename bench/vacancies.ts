/**
 * Vacancies benchmark (ADR 028), SQLite: a database created by the real migrations, filled by SQL (a few
 * hundred open vacancies; one vacancy with `--applications` applications, each a case with its event and
 * its row), the production server started on it; then, from outside, the p95 of the public list (plain,
 * filtered, searched), a vacancy's page, the staff list of that vacancy's applications (first page, a
 * deep page by its cursor, a status filter, a document search), and the server's peak memory while
 * `--uploads` applications with a 2 MB résumé arrive at once. Prints a Markdown table.
 *
 *   npm run bench:vacancies -- [--applications 1000000] [--runs 30] [--uploads 20]
 *
 * A million applications take a few minutes to generate; keep 100,000 (the default) while developing.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import SQLite from "better-sqlite3";
import { openDatabase } from "../app/platform/db/database.server";
import { createAccount, signIn } from "../tests/support/accounts.ts";
import { startServer } from "../tests/support/server-process.ts";

const { values } = parseArgs({
  options: { applications: { type: "string", default: "100000" }, runs: { type: "string", default: "30" }, uploads: { type: "string", default: "20" } },
});
const n = Number(values.applications);
const runs = Number(values.runs);
const uploads = Number(values.uploads);
process.env.LOG_LEVEL = "silent";
const say = (line: string) => console.error(`[bench:vacancies] ${line}`);
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)];

const file = path.join(mkdtempSync(path.join(tmpdir(), "bench-vacantes-")), "sitio.db");
await (await openDatabase(`file:${file}`)).destroy();
say(`generando ${n} postulaciones en ${file}`);
const started = Date.now();
{
  const db = new SQLite(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = OFF");
  const now = new Date().toISOString();
  const closes = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const cities = [
    ["Cali", "76001"],
    ["Bogotá, D.C.", "11001"],
    ["Medellín", "05001"],
    ["Barranquilla", "08001"],
    ["Bucaramanga", "68001"],
    ["Pereira", "66001"],
    ["Cartagena", "13001"],
    ["Manizales", "17001"],
  ];
  const insertVacancy = db.prepare(
    `insert into vacancies (slug, status, title, city, city_code, department, sector, company_name, salary_min, salary_max, schedule, contract, workday, places, requirements, duties, closes_on, spe_code, search_text, created_at, updated_at, published_at, closed_at)
     values (?, 'publicada', ?, ?, ?, 'Valle del Cauca', 'Logística y transporte', null, 1600000, null, 'Lunes a sábado', 'obra_labor', 'FULL_TIME', 2, 'Bachiller\nExperiencia de seis meses', 'Recibir mercancía\nDespachar pedidos', ?, ?, ?, ?, ?, ?, null)`,
  );
  db.transaction(() => {
    for (let i = 0; i < 300; i++) {
      const at = new Date(Date.now() - i * 3_600_000).toISOString();
      const title = `${["Auxiliar de bodega", "Operario de empaque", "Conductor", "Asesor comercial", "Auxiliar contable"][i % 5]} ${i}`;
      insertVacancy.run(`vacante-${i}`, title, ...cities[i % cities.length], closes, `SPE-${i}`, title.toLowerCase(), at, at, at);
    }
  })();
  // The applications of vacancy 1: one statement each for cases, events and rows, from a recursive series.
  const t0 = Date.parse(now) - n * 1000;
  db.exec(`
    with recursive s(i) as (select 1 union all select i + 1 from s where i < ${n})
    insert into cases (id, channel, kind, radicado, code_salt, code_hash, status, received_at, learned_at, consent_at, policy_version, sensitive_consent_at, contact_email, updated_at)
    select i, 'postulaciones', 'postulacion', printf('HV-2026-%06d', i), '00', '${"0".repeat(64)}',
      case i % 5 when 0 then 'recibida' when 1 then 'en_revision' when 2 then 'remitida' when 3 then 'no_seleccionada' else 'recibida' end,
      strftime('%Y-%m-%dT%H:%M:%fZ', ${t0 / 1000} + i, 'unixepoch'), strftime('%Y-%m-%dT%H:%M:%fZ', ${t0 / 1000} + i, 'unixepoch'),
      strftime('%Y-%m-%dT%H:%M:%fZ', ${t0 / 1000} + i, 'unixepoch'), '1.3', null, 'persona' || i || '@example.org', strftime('%Y-%m-%dT%H:%M:%fZ', ${t0 / 1000} + i, 'unixepoch')
    from s;
    insert into case_events (case_id, at, type, status, note, visible, author) select id, received_at, 'estado', 'recibida', null, 1, 'sistema' from cases where channel = 'postulaciones';
    insert into job_applications (case_id, vacancy_id, received_at, nombre, tipo_documento, documento, correo, celular, ciudad, mensaje, selection_consent_at, resume_key, resume_size, resume_sha256, resume_updated_at, withdrawn_at)
    select id, 1, received_at, 'Persona ' || id, 'CC', cast(10000000 + id as text), contact_email, '3001234567',
      case id % 8 when 0 then 'Cali' when 1 then 'Bogotá D. C.' when 2 then 'Medellín' when 3 then 'Barranquilla' when 4 then 'Bucaramanga' when 5 then 'Pereira' when 6 then 'Cartagena' else 'Manizales' end,
      null, received_at, printf('%032x', id), 1000, '${"0".repeat(64)}', received_at, null
    from cases where channel = 'postulaciones';
    insert into radicado_sequences (prefix, year, last_number) values ('HV', 2026, ${n}) on conflict do update set last_number = excluded.last_number;
  `);
  db.exec("analyze");
  db.close();
}
say(`datos listos en ${((Date.now() - started) / 1000).toFixed(1)} s`);
createAccount(file, "seleccion@example.com", "seleccion");
const server = await startServer({ FORM_RATE_LIMIT: "100000" }, file);
const { cookie } = await signIn(server.url, "seleccion@example.com");

async function time(p: string, headers: Record<string, string> = {}): Promise<number[]> {
  const xs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const res = await fetch(server.url + p, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${p}: ${res.status}`);
    xs.push(performance.now() - t);
  }
  return xs;
}

const rows: [string, number][] = [];
const measure = async (label: string, p: string, headers: Record<string, string> = {}) => rows.push([label, p95(await time(p, headers))]);
await measure("/empleos", "/empleos");
await measure("/empleos?ciudad=76001&q=bodega", `/empleos?ciudad=76001&q=bodega`);
await measure("/empleos?pagina=10", "/empleos?pagina=10");
await measure("/empleos/<vacante>", "/empleos/vacante-0");
const staff = { Cookie: cookie };
await measure(`postulaciones: primera página (${n})`, "/admin/empleos/1/postulaciones", staff);
const middle = await (await fetch(`${server.url}/admin/empleos/1/postulaciones?ultima=1`, { headers: staff })).text();
const deep = /href="([^"]*despues=[^"]+)"/.exec(middle)?.[1]?.replaceAll("&amp;", "&");
if (deep) await measure("postulaciones: página profunda (cursor)", `/admin/empleos/1/postulaciones${deep.slice(deep.indexOf("?"))}`, staff);
await measure("postulaciones: estado «en revisión»", "/admin/empleos/1/postulaciones?estado=en_revision", staff);
await measure("postulaciones: ciudad «Pereira»", `/admin/empleos/1/postulaciones?ciudad=Pereira`, staff);
await measure("postulaciones: documento", `/admin/empleos/1/postulaciones?q=${10000000 + Math.floor(n / 2)}`, staff);

// Memory while résumés arrive at once: the body is read whole (at most 4 MB each) before it is checked.
const rss = () => {
  const status = readFileSync(`/proc/${server.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};
const before = rss();
let peak = before;
const poll = setInterval(() => (peak = Math.max(peak, rss())), 20);
const resume = Buffer.concat([
  Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n", "latin1"),
  Buffer.alloc(2 * 1024 * 1024 - 200, 32),
  Buffer.from("\n%%EOF\n"),
]);
const t = performance.now();
const answers = await Promise.all(
  Array.from({ length: uploads }, (_, i) => {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      nombre: "Prueba",
      tipo_documento: "CC",
      documento: String(90000000 + i),
      correo: `p${i}@example.org`,
      celular: "3001234567",
      ciudad: "Cali",
      consentimiento: "on",
    }))
      form.set(k, v);
    form.set("hoja_de_vida", new Blob([new Uint8Array(resume)], { type: "application/pdf" }), "hv.pdf");
    return fetch(`${server.url}/empleos/vacante-1`, { method: "POST", redirect: "manual", headers: { Origin: server.url }, body: form }).then((r) => r.status);
  }),
);
const elapsed = performance.now() - t;
clearInterval(poll);
await server.stop();

console.log(`\n| Medida (${n} postulaciones, SQLite, ${runs} repeticiones) | p95 (ms) |\n|---|---|`);
for (const [label, ms] of rows) console.log(`| ${label} | ${ms.toFixed(1)} |`);
console.log(
  `\n${uploads} postulaciones con hoja de vida de 2 MB a la vez: ${elapsed.toFixed(0)} ms, respuestas ${[...new Set(answers)].join(", ")}; memoria del servidor ${before.toFixed(0)} → pico ${peak.toFixed(0)} MB.`,
);
