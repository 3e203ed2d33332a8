/**
 * Staff area benchmark (ADR 018): generates a database through the real migrations
 * (bench/staff-data.ts), starts the production server on it, signs in, and times from outside what the
 * staff do — lists (first, next, last page, filters), searches, details, the data-subject search, the
 * case lists, the audit log — as medians of `--runs` (5), then the CSV exports (time, bytes, the server's
 * peak memory), and a public post while a list runs and while an export and searches run (with
 * /healthz). Prints a Markdown table; the figures also go to bench/results/.
 *
 *   npm run bench:staff -- --messages 100000 --engine sqlite|postgres [--runs 5] [--postgres-url URL] [--keep]
 *
 * It runs on older versions of the site too (for a before/after): a page without the newer links is
 * paged the old way (?pagina=N up to its limit), and a figure it cannot take is left as "—".
 * Keep it small while developing (100k); a million messages take minutes to generate.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { createAccount, signIn } from "../tests/support/accounts.ts";
import { query } from "../tests/support/database.ts";
import { type PostgresServer, startPostgres } from "../tests/support/postgres.ts";
import { type ServerProcess, startServer } from "../tests/support/server-process.ts";
import { generate, type Generated } from "./staff-data.ts";

const { values } = parseArgs({
  options: {
    messages: { type: "string", default: "100000" },
    engine: { type: "string", default: "sqlite" },
    runs: { type: "string", default: "5" },
    "postgres-url": { type: "string" },
    keep: { type: "boolean", default: false },
    label: { type: "string", default: "" },
  },
});
const engine = values.engine === "postgres" ? "postgres" : values.engine === "sqlite" ? "sqlite" : undefined;
const n = Number(values.messages);
const runs = Number(values.runs);
if (!engine || !Number.isInteger(n) || n < 10 || !Number.isInteger(runs) || runs < 1) {
  console.error("Uso: npm run bench:staff -- --messages N --engine sqlite|postgres [--runs 5]");
  process.exit(2);
}
process.env.LOG_LEVEL = "silent";

const say = (line: string) => console.error(`[bench:staff] ${line}`);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};
const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? NaN;
};
const ms = (x: number) => (Number.isFinite(x) ? (x >= 1000 ? `${(x / 1000).toFixed(2)} s` : `${x.toFixed(x < 10 ? 1 : 0)} ms`) : "—");
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));

// The database.
let postgres: PostgresServer | undefined;
let url: string;
let dir: string | undefined;
if (engine === "postgres") {
  const admin = values["postgres-url"] ?? (postgres = await startPostgres()).adminUrl;
  const name = `banco_personal_${process.pid}_${Date.now() % 100000}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database "${name}"`);
  await client.end();
  const u = new URL(admin);
  u.pathname = `/${name}`;
  url = u.href;
} else {
  dir = mkdtempSync(path.join(tmpdir(), "banco-personal-"));
  url = `file:${path.join(dir, "sitio.db")}`;
}
say(`generando ${n} mensajes en ${engine}…`);
const generated: Generated = await generate(url, engine, n, say);
say(`datos listos en ${generated.generationSeconds.toFixed(1)} s (migraciones posteriores a 010 sobre los datos: ${generated.migrationSeconds.toFixed(1)} s)`);

const [probe] = await query<{ id: number; correo: string; nombre: string; celular: string; received_at: string }>(
  url,
  "select id, correo, nombre, celular, received_at from messages where id = ?",
  [Math.ceil(n / 2)],
);
const [probeCase] = await query<{ id: number }>(url, "select id from cases where channel = 'incidentes' and id = ?", [Math.ceil(generated.cases / 2)]);
createAccount(url, "jefe@example.com", "admin,sst,cumplimiento,convivencia,genero,datos");
createAccount(url, "datos@example.com", "datos");

const server: ServerProcess = await startServer(
  { LOG_LEVEL: "silent", ETHICS_KEY: randomBytes(32).toString("base64"), FORM_RATE_LIMIT: "1000000000", DATABASE_POOL_SIZE: "10" },
  url,
);
const results: { operación: string; valor: string; nota?: string }[] = [];
const record = (operación: string, valor: string, nota?: string) => {
  results.push({ operación, valor, nota });
  say(`${operación}: ${valor}${nota ? ` (${nota})` : ""}`);
};

try {
  const cookies = { jefe: (await signIn(server.url, "jefe@example.com")).cookie, datos: (await signIn(server.url, "datos@example.com")).cookie };
  const get = async (p: string, cookie = cookies.jefe) => {
    const started = performance.now();
    const res = await fetch(server.url + p, { headers: { Cookie: cookie }, redirect: "manual" });
    const body = await res.text();
    return { status: res.status, body, ms: performance.now() - started };
  };
  const timed = async (name: string, p: string | undefined, cookie = cookies.jefe, note?: (body: string) => string) => {
    if (!p) return record(name, "—", "no existe en esta versión");
    const first = await get(p, cookie);
    if (first.status !== 200) return record(name, `error ${first.status}`);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) times.push((await get(p, cookie)).ms);
    record(name, ms(median(times)), note?.(first.body));
  };
  const link = (html: string, text: string) => {
    const m = html.match(new RegExp(`<a href="([^"]*)"[^>]*>${text}</a>`));
    return m ? m[1].replace(/&amp;/g, "&") : undefined;
  };
  const summary = (html: string) =>
    html
      .match(/class="admin-summary">([^<·]*)/)?.[1]
      .replace(/<!-- -->/g, "")
      .trim() ?? "";
  // The last page: the newer "Última página" link, or the older ?pagina=N (at most 10,000 pages).
  const lastOf = (base: string, html: string, rowsPerPage: number, total?: number) => {
    const last = link(html, "Última página");
    if (last) return `${base}${last}`;
    const pages = Number(html.match(/Página (?:<!-- -->)?1(?:<!-- -->)? de (?:<!-- -->)?(\d+)/)?.[1] ?? (total ? Math.ceil(total / rowsPerPage) : NaN));
    return Number.isFinite(pages) ? `${base}?pagina=${Math.min(10_000, pages)}` : undefined;
  };

  // A public post (and /healthz) while the staff area works.
  const body = JSON.stringify({
    nombre: "Prueba de carga",
    celular: "300 123 4567",
    correo: "carga@example.org",
    mensaje: "Mensaje de prueba.",
    consentimiento: true,
  });
  const posts = async (until: () => boolean, everyMs = 50) => {
    const latencies: number[] = [];
    const failures: number[] = [];
    const inflight: Promise<void>[] = [];
    while (!until()) {
      inflight.push(
        (async () => {
          const started = performance.now();
          const res = await fetch(`${server.url}/php/contacto`, { method: "POST", headers: { "Content-Type": "application/json" }, body });
          await res.arrayBuffer();
          (res.status === 201 ? latencies : failures).push(performance.now() - started);
        })(),
      );
      await sleep(everyMs);
    }
    await Promise.all(inflight);
    return { latencies, failures };
  };
  const health = async (until: () => boolean) => {
    const times: number[] = [];
    while (!until()) {
      const started = performance.now();
      await fetch(`${server.url}/healthz`).then((r) => r.arrayBuffer());
      times.push(performance.now() - started);
      await sleep(200);
    }
    return times;
  };
  const report = (name: string, r: { latencies: number[]; failures: number[] }) =>
    record(
      name,
      `p50 ${ms(percentile(r.latencies, 50))} · p99 ${ms(percentile(r.latencies, 99))}`,
      `${r.latencies.length} envíos${r.failures.length ? `, ${r.failures.length} fallidos` : ""}`,
    );

  // First, before any staff work: a public post on the idle server.
  let stop = Date.now() + 10_000;
  report("Envío público, en reposo", await posts(() => Date.now() > stop));

  // Messages.
  const page1 = await get("/admin/mensajes");
  await timed("Mensajes, página 1", "/admin/mensajes", cookies.jefe, summary);
  const next = link(page1.body, "Siguiente");
  await timed("Mensajes, página siguiente", next ? `/admin/mensajes${next}` : undefined);
  const lastMessages = lastOf("/admin/mensajes", page1.body, 25);
  await timed("Mensajes, última página alcanzable", lastMessages, cookies.jefe, () => lastMessages ?? "");
  const lastPage = lastMessages ? await get(lastMessages) : undefined;
  const oldest = (await query<{ id: number }>(url, "select min(id) as id from messages"))[0].id;
  record("El mensaje más antiguo está en la última página", lastPage && lastPage.body.includes(`/admin/mensajes/${oldest}"`) ? "sí" : "no");
  await timed("Mensajes, filtro cliente + nuevos", "/admin/mensajes?formulario=cliente&estado=nuevo", cookies.jefe, summary);
  const middle = new Date(Date.parse(probe.received_at) - 5 * 3_600_000).toISOString().slice(0, 7);
  await timed("Mensajes, filtro de un mes", `/admin/mensajes?desde=${middle}-01&hasta=${middle}-28`, cookies.jefe, summary);
  const unaccented = probe.nombre.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
  await timed("Búsqueda por correo (otras mayúsculas)", `/admin/mensajes?q=${encodeURIComponent(probe.correo.toUpperCase())}`, cookies.jefe, summary);
  await timed("Búsqueda por nombre sin tildes", `/admin/mensajes?q=${encodeURIComponent(unaccented)}`, cookies.jefe, summary);
  await timed(
    "Búsqueda por celular (solo dígitos)",
    `/admin/mensajes?q=${probe.celular.replace(/\D/g, "").replace(/^57(?=\d{10}$)/, "")}`,
    cookies.jefe,
    summary,
  );
  await timed("Búsqueda de una palabra frecuente + filtro", "/admin/mensajes?q=certificado&formulario=cliente", cookies.jefe, summary);
  await timed("Detalle de un mensaje", `/admin/mensajes/${probe.id}`);
  await timed("Titulares: búsqueda por correo", `/admin/titulares?correo=${encodeURIComponent(probe.correo.toUpperCase())}`);

  // Cases and the audit log.
  const reports1 = await get("/admin/reportes");
  await timed("Reportes, página 1", "/admin/reportes", cookies.jefe, summary);
  await timed("Reportes, última página", link(reports1.body, "Última página") ? `/admin/reportes${link(reports1.body, "Última página")}` : undefined);
  await timed("Reportes, filtro de estado", "/admin/reportes?estado=en_revision&tipo=accidente", cookies.jefe, summary);
  await timed("Detalle de un reporte", `/admin/reportes/${probeCase.id}`);
  await timed("Línea ética, página 1", "/admin/etica", cookies.jefe, summary);
  const audit1 = await get("/admin/auditoria");
  await timed("Auditoría, página 1", "/admin/auditoria");
  await timed("Auditoría, última página alcanzable", lastOf("/admin/auditoria", audit1.body, 50, generated.audit + 10));
  await timed("Auditoría, página 1 de un rol con pocos eventos (datos)", "/admin/auditoria", cookies.datos);

  // Exports: time, size, the server's peak memory.
  const rss = () => {
    try {
      return Number(readFileSync(`/proc/${server.pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)?.[1] ?? NaN) / 1024;
    } catch {
      return NaN;
    }
  };
  const download = async (p: string) => {
    const before = rss();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rss())), 50);
    const started = performance.now();
    const res = await fetch(server.url + p, { headers: { Cookie: cookies.jefe, "Accept-Encoding": "identity" } });
    let bytes = 0;
    let firstByte = NaN;
    let lines = 0;
    if (res.body) {
      for await (const chunk of res.body) {
        if (!bytes) firstByte = performance.now() - started;
        bytes += chunk.length;
        const buffer = Buffer.from(chunk as Uint8Array);
        for (let at = buffer.indexOf(10); at !== -1; at = buffer.indexOf(10, at + 1)) lines++;
      }
    }
    clearInterval(sampler);
    return { status: res.status, ms: performance.now() - started, firstByte, bytes, lines, before, peak: Math.max(peak, rss()) };
  };
  for (const [name, p] of [
    ["CSV de mensajes", "/admin/exportar.csv"],
    ["CSV de reportes", "/admin/reportes.csv"],
  ] as const) {
    const d = await download(p);
    if (d.status !== 200) record(name, `error ${d.status} tras ${ms(d.ms)}`);
    else
      record(
        name,
        `${ms(d.ms)} / pico ${d.peak.toFixed(0)} MB`,
        `${d.lines - 1} filas, ${(d.bytes / 1e6).toFixed(0)} MB, primer byte ${ms(d.firstByte)}, memoria antes ${d.before.toFixed(0)} MB`,
      );
  }

  // While lists and searches run back to back (the heaviest pages of the list above).
  let listing = true;
  const lists = (async () => {
    const pages = [
      "/admin/mensajes",
      lastMessages ?? "/admin/mensajes",
      `/admin/mensajes?q=${encodeURIComponent(probe.correo)}`,
      "/admin/mensajes?formulario=cliente&estado=nuevo",
    ];
    for (let i = 0; listing; i++) await get(pages[i % pages.length]);
  })();
  stop = Date.now() + 10_000;
  report("Envío público mientras corren listas y búsquedas", await posts(() => Date.now() > stop));
  listing = false;
  await lists;

  // While the messages export and searches run: exports back to back for at least 5 s (one at least; each
  // cut at 60 s if it lasts longer).
  let exporting = true;
  const exportDone = (async () => {
    const until = Date.now() + 5_000;
    try {
      do {
        const controller = new AbortController();
        const timer = setTimeout(() => controller.abort(), 60_000);
        try {
          const res = await fetch(`${server.url}/admin/exportar.csv`, { headers: { Cookie: cookies.jefe }, signal: controller.signal });
          if (res.body) for await (const _ of res.body);
        } catch {
          // cut
        } finally {
          clearTimeout(timer);
        }
      } while (Date.now() < until);
    } finally {
      exporting = false;
    }
  })();
  const searching = (async () => {
    for (let i = 0; exporting; i++) await get(`/admin/mensajes?q=${encodeURIComponent(["certificado", unaccented, probe.correo][i % 3])}`);
  })();
  const [during, healthTimes] = await Promise.all([posts(() => !exporting), health(() => !exporting)]);
  await Promise.all([exportDone, searching]);
  report("Envío público durante una exportación y búsquedas", during);
  record("/healthz durante la exportación (máximo)", ms(Math.max(...healthTimes)), `${healthTimes.length} consultas, mediana ${ms(median(healthTimes))}`);
} finally {
  await server.stop();
  if (!values.keep) {
    if (dir) rmSync(dir, { recursive: true, force: true });
  } else say(`base conservada: ${url}`);
  await postgres?.destroy();
}

const title = `bench:staff · ${engine} · ${n.toLocaleString("es-CO")} mensajes, ${generated.outbox.toLocaleString("es-CO")} filas de la bandeja de salida, ${generated.cases.toLocaleString("es-CO")} reportes con ${generated.events.toLocaleString("es-CO")} eventos, ${generated.audit.toLocaleString("es-CO")} de auditoría · medianas de ${runs}${values.label ? ` · ${values.label}` : ""}`;
console.log(`\n${title}\n`);
console.log("| operación | valor | nota |\n|---|---|---|");
for (const r of results) console.log(`| ${r.operación} | ${r.valor} | ${r.nota ?? ""} |`);
mkdirSync("bench/results", { recursive: true });
const file = path.join("bench/results", `staff-${engine}-${n}-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
writeFileSync(file, JSON.stringify({ title, engine, messages: n, generated, results }, null, 2));
console.log(`\n(${file})`);
