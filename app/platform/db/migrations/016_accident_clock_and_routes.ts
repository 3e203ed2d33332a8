/**
 * The accident clock counts from the accident (product rule 21, corrected), each notice the law asks is
 * recorded, and the ethics line's routes keep what Res. 3461 de 2025 and Ley 2365 de 2024 ask:
 * - `accident_reports.severity` (Res. 1401 de 2007 art. 3), set by occupational health;
 * - `accident_notices`: the FURAT to the ARL and the EPS, the worker's copy, the Dirección Territorial
 *   and, for serious and fatal accidents, the investigation report to the ARL (date and number);
 *   existing ARL filings are copied in;
 * - every accident's FURAT deadline recomputed from the accident's day: 2 business days after it,
 *   Saturdays counted, Sundays and Colombian holidays not (the values are written out here, frozen);
 * - `ethics_reports.user_committee_engaged_on` (a worker on assignment's complaint, heard by the user
 *   company's committee) and the case's outcome (`outcome`, `outcome_measure` sealed, `outcome_at`);
 * - `published_figures`: the semester figures of sexual harassment published on the site.
 */
import { sql } from "kysely";
import type { Migration } from "kysely/migration";
import { addBusinessDays, endOfBogotaDay } from "../../dates";
import { type Engine, idColumn } from "./engine";

export const m016AccidentClockAndRoutes = (engine: Engine): Migration => {
  const id = idColumn(engine);
  return {
    async up(db) {
      await db.schema.alterTable("accident_reports").addColumn("severity", "text").execute();
      await db.schema
        .createTable("accident_notices")
        .addColumn("case_id", "integer", (c) => c.notNull().references("cases.id").onDelete("cascade"))
        .addColumn("notice", "text", (c) => c.notNull().check(sql`notice in ('arl', 'eps', 'trabajador', 'territorial', 'investigacion_arl')`))
        .addColumn("filed_on", "text", (c) => c.notNull())
        .addColumn("reference", "text")
        .addColumn("recorded_by", "text", (c) => c.notNull())
        .addColumn("recorded_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("accident_notices_pk", ["case_id", "notice"])
        .execute();
      await sql`
        insert into accident_notices (case_id, notice, filed_on, reference, recorded_by, recorded_at)
        select case_id, 'arl', substr(arl_filed_at, 1, 10), arl_number, '(migración)', arl_filed_at
        from accident_reports where arl_filed_at is not null`.execute(db);
      const accidents = await sql<{ case_id: number; fecha: string }>`
        select a.case_id, a.fecha from accident_reports a join cases c on c.id = a.case_id where c.kind = 'accidente'`.execute(db);
      for (const row of accidents.rows) {
        const due = endOfBogotaDay(addBusinessDays(row.fecha, 2, { workingDays: ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] }));
        await sql`update accident_reports set furat_due_at = ${due} where case_id = ${row.case_id}`.execute(db);
      }
      await db.schema.alterTable("ethics_reports").addColumn("user_committee_engaged_on", "text").execute();
      await db.schema.alterTable("ethics_reports").addColumn("outcome", "text").execute();
      await db.schema.alterTable("ethics_reports").addColumn("outcome_measure", "text").execute();
      await db.schema.alterTable("ethics_reports").addColumn("outcome_at", "text").execute();
      await db.schema
        .createTable("published_figures")
        .addColumn("id", "integer", id)
        .addColumn("semester", "text", (c) => c.notNull().unique())
        .addColumn("complaints", "integer", (c) => c.notNull())
        .addColumn("sanctions", "integer", (c) => c.notNull())
        .addColumn("published_at", "text", (c) => c.notNull())
        .addColumn("published_by", "text", (c) => c.notNull())
        .execute();
    },
  };
};
