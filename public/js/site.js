// Every page: registers the service worker and shows a small notice while offline (DECISIONS 12).
// The spec's console diagnostics run only in development builds, which mark this script data-debug.
const debug = document.currentScript?.hasAttribute("data-debug") ?? document.querySelector("script[data-debug]") !== null;
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

if ("serviceWorker" in navigator && !debug) {
  navigator.serviceWorker
    .register("/sw.js", { scope: "/" })
    .then((registration) => log("service worker registrado", registration.scope))
    .catch((error) => log("no se pudo registrar el service worker", error));
}
