/** The ethics line's sealed reports (ADR 013): nothing in clear can say who reported. */
import type { Migration } from "kysely/migration";
import type { Engine } from "./engine";

export const m006Ethics = (_engine: Engine): Migration => {
  return {
    async up(db) {
      await db.schema
        .createTable("ethics_reports")
        .addColumn("case_id", "integer", (c) => c.primaryKey().references("cases.id").onDelete("cascade"))
        .addColumn("identified", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("consent_at", "text")
        .addColumn("payload", "text", (c) => c.notNull())
        .execute();
    },
  };
};
