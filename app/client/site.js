// Every page, written inline at the end of <body> (ADR 011), so the first paint waits for no script:
// shows a small notice while offline (docs/product.md §12). Everything else waits until the page has loaded,
// painted its content and the browser is idle (ADR 014): then it tells the form script (forms.js, on the
// pages with forms) to preload the islands' chunks, loads the page's own small scripts (data-scripts),
// links the web app manifest and registers the service worker, so that none of their requests competes
// with the page's own loading or comes before its first paint. The spec's console diagnostics run only
// in development builds, which mark this script data-debug.
{
  const script = document.currentScript;
  const debug = script?.hasAttribute("data-debug") ?? false;
  const log = (...args) => {
    if (debug) console.info("[sitio]", ...args);
  };
  const notice = document.getElementById("offline-notice");
  const showConnection = () => {
    if (notice) notice.hidden = navigator.onLine;
  };

  addEventListener("offline", () => {
    log("offline");
    showConnection();
  });
  addEventListener("online", () => {
    log("online");
    showConnection();
  });
  if (debug) {
    addEventListener("resize", () => log("resize", innerWidth, innerHeight));
    addEventListener("load", () => log("load"));
  }
  showConnection();

  const pageScripts = (script?.dataset.scripts ?? "").split(" ").filter(Boolean);
  const whenIdle = (work, timeout) => (typeof requestIdleCallback === "function" ? requestIdleCallback(work, { timeout }) : setTimeout(work, 1));
  const afterPaint = (work) => {
    let done = false;
    const once = () => {
      if (!done) {
        done = true;
        whenIdle(work, 2000);
      }
    };
    // The first contentful paint, where the browser reports it (a page hidden from the start paints
    // only once shown, hence the 3 s limit); elsewhere the frame after load.
    if (typeof PerformanceObserver === "function" && PerformanceObserver.supportedEntryTypes?.includes("paint")) {
      new PerformanceObserver((list, observer) => {
        if (list.getEntriesByName("first-contentful-paint").length === 0) return;
        observer.disconnect();
        once();
      }).observe({ type: "paint", buffered: true });
      setTimeout(once, 3000);
    } else {
      requestAnimationFrame(() => setTimeout(once, 0));
    }
  };

  const enhance = () => {
    dispatchEvent(new Event("sitio:painted"));
    for (const src of pageScripts) import(src).catch((error) => log("no se pudo cargar", src, error));
    const manifest = document.createElement("link");
    manifest.rel = "manifest";
    manifest.href = "/manifest.webmanifest";
    document.head.append(manifest);
    if ("serviceWorker" in navigator && !debug) {
      whenIdle(
        () =>
          navigator.serviceWorker
            .register("/sw.js", { scope: "/" })
            .then((registration) => log("service worker registrado", registration.scope))
            .catch((error) => log("no se pudo registrar el service worker", error)),
        10000,
      );
    }
  };
  const onLoad = () => afterPaint(enhance);
  if (document.readyState === "complete") onLoad();
  else addEventListener("load", onLoad, { once: true });
}
