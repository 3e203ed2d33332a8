/**
 * The daily purge (ADR 019): for each kind of record in the retention table (./retention.ts), the records
 * past their period are deleted or anonymised, except those under a legal hold (an open request or case —
 * the features find only closed ones —, a person with an open request, or a hold set by staff); kinds
 * without a stated period, or whose end the site cannot know, are only counted for legal review. Each
 * run writes its counts per kind to the audit log.
 *
 * What finds and removes each kind is the features' (handed in by app/composition/retention.server.ts); this file
 * knows no feature. One instance at a time: a lease row per job (`job_leases`), claimed with one
 * conditional UPDATE, as the outbox claims its rows; the daily job runs once per Colombian day.
 */
import type { Kysely, Transaction } from "kysely";
import { audit } from "./audit.server";
import { bogotaDay } from "./dates";
import type { Database } from "./db/database.server";
import { log } from "./log.server";
import { cutoffFor, deletability, RETENTION, type RecordKind, type RetentionRule } from "./retention";

export interface PurgeCandidate {
  id: number;
  /** The persons the record belongs to (lower-case e-mails, upper-case documents): a hold on any keeps it. */
  subjects: string[];
}

export interface Purger {
  kind: RecordKind;
  /** Records whose period counts from before `cutoff` (closed cases only: an open one is under a hold by definition). */
  find(db: Kysely<Database>, cutoff: string): Promise<PurgeCandidate[]>;
  /** Deletes or anonymises them, inside the run's transaction. */
  remove?(trx: Transaction<Database>, ids: number[], now: string): Promise<void>;
  /**
   * For records without an id of their own (sessions, counters): deletes everything past `cutoff` and says
   * how many went (used instead of `remove`).
   */
  removeByCutoff?(trx: Transaction<Database>, cutoff: string): Promise<number>;
  /** How many records of a kind without a stated period exist (for the review list). */
  count?(db: Kysely<Database>): Promise<number>;
  /**
   * The one role that reads this purger's audit entry (an ethics category's owner: its counts are no one
   * else's, docs/product.md §34). A kind may have one purger per such role; its counts stay out of the run's summary.
   */
  audience?: string;
}

export interface PurgeOptions {
  dryRun: boolean;
  now?: string;
  /**
   * Where the finds, counts and holds are read: the staff's read connection (services.readDb, off the
   * request thread on SQLite), so that grouping a million messages does not hold the public site.
   * Without it, `db`.
   */
  readDb?: Kysely<Database>;
  /** Every person whose records must be kept now: staff holds and persons with an open request. */
  heldSubjects(db: Kysely<Database>): Promise<Set<string>>;
}

export interface PurgeLine {
  kind: RecordKind;
  rule: RetentionRule;
  cutoff: string | null;
  /** Past the period and not held: deleted or anonymised (or that would be, in a dry run). */
  purged: number[];
  /** Past the period but under a hold. */
  held: number;
  /** Listed for legal review (no stated period, or an end the site cannot know). */
  review: number;
  /** Why the kind is not removed, when the one deletion rule (deletability) keeps it: the norm and until when. */
  keptBecause?: string;
  /** The purger's audience: its audit entry is that role's alone. */
  audience?: string;
}

/** Records removed per transaction: each is short, and the site's own writes run between them. */
export const REMOVE_BATCH = 100;

