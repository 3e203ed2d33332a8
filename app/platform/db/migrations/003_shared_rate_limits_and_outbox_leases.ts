/** Counters and outbox leases shared by every instance (ADR 010). */
import type { Migration } from "kysely/migration";
import type { Engine } from "./engine";

export const m003SharedRateLimitsAndOutboxLeases = (_engine: Engine): Migration => {
  return {
    async up(db) {
      // An instance that claims a mail holds it until then; if it dies, the lease runs out and another sends it.
      await db.schema.alterTable("outbox").addColumn("locked_until", "text").execute();
      // Request counters shared by every instance (form posts per address, report lookups…).
      await db.schema
        .createTable("rate_limits")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("hits", "integer", (c) => c.notNull())
        .addColumn("reset_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("rate_limits_reset_at").on("rate_limits").column("reset_at").execute();
    },
    async down(db) {
      await db.schema.alterTable("outbox").dropColumn("locked_until").execute();
      await db.schema.dropTable("rate_limits").execute();
    },
  };
};
