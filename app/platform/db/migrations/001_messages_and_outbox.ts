/** The contact and client messages and the outbox that mails them (ADR 003). */
import { sql } from "kysely";
import type { Migration } from "kysely/migration";
import { idColumn, type Engine } from "./engine";

export const m001MessagesAndOutbox = (engine: Engine): Migration => {
  const id = idColumn(engine);
  return {
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
  };
};
