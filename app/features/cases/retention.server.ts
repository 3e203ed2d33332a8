/**
 * Retention for the case channels (ADR 019): what the daily purge (app/platform/purge.server.ts) finds
 * and removes of a channel's cases, and of the posts held by the spam trap. A case is only ever a
 * candidate once closed (an open case is under a legal hold by definition), and its period counts from
 * its last event. Past it, the case is anonymised: its channel row, events and mails go; the `cases`
 * row stays with its radicado, kind, status and dates (a radicado is never reused, counts still hold)
 * and its code stops opening it.
 */
import { type Kysely, sql, type Transaction } from "kysely";
import { isEmailAddress } from "~/forms/fields";
import type { Database } from "~/platform/db/database.server";
import type { INCIDENTS_TABLE } from "~/platform/db/schema";
import type { PurgeCandidate, Purger } from "~/platform/purge.server";
import type { RecordKind } from "~/platform/retention";

const CHUNK = 500;
const chunks = <T>(items: readonly T[]) => Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

/** The channel tables a case's own fields live in. */
export type CaseTable = typeof INCIDENTS_TABLE | "ethics_reports" | "pqrs_requests";

/** No scrypt output is all zeros: a code never opens an anonymised case. */
const NO_CODE = "0".repeat(64);

/** Anonymises cases: their channel rows, events, mails and held originals go; the radicado row stays. */
export async function anonymiseCases(trx: Transaction<Database>, table: CaseTable, ids: readonly number[], now: string) {
  for (const part of chunks(ids)) {
    await trx.deleteFrom("outbox").where("case_id", "in", part).execute();
    await trx.deleteFrom("case_events").where("case_id", "in", part).execute();
    await trx.deleteFrom("held_posts").where("case_id", "in", part).execute();
    await trx.deleteFrom(table).where("case_id", "in", part).execute();
    await trx.updateTable("cases").set({ contact_email: null, code_hash: NO_CODE, updated_at: now }).where("id", "in", part).execute();
  }
}

/**
 * A channel's closed cases whose last event is older than the cutoff, anonymised past it. `subjects`
 * names the persons of each case (a hold on any of them keeps it); by default its contact e-mail.
 */
export function closedCasePurger(options: {
  kind: RecordKind;
  channel: string;
  /** Only these kinds of the channel (the ethics line's categories have different periods). */
  kinds?: readonly string[];
  closedStatuses: readonly string[];
  table: CaseTable;
  subjects?: (db: Kysely<Database>, ids: number[]) => Promise<Map<number, string[]>>;
}): Purger {
  return {
    kind: options.kind,
    async find(db, cutoff) {
      // Every channel table has its case_id; typed as one of them.
      const table = options.table as "pqrs_requests";
      let query = db
        .selectFrom("cases")
        .where("cases.id", "in", (eb) => eb.selectFrom(table).select(`${table}.case_id`))
        .leftJoin("case_events", "case_events.case_id", "cases.id")
        .select(["cases.id", "cases.contact_email"])
        .select((eb) => eb.fn.max("case_events.at").as("last_at"))
        .where("cases.channel", "=", options.channel)
        .where("cases.status", "in", [...options.closedStatuses])
        .groupBy(["cases.id", "cases.contact_email"]);
      if (options.kinds) query = query.where("cases.kind", "in", [...options.kinds]);
      const rows = (await query.execute()).filter((r) => (r.last_at ?? "") < cutoff);
      const ids = rows.map((r) => r.id as number);
      const subjects = options.subjects
        ? await options.subjects(db, ids)
        : new Map(rows.map((r) => [r.id as number, r.contact_email ? [r.contact_email.toLowerCase()] : []]));
      return ids.map((id): PurgeCandidate => ({ id, subjects: subjects.get(id) ?? [] }));
    },
    remove: (trx, ids, now) => anonymiseCases(trx, options.table, ids, now),
  };
}

/** How many cases a channel (or some of its kinds) holds: the review list of a kind without a stated period. */
export function caseCounter(kind: RecordKind, channel: string, kinds?: readonly string[]): Purger {
  return {
    kind,
    find: async () => [],
    async count(db) {
      let query = db
        .selectFrom("cases")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("channel", "=", channel);
      if (kinds) query = query.where("kind", "in", [...kinds]);
      return Number((await query.executeTakeFirstOrThrow()).n);
    },
  };
}

/**
 * Posts held by the spam trap and discarded by the staff (ADR 017), past their period from the decision.
 * A post in clear names its persons by the e-mails and document numbers in it; a sealed one (the ethics
 * line, anonymous by default) cannot be read here and names none.
 */
/**
 * Discarded held posts past their period; `scope` keeps one channel's apart (the ethics line's, whose
 * count must not reach the other channels' readers, docs/product.md §34).
 */
export const discardedHeldPurger = (scope: { channel?: string; exceptChannel?: string } = {}): Purger => ({
  kind: "envios_retenidos",
  async find(db, cutoff) {
    let query = db.selectFrom("held_posts").select(["id", "payload"]).where("status", "=", "descartado").where("decided_at", "<", cutoff);
    if (scope.channel) query = query.where("channel", "=", scope.channel);
    if (scope.exceptChannel) query = query.where("channel", "!=", scope.exceptChannel);
    const rows = await query.execute();
    return rows.map((r) => {
      let subjects: string[] = [];
      if (!r.payload.startsWith("v1:")) {
        try {
          const values = Object.entries(JSON.parse(r.payload) as Record<string, string>);
          subjects = values
            .filter(([name, v]) => typeof v === "string" && (isEmailAddress(v) || /documento$/.test(name)))
            .map(([, v]) => (isEmailAddress(v) ? v.trim().toLowerCase() : v.trim().toUpperCase()));
        } catch {
          subjects = [];
        }
      }
      return { id: r.id as number, subjects };
    });
  },
  async remove(trx, ids) {
    for (const part of chunks(ids)) await trx.deleteFrom("held_posts").where("id", "in", part).where("status", "=", "descartado").execute();
  },
});

/** The contact e-mails of cases, lower case (for a channel whose persons are only that). */
export async function contactEmails(db: Kysely<Database>, ids: number[]) {
  const map = new Map<number, string[]>();
  for (const part of chunks(ids)) {
    for (const r of await db
      .selectFrom("cases")
      .select(["id", sql<string | null>`lower(contact_email)`.as("email")])
      .where("id", "in", part)
      .execute()) {
      map.set(r.id as number, r.email ? [r.email] : []);
    }
  }
  return map;
}
