/**
 * Field-speed benchmark (ADR 023), on the built production server with a fresh SQLite database:
 * 1. a contact form's post latency alone (p50, p99), and a beacon's, sent one at a time;
 * 2. a burst of 10,000 beacons to POST /api/vitals at 32 connections, with the same form posts running at
 *    the same time: the beacons' rate and latency, the form's p99 during the burst, and how long until
 *    every beacon is in the database (they are written in batches). Twice: the beacons answered by the
 *    site's own process, then by the beacon receiver (VITALS_PORT), as a proxy sends them in production;
 * 3. the staff page's read (fieldSpeedReport) over daily histograms standing for 10 million views in
 *    28 days (40 routes × 3 devices), read from the aggregates only.
 *
 *   npm run bench:vitals      (BENCH_BEACONS=10000 BENCH_FORMS=400; BENCH_PAGE_ONLY=1 runs only part 3)
 */
import autocannon from "autocannon";
import { fieldSpeedReport, warmFieldSpeed, windowDays } from "../app/features/vitals/dashboard.server";
import { BUCKET_EDGES, RATED } from "../app/features/vitals/metrics";
import { openDatabase } from "../app/platform/db/database.server";
import { countRows, freshDatabaseUrl } from "../tests/support/database";
import { freePort, startServer } from "../tests/support/server-process";

const beacons = Number(process.env.BENCH_BEACONS ?? 10_000);
const formPosts = Number(process.env.BENCH_FORMS ?? 400);
const singles = 2000;
const ms = (n: number) => `${n.toFixed(1)} ms`;
if (!process.env.BENCH_PAGE_ONLY) {
  console.log("— Las mediciones en el proceso del sitio (sin VITALS_PORT)");
  await burst(false);
  console.log("— Las mediciones en el receptor (VITALS_PORT), como las envía el proxy");
  await burst(true);
}

async function burst(receiver: boolean) {
  const vitalsPort = receiver ? await freePort() : undefined;
  const server = await startServer({
    FORM_RATE_LIMIT: "1000000000",
    VITALS_RATE_LIMIT: "1000000000",
    LOG_LEVEL: "silent",
    VITALS_PORT: vitalsPort === undefined ? undefined : String(vitalsPort),
  });
  const origin = server.url;
  const beaconOrigin = vitalsPort === undefined ? origin : `http://127.0.0.1:${vitalsPort}`;
  for (const deadline = Date.now() + 30_000; vitalsPort !== undefined; await new Promise((r) => setTimeout(r, 100))) {
    if ((await fetch(`${beaconOrigin}/healthz`).catch(() => undefined))?.ok) break;
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`el receptor de mediciones no respondió en 30 s:\n${server.output()}`);
    }
  }
  const form = {
    url: `${origin}/php/contacto`,
    method: "POST" as const,
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({
      nombre: "Prueba de carga",
      celular: "300 123 4567",
      correo: "carga@example.org",
      mensaje: "Mensaje de prueba de rendimiento.",
      consentimiento: true,
    }),
  };
  const beacon = JSON.stringify({
    route: "/nosotros/misionVision",
    device: "phone",
    connection: "4g",
    navigation: "navigate",
    sw: "none",
    build: "bench",
    lcp: 2300,
    inp: 180,
    cls: 0.04,
    fcp: 1200,
    ttfb: 400,
  });
  // As sendBeacon posts it: a text body.
  const beaconPost = {
    url: `${beaconOrigin}/api/vitals`,
    method: "POST" as const,
    headers: { "content-type": "text/plain;charset=UTF-8", origin: beaconOrigin },
    body: beacon,
  };

  try {
    const alone = await autocannon({ ...form, connections: 4, amount: formPosts });
    console.log(`Formulario solo: ${formPosts} envíos, p50 ${ms(alone.latency.p50)}, p99 ${ms(alone.latency.p99)}, ${alone.non2xx} no 2xx`);
    // A beacon as visitors send them: one at a time (the bound: answered in under 5 ms p99).
    const single = await autocannon({ ...beaconPost, connections: 1, amount: singles });
    console.log(`Medición sola: ${singles} de una en una, p50 ${ms(single.latency.p50)}, p99 ${ms(single.latency.p99)}, ${single.non2xx} no 2xx`);

    const started = performance.now();
    const [burst, during] = await Promise.all([
      autocannon({ ...beaconPost, connections: 32, amount: beacons }),
      autocannon({ ...form, connections: 4, amount: formPosts }),
    ]);
    const burstSeconds = (performance.now() - started) / 1000;
    let stored = 0;
    const waitFrom = performance.now();
    while (performance.now() - waitFrom < 30_000) {
      stored = await countRows(server.databaseUrl, "vital_views");
      if (stored >= singles + beacons) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    console.log(
      `Ráfaga: ${beacons} mediciones en ${burstSeconds.toFixed(1)} s (${Math.round(burst.requests.average)} por segundo de media), ` +
        `p50 ${ms(burst.latency.p50)}, p99 ${ms(burst.latency.p99)}, ${burst.non2xx} no 2xx; guardadas ${stored} de ${singles + beacons} con las de una en una (${((performance.now() - waitFrom) / 1000).toFixed(1)} s después de la última respuesta)`,
    );
    console.log(`Formulario durante la ráfaga: ${formPosts} envíos, p50 ${ms(during.latency.p50)}, p99 ${ms(during.latency.p99)}, ${during.non2xx} no 2xx`);
  } finally {
    await server.stop();
  }
}

