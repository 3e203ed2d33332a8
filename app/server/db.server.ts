/**
 * The database through Kysely: SQLite in one process by default (DECISIONS 19), or a shared PostgreSQL
 * for several instances (DECISIONS 24). Same versioned migrations for both, run on start; callers use
 * the typed `Database` interface only. Timestamps are ISO-8601 text on both engines (they sort as text).
 * New tables: add a migration at the end of `migrationsFor`, with the schema builder.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { type ColumnDefinitionBuilder, type ColumnType, Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import { type Migration, type MigrationProvider, Migrator } from "kysely/migration";
import { type EthicsTables, ethicsMigrations } from "../ethics/migrations.server";
import { type ReportTables, reportMigrations } from "../reports/migrations.server";
import { log } from "./log.server";
import { rolesMigrations, type UserRolesTable } from "./roles.server";

export interface MessagesTable {
  id: number | undefined;
  form: "contacto" | "cliente";
  empresa: string | null;
  cargo: string | null;
  nombre: string;
  celular: string;
  correo: string;
  mensaje: string;
  consent_at: string;
  policy_version: string;
  received_at: string;
  handled_at: string | null;
  handled_by: string | null;
}

export interface OutboxTable {
  id: number | undefined;
  /** A contact or client message (its mail is rendered when sent), or null for a report mail. */
  message_id: number | null;
  recipients: string;
  status: "pending" | "sent" | "failed";
  attempts: number;
  next_attempt_at: string;
  /** Claimed by an instance until then (lease); null when nobody is sending it. */
  locked_until: ColumnType<string | null, string | null | undefined, string | null>;
  last_error: string | null;
  sent_at: string | null;
  created_at: string;
  /** Report mails (app/reports): the case, and the mail rendered when it was queued. */
  case_id: number | null;
  subject: string | null;
  body_text: string | null;
  body_html: string | null;
}

/** The legacy single-role column; the roles themselves are in user_roles (roles.server.ts). */
export type LegacyRole = "admin" | "staff";

export interface UsersTable {
  id: number | undefined;
  email: string;
  name: string;
  role: LegacyRole;
  password_hash: string;
  disabled_at: string | null;
  created_at: string;
  password_changed_at: string;
}

