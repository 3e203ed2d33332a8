/**
 * A real PostgreSQL server for tests and benchmarks: Debian's `postgresql` binaries (or PG_BIN), a fresh
 * cluster in a temporary directory on a free loopback port, run as an unprivileged user when we are
 * root (initdb refuses root), stopped afterwards. Plain Node, no app imports (the benchmark uses it too).
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

export const POSTGRES_MISSING =
  "No se encontró PostgreSQL (initdb y postgres). Instálelo con: sudo apt-get update && sudo apt-get install -y postgresql " +
  "(o indique la carpeta de sus binarios en PG_BIN).";

/** The folder with initdb and postgres: PG_BIN, pg_config's, or the newest /usr/lib/postgresql/N/bin. */
export function findPostgresBin(): string | undefined {
  const candidates: string[] = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  const config = spawnSync("pg_config", ["--bindir"], { encoding: "utf8" });
  if (config.status === 0) candidates.push(config.stdout.trim());
  const debian = "/usr/lib/postgresql";
  if (existsSync(debian)) {
    for (const version of readdirSync(debian).sort((a, b) => Number(b) - Number(a))) candidates.push(path.join(debian, version, "bin"));
  }
  return candidates.find((dir) => existsSync(path.join(dir, "initdb")) && existsSync(path.join(dir, "postgres")));
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

export interface PostgresServer {
  port: number;
  /** URL of the maintenance database `postgres`, superuser `postgres`, no password (trust on loopback). */
  adminUrl: string;
  urlFor(database: string): string;
  /** Creates an empty database and returns its URL. */
  createDatabase(prefix?: string): Promise<string>;
  /** Fast shutdown (for outage tests); `start` brings the same cluster back on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and removes its files. */
  destroy(): Promise<void>;
  output(): string;
}

interface Options {
  /** Skip fsync: for tests that kill the app, not the machine. Benchmarks keep it on. */
  fast?: boolean;
}

let databaseCounter = 0;

export async function startPostgres(options: Options = {}): Promise<PostgresServer> {
  const bin = findPostgresBin();
  if (!bin) throw new Error(POSTGRES_MISSING);
  const root = typeof process.getuid === "function" && process.getuid() === 0;
  // nobody/nogroup on Debian: initdb and postgres refuse to run as root.
  const user = root ? { uid: 65534, gid: 65534 } : {};
  const dir = mkdtempSync(path.join(tmpdir(), "sitio-pg-"));
  const dataDir = path.join(dir, "data");
  if (root) chownSync(dir, 65534, 65534);
  execFileSync(path.join(bin, "initdb"), ["-D", dataDir, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"], {
    ...user,
    cwd: dir,
    stdio: "pipe",
    env: { ...process.env, LC_ALL: "C" },
  });
  const port = await freePort();
  let child: ChildProcess | undefined;
  let output = "";
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;

  async function start() {
    const args = ["-D", dataDir, "-p", String(port), "-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=", "-c", "max_connections=200"];
    if (options.fast) args.push("-c", "fsync=off", "-c", "full_page_writes=off", "-c", "synchronous_commit=off");
    const proc = spawn(path.join(bin as string, "postgres"), args, { ...user, cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
    child = proc;
    proc.stdout?.on("data", (d) => (output += d));
    proc.stderr?.on("data", (d) => (output += d));
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (proc.exitCode !== null) throw new Error(`PostgreSQL terminó al arrancar:\n${output}`);
      const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 1_000 });
      try {
        await client.connect();
        await client.query("select 1");
        await client.end();
        return;
      } catch {
        await client.end().catch(() => {});
      }
      if (Date.now() > deadline) throw new Error(`PostgreSQL no respondió a tiempo:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  function stop(): Promise<void> {
    return new Promise((resolve) => {
      const proc = child;
      child = undefined;
      if (!proc || proc.exitCode !== null) return resolve();
      proc.once("exit", () => resolve());
      proc.kill("SIGINT"); // fast shutdown: open connections are ended
    });
  }

  await start();
  const server: PostgresServer = {
    port,
    adminUrl,
    urlFor: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async createDatabase(prefix = "sitio") {
      databaseCounter += 1;
      const name = `${prefix}_${process.pid}_${databaseCounter}_${Math.random().toString(36).slice(2, 8)}`.replace(/[^a-z0-9_]/gi, "_").toLowerCase();
      await createDatabase(adminUrl, name);
      return server.urlFor(name);
    },
    stop,
    start,
    async destroy() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
    output: () => output,
  };
  return server;
}

/** Creates a database on the server of `adminUrl` (any database URL of that server works). */
export async function createDatabase(adminUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.href;
}