// The staff page at 10 million views: histograms as the ingest writes them, 28 days × 40 routes × 3 devices.
process.env.LOG_LEVEL = "silent";
const db = await openDatabase(await freshDatabaseUrl("banco-rendimiento"));
const now = new Date().toISOString();
const days = windowDays(now);
const routes = Array.from({ length: 40 }, (_, i) => `/ruta-${i}`);
const devices = ["phone", "tablet", "desktop"] as const;
const perCell = Math.round(10_000_000 / (days.length * routes.length * devices.length));
let rows = 0;
const fillStarted = performance.now();
for (const day of days) {
  await db.transaction().execute(async (trx) => {
    for (const route of routes) {
      for (const device of devices) {
        const values: { day: string; route: string; device: string; metric: "views" | "lcp" | "inp" | "cls"; bucket: number; views: number }[] = [
          { day, route, device, metric: "views", bucket: 0, views: perCell },
        ];
        // Each metric's views spread over 60 buckets (a wide, realistic spread).
        for (const metric of RATED) {
          const spread = Math.min(60, BUCKET_EDGES[metric].length);
          for (let b = 0; b < spread; b++) values.push({ day, route, device, metric, bucket: b, views: Math.max(1, Math.round(perCell / spread)) });
        }
        await trx.insertInto("vital_daily").values(values).execute();
        rows += values.length;
      }
    }
  });
}
console.log(`Agregados de 10 millones de visitas: ${rows} filas diarias (${((performance.now() - fillStarted) / 1000).toFixed(1)} s para escribirlas)`);
// The instance reads the 27 closed days in the background (at its start, after midnight's grace minute,
// before the hour is over) and keeps them; the staff's reads, the day's first included, read only today's rows.
const warmStarted = performance.now();
await warmFieldSpeed(db, now);
console.log(`Lectura en segundo plano de los 27 días cerrados: ${ms(performance.now() - warmStarted)}`);
const timings: number[] = [];
for (let i = 0; i < 11; i++) {
  const t = performance.now();
  const report = await fieldSpeedReport(db, now);
  timings.push(performance.now() - t);
  if (i === 0) console.log(`Página del personal: ${report.rows.length} filas, ${report.rows.reduce((n, r) => n + r.views, 0).toLocaleString("es-CO")} visitas`);
}
const first = timings.shift() as number;
timings.sort((a, b) => a - b);
console.log(
  `Lectura de la página: la primera del día (tras la lectura en segundo plano) ${ms(first)}; las 10 siguientes, mediana ${ms(timings[5] as number)}, máxima ${ms(timings[9] as number)}`,
);
await db.destroy();
