/**
 * The reports' tables (DECISIONS 21, 22; ADR 012). One generic case model for every channel (incident
 * and accident reports now, the ethics line next): `cases` (radicado, hashed follow-up code, status),
 * `case_events` (dated status history and notes, internal or visible to the reporter), the lookup
 * throttle shared by every process, and each channel's own fields in its own table
 * (`accident_reports` here). Kysely's schema builder only, so the dialect can change.
 */
import { type ColumnDefinitionBuilder, sql } from "kysely";
import type { Migration } from "kysely/migration";

export interface CasesTable {
  id: number | undefined;
  /** Which front door: "incidentes" (this issue); the ethics line adds its own. */
  channel: string;
  /** Within the channel: "accidente" | "incidente" here. */
  kind: string;
  radicado: string;
  /** scrypt of the follow-up code with this case's own salt; the code itself is never stored. */
  code_salt: string;
  code_hash: string;
  status: string;
  received_at: string;
  /** When the company learned of the event: the legal clocks start here (default: reception). */
  learned_at: string;
  /** When the report was accepted under `policy_version`; the ethics line keeps an identified reporter's own consent in `ethics_reports.consent_at`. */
  consent_at: string;
  policy_version: string;
  /** The separate consent for sensitive (health) data, when given. */
  sensitive_consent_at: string | null;
  /** An e-mail of the reporter or the person concerned, for confirmations and data-subject requests. */
  contact_email: string | null;
  updated_at: string;
}

export interface CaseEventsTable {
  id: number | undefined;
  case_id: number;
  at: string;
  /** "estado" (a status change, perhaps with a note) or "nota". */
  type: "estado" | "nota";
  status: string | null;
  note: string | null;
  /** 1: the reporter reads it through CONSULTAR; 0: internal. */
  visible: number;
  /** The staff member's e-mail, or "reportante" / "sistema". */
  author: string;
}

export interface AccidentReportsTable {
  case_id: number;
  reporta_nombre: string | null;
  reporta_relacion: string;
  reporta_celular: string | null;
  reporta_correo: string | null;
  trabajador_nombre: string;
  trabajador_tipo_documento: string;
  trabajador_documento: string;
  trabajador_celular: string;
  trabajador_correo: string | null;
  empresa_usuaria: string;
  sede: string;
  fecha: string;
  hora: string;
  lugar: string;
  descripcion: string;
  testigos: string | null;
  /** Health data (Ley 1581 art. 5): stored only with the sensitive-data consent. */
  lesion: string | null;
  parte_cuerpo: string | null;
  atencion_medica: string | null;
  atencion_lugar: string | null;
  /** Legal clocks, computed when stored and when staff change learned_at. */
  furat_due_at: string | null;
  investigation_due_at: string;
  arl_filed_at: string | null;
  arl_number: string | null;
}

export interface CaseLookupAttemptsTable {
  /** "direccion:<sha256 of the address>" or "radicado:<RADICADO>": no address is stored in clear. */
  key: string;
  attempts: number;
  window_started_at: string;
}

export interface ReportTables {
  cases: CasesTable;
  case_events: CaseEventsTable;
  accident_reports: AccidentReportsTable;
  case_lookup_attempts: CaseLookupAttemptsTable;
}

/** The reports' migrations for one engine (the same steps; only the id columns and the outbox change differ). */
export function reportMigrations(engine: "sqlite" | "postgres"): Record<string, Migration> {
  const isSqlite = () => engine === "sqlite";
  const id = (c: ColumnDefinitionBuilder) => (engine === "postgres" ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
  return {
  "005_cases": {
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
      if (isSqlite()) {
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
        const columns = ["id", "message_id", "recipients", "status", "attempts", "next_attempt_at", "last_error", "sent_at", "created_at", "locked_until"] as never[];
        await db
          .insertInto("outbox_next" as never)
          .columns(columns)
          .expression(db.selectFrom("outbox" as never).select(columns))
          .execute();
        await db.schema.dropTable("outbox").execute();
        await db.schema.alterTable("outbox_next").renameTo("outbox").execute();
        await db.schema.createIndex("outbox_due").on("outbox").columns(["status", "next_attempt_at"]).execute();
      } else {
        await db.schema.alterTable("outbox").alterColumn("message_id", (c) => c.dropNotNull()).execute();
        await db.schema.alterTable("outbox").addColumn("case_id", "integer", (c) => c.references("cases.id").onDelete("cascade")).execute();
        await db.schema.alterTable("outbox").addColumn("subject", "text").execute();
        await db.schema.alterTable("outbox").addColumn("body_text", "text").execute();
        await db.schema.alterTable("outbox").addColumn("body_html", "text").execute();
      }
      await db.schema.createIndex("outbox_case").on("outbox").column("case_id").execute();
    },
  },
};
}
