/**
 * One request counter (ADR 016): CONSULTAR's lookups and staff sign-in now count in `rate_limits`, like
 * the form posts. Their own tables go, and with them what they kept: the sign-in throttle's addresses in
 * clear and CONSULTAR's addresses as plain SHA-256 hashes (which every IPv4 address can be hashed to
 * match). Nothing in them outlives its 15-minute window; dropping them loses no record.
 * (Numbered 017 when merged with the layout and law work, whose 008–016 came first.)
 */
import type { Migration } from "kysely/migration";
import type { Engine } from "./engine";

export const m017OneRateCounter = (_engine: Engine): Migration => {
  return {
    async up(db) {
      await db.schema.dropTable("case_lookup_attempts").execute();
      await db.schema.dropTable("login_attempts").execute();
    },
  };
};
