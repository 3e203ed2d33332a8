/**
 * The requests channel (PQRS, docs/product.md §28, ADR 019): each request's own fields next to its case
 * (cases.channel = 'pqrs'), with its legal clock as stored dates: the due date, an extension with its
 * reason, a request to complete (the clock paused) and its completion, the answer, the closing, and for
 * data-protection requests the access export and the deletion run from it.
 */
import type { Migration } from "kysely/migration";
import type { Engine } from "./engine";

export const m013Requests = (_engine: Engine): Migration => ({
  async up(db) {
    await db.schema
      .createTable("pqrs_requests")
      .addColumn("case_id", "integer", (c) => c.primaryKey().references("cases.id").onDelete("cascade"))
      .addColumn("term", "text", (c) => c.notNull())
      .addColumn("anonymous", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("nombre", "text")
      .addColumn("tipo_documento", "text")
      .addColumn("documento", "text")
      .addColumn("correo", "text")
      .addColumn("celular", "text")
      .addColumn("descripcion", "text", (c) => c.notNull())
      .addColumn("consent_at", "text")
      .addColumn("first_day", "text", (c) => c.notNull())
      .addColumn("base_due_at", "text")
      .addColumn("due_at", "text")
      .addColumn("extended_at", "text")
      .addColumn("extension_reason", "text")
      .addColumn("completion_requested_at", "text")
      .addColumn("completion_request", "text")
      .addColumn("completion_deadline", "text")
      .addColumn("remaining_days", "integer")
      .addColumn("completed_at", "text")
      .addColumn("answered_at", "text")
      .addColumn("answer", "text")
      .addColumn("closed_at", "text")
      .addColumn("export_json", "text")
      .addColumn("export_at", "text")
      .addColumn("deletion_at", "text")
      .addColumn("deletion_summary", "text")
      .execute();
    await db.schema.createIndex("pqrs_requests_due").on("pqrs_requests").column("due_at").execute();
    await db.schema.createIndex("pqrs_requests_correo").on("pqrs_requests").column("correo").execute();
    await db.schema.createIndex("pqrs_requests_documento").on("pqrs_requests").column("documento").execute();
  },
});
