/**
 * The ethics line keeps when a report arrived to the Colombian day only (its clocks count in days; a time
 * to the millisecond could be matched with a proxy's access log): the reports stored before keep their
 * day and lose the time, in every column written at that moment (the case's reception, knowledge,
 * consent and last change while untouched since, its first event, the report's consent, its mails'
 * creation). Ordering by (received_at, id) still holds: within a day the id keeps the arrival order.
 */
import { sql } from "kysely";
import type { Migration } from "kysely/migration";
import type { Engine } from "./engine";

export const m022EthicsReceivedDay = (engine: Engine): Migration => ({
  async up(db) {
    // 00:00 in Colombia (UTC−5 all year) of the Colombian day of an ISO instant, as ISO text.
    const day = (column: string) =>
      engine === "postgres"
        ? sql.raw(`(to_char((${column})::timestamptz at time zone 'UTC' - interval '5 hours', 'YYYY-MM-DD') || 'T05:00:00.000Z')`)
        : sql.raw(`(strftime('%Y-%m-%d', substr(${column}, 1, 19), '-5 hours') || 'T05:00:00.000Z')`);
    const ethics = sql.raw("(select id from cases where channel = 'etica')");
    await sql`update case_events set at = ${day("at")}
      where case_id in ${ethics} and at = (select c.received_at from cases c where c.id = case_events.case_id)`.execute(db);
    await sql`update ethics_reports set consent_at = ${day("consent_at")} where consent_at is not null`.execute(db);
    await sql`update outbox set created_at = ${day("created_at")}
      where case_id in ${ethics} and created_at = (select c.received_at from cases c where c.id = outbox.case_id)`.execute(db);
    await sql`update cases set
        updated_at = case when updated_at = received_at then ${day("received_at")} else updated_at end,
        learned_at = case when learned_at = received_at then ${day("received_at")} else learned_at end,
        consent_at = case when consent_at = received_at then ${day("received_at")} else consent_at end,
        received_at = ${day("received_at")}
      where channel = 'etica'`.execute(db);
  },
});
