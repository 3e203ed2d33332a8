/**
 * The database through Kysely: SQLite in one process by default (docs/product.md §19), or a shared PostgreSQL
 * for several instances (docs/product.md §24). Same versioned migrations for both, run on start; callers use
 * the typed `Database` interface only. Timestamps are ISO-8601 text on both engines (they sort as text).
 * A new table or column: a new file in ./migrations (listed in its index), and its type in ./schema.ts.
 */
import { chmodSync, existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { type FileHandle, open } from "node:fs/promises";
import { homedir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import { type MigrationProvider, Migrator } from "kysely/migration";
import { log } from "~/platform/log.server";
import { type Engine } from "./migrations/engine";
import { openReadWorker } from "./read-worker.server";
import { migrationsFor } from "./migrations";
import { type Database, INCIDENTS_TABLE } from "./schema";

export type * from "./schema";
export type { Engine };

/** Tables in an order that respects their foreign keys (for copies and counts). */
export const TABLES = [
  "users",
  "user_roles",
  "pending_role_grants",
  "messages",
  "cases",
  "radicado_sequences",
  "outbox",
  "case_events",
  INCIDENTS_TABLE,
  "accident_notices",
  "ethics_reports",
  "held_posts",
  "pqrs_requests",
  "legal_holds",
  "job_leases",
  "sessions",
  "audit_log",
  "rate_limits",
  "published_figures",
  "gender_figures_other",
  "vital_views",
  "vital_daily",
  "vital_daily_targets",
  "payroll_imports",
  "payroll_people",
  "payroll_contracts",
  "certificate_codes",
  "certificates",
  "vacancies",
  "job_applications",
  "resume_files",
] as const satisfies readonly (keyof Database)[];
/** Tables whose integer `id` comes from a sequence on PostgreSQL. */
export const TABLES_WITH_ID = [
  "users",
  "messages",
  "cases",
  "outbox",
  "case_events",
  "audit_log",
  "held_posts",
  "published_figures",
  "legal_holds",
  "pending_role_grants",
  "gender_figures_other",
  "payroll_imports",
  "certificates",
  "vacancies",
] as const;

export interface DatabaseOptions {
  /** PostgreSQL: connections per instance. */
  poolSize?: number;
  /** PostgreSQL: the server cancels a statement that runs longer. */
  statementTimeoutMs?: number;
  /** PostgreSQL: how long to wait for a new connection before the request fails. */
  connectTimeoutMs?: number;
  /** Skip the migrations (a second connection pool to a database already opened). */
  skipMigrations?: boolean;
  /**
   * SQLite: how long a write waits for another process's lock. The site answers visitors, so 5 s; the
   * admin command can wait longer for a busy site (its writes queue behind every post's).
   */
  busyTimeoutMs?: number;
  /**
   * PostgreSQL: commit without waiting for the disk (`synchronous_commit=off`). Only for bookkeeping whose
   * loss in a database crash costs at most a repeated action: the outbox's claims and "sent" marks (a
   * resend with the same Message-ID) and the rate-limit counters. Never for visitors' messages.
   */
  relaxedCommit?: boolean;
}

/** `postgres://` or `postgresql://` means PostgreSQL; `file:PATH` or a plain path means SQLite (docs/product.md §20, 24). */
export function engineOf(url: string): Engine {
  return /^postgres(ql)?:\/\//i.test(url) ? "postgres" : "sqlite";
}

export function sqlitePathFromUrl(url: string): string {
  const file = url.startsWith("file:") ? url.slice("file:".length) : url;
  if (!file) throw new Error("DATABASE_URL: falta la ruta del archivo SQLite.");
  return file;
}

/** The URL without its password, for logs and messages. */
export function redactUrl(url: string): string {
  return url.replace(/\/\/([^:@/]*):[^@/]*@/, "//$1:***@");
}

const engines = new WeakMap<Kysely<Database>, Engine>();

/** The engine behind a database opened by openDatabase (transactions: pass the outer db). */
export function engineOfDatabase(db: Kysely<Database>): Engine {
  return engines.get(db) ?? "sqlite";
}

// An arbitrary constant shared by every instance of the site: whoever holds it migrates, the others wait.
const MIGRATION_LOCK_KEY = 7_310_424_001;

export async function openDatabase(url: string, options: DatabaseOptions = {}): Promise<Kysely<Database>> {
  const engine = engineOf(url);
  const db = engine === "postgres" ? openPostgres(url, options) : openSqlite(url, options.busyTimeoutMs);
  engines.set(db, engine);
  if (options.skipMigrations) return db;
  try {
    await migrate(db, engine, url);
    if (engine === "sqlite") await analyzeSqlite(db);
  } catch (error) {
    await db.destroy().catch(() => {});
    throw error instanceof Error ? error : new Error(String(error));
  }
  return db;
}

/**
 * The connection the staff area reads through (ADR 018). SQLite (a file): a worker thread with
 * its own read-only connection, so a long list, search or export never holds the request thread
 * (read-worker.server.ts). PostgreSQL, or SQLite in memory: `db` itself.
 */
export function openReadDatabase(url: string, db: Kysely<Database>, options: { timeoutMs?: number } = {}): Kysely<Database> {
  if (engineOf(url) !== "sqlite") return db;
  const file = sqlitePathFromUrl(url);
  if (file === ":memory:") return db;
  const reader = openReadWorker<Database>(path.resolve(file), { timeoutMs: options.timeoutMs });
  engines.set(reader, "sqlite");
  return reader;
}

/**
 * The database's folder and files are the site user's alone: the file holds names, phone numbers, health
 * data, PQRS identities and sign-in addresses. The folder is created 0700 and the file 0600 (SQLite gives
 * the `-wal` and `-shm` files the mode of the database file); a file found open to others (an older
 * start, a copy, a restore) is closed on open, and so is the folder when it is the site's own. A folder
 * shared with others (the working directory, the home folder, one of another user, a sticky one like
 * /tmp) is left as it is, with a warning.
 */
function restrictDatabaseFiles(file: string): void {
  const resolved = path.resolve(file);
  const folder = path.dirname(resolved);
  if (!existsSync(folder)) mkdirSync(folder, { recursive: true, mode: 0o700 });
  else {
    const { mode, uid } = statSync(folder);
    if ((mode & 0o077) !== 0) {
      const shared = folder === process.cwd() || folder === homedir() || (mode & 0o1000) !== 0 || uid !== process.getuid?.();
      if (shared)
        log("warn", "database-folder-open", {
          message: `Otros usuarios pueden abrir la carpeta de la base de datos (${folder}): póngala en una carpeta propia, como data/.`,
        });
      else chmodSync(folder, 0o700);
    }
  }
  try {
    writeFileSync(resolved, "", { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  for (const name of [resolved, `${resolved}-wal`, `${resolved}-shm`, `${resolved}-journal`]) {
    if (existsSync(name) && (statSync(name).mode & 0o077) !== 0) chmodSync(name, 0o600);
  }
}

function openSqlite(url: string, busyTimeoutMs = 5000): Kysely<Database> {
  const file = sqlitePathFromUrl(url);
  if (file !== ":memory:") restrictDatabaseFiles(file);
  const sqlite = new SQLite(file);
  // WAL for concurrent reads; synchronous=FULL so a 2xx answer means the message is on disk.
  sqlite.pragma("journal_mode = WAL");
  // A deleted row's bytes are overwritten, not left in free pages for a copy of the file to show (a
  // data request's deletion, the retention purge). PostgreSQL: docs/deploy.md.
  sqlite.pragma("secure_delete = ON");
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma(`busy_timeout = ${Math.max(0, Math.trunc(busyTimeoutMs))}`);
  // 16 MB of page cache instead of SQLite's 2 MB: the index pages a post touches stay in memory at a
  // million rows (the staff's reads have their own connection and cache, read-worker.server.ts).
  sqlite.pragma("cache_size = -16384");
  sqlite.pragma("analysis_limit = 1000");
  const analyzer = setInterval(() => {
    try {
      analyzeTables(sqlite);
    } catch (error) {
      log("warn", "database-analyze-failed", { error: (error as Error).message });
    }
  }, 6 * 3_600_000);
  analyzer.unref();
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite, () => clearInterval(analyzer)) }) });
  sqliteConnections.set(db, sqlite);
  return db;
}

