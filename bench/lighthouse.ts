/**
 * Lighthouse benchmark: every published route, mobile and desktop presets, several runs each, on the
 * production server with the machine's Chromium. Prints the median scores and LCP, TBT and CLS, then a
 * static-throughput run (autocannon) of Home and the regulations page, served by this server and by a
 * plain static file server over the same files.   Run: npm run bench:lighthouse  (BENCH_RUNS=3)
 */
import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import autocannon from "autocannon";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { findChromium } from "../scripts/chromium.js";
import { freePort, startServer } from "../tests/support/server-process.ts";

const runs = Number(process.env.BENCH_RUNS ?? 3);
const routes = (process.env.BENCH_ROUTES ?? "/,/cliente,/contacto,/incidente,/nosotros,/nosotros/misionVision,/nosotros/sagrilaft,/nosotros/politicaGeneros,/nosotros/reglamentoInterno,/nosotros/unClick,/privacidad").split(",");
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const server = await startServer({ LOG_LEVEL: "silent" });
const chrome = await chromeLauncher.launch({
  chromePath: findChromium(),
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const rows: Record<string, unknown>[] = [];
try {
  for (const preset of (process.env.BENCH_PRESETS ?? "mobile,desktop").split(",") as ("mobile" | "desktop")[]) {
    for (const route of routes) {
      const samples: { perf: number; a11y: number; bp: number; seo: number; lcp: number; tbt: number; cls: number }[] = [];
      for (let i = 0; i < runs; i++) {
        const result = await lighthouse(
          server.url + route,
          { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility", "best-practices", "seo"] },
          preset === "desktop" ? desktopConfig : undefined,
        );
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`Lighthouse no devolvió resultados para ${route}`);
        const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
        samples.push({
          perf: score("performance"),
          a11y: score("accessibility"),
          bp: score("best-practices"),
          seo: score("seo"),
          lcp: lhr.audits["largest-contentful-paint"].numericValue ?? 0,
          tbt: lhr.audits["total-blocking-time"].numericValue ?? 0,
          cls: lhr.audits["cumulative-layout-shift"].numericValue ?? 0,
        });
      }
      const m = (k: keyof (typeof samples)[number]) => median(samples.map((s) => s[k]));
      rows.push({
        preset,
        ruta: route,
        rendimiento: m("perf"),
        accesibilidad: m("a11y"),
        "buenas prácticas": m("bp"),
        SEO: m("seo"),
        "LCP ms": Math.round(m("lcp")),
        "TBT ms": Math.round(m("tbt")),
        CLS: Number(m("cls").toFixed(3)),
      });
    }
  }
} finally {
  chrome.kill();
}
console.log(`\nLighthouse (mediana de ${runs} corridas por ruta y preajuste):`);
console.table(rows);

// A plain static file server over the same built files, for comparison.
const clientDir = path.resolve("build/client");
const staticPort = await freePort();
const plain = createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://x");
  let file = path.join(clientDir, decodeURIComponent(url.pathname));
  if (existsSync(file) && statSync(file).isDirectory()) file = path.join(file, "index.html");
  if (!file.startsWith(clientDir) || !existsSync(file)) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { "content-type": file.endsWith(".html") ? "text/html; charset=utf-8" : "application/octet-stream" });
  createReadStream(file).pipe(res);
}).listen(staticPort, "127.0.0.1");

const throughput: Record<string, unknown>[] = [];
for (const route of ["/", "/nosotros/reglamentoInterno"]) {
  for (const [name, base] of [
    ["este servidor (gzip)", server.url],
    ["servidor estático simple", `http://127.0.0.1:${staticPort}`],
  ] as const) {
    const r = await autocannon({ url: base + route, connections: 32, duration: Number(process.env.BENCH_SECONDS ?? 5), headers: { "accept-encoding": "gzip, br" } });
    throughput.push({ ruta: route, servidor: name, "req/s": Math.round(r.requests.average), "p50 ms": r.latency.p50, "p99 ms": r.latency.p99, "MB/s": (r.throughput.average / 1e6).toFixed(1), "no 2xx": r.non2xx });
  }
}
plain.close();
await server.stop();
console.log("\nRendimiento estático (32 conexiones):");
console.table(throughput);
