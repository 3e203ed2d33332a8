/**
 * Forms benchmark: the production server on a fresh SQLite file with a real SMTP sink; valid contact
 * messages posted at rising concurrency. Prints requests per second, p50 and p99 latency, and whether
 * the stored row count equals the number of 2xx answers.   Run: npm run bench:forms
 */
import Database from "better-sqlite3";
import autocannon from "autocannon";
import { startServer } from "../tests/support/server-process.ts";
import { startSmtpSink } from "../tests/support/smtp-sink.ts";

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
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
try {
  for (const connections of levels) {
    const result = await autocannon({
      url: `${server.url}/php/contacto`,
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body,
      connections,
      duration: seconds,
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
} finally {
  await server.stop();
}
const db = new Database(server.databaseFile, { readonly: true });
const stored = (db.prepare("select count(*) as n from messages").get() as { n: number }).n;
const outbox = db.prepare("select status, count(*) as n from outbox group by status").all();
db.close();
await smtp.close();

console.table(rows);
console.log(`respuestas 2xx: ${total2xx} · filas guardadas: ${stored} · ${stored === total2xx ? "COINCIDEN" : "NO COINCIDEN"}`);
console.log(`correos recibidos por el SMTP de prueba: ${smtp.mails.length}; bandeja de salida: ${JSON.stringify(outbox)}`);
process.exit(stored === total2xx ? 0 : 1);
