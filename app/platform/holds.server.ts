/**
 * Holds on a person's records (ADR 019): staff with the data-subject tools set one with a reason when a
 * legal duty to keep applies (a lawsuit, an authority's request, an investigation); while it is active
 * the daily purge skips the person's records and a deletion on request is refused with that reason.
 * A person is named by an e-mail (compared in lower case) or a document number (in upper case).
 */
import type { Kysely } from "kysely";
import { audit, type StaffUser } from "./audit.server";
import type { Database } from "./db/database.server";

/** An e-mail in lower case, a document number in upper case, without surrounding spaces. */
export const holdSubject = (value: string) => {
  const v = value.trim();
  return v.includes("@") ? v.toLowerCase() : v.toUpperCase();
};

export async function setHold(db: Kysely<Database>, user: Pick<StaffUser, "id" | "email">, subject: string, reason: string): Promise<number> {
  const now = new Date().toISOString();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("legal_holds")
      .values({ subject: holdSubject(subject), reason, set_by: user.email, set_at: now, cleared_by: null, cleared_at: null, clear_reason: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    // The audit names the hold, not the person.
    await audit(trx, user, "retener_datos_titular", { detail: `retención n.º ${row.id}: ${reason.slice(0, 300)}` });
    return row.id as number;
  });
}

export async function clearHold(db: Kysely<Database>, user: Pick<StaffUser, "id" | "email">, id: number, reason: string): Promise<boolean> {
  const now = new Date().toISOString();
  const result = await db
    .updateTable("legal_holds")
    .set({ cleared_by: user.email, cleared_at: now, clear_reason: reason || null })
    .where("id", "=", id)
    .where("cleared_at", "is", null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await audit(db, user, "levantar_retencion_titular", { detail: `retención n.º ${id}${reason ? `: ${reason.slice(0, 300)}` : ""}` });
  return true;
}

/** Active holds, on these persons (or all). */
export async function activeHolds(db: Kysely<Database>, subjects?: readonly string[]) {
  let query = db.selectFrom("legal_holds").selectAll().where("cleared_at", "is", null);
  if (subjects) {
    const wanted = [...new Set(subjects.filter(Boolean).map(holdSubject))];
    if (wanted.length === 0) return [];
    query = query.where("subject", "in", wanted);
  }
  return query.orderBy("id").execute();
}

/** Every person under an active hold, as compared (lower-case e-mails, upper-case documents). */
export async function heldSubjects(db: Kysely<Database>): Promise<Set<string>> {
  return new Set((await activeHolds(db)).map((h) => h.subject));
}