export interface SessionsTable {
  /** SHA-256 of the cookie's random id: a leaked database does not leak live sessions. */
  id_hash: string;
  user_id: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export interface LoginAttemptsTable {
  /** "cuenta:<email>" or "direccion:<ip>". */
  key: string;
  failures: number;
  first_failure_at: string;
  locked_until: string | null;
}

export interface AuditLogTable {
  id: number | undefined;
  at: string;
  user_id: number | null;
  user_email: string;
  action: string;
  message_id: number | null;
  /** A report (app/reports) the action concerns. */
  case_id: number | null;
  detail: string | null;
}

export interface RateLimitsTable {
  /** "<limit>:<client address>", e.g. "formularios:203.0.113.9". */
  key: string;
  hits: number;
  reset_at: string;
}

export interface Database extends ReportTables, EthicsTables {
  user_roles: UserRolesTable;
  messages: MessagesTable;
  outbox: OutboxTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  audit_log: AuditLogTable;
  rate_limits: RateLimitsTable;
}

function migrationsFor(engine: Engine): Record<string, Migration> {
  const id = idColumn(engine);
  return {
    "001_messages_and_outbox": {
      async up(db) {
        await db.schema
          .createTable("messages")
          .addColumn("id", "integer", id)
          .addColumn("form", "text", (c) => c.notNull().check(sql`form in ('contacto', 'cliente')`))
          .addColumn("empresa", "text")
          .addColumn("cargo", "text")
          .addColumn("nombre", "text", (c) => c.notNull())
          .addColumn("celular", "text", (c) => c.notNull())
          .addColumn("correo", "text", (c) => c.notNull())
          .addColumn("mensaje", "text", (c) => c.notNull())
          .addColumn("consent_at", "text", (c) => c.notNull())
          .addColumn("policy_version", "text", (c) => c.notNull())
          .addColumn("received_at", "text", (c) => c.notNull())
          .addColumn("handled_at", "text")
          .addColumn("handled_by", "text")
          .execute();
        await db.schema.createIndex("messages_received_at").on("messages").column("received_at").execute();
        await db.schema
          .createTable("outbox")
          .addColumn("id", "integer", id)
          .addColumn("message_id", "integer", (c) => c.notNull().references("messages.id").onDelete("cascade"))
          .addColumn("recipients", "text", (c) => c.notNull())
          .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('pending', 'sent', 'failed')`))
          .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("next_attempt_at", "text", (c) => c.notNull())
          .addColumn("last_error", "text")
          .addColumn("sent_at", "text")
          .addColumn("created_at", "text", (c) => c.notNull())
          .execute();
        await db.schema.createIndex("outbox_due").on("outbox").columns(["status", "next_attempt_at"]).execute();
      },
      async down(db) {
        await db.schema.dropTable("outbox").execute();
        await db.schema.dropTable("messages").execute();
      },
    },
    "002_staff_inbox": {
      async up(db) {
        await db.schema
          .createTable("users")
          .addColumn("id", "integer", id)
          .addColumn("email", "text", (c) => c.notNull().unique())
          .addColumn("name", "text", (c) => c.notNull())
          .addColumn("role", "text", (c) => c.notNull().check(sql`role in ('admin', 'staff')`))
          .addColumn("password_hash", "text", (c) => c.notNull())
          .addColumn("disabled_at", "text")
          .addColumn("created_at", "text", (c) => c.notNull())
          .addColumn("password_changed_at", "text", (c) => c.notNull())
          .execute();
        await db.schema
          .createTable("sessions")
          .addColumn("id_hash", "text", (c) => c.primaryKey())
          .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
          .addColumn("created_at", "text", (c) => c.notNull())
          .addColumn("last_seen_at", "text", (c) => c.notNull())
          .addColumn("expires_at", "text", (c) => c.notNull())
          .execute();
        await db.schema.createIndex("sessions_user").on("sessions").column("user_id").execute();
        await db.schema
          .createTable("login_attempts")
          .addColumn("key", "text", (c) => c.primaryKey())
          .addColumn("failures", "integer", (c) => c.notNull())
          .addColumn("first_failure_at", "text", (c) => c.notNull())
          .addColumn("locked_until", "text")
          .execute();
        await db.schema
          .createTable("audit_log")
          .addColumn("id", "integer", id)
          .addColumn("at", "text", (c) => c.notNull())
          .addColumn("user_id", "integer")
          .addColumn("user_email", "text", (c) => c.notNull())
          .addColumn("action", "text", (c) => c.notNull())
          .addColumn("message_id", "integer")
          .addColumn("detail", "text")
          .execute();
        await db.schema.createIndex("messages_correo").on("messages").column("correo").execute();
      },
      async down(db) {
        for (const table of ["audit_log", "login_attempts", "sessions", "users"]) await db.schema.dropTable(table).execute();
      },
    },
    "003_shared_rate_limits_and_outbox_leases": {
      async up(db) {
        // An instance that claims a mail holds it until then; if it dies, the lease runs out and another sends it.
        await db.schema.alterTable("outbox").addColumn("locked_until", "text").execute();
        // Request counters shared by every instance (form posts per address, report lookups…).
        await db.schema
          .createTable("rate_limits")
          .addColumn("key", "text", (c) => c.primaryKey())
          .addColumn("hits", "integer", (c) => c.notNull())
          .addColumn("reset_at", "text", (c) => c.notNull())
          .execute();
        await db.schema.createIndex("rate_limits_reset_at").on("rate_limits").column("reset_at").execute();
      },
      async down(db) {
        await db.schema.alterTable("outbox").dropColumn("locked_until").execute();
        await db.schema.dropTable("rate_limits").execute();
      },
    },
  };
}

export type Engine = "sqlite" | "postgres";

/** Integer keys: SQLite's rowid alias; on PostgreSQL an identity column (explicit ids allowed, for copies). */
function idColumn(engine: Engine) {
  return (c: ColumnDefinitionBuilder) =>
    engine === "postgres" ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
}

/** Tables in an order that respects their foreign keys (for copies and counts). */
export const TABLES = [
  "users",
  "user_roles",
  "messages",
  "cases",
  "outbox",
  "case_events",
  "accident_reports",
  "ethics_reports",
  "case_lookup_attempts",
  "sessions",
  "login_attempts",
  "audit_log",
  "rate_limits",
] as const satisfies readonly (keyof Database)[];
/** Tables whose integer `id` comes from a sequence on PostgreSQL. */
export const TABLES_WITH_ID = ["users", "messages", "cases", "outbox", "case_events", "audit_log"] as const;

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
   * PostgreSQL: commit without waiting for the disk (`synchronous_commit=off`). Only for bookkeeping whose
   * loss in a database crash costs at most a repeated action: the outbox's claims and "sent" marks (a
   * resend with the same Message-ID) and the rate-limit counters. Never for visitors' messages.
   */
  relaxedCommit?: boolean;
}

/** `postgres://` or `postgresql://` means PostgreSQL; `file:PATH` or a plain path means SQLite (DECISIONS 20, 24). */
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
  const db = engine === "postgres" ? openPostgres(url, options) : openSqlite(url);
  engines.set(db, engine);
  if (options.skipMigrations) return db;
  try {
    await migrate(db, engine, url);
  } catch (error) {
    await db.destroy().catch(() => {});
    throw error instanceof Error ? error : new Error(String(error));
  }
  return db;
}

function openSqlite(url: string): Kysely<Database> {
  const file = sqlitePathFromUrl(url);
  if (file !== ":memory:") mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL for concurrent reads; synchronous=FULL so a 2xx answer means the message is on disk.
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
}

/**
 * Kysely prepares every statement anew; the queries are a small fixed set, so keep them prepared
 * (the profile showed prepare() at ~5 % of a form post's CPU time).
 */
function withStatementCache(sqlite: SQLite.Database, size = 256) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
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
  // The site's own tables, then the accounts' roles, the reports (app/reports) and the ethics line (app/ethics), in name order.
  const provider: MigrationProvider = {
    getMigrations: async () => ({ ...migrationsFor(engine), ...rolesMigrations, ...reportMigrations(engine), ...ethicsMigrations }),
  };
  const run = () => new Migrator({ db, provider }).migrateToLatest();
  let outcome: Awaited<ReturnType<typeof run>>;
  if (engine === "postgres") {
    // Instances starting together: one session-level advisory lock around the whole migration (Kysely
    // also locks, but only after creating its own bookkeeping tables, which can race).
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
    await client.connect();
    try {
      await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      outcome = await run();
    } finally {
      await client.end().catch(() => {});
    }
  } else {
    outcome = await run();
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
