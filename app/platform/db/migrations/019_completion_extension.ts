/**
 * A request to complete may be extended once at the person's request (Ley 1755 de 2015, art. 17:
 * "prórroga hasta por un término igual"): when that was recorded.
 */
import type { Migration } from "kysely/migration";

export const m019CompletionExtension = (): Migration => ({
  async up(db) {
    await db.schema.alterTable("pqrs_requests").addColumn("completion_extended_at", "text").execute();
  },
});
