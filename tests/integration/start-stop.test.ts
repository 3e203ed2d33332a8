/**
 * `npm start` under a process manager or in a container: SIGTERM to the npm process stops the server
 * gracefully (requests drained, database closed), leaving no process behind and the port free.
 */
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createConnection } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { TEST_ENGINE } from "../support/database";
import { freePort } from "../support/server-process";

const root = path.resolve(import.meta.dirname, "../..");
const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: "127.0.0.1", port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
  });
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

it.skipIf(TEST_ENGINE !== "sqlite")("SIGTERM to npm start stops the server: the port is free and no process is left", async () => {
  const port = await freePort();
  const database = path.join(mkdtempSync(path.join(tmpdir(), "sitio-parada-")), "sitio.db");
  const npm = spawn("npm", ["start", "--silent"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATABASE_URL: `file:${database}`, SMTP_URL: "", LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  npm.stdout.on("data", (d) => (output += d));
  npm.stderr.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => npm.on("exit", (code) => resolve(code)));
  const deadline = Date.now() + 150_000;
  while (!output.includes('"listening"')) {
    if (Date.now() > deadline) throw new Error(`npm start no arrancó:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  expect(await portOpen(port)).toBe(true);
  const server = output.match(/"pid":(\d+)/);
  npm.kill("SIGTERM");
  const code = await exited;
  expect(code).toBe(0);
  for (let i = 0; i < 50 && (await portOpen(port)); i++) await new Promise((r) => setTimeout(r, 100));
  expect(await portOpen(port)).toBe(false);
  // The start's "listening" line names the server's pid: without it this check could not run.
  expect(server, "la línea «listening» del arranque no trae el pid del servidor").not.toBeNull();
  expect(alive(Number(server![1]))).toBe(false);
});