const sqliteConnections = new WeakMap<Kysely<Database>, SQLite.Database>();

/**
 * Statistics for SQLite's query planner (it had none: the staff lists' plans depend on them), from a
 * sample of each index (analysis_limit), so it takes milliseconds at a million rows: on open, after the
 * migrations, and every 6 hours. Only the site's own tables (TABLES): not `PRAGMA optimize`, which also
 * analyzes the FTS5 index's internal tables, and figures read there while the index is small lead to
 * plans for FTS5's own statements that slow every insert as the index grows (ADR 018).
 */
function analyzeTables(sqlite: SQLite.Database): void {
  for (const table of TABLES) sqlite.exec(`analyze ${table}`);
  sqlite.exec("delete from sqlite_stat1 where tbl like 'messages_fts%'; analyze sqlite_schema");
}

async function analyzeSqlite(db: Kysely<Database>): Promise<void> {
  const sqlite = sqliteConnections.get(db);
  if (sqlite) analyzeTables(sqlite);
}

/**
 * Kysely prepares every statement anew; the queries are a small fixed set, so keep them prepared
 * (the profile showed prepare() at ~5 % of a form post's CPU time).
 *
 * Every transaction also begins IMMEDIATE: Kysely's SQLite driver sends a plain `begin` (deferred), and a
 * deferred transaction that reads and then writes must upgrade its lock; if another process (the admin
 * command) wrote in between, SQLite fails it at once with "database is locked", whatever busy_timeout
 * says. Taking the write lock at the start makes a writer wait its turn under busy_timeout instead.
 * (A transaction that only reads now takes the write lock too; this process has one connection and
 * Kysely runs one transaction at a time on it anyway, so it can only wait for another process's write.)
 */
