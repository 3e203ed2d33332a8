/**
 * The retention purge composed (ADR 019): for each kind of the one retention table
 * (app/platform/retention.ts), what finds and removes it, from the feature that owns it; and who is
 * under a legal hold (staff holds, and every person with an open request). Handed to the services'
 * daily job by app/composition/wiring.server.ts and used by `npm run admin -- purge`.
 */
import { type Kysely, sql } from "kysely";
import { certificatesPurger, payrollPurger } from "~/features/certificates/retention.server";
import { caseCounter, closedCasePurger, discardedHeldPurger } from "~/features/cases/retention.server";
import { ETHICS_OWNERS, ethicsChannel, type EthicsKind } from "~/features/ethics/channel";
import { messagePurger } from "~/features/messages/retention.server";
import { FINAL_STATUSES, requestsChannel } from "~/features/requests/channel";
import { vitalDailyPurger, vitalViewsPurger } from "~/features/vitals/retention.server";
import { applicationPurger } from "~/features/vacancies/retention.server";
import { openRequestSubjects, requestSubjects } from "~/features/requests/requests.server";
import { bogotaDay } from "~/platform/dates";
import type { Database } from "~/platform/db/database.server";
import { INCIDENTS_TABLE } from "~/platform/db/schema";
import { heldSubjects as staffHolds } from "~/platform/holds.server";
import { type PurgeLine, type Purger, runDailyPurge, runPurge } from "~/platform/purge.server";

const ethicsKindsOf = (...roles: string[]) => (Object.keys(ETHICS_OWNERS) as EthicsKind[]).filter((k) => roles.includes(ETHICS_OWNERS[k]));

/**
 * Incident reports: kept 20 years from the end of the worker's employment, which the site cannot know;
 * those whose event is older than 20 years are listed for review, never removed here.
 */
const incidentReview: Purger = {
  kind: "reportes_incidentes",
  async find(db, cutoff) {
    const rows = await db
      .selectFrom(INCIDENTS_TABLE)
      .select([
        "case_id",
        "trabajador_documento",
        sql<string | null>`lower(trabajador_correo)`.as("worker"),
        sql<string | null>`lower(reporta_correo)`.as("reporter"),
      ])
      .where("fecha", "<", bogotaDay(cutoff))
      .execute();
    return rows.map((r) => ({ id: r.case_id, subjects: [r.trabajador_documento.toUpperCase(), r.worker ?? "", r.reporter ?? ""].filter(Boolean) }));
  },
};

/** Sessions and the request counters (sign-in, lookups and posts share `rate_limits`, ADR 016), a day after they lapse. */
const countersPurger: Purger = {
  kind: "sesiones_y_contadores",
  async find(db, cutoff) {
    const counts = await Promise.all([
      db
        .selectFrom("sessions")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("expires_at", "<", cutoff)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom("rate_limits")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("reset_at", "<", cutoff)
        .executeTakeFirstOrThrow(),
    ]);
    const total = counts.reduce((n, c) => n + Number(c.n), 0);
    return Array.from({ length: total }, (_, i) => ({ id: i + 1, subjects: [] }));
  },
  async removeByCutoff(trx, cutoff) {
    const results = await Promise.all([
      trx.deleteFrom("sessions").where("expires_at", "<", cutoff).executeTakeFirst(),
      trx.deleteFrom("rate_limits").where("reset_at", "<", cutoff).executeTakeFirst(),
    ]);
    return results.reduce((n, r) => n + Number(r.numDeletedRows), 0);
  },
};

const tableCounter = (kind: Purger["kind"], table: "users" | "legal_holds"): Purger => ({
  kind,
  find: async () => [],
  count: async (db) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    ),
});

/**
 * The audit log, kept for review: the entries every reader of the purge may know of, and each ethics
 * owner's own (entries for it, or about a case of its categories), so that no count of the ethics line's
 * activity reaches another role (docs/product.md §34). Entries reserved for no one are counted nowhere.
 */
const auditCounter = (role?: string): Purger => ({
  kind: "auditoria",
  find: async () => [],
  async count(db) {
    const ethicsCases = db
      .selectFrom("cases")
      .select(sql<number>`id`.as("id"))
      .where("channel", "=", ethicsChannel.id);
    const row = await db
      .selectFrom("audit_log")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where((eb) =>
        role
          ? eb.or([eb("audience", "=", role), eb.and([eb("audience", "is", null), eb("case_id", "in", ethicsCases.where("kind", "in", ethicsKindsOf(role)))])])
          : eb.and([eb("audience", "is", null), eb.or([eb("case_id", "is", null), eb("case_id", "not in", ethicsCases)])]),
      )
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },
  ...(role ? { audience: role } : {}),
});

export const PURGERS: readonly Purger[] = [
  messagePurger,
  discardedHeldPurger({ exceptChannel: ethicsChannel.id }),
  // The ethics line's discarded posts: their category is sealed, so no single owner can be told the
  // count; they go all the same, under an entry reserved for no one (ADR 021).
  { ...discardedHeldPurger({ channel: ethicsChannel.id }), audience: "reservado" },
  closedCasePurger({
    kind: "solicitudes_pqrs",
    channel: requestsChannel.id,
    closedStatuses: FINAL_STATUSES,
    table: "pqrs_requests",
    subjects: requestSubjects,
  }),
  incidentReview,
  // The ethics line's counts, one purger per owner role: each role's audit entry holds its counts alone (docs/product.md §34).
  {
    ...closedCasePurger({
      kind: "linea_etica_sagrilaft_ptee",
      channel: ethicsChannel.id,
      kinds: ethicsKindsOf("cumplimiento"),
      closedStatuses: [ethicsChannel.closed],
      table: "ethics_reports",
    }),
    audience: "cumplimiento",
  },
  { ...caseCounter("linea_etica_convivencia", ethicsChannel.id, ethicsKindsOf("convivencia")), audience: "convivencia" },
  { ...caseCounter("linea_etica_convivencia", ethicsChannel.id, ethicsKindsOf("genero")), audience: "genero" },
  countersPurger,
  tableCounter("cuentas_personal", "users"),
  auditCounter(),
  ...(["cumplimiento", "convivencia", "genero"] as const).map(auditCounter),
  tableCounter("bloqueos", "legal_holds"),
  vitalViewsPurger,
  vitalDailyPurger,
  payrollPurger,
  certificatesPurger,
  applicationPurger,
];

/** Everyone whose records are kept today: a hold set by staff, or a request not yet closed. */
export async function heldSubjects(db: Kysely<Database>): Promise<Set<string>> {
  const held = await staffHolds(db);
  for (const subject of await openRequestSubjects(db)) held.add(subject);
  return held;
}

/** `npm run admin -- purge [--dry-run]`: a dry run lists; a run claims today's lease like the server's job (forced, so it runs again the same day). */
export function purgeNow(db: Kysely<Database>, options: { dryRun: boolean; now?: string; readDb?: Kysely<Database> }): Promise<PurgeLine[] | null> {
  const { dryRun, now, readDb } = options;
  return dryRun ? runPurge(db, PURGERS, { dryRun: true, now, readDb, heldSubjects }) : runDailyPurge(db, PURGERS, { now, readDb, heldSubjects, force: true });
}

/** The server's daily job, its finds read through the staff's read connection: null when another instance ran it today or runs it now. */
export const dailyPurge = (db: Kysely<Database>, readDb: Kysely<Database>) => runDailyPurge(db, PURGERS, { readDb, heldSubjects });
