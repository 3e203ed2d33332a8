/**
 * Forms benchmark: production server(s) on a fresh database with a real SMTP sink; valid contact messages
 * posted at rising concurrency (round-robin over the instances). Prints requests per second, p50 and
 * p99 latency, whether the stored row count equals the number of 2xx answers, and how long the outbox
 * took to hand every message to SMTP.
 *
 *   npm run bench:forms [-- --engine sqlite|postgres] [--instances N]
 *   BENCH_REQUESTS=3000 BENCH_CONCURRENCY=1,8,32,64 (per level)
 *
 * PostgreSQL: a throwaway server from Debian's `postgresql` binaries, default settings (fsync on).
 */
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { countRows } from "../tests/support/database.ts";
import { type PostgresServer, startPostgres } from "../tests/support/postgres.ts";
import { type ServerProcess, startServer } from "../tests/support/server-process.ts";
import { startSmtpSink } from "../tests/support/smtp-sink.ts";

const { values } = parseArgs({ options: { engine: { type: "string", default: "sqlite" }, instances: { type: "string", default: "1" } } });
const engine = values.engine === "postgres" ? "postgres" : values.engine === "sqlite" ? "sqlite" : undefined;
const instances = Number(values.instances);
if (!engine || !Number.isInteger(instances) || instances < 1) {
  console.error("Uso: npm run bench:forms -- --engine sqlite|postgres --instances N");
  process.exit(2);
}
if (engine === "sqlite" && instances > 1) console.warn("Aviso: SQLite está pensado para una sola instancia (docs/product.md §19); se mide igual, sobre el mismo archivo.");

// A fixed number of requests per level, so every request completes and the counts can be compared.
const requestsPerLevel = Number(process.env.BENCH_REQUESTS ?? 3000);
const levels = (process.env.BENCH_CONCURRENCY ?? "1,8,32,64").split(",").map(Number);

const smtp = await startSmtpSink();
let pg: PostgresServer | undefined;
let databaseUrl: string | undefined;
if (engine === "postgres") {
  pg = await startPostgres();
  databaseUrl = await pg.createDatabase("banco");
}
const env = { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, FORM_RATE_LIMIT: "1000000000", LOG_LEVEL: "silent" };
const servers: ServerProcess[] = [];
servers.push(await startServer(env, databaseUrl));
databaseUrl = servers[0].databaseUrl;
for (let i = 1; i < instances; i++) servers.push(await startServer(env, databaseUrl));

const body = JSON.stringify({
  nombre: "Prueba de carga",
  celular: "300 123 4567",
  correo: "carga@example.org",
  mensaje: "Mensaje de prueba de rendimiento.",
  consentimiento: true,
});

let total2xx = 0;
const rows: Record<string, unknown>[] = [];
let stored = 0;
let drainSeconds = 0;
let sent = 0;
try {
  for (const connections of levels) {
    const result = await autocannon({
      url: servers.map((s) => `${s.url}/php/contacto`) as unknown as string,
      method: "POST",
      // No Origin: each instance has its own host:port, and a post without Origin is a non-browser client.
      headers: { "content-type": "application/json" },
      body,
      connections,
      amount: requestsPerLevel,
    });
    total2xx += result["2xx"];
    rows.push({
      concurrencia: connections,
      "req/s": Math.round(result.requests.average),
      "p50 ms": result.latency.p50,
      "p99 ms": result.latency.p99,
      "2xx": result["2xx"],
      "no 2xx": result.non2xx,
      errores: result.errors,
    });
  }
  stored = await countRows(databaseUrl);
  // Let the outbox drain (bounded), to report its throughput too.
  const drainStart = Date.now();
  while (Date.now() - drainStart < 120_000) {
    sent = await countRows(databaseUrl, "outbox", "status = 'sent'");
    if (sent >= stored) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  drainSeconds = (Date.now() - drainStart) / 1000;
} finally {
  await Promise.all(servers.map((s) => s.stop()));
  await smtp.close();
  await pg?.destroy();
}

console.log(`\nmotor: ${engine} · instancias: ${instances} · ${requestsPerLevel} envíos por nivel`);
console.table(rows);
console.log(`respuestas 2xx: ${total2xx} · filas guardadas: ${stored} · ${stored === total2xx ? "COINCIDEN" : "NO COINCIDEN"}`);
console.log(`correos entregados al SMTP de prueba: ${sent} de ${stored} (${drainSeconds.toFixed(1)} s después de la última respuesta)`);
process.exit(stored === total2xx ? 0 : 1);
