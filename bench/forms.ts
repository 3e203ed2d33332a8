/**
 * Forms benchmark: production server(s) on a fresh database with a real SMTP sink that counts the mail
 * (it does not parse it); 32 clients post valid contact messages to POST /php/contacto for 10 s
 * (round-robin over the instances). Prints posts per
 * second, p50, p99 and max latency, and whether every 2xx answer was stored (a run is cut off at 10 s: the
 * posts then in flight may be stored without their answer being counted), and the server's CPU time per
 * post (user + system, all threads, from /proc: comparable on a busy machine); by default beside
 * the same run of an earlier commit (BENCH_BASE, the one this work started from), built in a temporary
 * git worktree under /tmp that is removed at the end. The two alternate, round by round, so a machine
 * that gets busier mid-run weighs on both.
 *
 *   npm run bench:forms                                      SQLite, today beside BENCH_BASE
 *   npm run bench:forms -- --engine postgres --instances 3   PostgreSQL (Debian's binaries), 3 instances
 *   npm run bench:forms -- --base none                       today only
 *   BENCH_SECONDS=10 BENCH_CONCURRENCY=32[,64…] BENCH_ROUNDS=2 BENCH_BASE=93895f8 BENCH_DRAIN=1 (wait for every mail)
 *
 * PostgreSQL: a throwaway server per run, default settings (fsync on).
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { countRows, freshDatabaseUrl } from "../tests/support/database.ts";
import { type PostgresServer, startPostgres } from "../tests/support/postgres.ts";
import { type ServerProcess, startServer } from "../tests/support/server-process.ts";
import { startCountingSmtpSink } from "../tests/support/smtp-sink.ts";

const { values } = parseArgs({
  options: {
    engine: { type: "string", default: "sqlite" },
    instances: { type: "string", default: "1" },
    base: { type: "string", default: process.env.BENCH_BASE ?? "93895f8" },
  },
});
const engine = values.engine === "postgres" ? "postgres" : values.engine === "sqlite" ? "sqlite" : undefined;
const instances = Number(values.instances);
if (!engine || !Number.isInteger(instances) || instances < 1) {
  console.error("Uso: npm run bench:forms -- [--engine sqlite|postgres] [--instances N] [--base COMMIT|none]");
  process.exit(2);
}
if (engine === "sqlite" && instances > 1)
  console.warn("Aviso: SQLite está pensado para una sola instancia (docs/product.md §19); se mide igual, sobre el mismo archivo.");

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const levels = (process.env.BENCH_CONCURRENCY ?? "32").split(",").map(Number);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const drain = process.env.BENCH_DRAIN === "1";
const root = path.resolve(import.meta.dirname, "..");
const git = (...args: string[]) => execFileSync("git", args, { cwd: root, encoding: "utf8" }).trim();
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(", ");

/** The earlier commit, checked out and built in a temporary worktree (this checkout's node_modules). */
function buildBase(commit: string): { dir: string; label: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "sitio-base-"));
  git("worktree", "add", "--detach", "--force", dir, commit);
  // This checkout's packages when the commit locked the same ones; its own otherwise (from npm's cache
  // where it can), so a dependency added or dropped since does not break the older build.
  if (readFileSync(path.join(dir, "package-lock.json"), "utf8") === readFileSync(path.join(root, "package-lock.json"), "utf8"))
    symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"));
  else {
    console.log(`Instalando los paquetes de ${commit}…`);
    execFileSync("npm", ["ci", "--prefer-offline", "--no-audit", "--no-fund"], {
      cwd: dir,
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, PATH: `${path.join(root, "node_modules/node/bin")}:${process.env.PATH}` },
    });
  }
  console.log(`Compilando ${commit} en ${dir}…`);
  execFileSync("npm", ["run", "build", "--silent"], {
    cwd: dir,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, PATH: `${path.join(root, "node_modules/node/bin")}:${process.env.PATH}` },
  });
  return { dir, label: git("rev-parse", "--short", commit) };
}

