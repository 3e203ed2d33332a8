/**
 * Lighthouse benchmark on the production server with the machine's Chromium (simulated throttling):
 * per route the median of several runs of the four category scores, LCP, TBT, CLS, bytes and requests;
 * then the first visit of Home in a fresh browser, counting every byte on the wire including what the
 * service worker precaches afterwards; then (BENCH_THROUGHPUT=1) static throughput with autocannon.
 * Fails loudly (exit code 1) when Lighthouse cannot run or returns an error for a route.
 *
 *   Run: npm run bench:lighthouse   (BENCH_RUNS=3, BENCH_PRESETS=mobile,desktop, BENCH_ROUTES=/,/nosotros)
 */
import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { connect, createServer as createTcpServer } from "node:net";
import path from "node:path";
import { chromium } from "@playwright/test";
import autocannon from "autocannon";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { findChromium } from "../scripts/chromium.js";
import { freePort, startServer } from "../tests/support/server-process.ts";

const runs = Number(process.env.BENCH_RUNS ?? 3);
// The 404 is measured at /no-existe through a proxy that answers it with status 200, because
// Lighthouse refuses to audit a document whose status is an error.
const NOT_FOUND_ROUTE = "/no-existe";
const routes = (
  process.env.BENCH_ROUTES ??
  `/,/nosotros,/nosotros/misionVision,/nosotros/reglamentoInterno,/nosotros/politicaGeneros,/nosotros/unClick,/nosotros/sagrilaft,/incidente,/privacidad,${NOT_FOUND_ROUTE},/contacto,/cliente`
).split(",");
const presets = (process.env.BENCH_PRESETS ?? "mobile,desktop").split(",") as ("mobile" | "desktop")[];
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kb = (n: number) => Number((n / 1024).toFixed(1));

const chromePath = findChromium();
if (!chromePath) {
  console.error("ERROR: no se encontró Chromium (CHROMIUM_PATH o /usr/bin/chromium): Lighthouse no puede ejecutarse.");
  process.exit(1);
}

const server = await startServer({ LOG_LEVEL: "silent" });

/**
 * A TCP proxy in front of the server that counts the bytes sent to the browser (headers and bodies as
 * on the wire), and turns the 404's status line into 200 for Lighthouse.
 */
let wireBytes = 0;
const proxyPort = await freePort();
const proxy = createTcpServer((client) => {
  const upstream = connect(server.port, "127.0.0.1");
  let notFoundRequest = false;
  client.on("data", (chunk: Buffer) => {
    notFoundRequest = chunk.toString("latin1").startsWith(`GET ${NOT_FOUND_ROUTE} `);
    upstream.write(chunk);
  });
  upstream.on("data", (chunk: Buffer) => {
    wireBytes += chunk.length;
    if (notFoundRequest && chunk.subarray(0, 22).toString("latin1") === "HTTP/1.1 404 Not Found") {
      chunk = Buffer.concat([Buffer.from("HTTP/1.1 200 OK"), chunk.subarray(22)]);
      notFoundRequest = false;
    }
    client.write(chunk);
  });
  client.on("end", () => upstream.end());
  upstream.on("end", () => client.end());
  client.on("error", () => upstream.destroy());
  upstream.on("error", () => client.destroy());
}).listen(proxyPort, "127.0.0.1");
const base = `http://127.0.0.1:${proxyPort}`;

