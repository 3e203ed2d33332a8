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
    const persons = await db
      .selectFrom("messages")
      .select([sql<string>`lower(correo)`.as("email")])
      .select((eb) => [eb.fn.max("received_at").as("last_received"), eb.fn.max("handled_at").as("last_handled")])
      .groupBy(sql`lower(correo)`)
      .execute();
    const due = persons.filter((p) => (p.last_handled && p.last_handled > p.last_received ? p.last_handled : p.last_received) < cutoff).map((p) => p.email);
    const candidates = [];
    for (let i = 0; i < due.length; i += CHUNK) {
      const part = due.slice(i, i + CHUNK);
      const rows = await db.selectFrom("messages").select(["id", sql<string>`lower(correo)`.as("email")]).where(sql`lower(correo)`, "in", part).execute();
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
