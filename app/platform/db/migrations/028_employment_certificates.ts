/**
 * Employment certificates (docs/product.md §38, 39; ADR 027):
 *
 * - the staff role `nomina` (the payroll team imports the payroll extract and reads the certificates);
 *   the role check is widened as in 008: PostgreSQL replaces its constraint, SQLite rebuilds the table.
 * - payroll_people: one row per worker, keyed by an HMAC of document type and number with a key that is
 *   not in the database (`person_key`); the number itself is not stored. Name and contact on file.
 * - payroll_contracts: each contract of a person (position, kind, dates, user company, salary, duties).
 * - payroll_imports: each import, dated by the cut-off of the payroll it carries, with its counts.
 * - certificate_codes: the one live one-time code per document (hashed), its tries and expiry.
 * - certificates: each certificate issued: its verification code, the snapshot of what it says, the
 *   SHA-256 of the PDF and its Ed25519 signature, how often it was verified, its annulment.
 * Literal values only: this file is frozen once released.
 */
import { sql } from "kysely";
import type { Migration } from "kysely/migration";
import { type Engine, idColumn } from "./engine";

const ROLES = "'admin', 'staff', 'sst', 'cumplimiento', 'convivencia', 'genero', 'pqrs', 'datos', 'nomina'";

export const m028EmploymentCertificates = (engine: Engine): Migration => {
  const id = idColumn(engine);
  return {
    async up(db) {
      if (engine === "postgres") {
        await sql`alter table user_roles drop constraint if exists user_roles_role_check`.execute(db);
        await sql.raw(`alter table user_roles add constraint user_roles_role_check check (role in (${ROLES}))`).execute(db);
      } else {
        await db.schema
          .createTable("user_roles_next")
          .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
          .addColumn("role", "text", (c) => c.notNull().check(sql.raw(`role in (${ROLES})`)))
          .addPrimaryKeyConstraint("user_roles_pk", ["user_id", "role"])
          .execute();
        await sql`insert into user_roles_next (user_id, role) select user_id, role from user_roles`.execute(db);
        await db.schema.dropTable("user_roles").execute();
        await db.schema.alterTable("user_roles_next").renameTo("user_roles").execute();
      }

      await db.schema
        .createTable("payroll_imports")
        .addColumn("id", "integer", id)
        .addColumn("imported_at", "text", (c) => c.notNull())
        .addColumn("cutoff_day", "text", (c) => c.notNull())
        .addColumn("file_name", "text", (c) => c.notNull())
        .addColumn("file_sha256", "text", (c) => c.notNull())
        .addColumn("user_email", "text", (c) => c.notNull())
        .addColumn("rows_read", "integer", (c) => c.notNull())
        .addColumn("people", "integer", (c) => c.notNull())
        .addColumn("people_new", "integer", (c) => c.notNull())
        .addColumn("contracts_new", "integer", (c) => c.notNull())
        .addColumn("contracts_changed", "integer", (c) => c.notNull())
        .addColumn("contracts_unchanged", "integer", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("payroll_imports_at").on("payroll_imports").column("imported_at").execute();

      await db.schema
        .createTable("payroll_people")
        .addColumn("person_key", "text", (c) => c.primaryKey())
        .addColumn("document_type", "text", (c) => c.notNull())
        .addColumn("full_name", "text", (c) => c.notNull())
        .addColumn("email", "text")
        .addColumn("mobile", "text")
        .addColumn("cutoff_day", "text", (c) => c.notNull())
        .addColumn("import_id", "integer", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("payroll_contracts")
        .addColumn("person_key", "text", (c) => c.notNull())
        .addColumn("contract_key", "text", (c) => c.notNull())
        .addColumn("position", "text", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('fijo', 'indefinido', 'obra_labor', 'ocasional', 'reemplazo', 'aprendizaje')`))
        .addColumn("start_day", "text", (c) => c.notNull())
        .addColumn("end_day", "text")
        .addColumn("user_company", "text")
        .addColumn("salary", "integer", (c) => c.notNull())
        .addColumn("duties", "text")
        .addColumn("import_id", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("payroll_contracts_pk", ["person_key", "contract_key"])
        .execute();

      await db.schema
        .createTable("certificate_codes")
        .addColumn("person_key", "text", (c) => c.primaryKey())
        .addColumn("flow_hash", "text", (c) => c.notNull().unique())
        .addColumn("code_hash", "text", (c) => c.notNull())
        .addColumn("tries", "integer", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("verified_at", "text")
        .execute();

      await db.schema
        .createTable("certificates")
        .addColumn("id", "integer", id)
        .addColumn("code", "text", (c) => c.notNull().unique())
        .addColumn("person_key", "text", (c) => c.notNull())
        .addColumn("document_check", "text", (c) => c.notNull())
        .addColumn("document_number", "text", (c) => c.notNull())
        .addColumn("holder_name", "text", (c) => c.notNull())
        .addColumn("issued_at", "text", (c) => c.notNull())
        .addColumn("snapshot", "text", (c) => c.notNull())
        .addColumn("sha256", "text", (c) => c.notNull())
        .addColumn("signature", "text", (c) => c.notNull())
        .addColumn("includes_salary", "integer", (c) => c.notNull())
        .addColumn("flow_hash", "text")
        .addColumn("downloaded_at", "text")
        .addColumn("verifications", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("last_verified_at", "text")
        .addColumn("annulled_at", "text")
        .addColumn("annulled_reason", "text")
        .addColumn("annulled_by", "text")
        .execute();
      await db.schema.createIndex("certificates_person").on("certificates").columns(["person_key", "issued_at"]).execute();
      await db.schema.createIndex("certificates_document").on("certificates").columns(["document_number", "id"]).execute();
      await db.schema.createIndex("certificates_issued").on("certificates").columns(["issued_at", "id"]).execute();
      await db.schema.createIndex("certificates_sha256").on("certificates").column("sha256").execute();
    },
  };
};
