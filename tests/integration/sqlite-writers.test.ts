/**
 * SQLite with a second writer (ADR 003): reports posted while `npm run admin -- create-user` writes to the
 * same file are all stored. Before, a report's transaction read the last radicado and then wrote; when
 * the admin command wrote in between, SQLite refused the upgrade of the lock at once ("database is
 * locked", a 503) whatever the busy timeout. Every transaction now takes the write lock when it begins
 * (BEGIN IMMEDIATE), so a writer waits its turn under busy_timeout; the first test shows it on a bare
 * transaction that reads and then writes, the second on the site with the admin command.
 */
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/platform/db/database.server";
import { countRows, TEST_ENGINE } from "../support/database";
import { type ServerProcess, startServer } from "../support/server-process";
import { INCIDENT_REPORT } from "../support/reports";

const root = path.resolve(import.meta.dirname, "../..");
const REPORT = INCIDENT_REPORT;

/** `npm run admin -- create-user` as a separate process on the same file. */
function createUser(databaseUrl: string, i: number): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        path.join(root, "node_modules/tsx/dist/cli.mjs"),
        "scripts/admin.ts",
        "create-user",
        "--email",
        `cuenta${i}@example.com`,
        "--name",
        `Cuenta ${i}`,
        "--role",
        "staff",
        "--password-stdin",
      ],
      { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: "silent" }, stdio: ["pipe", "ignore", "pipe"] },
    );
    let errors = "";
    child.stderr.on("data", (chunk) => (errors += chunk));
    child.stdin.end("clave-de-prueba-segura\n");
    child.on("exit", (code) => {
      // Say why, if it failed (the assertion only sees the exit codes).
      if (code !== 0) console.error(`create-user ${i}: salida ${code}\n${errors}`);
      resolve(code ?? 1);
    });
  });
}

/** Another process that writes one row as soon as it is told to (stdin), and says when it starts and ends. */
function otherWriter(file: string) {
  const script = `
    const db = require("better-sqlite3")(process.argv[1]);
    db.pragma("busy_timeout = 5000");
    process.stdin.once("data", () => {
      console.log("escribiendo");
      try {
        db.prepare("insert into rate_limits (key, hits, reset_at) values ('otro-proceso', 1, '2099-01-01T00:00:00.000Z')").run();
        console.log("escrito");
      } catch (error) {
        console.log("fallo: " + error.message);
      }
      db.close();
      process.exit(0);
    });`;
  const child = spawn(process.execPath, ["-e", script, file], { cwd: root, stdio: ["pipe", "pipe", "inherit"] });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  return {
    write: () => {
      if (!child.stdin.writableEnded) child.stdin.end("ya\n");
    },
    output: () => output,
    done: () => exited.then(() => output),
  };
}

describe.skipIf(TEST_ENGINE !== "sqlite")("a SQLite transaction that reads, then writes", () => {
  it("waits for another process's write instead of failing with 'database is locked'", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "sitio-inmediata-")), "sitio.db");
    const db = await openDatabase(`file:${file}`);
    const other = otherWriter(file);
    try {
      await db.transaction().execute(async (trx) => {
        await trx.selectFrom("rate_limits").selectAll().execute();
        // The other process writes now, while this transaction has read and not yet written.
        other.write();
        for (const deadline = Date.now() + 10_000; !other.output().includes("escribiendo");) {
          if (Date.now() > deadline) throw new Error("el otro proceso no empezó");
          await new Promise((r) => setTimeout(r, 20));
        }
        await new Promise((r) => setTimeout(r, 300));
        await trx.insertInto("rate_limits").values({ key: "este-proceso", hits: 1, reset_at: "2099-01-01T00:00:00.000Z" }).execute();
      });
      // Both writes stored: the other process waited for this transaction's lock (busy_timeout).
      expect(await other.done()).toContain("escrito");
      const keys = (await db.selectFrom("rate_limits").select("key").orderBy("key").execute()).map((r) => r.key);
      expect(keys).toEqual(["este-proceso", "otro-proceso"]);
    } finally {
      other.write();
      await other.done();
      await db.destroy();
    }
  });
});

describe.skipIf(TEST_ENGINE !== "sqlite")("SQLite with the admin command writing at the same time", () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServer({ FORM_RATE_LIMIT: "100000" });
  });
  afterAll(() => server?.stop());

  it("stores every valid report while accounts are created in a loop: no 503", async () => {
    let adminDone = false;
    // Three accounts while three clients post: each account's transaction meets the reports' (enough to
    // show the wait; more accounts only made the test slower on a loaded machine).
    const accounts = 3;
    const admin = (async () => {
      const codes: number[] = [];
      for (let i = 0; i < accounts; i++) codes.push(await createUser(server.databaseUrl, i));
      adminDone = true;
      return codes;
    })();
    const statuses: number[] = [];
    const poster = async () => {
      while (!adminDone) {
        const res = await fetch(`${server.url}/php/incidente`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: server.url },
          body: JSON.stringify(REPORT),
        });
        await res.arrayBuffer();
        statuses.push(res.status);
      }
    };
    await Promise.all([poster(), poster(), poster()]);
    expect(await admin).toEqual(Array(accounts).fill(0));
    const refused = statuses.filter((s) => s !== 201);
    console.log(`escritores simultáneos: ${statuses.length} reportes, ${refused.length} rechazados, ${accounts} cuentas creadas`);
    expect(refused).toEqual([]);
    expect(statuses.length).toBeGreaterThan(20);
    expect(await countRows(server.databaseUrl, "cases")).toBe(statuses.length);
    expect(await countRows(server.databaseUrl, "users")).toBe(accounts);
    expect(server.output()).not.toContain("database is locked");
  });
});