function withStatementCache(sqlite: SQLite.Database, beforeClose: () => void = () => {}, size = 256) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      beforeClose();
      void walHandles
        .get(sqlite)
        ?.then((handle) => handle?.close())
        .catch(() => {});
      sqlite.close();
    },
    prepare(sqlText: string) {
      const text = sqlText === "begin" ? "begin immediate" : sqlText;
      let statement = cache.get(text);
      if (statement) {
        // Most recently used last, so the first key is the one to drop.
        cache.delete(text);
      } else {
        statement = sqlite.prepare(text);
        if (cache.size >= size) cache.delete(cache.keys().next().value as string);
      }
      cache.set(text, statement);
      return statement;
    },
  };
}

function openPostgres(url: string, options: DatabaseOptions): Kysely<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
    // The server ends a runaway statement; the client gives up a little later if the server is gone.
    statement_timeout: options.statementTimeoutMs ?? 10_000,
    query_timeout: (options.statementTimeoutMs ?? 10_000) + 2_000,
    idleTimeoutMillis: 30_000,
    application_name: "sitio-web",
    ...(options.relaxedCommit ? { options: "-c synchronous_commit=off" } : {}),
  });
  // An idle connection broken by a restart or an outage must not crash the process: the pool drops it
  // and the next query opens a new one (or fails, and the request answers 503).
  pool.on("error", (error) => log("warn", "database-connection-lost", { error: error.message }));
  // The same for a connection in use (the pool only listens on idle ones): the query fails instead.
  pool.on("connect", (client) => client.on("error", (error) => log("warn", "database-connection-lost", { error: error.message })));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

