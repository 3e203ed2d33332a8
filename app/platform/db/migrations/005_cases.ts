/** The case model (ADR 012): cases, their events, the lookup throttle, the accident reports, and the outbox rows a case mails. */
import { sql } from "kysely";
import type { Migration } from "kysely/migration";
import { idColumn, type Engine } from "./engine";

export const m005Cases = (engine: Engine): Migration => {
  const id = idColumn(engine);
  return {
    async up(db) {
      await db.schema
        .createTable("cases")
        .addColumn("id", "integer", id)
        .addColumn("channel", "text", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("radicado", "text", (c) => c.notNull().unique())
        .addColumn("code_salt", "text", (c) => c.notNull())
        .addColumn("code_hash", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("received_at", "text", (c) => c.notNull())
        .addColumn("learned_at", "text", (c) => c.notNull())
        .addColumn("consent_at", "text", (c) => c.notNull())
        .addColumn("policy_version", "text", (c) => c.notNull())
        .addColumn("sensitive_consent_at", "text")
        .addColumn("contact_email", "text")
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("cases_channel_received").on("cases").columns(["channel", "received_at"]).execute();
      await db.schema
        .createTable("case_events")
        .addColumn("id", "integer", id)
        .addColumn("case_id", "integer", (c) => c.notNull().references("cases.id").onDelete("cascade"))
        .addColumn("at", "text", (c) => c.notNull())
        .addColumn("type", "text", (c) => c.notNull().check(sql`type in ('estado', 'nota')`))
        .addColumn("status", "text")
        .addColumn("note", "text")
        .addColumn("visible", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("author", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("case_events_case").on("case_events").column("case_id").execute();
      await db.schema
        .createTable("accident_reports")
        .addColumn("case_id", "integer", (c) => c.primaryKey().references("cases.id").onDelete("cascade"))
        .addColumn("reporta_nombre", "text")
        .addColumn("reporta_relacion", "text", (c) => c.notNull())
        .addColumn("reporta_celular", "text")
        .addColumn("reporta_correo", "text")
        .addColumn("trabajador_nombre", "text", (c) => c.notNull())
        .addColumn("trabajador_tipo_documento", "text", (c) => c.notNull())
        .addColumn("trabajador_documento", "text", (c) => c.notNull())
        .addColumn("trabajador_celular", "text", (c) => c.notNull())
        .addColumn("trabajador_correo", "text")
        .addColumn("empresa_usuaria", "text", (c) => c.notNull())
        .addColumn("sede", "text", (c) => c.notNull())
        .addColumn("fecha", "text", (c) => c.notNull())
        .addColumn("hora", "text", (c) => c.notNull())
        .addColumn("lugar", "text", (c) => c.notNull())
        .addColumn("descripcion", "text", (c) => c.notNull())
        .addColumn("testigos", "text")
        .addColumn("lesion", "text")
        .addColumn("parte_cuerpo", "text")
        .addColumn("atencion_medica", "text")
        .addColumn("atencion_lugar", "text")
        .addColumn("furat_due_at", "text")
        .addColumn("investigation_due_at", "text", (c) => c.notNull())
        .addColumn("arl_filed_at", "text")
        .addColumn("arl_number", "text")
        .execute();
      await db.schema.createIndex("accident_reports_documento").on("accident_reports").column("trabajador_documento").execute();
      await db.schema
        .createTable("case_lookup_attempts")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("attempts", "integer", (c) => c.notNull())
        .addColumn("window_started_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.alterTable("audit_log").addColumn("case_id", "integer").execute();

      // The outbox carries report mails too: a row has either a message_id (rendered when sent, as
      // before) or its own rendered subject and bodies, with the case it belongs to. SQLite cannot
      // drop a NOT NULL, so there the table is rebuilt with its rows.
      if (engine === "sqlite") {
        await db.schema
          .createTable("outbox_next")
          .addColumn("id", "integer", id)
          .addColumn("message_id", "integer", (c) => c.references("messages.id").onDelete("cascade"))
          .addColumn("recipients", "text", (c) => c.notNull())
          .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('pending', 'sent', 'failed')`))
          .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("next_attempt_at", "text", (c) => c.notNull())
          .addColumn("last_error", "text")
          .addColumn("sent_at", "text")
          .addColumn("created_at", "text", (c) => c.notNull())
          .addColumn("locked_until", "text")
          .addColumn("case_id", "integer", (c) => c.references("cases.id").onDelete("cascade"))
          .addColumn("subject", "text")
          .addColumn("body_text", "text")
          .addColumn("body_html", "text")
          .execute();
        const columns = [
          "id",
          "message_id",
          "recipients",
          "status",
          "attempts",
          "next_attempt_at",
          "last_error",
          "sent_at",
          "created_at",
          "locked_until",
        ] as never[];
        await db
          .insertInto("outbox_next" as never)
          .columns(columns)
          .expression(db.selectFrom("outbox" as never).select(columns))
          .execute();
        await db.schema.dropTable("outbox").execute();
        await db.schema.alterTable("outbox_next").renameTo("outbox").execute();
        await db.schema.createIndex("outbox_due").on("outbox").columns(["status", "next_attempt_at"]).execute();
      } else {
        await db.schema
          .alterTable("outbox")
          .alterColumn("message_id", (c) => c.dropNotNull())
          .execute();
        await db.schema
          .alterTable("outbox")
          .addColumn("case_id", "integer", (c) => c.references("cases.id").onDelete("cascade"))
          .execute();
        await db.schema.alterTable("outbox").addColumn("subject", "text").execute();
        await db.schema.alterTable("outbox").addColumn("body_text", "text").execute();
        await db.schema.alterTable("outbox").addColumn("body_html", "text").execute();
      }
      await db.schema.createIndex("outbox_case").on("outbox").column("case_id").execute();
    },
  };
};
