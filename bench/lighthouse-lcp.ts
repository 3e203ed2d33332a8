/**
 * Where a route's simulated LCP comes from (ADR 014), one Lighthouse run per route (mobile preset):
 * the LCP element and its breakdown, the paint Chromium observed against the load event, every request
 * that started before that paint (Lighthouse's simulation counts each of them, but a low-priority image,
 * as holding the paint back), and the document's size on the wire with the round trips that TCP slow
 * start gives it in the simulation (the first 14,600 bytes arrive with the first byte).
 *
 *   Run: npm run bench:lighthouse-lcp   (BENCH_ROUTES=/,/privacidad)
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { findChromium } from "../scripts/chromium.js";
import { startServer } from "../tests/support/server-process.ts";

const routes = (process.env.BENCH_ROUTES ?? "/,/nosotros,/nosotros/reglamentoInterno,/nosotros/politicaGeneros,/privacidad,/incidente,/contacto").split(",");
const chromePath = findChromium();
if (!chromePath) {
  console.error("ERROR: no se encontró Chromium (CHROMIUM_PATH o /usr/bin/chromium): Lighthouse no puede ejecutarse.");
  process.exit(1);
}

/** Round trips after the first byte for a response of this many bytes (lantern's TCP model, mobile preset). */
function extraRoundTrips(bytes: number): number {
  const segment = 1460;
  const maxWindow = Math.floor((1638.4 * 1024 * 0.15) / 8 / segment);
  let window = 10;
  let received = window * segment;
  let trips = 0;
  while (received < bytes) {
    window = Math.min(maxWindow, window * 2);
    received += window * segment;
    trips++;
  }
  return trips;
}

const server = await startServer({ LOG_LEVEL: "silent" });
const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run"] });
let failed = false;
try {
  for (const route of routes) {
    const result = await lighthouse(`${server.url}${route}`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
    const lhr = result?.lhr;
    if (!lhr || lhr.runtimeError) throw new Error(`Lighthouse falló en ${route}: ${lhr?.runtimeError?.code ?? "sin resultado"}`);
    const audit = (id: string) => lhr.audits[id];
    const observed = (audit("metrics").details as unknown as { items: Record<string, number>[] }).items[0];
    const breakdown = audit("lcp-breakdown-insight").details as unknown as
      { items?: { items?: { label: string; duration: number }[]; nodeLabel?: string; selector?: string }[] } | undefined;
    const requests = (
      audit("network-requests").details as unknown as {
        items: { url: string; networkRequestTime: number; transferSize: number; priority: string; resourceType: string }[];
      }
    ).items;
    const paint = observed.observedLargestContentfulPaint;
    const document = requests.find((r) => r.resourceType === "Document");
    console.log(
      `\n${route}: LCP ${Math.round(audit("largest-contentful-paint").numericValue ?? 0)} ms, FCP ${Math.round(audit("first-contentful-paint").numericValue ?? 0)} ms, TBT ${Math.round(audit("total-blocking-time").numericValue ?? 0)} ms (simulados)`,
    );
    console.log(
      `  observado: load ${Math.round(observed.observedLoad)} ms, primera pintura ${Math.round(observed.observedFirstContentfulPaint)} ms, LCP ${Math.round(paint)} ms`,
    );
    const element = breakdown?.items?.find((i) => i.selector);
    if (element) console.log(`  elemento LCP: ${element.selector} «${(element.nodeLabel ?? "").slice(0, 60)}»`);
    for (const part of breakdown?.items?.find((i) => i.items)?.items ?? []) console.log(`    ${part.label}: ${Math.round(part.duration)} ms`);
    if (document)
      console.log(
        `  documento: ${document.transferSize} bytes en la red → ${extraRoundTrips(document.transferSize)} viaje(s) de ida y vuelta tras el primer byte`,
      );
    const before = requests.filter(
      (r) => r.resourceType !== "Document" && r.networkRequestTime < paint && !(r.priority === "Low" && r.resourceType === "Image"),
    );
    console.log(`  peticiones iniciadas antes de la pintura observada (cuentan para el LCP simulado): ${before.length}`);
    for (const r of before) console.log(`    ${Math.round(r.networkRequestTime)} ms ${r.priority} ${r.resourceType} ${r.url.slice(0, 100)}`);
  }
} catch (error) {
  failed = true;
  console.error(`\nERROR: ${(error as Error).message}`);
} finally {
  chrome.kill();
  await server.stop();
}
process.exit(failed ? 1 : 0);
