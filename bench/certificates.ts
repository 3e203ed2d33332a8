/**
 * Employment certificates benchmark (ADR 027), on a fresh database of the suite's engine
 * (TEST_DATABASE=postgres for PostgreSQL):
 * 1. PDF generation: render, hash and sign BENCH_PDFS certificates of 1 to 4 contracts (p50, p95; target p95 < 150 ms),
 *    then the same with a PAdES signature (a self-signed PKCS#12 made with openssl) and its re-render;
 * 2. verification at BENCH_CERTIFICATES certificates (1,000,000 by default, seeded by SQL in one statement):
 *    BENCH_LOOKUPS lookups by code, found and not found, and by a PDF's hash (p50, p99; target p99 < 50 ms);
 * 3. the payroll import of BENCH_WORKERS workers (100,000 by default, a fifth with two contracts): the check,
 *    the whole import in one transaction, and the process's peak memory while it runs (target < 60 s).
 *
 *   npm run bench:certificates
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { importPayroll } from "../app/features/certificates/import.server";
import { certificateKeys, sha256Hex } from "../app/features/certificates/keys.server";
import { type CertificateSnapshot, codeFromBytes, PAYROLL_COLUMNS } from "../app/features/certificates/model";
import { openP12 } from "../app/features/certificates/pades.server";
import { renderCertificate, renderIssued, renderSignedCertificate } from "../app/features/certificates/pdf.server";
import { verifyByCode, verifyByFile } from "../app/features/certificates/verify.server";
import { engineOfDatabase, openDatabase } from "../app/platform/db/database.server";
import { freshDatabaseUrl } from "../tests/support/database";

const PDFS = Number(process.env.BENCH_PDFS ?? 300);
const CERTIFICATES = Number(process.env.BENCH_CERTIFICATES ?? 1_000_000);
const LOOKUPS = Number(process.env.BENCH_LOOKUPS ?? 2_000);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 100_000);

const url = await freshDatabaseUrl("bench-certificados");
// Seeding a million rows in one statement outlasts the 10 s a visitor's statement may take.
const db = await openDatabase(url, { statementTimeoutMs: 600_000 });
const keys = certificateKeys({ DATABASE_URL: url, CERTIFICATE_KEY: randomBytes(32).toString("base64") })!;
const engine = engineOfDatabase(db);
const pct = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)];
const ms = (n: number) => `${n.toFixed(1)} ms`;
console.log(`Motor: ${engine}`);

const snapshotOf = (code: string, contracts: number): CertificateSnapshot => ({
  version: 1,
  code,
  issuedAt: new Date().toISOString(),
  cutoffDay: "2026-11-20",
  company: {
    legalName: "Puente Laboral Servicios Temporales S.A.S.",
    nit: "900.000.000-0",
    address: "Calle 00 # 00-00, oficina 000",
    city: "Bogotá D.C.",
    signerName: "Laura Gómez Rincón",
    signerPosition: "Directora de Gestión Humana",
  },
  holder: { name: "María Fernanda Núñez Ruiz", documentType: "CC", documentNumber: "52123456" },
  contracts: Array.from({ length: contracts }, (_, i) => ({
    position: `Auxiliar de bodega ${i + 1}`,
    kind: "obra_labor" as const,
    startDay: `202${i}-02-01`,
    endDay: i === contracts - 1 ? null : `202${i}-12-31`,
    userCompany: "Alimentos del Valle S.A.S.",
    salary: 1_423_500,
    duties: "Recibir, almacenar y despachar mercancía; conteos cíclicos de inventario; cargue y descargue con el equipo asignado.",
  })),
  verifyUrl: `https://www.example.com/verificar/${code}`,
});

// 1. PDF generation (render + SHA-256 + Ed25519), after a warm-up.
for (let i = 0; i < 5; i++) await renderCertificate(snapshotOf(codeFromBytes(randomBytes(10)), 2));
const times: number[] = [];
for (let i = 0; i < PDFS; i++) {
  const snapshot = snapshotOf(codeFromBytes(randomBytes(10)), 1 + (i % 4));
  const t = performance.now();
  const pdf = await renderCertificate(snapshot);
  keys.sign(sha256Hex(pdf));
  times.push(performance.now() - t);
}
console.log(`PDF: ${PDFS} certificados de 1 a 4 contratos, p50 ${ms(pct(times, 50))}, p95 ${ms(pct(times, 95))} (meta p95 < 150 ms)`);

// 1b. With a PAdES signature (RSA 2048), and the re-render from the snapshot and the stored PKCS#7.
const p12Dir = mkdtempSync(path.join(tmpdir(), "bench-p12-"));
const inDir = (name: string) => path.join(p12Dir, name);
execFileSync(
  "openssl",
  ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", inDir("k.pem"), "-out", inDir("c.pem"), "-days", "2", "-subj", "/CN=Bench"],
  {
    stdio: "ignore",
  },
);
execFileSync("openssl", ["pkcs12", "-export", "-inkey", inDir("k.pem"), "-in", inDir("c.pem"), "-out", inDir("c.p12"), "-passout", "pass:bench"]);
const signer = openP12(readFileSync(inDir("c.p12")), "bench");
const signedTimes: number[] = [];
const rerendered: number[] = [];
for (let i = 0; i < PDFS; i++) {
  const snapshot = snapshotOf(codeFromBytes(randomBytes(10)), 1 + (i % 4));
  const t = performance.now();
  const signed = await renderSignedCertificate(snapshot, signer);
  const digest = sha256Hex(signed.pdf);
  keys.sign(digest);
  signedTimes.push(performance.now() - t);
  const r = performance.now();
  await renderIssued({ snapshot: JSON.stringify(snapshot), sha256: digest, pades_cms: signed.cms.toString("base64") });
  rerendered.push(performance.now() - r);
}
console.log(
  `PDF con firma PAdES: p50 ${ms(pct(signedTimes, 50))}, p95 ${ms(pct(signedTimes, 95))}; de nuevo desde la instantánea: p50 ${ms(pct(rerendered, 50))}, p95 ${ms(pct(rerendered, 95))}`,
);

// 2. Verification at scale: rows seeded in one statement; the codes are the row number in base 32, padded.
const snapshot = JSON.stringify(snapshotOf("0".repeat(15), 1));
const seeded = performance.now();
const code = (expr: string) =>
  engine === "postgres" ? `lpad(upper(to_hex(${expr})), 15, '0')` : `substr('000000000000000' || printf('%X', ${expr}), -15, 15)`;
const series =
  engine === "postgres"
    ? `select n from generate_series(1, ${CERTIFICATES}) as n`
    : `with recursive s(n) as (select 1 union all select n + 1 from s where n < ${CERTIFICATES}) select n from s`;
await sql
  .raw(
    `insert into certificates (code, person_key, document_check, document_number, holder_name, issued_at, snapshot, sha256, signature, includes_salary, verifications)
     select ${code("n")}, 'persona', 'documento', '52123456', 'María Fernanda Núñez Ruiz', '2026-11-20T12:00:00.000Z', '${snapshot.replace(/'/g, "''")}',
            ${engine === "postgres" ? "md5(n::text) || md5(n::text)" : "printf('%064X', n)"}, 'firma', 0, 0 from (${series}) as seq`,
  )
  .execute(db);
console.log(`Sembrados ${CERTIFICATES.toLocaleString("es-CO")} certificados en ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
const lookups: number[] = [];
let found = 0;
for (let i = 0; i < LOOKUPS; i++) {
  const n = 1 + Math.floor(Math.random() * CERTIFICATES * 1.1);
  const hex = n.toString(16).toUpperCase().padStart(15, "0");
  const t = performance.now();
  const answer = await verifyByCode(db, { code: hex, addressToken: `bench-${i}`, keys });
  lookups.push(performance.now() - t);
  if (answer.outcome === "found") found += 1;
}
console.log(
  `Verificación por código: ${LOOKUPS} consultas (${found} encontradas), p50 ${ms(pct(lookups, 50))}, p99 ${ms(pct(lookups, 99))} (meta p99 < 50 ms)`,
);
const files: number[] = [];
const pdf = await renderCertificate(snapshotOf(codeFromBytes(randomBytes(10)), 2));
for (let i = 0; i < Math.min(LOOKUPS, 500); i++) {
  const t = performance.now();
  await verifyByFile(db, { bytes: pdf, addressToken: `bench-f-${i}`, keys });
  files.push(performance.now() - t);
}
console.log(`Verificación por archivo (huella SHA-256): ${files.length} consultas, p50 ${ms(pct(files, 50))}, p99 ${ms(pct(files, 99))}`);

// 3. The payroll import: a generated extract, checked whole, then applied in one transaction.
const lines = [PAYROLL_COLUMNS.join(";")];
for (let i = 0; i < WORKERS; i++) {
  const doc = String(10_000_000 + i);
  const person = `CC;${doc};Trabajador ${i} Apellido Apellido;trabajador${i}@example.org;300${String(i).padStart(7, "0")}`;
  lines.push(`${person};Operario de producción;obra_labor;2024-01-15;;Alimentos del Valle S.A.S.;1423500;Operar la línea de empaque`);
  if (i % 5 === 0) lines.push(`${person};Auxiliar de bodega;fijo;2023-02-01;2023-12-31;Lácteos de la Sabana S.A.S.;1300000;`);
}
const csv = Buffer.from(lines.join("\n"));
lines.length = 0;
const before = process.memoryUsage();
let peak = before.rss;
let peakHeap = before.heapUsed + before.external + before.arrayBuffers;
const sampler = setInterval(() => {
  const now = process.memoryUsage();
  peak = Math.max(peak, now.rss);
  peakHeap = Math.max(peakHeap, now.heapUsed + now.external + now.arrayBuffers);
}, 20);
const started = performance.now();
const outcome = await importPayroll(db, {
  bytes: csv,
  fileName: "nomina.csv",
  cutoffDay: "2026-11-20",
  user: { id: 0, email: "bench@example.com", name: "bench", roles: ["nomina"] },
  keys,
});
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
if (outcome.outcome !== "imported") throw new Error(`la importación fue rechazada: ${JSON.stringify(outcome.check.errors.slice(0, 3))}`);
const mb = (n: number) => `${Math.round(n / 1_048_576)} MB`;
console.log(
  `Importación: ${WORKERS.toLocaleString("es-CO")} trabajadores (${outcome.counts.rows.toLocaleString("es-CO")} contratos, archivo de ${mb(csv.length)}) en ${seconds.toFixed(1)} s (meta < 60 s); ` +
    `memoria: residente ${mb(before.rss)} antes y ${mb(peak)} de pico; montículo y búferes ${mb(before.heapUsed + before.external + before.arrayBuffers)} antes (el archivo incluido) y ${mb(peakHeap)} de pico`,
);
const again = performance.now();
const second = await importPayroll(db, {
  bytes: csv,
  fileName: "nomina.csv",
  cutoffDay: "2026-11-20",
  user: { id: 0, email: "bench@example.com", name: "bench", roles: ["nomina"] },
  keys,
});
console.log(
  `La misma importación otra vez: ${((performance.now() - again) / 1000).toFixed(1)} s, ${second.outcome === "imported" ? `${second.counts.contractsNew} nuevos, ${second.counts.contractsChanged} cambiados` : "rechazada"}`,
);
await db.destroy();
