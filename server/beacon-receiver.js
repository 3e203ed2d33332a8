// The beacon receiver (ADR 023): a child of the site's process (scripts/start.js starts it when
// VITALS_PORT is set) that answers POST /api/vitals on that port, for a proxy that sends the path there.
// It runs at a lower priority, so a burst of beacons takes what the processor has left and a form post
// to the site never waits behind it. The views it accepts go to the parent in batches, over the IPC
// channel; the parent stores them. It keeps nothing of its own: if the parent goes, it goes.
import { readdirSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import { setPriority } from "node:os";
import { createBeaconReceiver } from "./index.js";

/** The receiver's niceness: the site's process (0) always comes first. */
const NICENESS = 10;

if (!process.send) {
  console.error("El receptor de mediciones lo inicia el sitio (scripts/start.js) cuando VITALS_PORT está definido.");
  process.exit(1);
}

// Every thread of the process (Linux gives each its own niceness; threads started later inherit it).
for (const thread of threadsOfThisProcess()) {
  try {
    setPriority(thread, NICENESS);
  } catch {
    // A thread that has ended meanwhile.
  }
}

const receiver = await createBeaconReceiver();
const { port } = receiver;
receiver.sendVitalsTo(
  (rows) =>
    new Promise((resolve, reject) => {
      if (!process.connected) return reject(new Error("sin canal con el sitio"));
      process.send({ type: "vitals-rows", rows }, undefined, {}, (error) => (error ? reject(error) : resolve()));
    }),
);
const listener = createHttpServer(receiver.handle);
listener.keepAliveTimeout = 30_000;
listener.on("error", (error) => {
  receiver.logger.error({ event: "vitals-receiver-failed", error: String(error), port });
  process.exit(1);
});
listener.listen(port, () => {
  receiver.logger.info({ event: "vitals-receiver-listening", port, pid: process.pid, niceness: NICENESS }, "receptor de mediciones");
});

// SIGTERM from the parent: stop taking beacons, hand over what is buffered, say so, and end.
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  listener.close();
  listener.closeIdleConnections();
  setTimeout(() => listener.closeAllConnections(), 2_000).unref();
  await receiver.flushVitals().catch(() => undefined);
  if (process.connected) process.send({ type: "vitals-done" }, undefined, {}, () => process.exit(0));
  else process.exit(0);
};
process.on("SIGTERM", () => void stop());
// Ctrl-C reaches the whole process group: the parent decides when this one stops.
process.on("SIGINT", () => undefined);
// The parent is gone (a crash, kill -9): nobody would store what comes.
process.on("disconnect", () => {
  if (!stopping) process.exit(0);
});

function threadsOfThisProcess() {
  try {
    return readdirSync("/proc/self/task").map(Number);
  } catch {
    return [0];
  }
}
