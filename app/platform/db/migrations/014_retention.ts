/**
 * Retention (ADR 019): holds set by staff with a reason (a person's records are not purged nor deleted
 * on request while one is active), and the lease rows that let one instance at a time run a periodic
 * job (the daily purge) when several share a PostgreSQL database.
 */
import type { Migration } from "kysely/migration";
import { type Engine, idColumn } from "./engine";

export const m014Retention = (engine: Engine): Migration => {
  const id = idColumn(engine);
  return {
    async up(db) {
      await db.schema
        .createTable("legal_holds")
        .addColumn("id", "integer", id)
        .addColumn("subject", "text", (c) => c.notNull())
        .addColumn("reason", "text", (c) => c.notNull())
        .addColumn("set_by", "text", (c) => c.notNull())
        .addColumn("set_at", "text", (c) => c.notNull())
        .addColumn("cleared_by", "text")
        .addColumn("cleared_at", "text")
        .addColumn("clear_reason", "text")
        .execute();
      await db.schema.createIndex("legal_holds_subject").on("legal_holds").columns(["subject", "cleared_at"]).execute();
      await db.schema
        .createTable("job_leases")
        .addColumn("name", "text", (c) => c.primaryKey())
        .addColumn("locked_until", "text")
        .addColumn("last_run_day", "text")
        .addColumn("last_finished_at", "text")
        .execute();
    },
  };
};
