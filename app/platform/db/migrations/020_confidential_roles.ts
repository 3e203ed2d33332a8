/**
 * No one reaches a confidential category alone (docs/product.md §34, ADR 021):
 *
 * - audit_log.audience: the one role that alone reads an entry of the ethics line that no case tells the
 *   category of (a list opening, the statistics, a discarded held post, a purge's count, a confidential
 *   role granted). Null: the entry is read by area as before, and an ethics entry by its case's category.
 *   Entries already written: an ethics entry without a case, and a purge line that counted the ethics
 *   line, cannot be told a category; they get 'reservado', which is no role: kept in the table (the audit
 *   is kept as any record, ADR 019) and shown to no one on the staff pages. An index on (audience, id)
 *   pages each owner's entries.
 * - pending_role_grants: a confidential role asked by one admin, waiting for a second admin's confirmation
 *   (or refusal) until it expires.
 * Literal values only: this file is frozen once released.
 */
import { sql } from "kysely";
import type { Migration } from "kysely/migration";
import { type Engine, idColumn } from "./engine";

export const m020ConfidentialRoles = (engine: Engine): Migration => {
  const id = idColumn(engine);
  return {
    async up(db) {
      await db.schema.alterTable("audit_log").addColumn("audience", "text").execute();
      await sql`update audit_log set audience = 'reservado' where substr(action, 1, 6) = 'etica_' and case_id is null`.execute(db);
      await sql`update audit_log set audience = 'reservado' where action = 'depurar_retencion' and detail like '%linea_etica%'`.execute(db);
      await db.schema.createIndex("audit_log_audience_id").on("audit_log").columns(["audience", "id"]).execute();
      await db.schema
        .createTable("pending_role_grants")
        .addColumn("id", "integer", id)
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("role", "text", (c) => c.notNull())
        .addColumn("requested_by", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("requested_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("decided_by", "integer", (c) => c.references("users.id").onDelete("set null"))
        .addColumn("decided_at", "text")
        .addColumn("decision", "text")
        .execute();
      await db.schema.createIndex("pending_role_grants_open").on("pending_role_grants").columns(["decided_at", "expires_at"]).execute();
    },
  };
};
