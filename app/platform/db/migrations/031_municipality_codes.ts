/**
 * The DANE code of a vacancy's city and of an applicant's (ADR 028, addendum 2026-11-27): cities are now
 * picked from DANE's list of municipalities (DIVIPOLA) and /empleos filters by the code. Both columns
 * admit null: rows written before this migration keep their free-text city, still shown as typed.
 * Literal values only: this file is frozen once released.
 */
import type { Migration } from "kysely/migration";

export const m031MunicipalityCodes = (): Migration => ({
  async up(db) {
    await db.schema.alterTable("vacancies").addColumn("city_code", "text").execute();
    await db.schema.alterTable("job_applications").addColumn("ciudad_code", "text").execute();
  },
});
