// `npm start`: builds when there is no current build (docs/product.md §20), then starts the production server.
import { fork, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import { fileURLToPath } from "node:url";
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
  const { handle, notices, stopServices, port, vitalsPort, acceptBeaconRows } = server;
  let receiver;
  const listener = createHttpServer(handle).listen(port, () => {
    for (const notice of notices) console.log(JSON.stringify({ level: "warn", event: "startup-notice", message: notice }));
    console.log(JSON.stringify({ level: "info", event: "listening", url: `http://localhost:${port}`, pid: process.pid }));
    // After the database is open and migrated: the receiver only hands its views to this process.
    if (vitalsPort !== undefined) receiver = superviseBeaconReceiver(acceptBeaconRows);
  });
  // An idle keep-alive connection stays open longer than clients keep theirs (undici 4 s, browsers and
  // proxies longer), so the server is seldom the side that closes: a request sent just as the server
  // closed an idle connection fails with "other side closed" (seen under load with Node's 5 s default).
  listener.keepAliveTimeout = 30_000;
  // Finish the requests in flight and the mail being sent; pending mail resumes at the next start.
  // Idle keep-alive connections are closed at once, and whatever is still open after 10 s (a slow
  // download, a browser holding a connection) is cut, so a stop never hangs.
  const stop = () => {
    // The receiver first hands over the views it holds; the database closes after both.
    const receiverStopped = receiver?.stop() ?? Promise.resolve();
    listener.close(() => receiverStopped.then(stopServices).finally(() => process.exit(0)));
    listener.closeIdleConnections();
    setTimeout(() => listener.closeAllConnections(), 10_000).unref();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
});

/**
 * The beacon receiver (server/beacon-receiver.js, ADR 023), a child process: its batches of views are
 * stored by this process; if it ends, it is started again (after 1 s, doubling up to 30 s while it keeps
 * ending within a minute).
 */
function superviseBeaconReceiver(acceptRows) {
  const entry = fileURLToPath(new URL("../server/beacon-receiver.js", import.meta.url));
  let child;
  let stopping = false;
  let delayMs = 1_000;
  let restart;
  const start = () => {
    const startedAt = Date.now();
    child = fork(entry, [], { stdio: "inherit" });
    child.on("message", (message) => {
      if (message?.type === "vitals-rows" && Array.isArray(message.rows)) acceptRows(message.rows);
    });
    child.on("exit", (code, signal) => {
      if (stopping) return;
      delayMs = Date.now() - startedAt > 60_000 ? 1_000 : delayMs;
      console.error(JSON.stringify({ level: "error", event: "vitals-receiver-exited", code, signal, restartInMs: delayMs }));
      restart = setTimeout(start, delayMs);
      delayMs = Math.min(delayMs * 2, 30_000);
    });
  };
  start();
  return {
    /** SIGTERM; done when it says it has sent everything, or its channel has closed (every message read), or after 5 s. */
    stop: () =>
      new Promise((resolve) => {
        stopping = true;
        clearTimeout(restart);
        if (!child.connected) return resolve();
        const done = () => {
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          child.kill("SIGKILL");
          resolve();
        }, 5_000);
        child.on("message", (message) => message?.type === "vitals-done" && done());
        child.once("disconnect", done);
        child.kill("SIGTERM");
      }),
  };
}