/** CPU seconds (user + system, every thread) a process has used so far: Linux's /proc, 100 ticks a second. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const body = JSON.stringify({
  nombre: "Prueba de carga",
  celular: "300 123 4567",
  correo: "carga@example.org",
  mensaje: "Mensaje de prueba de rendimiento.",
  consentimiento: true,
});

/** One measured run of one build: fresh database, its instances, every level; then the rows counted. */
async function run(label: string, cwd: string | undefined) {
  const smtp = await startCountingSmtpSink();
  let pg: PostgresServer | undefined;
  let databaseUrl: string;
  if (engine === "postgres") {
    pg = await startPostgres();
    databaseUrl = await pg.createDatabase("banco");
  } else {
    databaseUrl = await freshDatabaseUrl("banco");
  }
  const env = { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, FORM_RATE_LIMIT: "1000000000", LOG_LEVEL: "silent" };
  const servers: ServerProcess[] = [];
  const rows: Record<string, unknown>[] = [];
  let total2xx = 0;
  try {
    for (let i = 0; i < instances; i++) servers.push(await startServer(env, databaseUrl, cwd));
    for (const connections of levels) {
      const cpuBefore = servers.map((s) => cpuSeconds(s.pid));
      const benchBefore = process.cpuUsage();
      const mailsBefore = smtp.received();
      const result = await autocannon({
        url: servers.map((s) => `${s.url}/php/contacto`) as unknown as string,
        method: "POST",
        // No Origin: each instance has its own host:port, and a post without Origin is a non-browser client.
        headers: { "content-type": "application/json" },
        body,
        connections,
        duration: seconds,
      });
      total2xx += result["2xx"];
      const cpu = servers.reduce((sum, s, i) => sum + cpuSeconds(s.pid) - cpuBefore[i], 0);
      const benchCpu = process.cpuUsage(benchBefore);
      rows.push({
        commit: label,
        clientes: connections,
        "envíos/s": Math.round(result["2xx"] / seconds),
        "p50 ms": result.latency.p50,
        "p99 ms": result.latency.p99,
        "máx ms": result.latency.max,
        // What a post costs the server(s), whatever else the machine is doing: the figure to compare on a busy machine.
        "CPU ms/envío": ((1000 * cpu) / Math.max(1, result["2xx"])).toFixed(2),
        // Mail the site delivered while the posts came in (the outbox works beside the forms).
        "correos en la medición": smtp.received() - mailsBefore,
        // The load generator and the mail sink share the two cores: what each post cost them.
        "CPU banco ms/envío": ((benchCpu.user + benchCpu.system) / 1000 / Math.max(1, result["2xx"])).toFixed(2),
        "2xx": result["2xx"],
        "no 2xx": result.non2xx,
        errores: result.errors,
        "carga (1 min)": loadavg()[0].toFixed(2),
      });
    }
    const stored = await countRows(databaseUrl);
    let mail = "";
    if (drain) {
      const start = Date.now();
      let sent = 0;
      while (Date.now() - start < 300_000 && (sent = await countRows(databaseUrl, "outbox", "status = 'sent'")) < stored)
        await new Promise((r) => setTimeout(r, 500));
      mail = ` · correos entregados ${sent} de ${stored} (${((Date.now() - start) / 1000).toFixed(0)} s)`;
    }
    // Every 2xx is stored; at most the posts in flight when a run was cut off are stored without one.
    const inFlight = levels.reduce((a, b) => a + b, 0);
    const ok = stored >= total2xx && stored <= total2xx + inFlight;
    for (const row of rows) row["cada 2xx guardado"] = ok ? `sí (${stored} filas)` : `NO (${stored} filas, ${total2xx} 2xx)`;
    if (mail) rows[rows.length - 1].correo = mail;
    return { rows, ok };
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await smtp.close();
    await pg?.destroy();
  }
}

const today = `${git("rev-parse", "--short", "HEAD")}${git("status", "--porcelain", "--untracked-files=no") ? "+cambios" : ""} (hoy)`;
let base: { dir: string; label: string } | undefined;
const all: Record<string, unknown>[] = [];
let ok = true;
try {
  if (values.base !== "none") base = buildBase(values.base);
  console.log(`carga al empezar: ${load()}`);
  for (let round = 0; round < rounds; round++) {
    for (const [label, cwd] of [...(base ? [[base.label, base.dir] as const] : []), [today, undefined] as const]) {
      const result = await run(label, cwd);
      ok &&= result.ok;
      all.push(...result.rows);
    }
  }
} finally {
  if (base) {
    git("worktree", "remove", "--force", base.dir);
    if (existsSync(base.dir)) rmSync(base.dir, { recursive: true, force: true });
  }
}
console.log(`\nmotor: ${engine} · instancias: ${instances} · ${seconds} s por medición · ${rounds} ronda(s) · carga al terminar: ${load()}`);
console.table(all);
process.exit(ok ? 0 : 1);
