// Every page, written inline at the end of <body> (ADR 011), so the first paint waits for no script:
// shows a small notice while offline (DECISIONS 12); after the first paint it loads the page's own
// small scripts (data-scripts), and once the page has loaded and the browser is idle it registers the
// service worker, whose precaching then never competes with the page's own loading. The spec's console
// diagnostics run only in development builds, which mark this script data-debug.
{
  const script = document.currentScript;
  const debug = script?.hasAttribute("data-debug") ?? false;
  const log = (...args) => { if (debug) console.info("[sitio]", ...args); };
  const notice = document.getElementById("offline-notice");
  const showConnection = () => { if (notice) notice.hidden = navigator.onLine; };

  addEventListener("offline", () => { log("offline"); showConnection(); });
  addEventListener("online", () => { log("online"); showConnection(); });
  if (debug) {
    addEventListener("resize", () => log("resize", innerWidth, innerHeight));
    addEventListener("load", () => log("load"));
  }
  showConnection();

  const pageScripts = (script?.dataset.scripts ?? "").split(" ").filter(Boolean);
  const afterFirstPaint = () => requestAnimationFrame(() => setTimeout(() => {
    for (const src of pageScripts) import(src).catch((error) => log("no se pudo cargar", src, error));
  }, 0));
  const register = () =>
    navigator.serviceWorker
      .register("/sw.js", { scope: "/" })
      .then((registration) => log("service worker registrado", registration.scope))
      .catch((error) => log("no se pudo registrar el service worker", error));
  const whenIdle = () => (typeof requestIdleCallback === "function" ? requestIdleCallback(register, { timeout: 10000 }) : setTimeout(register, 2000));
  const onLoad = () => {
    afterFirstPaint();
    if ("serviceWorker" in navigator && !debug) whenIdle();
  };
  if (document.readyState === "complete") onLoad();
  else addEventListener("load", onLoad, { once: true });
}
