/**
 * Retention of the form messages (ADR 019; the data policy's §17): a person's messages go two years after
 * the last communication with that person — their newest message, or the last time one was marked as
 * attended —, with their mails in the outbox. The daily purge (app/platform/purge.server.ts) skips a
 * person under a hold.
 */
import { sql } from "kysely";
import type { Purger } from "~/platform/purge.server";

const CHUNK = 500;

export const messagePurger: Purger = {
  kind: "mensajes",
  async find(db, cutoff) {
    // The persons whose last communication (newest message, or last marked attended) is older than the
    // cutoff, chosen by the database: only they come back, not every person.
    const persons = await db
      .selectFrom("messages")
      .select([sql<string>`lower(correo)`.as("email")])
      .groupBy(sql`lower(correo)`)
      .having((eb) =>
        eb.and([eb(eb.fn.max("received_at"), "<", cutoff), eb.or([eb(eb.fn.max("handled_at"), "is", null), eb(eb.fn.max("handled_at"), "<", cutoff)])]),
      )
      .execute();
    const due = persons.map((p) => p.email);
    const candidates = [];
    for (let i = 0; i < due.length; i += CHUNK) {
      const part = due.slice(i, i + CHUNK);
      const rows = await db
        .selectFrom("messages")
        .select(["id", sql<string>`lower(correo)`.as("email")])
        .where(sql`lower(correo)`, "in", part)
        .execute();
      candidates.push(...rows.map((r) => ({ id: r.id as number, subjects: [r.email] })));
    }
    return candidates;
  },
  async remove(trx, ids) {
    for (let i = 0; i < ids.length; i += CHUNK) {
      const part = ids.slice(i, i + CHUNK);
      await trx.deleteFrom("outbox").where("message_id", "in", part).execute();
      await trx.deleteFrom("messages").where("id", "in", part).execute();
    }
  },
};
