/** Starts the built production server (`npm start`'s entry) as a child process on a free port. */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export interface ServerProcess {
  url: string;
  port: number;
  databaseFile: string;
  output: () => string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** `cwd`: a copy of the project to start instead of this checkout (its own build). */
export async function startServer(env: Record<string, string | undefined> = {}, databaseFile?: string, cwd?: string): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dbFile = databaseFile ?? path.join(mkdtempSync(path.join(tmpdir(), "sitio-db-")), "sitio.db");
  let output = "";
  const child: ChildProcess = spawn(process.execPath, ["scripts/start.js"], {
    cwd: cwd ?? path.resolve(import.meta.dirname, "../.."),
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATABASE_URL: `file:${dbFile}`,
      SMTP_URL: undefined,
      FORM_RATE_LIMIT: "1000",
      ...env,
    } as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  // A start may first build (a changed configuration): allow for it.
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`el servidor terminó al arrancar:\n${output}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`el servidor no respondió a tiempo:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    databaseFile: dbFile,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