let failed = false;
const rows: Record<string, unknown>[] = [];
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
try {
  for (const preset of presets) {
    for (const route of routes) {
      const samples: Record<"perf" | "a11y" | "bp" | "seo" | "lcp" | "tbt" | "cls" | "bytes" | "requests", number>[] = [];
      for (let i = 0, retries = 0; i < runs; i++) {
        const result = await lighthouse(
          base + route,
          { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility", "best-practices", "seo"] },
          preset === "desktop" ? desktopConfig : undefined,
        );
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`Lighthouse no devolvió resultados para ${route}`);
        // A trace lost on a busy machine (NO_NAVSTART, NO_FCP…) is retried twice, then it fails.
        if (lhr.runtimeError && lhr.runtimeError.code !== "ERRORED_DOCUMENT_REQUEST" && retries < 2) {
          retries += 1;
          i -= 1;
          console.warn(`Lighthouse: ${lhr.runtimeError.code} en ${route}; se repite la corrida`);
          continue;
        }
        if (lhr.runtimeError) throw new Error(`Lighthouse falló en ${route}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        const numeric = (id: string) => {
          const value = lhr.audits[id]?.numericValue;
          if (typeof value !== "number") throw new Error(`Lighthouse no midió «${id}» en ${route}: ${lhr.audits[id]?.errorMessage ?? "sin valor"}`);
          return value;
        };
        const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
        const requests = (lhr.audits["network-requests"]?.details as { items?: unknown[] } | undefined)?.items;
        if (!requests) throw new Error(`Lighthouse no listó las peticiones de ${route}`);
        samples.push({
          perf: score("performance"),
          a11y: score("accessibility"),
          bp: score("best-practices"),
          seo: score("seo"),
          lcp: numeric("largest-contentful-paint"),
          tbt: numeric("total-blocking-time"),
          cls: numeric("cumulative-layout-shift"),
          bytes: numeric("total-byte-weight"),
          requests: requests.length,
        });
      }
      const m = (k: keyof (typeof samples)[number]) => median(samples.map((s) => s[k]));
      rows.push({
        preset,
        ruta: route === NOT_FOUND_ROUTE ? `${route} (404)` : route,
        rend: m("perf"),
        acc: m("a11y"),
        bp: m("bp"),
        seo: m("seo"),
        "LCP ms": Math.round(m("lcp")),
        "TBT ms": Math.round(m("tbt")),
        CLS: Number(m("cls").toFixed(3)),
        KB: kb(m("bytes")),
        peticiones: m("requests"),
      });
    }
  }
} catch (error) {
  failed = true;
  console.error(`\nERROR: Lighthouse no pudo ejecutarse: ${(error as Error).message}`);
} finally {
  chrome.kill();
}
if (rows.length > 0) {
  console.log(`\nLighthouse (mediana de ${runs} corridas por ruta y preajuste; KB transferidos con cabeceras):`);
  console.table(rows);
}

/**
 * First visit of Home in a fresh profile: bytes on the wire until the page's load event (the page's
 * own loading), then until the service worker is active and the network has been quiet for 2 s.
 */
async function firstVisit() {
  const browser = await chromium.launch({ executablePath: chromePath, args: ["--no-sandbox", "--disable-gpu"] });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    let lastActivity = Date.now();
    let firstWorkerRequest: number | undefined;
    let workerRequests = 0;
    let pageRequests = 0;
    context.on("request", (request) => {
      lastActivity = Date.now();
      if (request.serviceWorker()) {
        workerRequests += 1;
        firstWorkerRequest ??= Date.now();
      } else pageRequests += 1;
    });
    context.on("requestfinished", () => (lastActivity = Date.now()));
    wireBytes = 0;
    const start = Date.now();
    await page.goto(`${base}/`, { waitUntil: "load" });
    const loadedAt = Date.now();
    const pageBytes = wireBytes;
    const active = await page.evaluate(() =>
      Promise.race([navigator.serviceWorker.ready.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 20_000))]),
    );
    if (!active) throw new Error("el service worker no se activó en 20 s");
    while (Date.now() - lastActivity < 2000) await new Promise((r) => setTimeout(r, 200));
    return {
      pageBytes,
      totalBytes: wireBytes,
      pageRequests,
      workerRequests,
      loadMs: loadedAt - start,
      workerStartsAfterLoadMs: firstWorkerRequest === undefined ? undefined : firstWorkerRequest - loadedAt,
    };
  } finally {
    await browser.close();
  }
}
if (!failed) {
  try {
    const visits: Awaited<ReturnType<typeof firstVisit>>[] = [];
    for (let i = 0; i < runs; i++) visits.push(await firstVisit());
    const v = (k: "pageBytes" | "totalBytes" | "pageRequests" | "workerRequests" | "workerStartsAfterLoadMs") => median(visits.map((x) => x[k] ?? Number.NaN));
    console.log(`\nPrimera visita a / con perfil nuevo (mediana de ${runs}; bytes en la red, cabeceras incluidas):`);
    console.table([
      {
        "página KB": kb(v("pageBytes")),
        "peticiones página": v("pageRequests"),
        "service worker KB": kb(v("totalBytes") - v("pageBytes")),
        "peticiones SW": v("workerRequests"),
        "total KB": kb(v("totalBytes")),
        "SW empieza tras load ms": v("workerStartsAfterLoadMs"),
      },
    ]);
  } catch (error) {
    failed = true;
    console.error(`\nERROR: no se pudo medir la primera visita: ${(error as Error).message}`);
  }
}
proxy.close();

if (!failed && process.env.BENCH_THROUGHPUT === "1") {
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
    for (const [name, url] of [
      ["este servidor", server.url],
      ["servidor estático simple", `http://127.0.0.1:${staticPort}`],
    ] as const) {
      const r = await autocannon({
        url: url + route,
        connections: 32,
        duration: Number(process.env.BENCH_SECONDS ?? 5),
        headers: { "accept-encoding": "gzip, br" },
      });
      throughput.push({
        ruta: route,
        servidor: name,
        "req/s": Math.round(r.requests.average),
        "p50 ms": r.latency.p50,
        "p99 ms": r.latency.p99,
        "MB/s": (r.throughput.average / 1e6).toFixed(1),
        "no 2xx": r.non2xx,
      });
    }
  }
  plain.close();
  console.log("\nRendimiento estático (32 conexiones):");
  console.table(throughput);
}
await server.stop();
if (failed) process.exit(1);
