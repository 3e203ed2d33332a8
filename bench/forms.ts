/**
 * Forms benchmark: the production server on a fresh SQLite file with a real SMTP sink; valid contact
 * messages posted at rising concurrency. Prints requests per second, p50 and p99 latency, and whether
 * the stored row count equals the number of 2xx answers.   Run: npm run bench:forms
 */
import Database from "better-sqlite3";
import autocannon from "autocannon";
import { startServer } from "../tests/support/server-process.ts";
import { startSmtpSink } from "../tests/support/smtp-sink.ts";

// A fixed number of requests per level, so every request completes and the counts can be compared.
const requestsPerLevel = Number(process.env.BENCH_REQUESTS ?? 3000);
const levels = (process.env.BENCH_CONCURRENCY ?? "1,8,32,64").split(",").map(Number);

const smtp = await startSmtpSink();
const server = await startServer({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, FORM_RATE_LIMIT: "1000000000", LOG_LEVEL: "silent" });
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
try {
  for (const connections of levels) {
    const result = await autocannon({
      url: `${server.url}/php/contacto`,
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
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
  const db = new Database(server.databaseFile, { readonly: true });
  stored = (db.prepare("select count(*) as n from messages").get() as { n: number }).n;
  db.close();
  // Let the outbox drain (bounded), to report its throughput too.
  const drainStart = Date.now();
  while (smtp.mails.length < stored && Date.now() - drainStart < 60_000) await new Promise((r) => setTimeout(r, 200));
  drainSeconds = (Date.now() - drainStart) / 1000;
} finally {
  await server.stop();
  await smtp.close();
}

console.table(rows);
console.log(`respuestas 2xx: ${total2xx} · filas guardadas: ${stored} · ${stored === total2xx ? "COINCIDEN" : "NO COINCIDEN"}`);
console.log(`correos entregados al SMTP de prueba: ${smtp.mails.length} de ${stored} (${drainSeconds.toFixed(1)} s después de la última respuesta)`);
process.exit(stored === total2xx ? 0 : 1);
