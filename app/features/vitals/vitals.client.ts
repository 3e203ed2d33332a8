/**
 * Field speed (product rule 42, ADR 023): measures this page view with web-vitals (LCP and INP with
 * attribution: the element or interaction behind a slow view) and sends one beacon when the page is
 * first hidden. One of the page's scripts (data-scripts), which the inline site script loads after the page
 * has loaded, painted and gone idle (app/client/site.js), so it adds nothing to the page's own loading.
 * Reads the route's pattern and the sampling rate from the site script's data attributes; the build is
 * written into this file. No cookie, no storage,
 * no identifier: the beacon names only the route pattern, the device class (from the viewport's width),
 * the connection's effective type, the navigation type, whether a service worker answered, and the
 * build.
 */
import { onCLS } from "web-vitals/onCLS.js";
import { onFCP } from "web-vitals/onFCP.js";
import { onTTFB } from "web-vitals/onTTFB.js";
import { onINP } from "web-vitals/attribution/onINP.js";
import { onLCP } from "web-vitals/attribution/onLCP.js";

/** The build's id, written in at build time (vite.config.ts). */
declare const __SITE_BUILD__: string;

const settings = document.querySelector<HTMLScriptElement>("script[data-vitals]")?.dataset;
const rate = Number(settings?.vitalsSample ?? "1");

if (settings?.vitals && Math.random() < rate) {
  const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
  const controller = navigator.serviceWorker?.controller;
  const width = innerWidth;
  const view: Record<string, string | number> = {
    route: settings.vitals,
    device: width < 600 ? "phone" : width < 1024 ? "tablet" : "desktop",
    navigation: navigation?.type === "back_forward" ? "back-forward" : navigation?.type === "reload" ? "reload" : "navigate",
    // A page the worker answered from its cache transferred nothing over the network.
    sw: !controller ? "none" : navigation && navigation.transferSize === 0 ? "cache" : "controlled",
    build: typeof __SITE_BUILD__ === "string" ? __SITE_BUILD__ : "dev",
  };
  const connection = (navigator as Navigator & { connection?: { effectiveType?: string } }).connection?.effectiveType;
  if (connection) view.connection = connection;
  let sent = false;
  const record = (name: string) => (metric: { value: number; navigationType: string }) => {
    view[name] = name === "cls" ? Math.round(metric.value * 1000) / 1000 : Math.round(metric.value);
    view.navigation = metric.navigationType;
  };
  onTTFB(record("ttfb"));
  onFCP(record("fcp"));
  onCLS(record("cls"));
  onLCP((metric) => {
    record("lcp")(metric);
    if (metric.attribution.target) view.lcpTarget = metric.attribution.target.slice(0, 300);
  });
  onINP((metric) => {
    record("inp")(metric);
    if (metric.attribution.interactionTarget) view.inpTarget = metric.attribution.interactionTarget.slice(0, 300);
  });
  const send = () => {
    if (sent || document.visibilityState !== "hidden") return;
    sent = true;
    const body = JSON.stringify(view);
    if (!navigator.sendBeacon?.("/api/vitals", body)) {
      fetch("/api/vitals", { method: "POST", body, keepalive: true, headers: { "Content-Type": "application/json" } }).catch(() => {});
    }
  };
  // On the document, not the window: web-vitals listens on the window in the capture phase, which runs
  // before the document's listeners whatever the order they were added in. Its final CLS and INP, and the
  // LCP it finalises when the page is hidden soon after a first tap (a listener it adds at that tap, after
  // this one), are then in the beacon. Only visibilitychange: every current browser fires it when a page
  // is left, after pagehide, which comes before web-vitals has reported the final values (its README).
  document.addEventListener("visibilitychange", send);
  // This view is measured from now on (a page left before this line sends nothing). The page scripts' one
  // convention: <html data-NAME="listo"> once the listeners are set; the browser tests wait for it.
  document.documentElement.dataset.mediciones = "listo";
  // A page restored from the back/forward cache is a new view: its metrics come again.
  addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    for (const name of ["lcp", "inp", "cls", "fcp", "ttfb", "lcpTarget", "inpTarget"]) delete view[name];
    view.navigation = "back-forward-cache";
    sent = false;
  });
}
