/** Staff accounts, sessions, sign-in throttling and the audit log (ADR 006). */
import { sql } from "kysely";
import type { Migration } from "kysely/migration";
import { idColumn, type Engine } from "./engine";

export const m002StaffInbox = (engine: Engine): Migration => {
  const id = idColumn(engine);
  return {
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
  };
};
