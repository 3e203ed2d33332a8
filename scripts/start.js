// `npm start`: builds when there is no current build (docs/product.md §20), then starts the production server.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import { sourcesStamp } from "./sources-stamp.js";

function buildIsCurrent() {
  if (!existsSync("build/server/index.js") || !existsSync("build/build-info.json")) return false;
  try {
    return JSON.parse(readFileSync("build/build-info.json", "utf8")).stamp === sourcesStamp();
  } catch {
    return false;
  }
}

/** A bad configuration stops the start with a message that names the field, before any (re)build. */
function refuse(error) {
  console.error(JSON.stringify({ level: "error", event: "startup-failed", message: error.message }));
  console.error(`\nNo se pudo iniciar el sitio:\n${error.message}`);
  process.exit(1);
}

if (!buildIsCurrent()) {
  // A changed configuration (CONTACT_PHONE, SITE_CONFIG) means a rebuild: check it first with the
  // previous build's own validation, so a wrong value fails at once instead of after a build.
  if (existsSync("build/server/index.js")) {
    // A query of its own: this copy of the old build must not be the module that server.js imports later.
    const previous = await import("../build/server/index.js?configuracion").catch(() => undefined);
    try {
      previous?.validateConfiguration?.();
    } catch (error) {
      refuse(error);
    }
  }
  console.log(JSON.stringify({ level: "info", event: "build", message: "Construyendo el sitio (no hay una construcción actual)…" }));
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.NODE_ENV ??= "production";
await import("../server/index.js").then(async ({ createServer }) => {
  let server;
  try {
    server = await createServer();
  } catch (error) {
    refuse(error);
  }
  const { handle, notices, stopServices } = server;
  const port = Number(process.env.PORT ?? 3000);
  const listener = createHttpServer(handle).listen(port, () => {
    for (const notice of notices) console.log(JSON.stringify({ level: "warn", event: "startup-notice", message: notice }));
    console.log(JSON.stringify({ level: "info", event: "listening", url: `http://localhost:${port}`, pid: process.pid }));
  });
  // An idle keep-alive connection stays open longer than clients keep theirs (undici 4 s, browsers and
  // proxies longer), so the server is seldom the side that closes: a request sent just as the server
  // closed an idle connection fails with "other side closed" (seen under load with Node's 5 s default).
  listener.keepAliveTimeout = 30_000;
  // Finish the requests in flight and the mail being sent; pending mail resumes at the next start.
  // Idle keep-alive connections are closed at once, and whatever is still open after 10 s (a slow
  // download, a browser holding a connection) is cut, so a stop never hangs.
  const stop = () => {
    listener.close(() => stopServices().finally(() => process.exit(0)));
    listener.closeIdleConnections();
    setTimeout(() => listener.closeAllConnections(), 10_000).unref();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
});