export async function runPurge(db: Kysely<Database>, purgers: readonly Purger[], options: PurgeOptions): Promise<PurgeLine[]> {
  const now = options.now ?? new Date().toISOString();
  const reader = options.readDb ?? db;
  const held = await options.heldSubjects(reader);
  const lines: PurgeLine[] = [];
  const runs = RETENTION.flatMap((rule): { rule: RetentionRule; purger: Purger | undefined }[] => {
    const of = purgers.filter((p) => p.kind === rule.kind);
    return of.length ? of.map((purger) => ({ rule, purger })) : [{ rule, purger: undefined }];
  });
  for (const { rule, purger } of runs) {
    const cutoff = rule.period ? cutoffFor(now, rule.period) : null;
    const line: PurgeLine = { kind: rule.kind, rule, cutoff, purged: [], held: 0, review: 0, ...(purger?.audience ? { audience: purger.audience } : {}) };
    lines.push(line);
    if (!purger) continue;
    if (!cutoff) {
      line.review = (await purger.count?.(reader)) ?? 0;
      continue;
    }
    const candidates = await purger.find(reader, cutoff);
    const free = candidates.filter((c) => !c.subjects.some((s) => held.has(s)));
    line.held = candidates.length - free.length;
    // The one deletion rule every path applies (product rule 35): the candidates' periods count from
    // before the cutoff, so the rule is asked once for the kind, as of the cutoff.
    const verdict = deletability({ kind: rule.kind, label: rule.record.toLowerCase(), countsFrom: cutoff }, now);
    if (!verdict.deletable || rule.action === "revisar" || !(purger.remove || purger.removeByCutoff)) {
      line.review = free.length;
      if (!verdict.deletable) line.keptBecause = `se conservan ${verdict.until} (${verdict.norm})`;
      continue;
    }
    line.purged = free.map((c) => c.id);
    if (options.dryRun || line.purged.length === 0) continue;
    if (purger.removeByCutoff) {
      const removeByCutoff = purger.removeByCutoff;
      await db.transaction().execute(async (trx) => {
        const removed = await removeByCutoff(trx, cutoff);
        line.purged = line.purged.slice(0, removed);
        await audit(trx, null, "depurar_retencion", { detail: describe(line), email: "(depuración diaria)", audience: line.audience });
      });
      continue;
    }
    // In batches, each its own short transaction, with a turn of the event loop between them: a first
    // purge of years of records must not hold the public site's writes for its whole length. A run stopped
    // by an error still says what it removed; the next run finds the rest.
    let removed = 0;
    try {
      for (let i = 0; i < line.purged.length; i += REMOVE_BATCH) {
        const batch = line.purged.slice(i, i + REMOVE_BATCH);
        await db.transaction().execute((trx) => purger.remove?.(trx, batch, now) ?? Promise.resolve());
        removed += batch.length;
        await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      line.purged = line.purged.slice(0, removed);
      await audit(db, null, "depurar_retencion", { detail: describe(line), email: "(depuración diaria)", audience: line.audience });
    }
  }
  if (!options.dryRun) {
    // The summary counts what every reader of the purge may know; a line with an audience says its held and
    // review counts in an entry of its own, for that role alone.
    const open = lines.filter((l) => !l.audience);
    for (const l of lines)
      if (l.audience && l.purged.length === 0 && (l.held > 0 || l.review > 0))
        await audit(db, null, "depurar_retencion", { detail: describe(l), email: "(depuración diaria)", audience: l.audience });
    const others = open.filter((l) => l.purged.length === 0 && (l.held > 0 || l.review > 0));
    await audit(db, null, "depurar_retencion", {
      detail: `Depuración del ${bogotaDay(now)}: ${open.reduce((n, l) => n + l.purged.length, 0)} registro(s) suprimido(s) o anonimizado(s)${others.length ? ` · ${others.map(describe).join(" · ")}` : ""}`,
      email: "(depuración diaria)",
    });
  }
  log("info", "retention-purge", {
    dryRun: options.dryRun,
    ...Object.fromEntries(lines.map((l) => [l.audience ? `${l.kind}_${l.audience}` : l.kind, { purged: l.purged.length, held: l.held, review: l.review }])),
  });
  return lines;
}

/** "mensajes: 3 suprimido(s) · 1 retenido(s) por una obligación legal" */
export function describe(line: PurgeLine): string {
  const verb = line.rule.action === "anonimizar" ? "anonimizado(s)" : "suprimido(s)";
  const parts = [
    line.purged.length ? `${line.purged.length} ${verb}` : "",
    line.held ? `${line.held} retenido(s) por una obligación legal` : "",
    line.review ? `${line.review} para revisión legal${line.keptBecause ? `: ${line.keptBecause}` : ""}` : "",
  ].filter(Boolean);
  return `${line.kind}${line.audience ? ` (${line.audience})` : ""}: ${parts.join(", ") || "nada que depurar"}`;
}

// ——— Leases for periodic jobs ———

/**
 * Claims today's run of a daily job: true for exactly one caller per Colombian day across instances
 * (one conditional UPDATE on its row, atomic on both engines), unless a lease taken by an instance that
 * died has run out. `force` (the command line) runs it again the same day, but never over a live lease.
 */
export async function claimDailyJob(db: Kysely<Database>, name: string, leaseMs: number, options: { now?: string; force?: boolean } = {}): Promise<boolean> {
  const now = options.now ?? new Date().toISOString();
  const day = bogotaDay(now);
  await db
    .insertInto("job_leases")
    .values({ name, locked_until: null, last_run_day: null, last_finished_at: null })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const result = await db
    .updateTable("job_leases")
    .set({ locked_until: new Date(Date.parse(now) + leaseMs).toISOString() })
    .where("name", "=", name)
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", now)]))
    .$if(!options.force, (q) => q.where((eb) => eb.or([eb("last_run_day", "is", null), eb("last_run_day", "<", day)])))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function finishDailyJob(db: Kysely<Database>, name: string, options: { now?: string; completed: boolean }) {
  const now = options.now ?? new Date().toISOString();
  await db
    .updateTable("job_leases")
    .set({ locked_until: null, ...(options.completed ? { last_run_day: bogotaDay(now), last_finished_at: now } : {}) })
    .where("name", "=", name)
    .execute();
}

export const PURGE_JOB = "depuracion-diaria";
/** Longer than any purge takes; a run whose instance died is taken over after it. */
export const PURGE_LEASE_MS = 30 * 60_000;

/** Claims, runs and releases today's purge; false when another instance has it or it already ran today. */
export async function runDailyPurge(
  db: Kysely<Database>,
  purgers: readonly Purger[],
  options: Omit<PurgeOptions, "dryRun"> & { force?: boolean },
): Promise<PurgeLine[] | null> {
  if (!(await claimDailyJob(db, PURGE_JOB, PURGE_LEASE_MS, { now: options.now, force: options.force }))) return null;
  let completed = false;
  try {
    const lines = await runPurge(db, purgers, { ...options, dryRun: false });
    completed = true;
    return lines;
  } finally {
    await finishDailyJob(db, PURGE_JOB, { now: options.now, completed });
  }
}
