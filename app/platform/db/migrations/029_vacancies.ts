/**
 * Vacancies and applications (product rules 40, 41; ADR 028):
 *
 * - the staff role `seleccion` (the user_roles check widened, as 008 did; the list keeps 028's `nomina`);
 * - vacancies: what the site publishes at /empleos, draft → published → closed, with the code of its
 *   registration in the Servicio Público de Empleo (required to publish: checked by the code, not here,
 *   since a draft may lack it);
 * - job_applications: an application is a case (cases.channel = 'postulaciones', radicado HV-…); its own
 *   fields beside it, one per document per vacancy;
 * - resume_files: the résumé's bytes on PostgreSQL (every instance reads them from the database); on
 *   SQLite the bytes are a file in the data folder under a generated name and this table stays empty.
 * Literal values only: this file is frozen once released.
 */
import { sql } from "kysely";
import type { Migration } from "kysely/migration";
import { type Engine, idColumn } from "./engine";

const ROLES = "'admin', 'staff', 'sst', 'cumplimiento', 'convivencia', 'genero', 'pqrs', 'datos', 'nomina', 'seleccion'";

export const m029Vacancies = (engine: Engine): Migration => {
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
        .createTable("vacancies")
        .addColumn("id", "integer", id)
        .addColumn("slug", "text", (c) => c.notNull().unique())
        .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('borrador', 'publicada', 'cerrada')`))
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("city", "text", (c) => c.notNull())
        .addColumn("department", "text", (c) => c.notNull())
        .addColumn("sector", "text", (c) => c.notNull())
        .addColumn("company_name", "text")
        .addColumn("salary_min", "integer", (c) => c.notNull())
        .addColumn("salary_max", "integer")
        .addColumn("schedule", "text", (c) => c.notNull())
        .addColumn("contract", "text", (c) => c.notNull())
        .addColumn("workday", "text", (c) => c.notNull())
        .addColumn("places", "integer", (c) => c.notNull())
        .addColumn("requirements", "text", (c) => c.notNull())
        .addColumn("duties", "text", (c) => c.notNull())
        .addColumn("closes_on", "text", (c) => c.notNull())
        .addColumn("spe_code", "text")
        .addColumn("search_text", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addColumn("published_at", "text")
        .addColumn("closed_at", "text")
        .execute();
      await db.schema.createIndex("vacancies_open").on("vacancies").columns(["status", "closes_on", "published_at"]).execute();

      await db.schema
        .createTable("job_applications")
        .addColumn("case_id", "integer", (c) => c.primaryKey().references("cases.id").onDelete("cascade"))
        .addColumn("vacancy_id", "integer", (c) => c.notNull().references("vacancies.id"))
        .addColumn("received_at", "text", (c) => c.notNull())
        .addColumn("nombre", "text", (c) => c.notNull())
        .addColumn("tipo_documento", "text", (c) => c.notNull())
        .addColumn("documento", "text", (c) => c.notNull())
        .addColumn("correo", "text", (c) => c.notNull())
        .addColumn("celular", "text", (c) => c.notNull())
        .addColumn("ciudad", "text", (c) => c.notNull())
        .addColumn("mensaje", "text")
        .addColumn("selection_consent_at", "text", (c) => c.notNull())
        .addColumn("resume_key", "text", (c) => c.notNull())
        .addColumn("resume_size", "integer", (c) => c.notNull())
        .addColumn("resume_sha256", "text", (c) => c.notNull())
        .addColumn("resume_updated_at", "text", (c) => c.notNull())
        .addColumn("withdrawn_at", "text")
        .execute();
      await db.schema.createIndex("job_applications_person").on("job_applications").columns(["vacancy_id", "tipo_documento", "documento"]).unique().execute();
      await db.schema.createIndex("job_applications_list").on("job_applications").columns(["vacancy_id", "received_at", "case_id"]).execute();
      await db.schema.createIndex("job_applications_city").on("job_applications").columns(["vacancy_id", "ciudad", "received_at"]).execute();
      await db.schema.createIndex("job_applications_documento").on("job_applications").column("documento").execute();
      await db.schema.createIndex("job_applications_correo").on("job_applications").column("correo").execute();

      await db.schema
        .createTable("resume_files")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("content", engine === "postgres" ? "bytea" : "blob", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
    },
  };
};