async function migrate(db: Kysely<Database>, engine: Engine, url: string): Promise<void> {
  const provider: MigrationProvider = {
    getMigrations: async () => migrationsFor(engine),
  };
  const run = (on: Kysely<Database>) => new Migrator({ db: on, provider }).migrateToLatest();
  let outcome: Awaited<ReturnType<typeof run>>;
  if (engine === "postgres") {
    // Instances starting together: one session-level advisory lock around the whole migration (Kysely
    // also locks, but only after creating its own bookkeeping tables, which can race).
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
    await client.connect();
    // The migrations run on a connection of their own without the statement timeout: building an index
    // or filling a new table over an existing site's rows (migration 018 at a million messages) takes
    // longer than any request may.
    const migrator = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1, application_name: "sitio-web-migraciones" }) }),
    });
    try {
      await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      outcome = await run(migrator);
    } finally {
      await migrator.destroy().catch(() => {});
      await client.end().catch(() => {});
    }
  } else {
    outcome = await run(db);
  }
  for (const r of outcome.results ?? []) {
    if (r.status !== "NotExecuted") log(r.status === "Success" ? "info" : "error", "migration", { name: r.migrationName, status: r.status, engine });
  }
  if (outcome.error) throw outcome.error;
}

/**
 * SQLite: runs `work` on the connection with commits synced only at checkpoints (synchronous=NORMAL:
 * they survive a crash of the process, not a power cut), then back to FULL. For bookkeeping whose loss
 * costs at most a repeated action — the outbox's claims and "sent" marks — so that disk syncs go to the
 * visitors' messages. The connection is held throughout, so no other query runs in between.
 * PostgreSQL: runs `work` as is.
 */
export async function withRelaxedSync<T>(db: Kysely<Database>, work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  if (engineOfDatabase(db) === "postgres") return work(db);
  return db.connection().execute(async (connection) => {
    await sql`pragma synchronous = NORMAL`.execute(connection);
    try {
      return await work(connection);
    } finally {
      await sql`pragma synchronous = FULL`.execute(connection);
    }
  });
}

/**
 * Runs `work` in one transaction and resolves once its commit is on disk (ADR 024). PostgreSQL: an
 * ordinary transaction (synchronous_commit on). SQLite: the commit writes its pages to the WAL file
 * without syncing it (synchronous=NORMAL), then the WAL file is synced (fdatasync) on libuv's thread
 * pool; only then does the promise resolve. The commit is exactly as durable as one made with
 * synchronous=FULL (which syncs that same file, on the request thread), but the event loop answers
 * requests while the disk works, and the posts that arrive meanwhile form the next commit. A sync that
 * starts after a commit covers it; one sync may cover several commits.
 */
export async function commitDurably<T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  const sqlite = sqliteConnections.get(db);
  if (!sqlite || sqlite.memory) return db.transaction().execute(work);
  const result = await withRelaxedSync(db, (conn) => conn.transaction().execute(work));
  await syncWal(sqlite).catch((error: unknown) => {
    throw new NotDurableError(error);
  });
  return result;
}

/** The transaction committed, but the disk did not confirm it: not to be retried (it would write twice), nor acknowledged. */
export class NotDurableError extends Error {
  constructor(cause: unknown) {
    super(`La escritura no se pudo asegurar en el disco: ${String((cause as Error)?.message ?? cause)}`, { cause });
  }
}

/**
 * fdatasync of a database's WAL file, through a handle kept open while the connection is (the file
 * lives as long as any connection to the database is open: this one is). None at all (a database
 * whose WAL was never created): nothing to sync.
 */
async function syncWal(sqlite: SQLite.Database): Promise<void> {
  let handle = walHandles.get(sqlite);
  if (!handle) {
    handle = open(`${sqlite.name}-wal`, "r").catch((error: unknown) => {
      walHandles.delete(sqlite);
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    });
    walHandles.set(sqlite, handle);
  }
  const file = await handle;
  await file?.datasync();
}

const walHandles = new WeakMap<SQLite.Database, Promise<FileHandle | undefined>>();

/** Is the database answering? For /healthz; a short query with its own time limit. */
export async function pingDatabase(db: Kysely<Database>, timeoutMs = 2_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("timeout")), timeoutMs);
    });
    await Promise.race([sql`select 1`.execute(db), timeout]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
