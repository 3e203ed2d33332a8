/** Starts the built production server (`npm start`'s entry) as a child process on a free port. */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { freshDatabaseUrl, toDatabaseUrl } from "./database.ts";

export interface ServerProcess {
  url: string;
  port: number;
  /** The database the server uses: `file:…` (SQLite) or `postgres://…`. */
  databaseUrl: string;
  /** The SQLite file (empty on PostgreSQL). */
  databaseFile: string;
  pid: number;
  output: () => string;
  stop(): Promise<void>;
  /** SIGKILL: no graceful shutdown, as a crash. */
  kill(): Promise<void>;
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

/**
 * `database`: a SQLite file path or a database URL; without it, a fresh database on the suite's engine
 * (TEST_DATABASE, see tests/support/database.ts). `cwd`: a copy of the project to start instead of this
 * checkout (with its own build).
 */
export async function startServer(env: Record<string, string | undefined> = {}, database?: string, cwd?: string): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const databaseUrl = database ? toDatabaseUrl(database) : await freshDatabaseUrl("servidor");
  let output = "";
  const child: ChildProcess = spawn(process.execPath, ["scripts/start.js"], {
    cwd: cwd ?? path.resolve(import.meta.dirname, "../.."),
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATABASE_URL: databaseUrl,
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
    databaseUrl,
    databaseFile: databaseUrl.startsWith("file:") ? databaseUrl.slice("file:".length) : "",
    pid: child.pid as number,
    output: () => output,
    kill: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGKILL");
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
