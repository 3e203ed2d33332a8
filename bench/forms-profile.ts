/**
 * Where a form post's time goes: the production server under `node --cpu-prof` (SQLite, one instance),
 * valid contact posts at concurrency 32, then the profile's self time summed by area (request parsing,
 * React Router's handler, Express and middleware, the database commit, the outbox and mail, GC, idle).
 *   node bench/forms-profile.ts        (BENCH_REQUESTS=6000 BENCH_CONCURRENCY=32)
 */
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { startServer } from "../tests/support/server-process.ts";
import { startCountingSmtpSink } from "../tests/support/smtp-sink.ts";

const dir = mkdtempSync(path.join(tmpdir(), "sitio-perfil-"));
const smtp = await startCountingSmtpSink();
const server = await startServer({
  SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
  FORM_RATE_LIMIT: "1000000000",
  LOG_LEVEL: "silent",
  NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${dir}`,
});
const body = JSON.stringify({ nombre: "Prueba", celular: "300 123 4567", correo: "p@example.org", mensaje: "Mensaje de perfil.", consentimiento: true });
const result = await autocannon({
  url: `${server.url}/php/contacto`,
  method: "POST",
  headers: { "content-type": "application/json" },
  body,
  connections: Number(process.env.BENCH_CONCURRENCY ?? 32),
  amount: Number(process.env.BENCH_REQUESTS ?? 6000),
});
await new Promise((r) => setTimeout(r, 2000)); // let the outbox drain inside the profile too
await server.stop();
await smtp.close();
console.log(`req/s ${Math.round(result.requests.average)} · p50 ${result.latency.p50} ms · p99 ${result.latency.p99} ms · 2xx ${result["2xx"]}`);

interface Node {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
// The largest profile is the server's (npm start's parent process is also profiled, briefly).
const files = readdirSync(dir).map((f) => path.join(dir, f));
const profile = files.map((f) => JSON.parse(readFileSync(f, "utf8"))).sort((a, b) => b.samples.length - a.samples.length)[0];
const nodes = new Map<number, Node>(profile.nodes.map((n: Node) => [n.id, n]));
const self = new Map<number, number>();
profile.samples.forEach((id: number, i: number) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));

function area(frame: Node["callFrame"]): string {
  const { url, functionName } = frame;
  if (functionName === "(idle)") return "inactivo (esperando E/S)";
  if (functionName === "(garbage collector)") return "recolector de basura";
  if (functionName === "(program)") return "programa (nativo, sin JS)";
  if (/better-sqlite3|kysely/.test(url) || (/^(run|get|all|prepare|exec)$/.test(functionName) && !url)) return "base de datos (Kysely + SQLite, incl. commit)";
  if (/nodemailer|smtp|outbox/.test(url)) return "bandeja de salida y correo";
  if (/react-router|@react-router|build\/server/.test(url)) return "React Router (handler, Request/Response)";
  if (/undici|internal\/deps\/undici|webstreams|web\/streams|internal\/webstreams/.test(url)) return "Fetch API (Request, streams)";
  if (/express|body-parser|compression|helmet|rate-limit|router|finalhandler|send|serve-static|on-finished|server\.js/.test(url)) return "Express y middleware";
  if (/zod/.test(url)) return "validación (zod)";
  if (/node:internal\/(http|net|stream|_http)|_http_|node:net|node:stream/.test(url) || url.startsWith("node:")) return "Node (HTTP, sockets, streams)";
  if (!url) return "nativo";
  return "otros";
}
const totals = new Map<string, number>();
let all = 0;
for (const [id, us] of self) {
  const key = area(nodes.get(id)!.callFrame);
  totals.set(key, (totals.get(key) ?? 0) + us);
  all += us;
}
console.table(
  [...totals.entries()].sort((a, b) => b[1] - a[1]).map(([zona, us]) => ({ zona, "ms de CPU": Math.round(us / 1000), "%": ((100 * us) / all).toFixed(1) })),
);
// The heaviest functions by self time, to see what inside each area costs.
const byFunction = new Map<string, number>();
for (const [id, us] of self) {
  const f = nodes.get(id)!.callFrame;
  const key = `${f.functionName || "(anónima)"} ${f.url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*\/(build|app)\//, "$1/")}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + us);
}
console.table(
  [...byFunction.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 20)
    .map(([funcion, us]) => ({ funcion: funcion.slice(0, 90), ms: Math.round(us / 1000), "%": ((100 * us) / all).toFixed(1) })),
);
console.log(`perfil: ${dir}`);
