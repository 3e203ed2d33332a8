/**
 * The database: SQLite by default (DECISIONS 19) through Kysely, with versioned migrations run on start.
 * Callers use the typed `Database` interface only, so a PostgreSQL dialect can be added here later.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { type Migration, type MigrationProvider, Migrator } from "kysely/migration";
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

export interface Database extends ReportTables {
  user_roles: UserRolesTable;
  messages: MessagesTable;
  outbox: OutboxTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  audit_log: AuditLogTable;
}

const migrations: Record<string, Migration> = {
  "001_messages_and_outbox": {
    async up(db) {
      await db.schema
        .createTable("messages")
        .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
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
        .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
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
        .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
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
        .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
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
};

const provider: MigrationProvider = { getMigrations: async () => ({ ...migrations, ...rolesMigrations, ...reportMigrations }) };

/** `file:PATH` or a plain path means SQLite (DECISIONS 20). */
export function sqlitePathFromUrl(url: string): string {
  if (/^postgres(ql)?:\/\//.test(url)) {
    throw new Error("DATABASE_URL: PostgreSQL aún no está disponible en esta versión; use un archivo SQLite (file:RUTA).");
  }
  const file = url.startsWith("file:") ? url.slice("file:".length) : url;
  if (!file) throw new Error("DATABASE_URL: falta la ruta del archivo SQLite.");
  return file;
}

export async function openDatabase(url: string): Promise<Kysely<Database>> {
  const file = sqlitePathFromUrl(url);
  if (file !== ":memory:") mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL for concurrent reads; synchronous=FULL so a 2xx answer means the message is on disk.
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  for (const r of results ?? []) {
    if (r.status !== "NotExecuted") log(r.status === "Success" ? "info" : "error", "migration", { name: r.migrationName, status: r.status });
  }
  if (error) {
    await db.destroy();
    throw error instanceof Error ? error : new Error(String(error));
  }
  return db;
}
