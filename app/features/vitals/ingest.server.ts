/**
 * Storing the beacons (ADR 023): each accepted view is put in a buffer in memory and written later, in
 * batches, so a beacon is answered at once and costs the database nothing on its own. A batch is written
 * when it reaches FLUSH_ROWS views or FLUSH_MS after its first view, in one transaction: the raw rows
 * and the daily histograms (vital_daily, vital_daily_targets) added to with one upsert per (day, route,
 * device, metric, bucket). A burst of beacons becomes many short transactions, each after what waits on
 * the event loop, so the forms' posts go on between them. The buffer is bounded: past MAX_BUFFERED views
 * (the database is down), new views are dropped and counted in the log; views are measurements, never
 * something a visitor must not lose.
 */
import type { Kysely } from "kysely";
import { sql } from "kysely";
import { bogotaDay } from "~/platform/dates";
import { type Database, withRelaxedSync } from "~/platform/db/database.server";
import type { VitalViewsTable } from "~/platform/db/schema";
import { log } from "~/platform/log.server";
import { type Beacon, storedTarget } from "./beacon";
import { bucketOf, clampToRange, METRICS, type MetricName, ratingOf } from "./metrics";

export const FLUSH_ROWS = 100;
export const FLUSH_MS = 2000;
export const MAX_BUFFERED = 20_000;
/** Rows per INSERT statement (17 columns: well under SQLite's 32,766 variables). */
const INSERT_CHUNK = 500;

/** A beacon as a raw row: values clamped to the buckets' range, CLS in thousandths. */
export function rowOf(beacon: Beacon, nowIso: string): VitalViewsTable {
  const value = (metric: MetricName, raw: number | undefined) => (raw === undefined ? null : clampToRange(metric, metric === "cls" ? raw * 1000 : raw));
  const lcp = value("lcp", beacon.lcp);
  const inp = value("inp", beacon.inp);
  return {
    day: bogotaDay(nowIso),
    received_at: nowIso,
    route: beacon.route,
    device: beacon.device,
    connection: beacon.connection ?? null,
    navigation: beacon.navigation,
    service_worker: beacon.sw,
    build: beacon.build,
    lcp,
    inp,
    cls: value("cls", beacon.cls),
    fcp: value("fcp", beacon.fcp),
    ttfb: value("ttfb", beacon.ttfb),
    // The element or interaction behind a view is kept only where that view was poor: what the page shows.
    lcp_target: lcp !== null && ratingOf("lcp", lcp) === "poor" ? storedTarget(beacon.lcpTarget) : null,
    inp_target: inp !== null && ratingOf("inp", inp) === "poor" ? storedTarget(beacon.inpTarget) : null,
  };
}

/** The daily histogram and target counts a set of rows adds (summed in memory: one upsert per key). */
export function aggregatesOf(rows: readonly VitalViewsTable[]) {
  const histogram = new Map<string, { day: string; route: string; device: string; metric: "views" | MetricName; bucket: number; views: number }>();
  const targets = new Map<string, { day: string; route: string; device: string; metric: "lcp" | "inp"; target: string; views: number }>();
  const count = (day: string, route: string, device: string, metric: "views" | MetricName, bucket: number) => {
    const key = `${day}\u0000${route}\u0000${device}\u0000${metric}\u0000${bucket}`;
    const entry = histogram.get(key);
    if (entry) entry.views += 1;
    else histogram.set(key, { day, route, device, metric, bucket, views: 1 });
  };
  for (const row of rows) {
    count(row.day, row.route, row.device, "views", 0);
    for (const metric of METRICS) {
      const stored = row[metric];
      if (stored !== null) count(row.day, row.route, row.device, metric, bucketOf(metric, stored));
    }
    for (const [metric, target] of [
      ["lcp", row.lcp_target],
      ["inp", row.inp_target],
    ] as const) {
      if (!target) continue;
      const key = `${row.day}\u0000${row.route}\u0000${row.device}\u0000${metric}\u0000${target}`;
      const entry = targets.get(key);
      if (entry) entry.views += 1;
      else targets.set(key, { day: row.day, route: row.route, device: row.device, metric, target, views: 1 });
    }
  }
  return { histogram: [...histogram.values()], targets: [...targets.values()] };
}

/**
 * Writes rows and their aggregates in one transaction. On SQLite without waiting for the disk
 * (withRelaxedSync): a batch already waited up to FLUSH_MS in memory, so a power cut could always lose the
 * last seconds of views, and the sync (on the request thread) was what a form post waited for during a burst.
 */
export async function writeViews(db: Kysely<Database>, rows: readonly VitalViewsTable[]): Promise<void> {
  if (rows.length === 0) return;
  const { histogram, targets } = aggregatesOf(rows);
  await withRelaxedSync(db, (connection) =>
    connection.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += INSERT_CHUNK)
        await trx
          .insertInto("vital_views")
          .values(rows.slice(i, i + INSERT_CHUNK))
          .execute();
      for (let i = 0; i < histogram.length; i += INSERT_CHUNK) {
        await trx
          .insertInto("vital_daily")
          .values(histogram.slice(i, i + INSERT_CHUNK))
          .onConflict((oc) => oc.columns(["day", "route", "device", "metric", "bucket"]).doUpdateSet({ views: sql`vital_daily.views + excluded.views` }))
          .execute();
      }
      for (let i = 0; i < targets.length; i += INSERT_CHUNK) {
        await trx
          .insertInto("vital_daily_targets")
          .values(targets.slice(i, i + INSERT_CHUNK))
          .onConflict((oc) =>
            oc.columns(["day", "route", "device", "metric", "target"]).doUpdateSet({ views: sql`vital_daily_targets.views + excluded.views` }),
          )
          .execute();
      }
    }),
  );
}

/**
 * The buffer between the endpoint and the database: one per process. `write` stores a batch (writeViews
 * on the site's database; in the beacon receiver's process, a message to the site's process, ADR 023).
 */
export class VitalsBuffer {
  private rows: VitalViewsTable[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;
  private dropped = 0;
  private failing = false;

  constructor(
    private readonly write: (rows: VitalViewsTable[]) => Promise<void>,
    private readonly options: { flushRows?: number; flushMs?: number; maxBuffered?: number } = {},
  ) {}

  get pending() {
    return this.rows.length;
  }

  add(row: VitalViewsTable): void {
    if (this.rows.length >= (this.options.maxBuffered ?? MAX_BUFFERED)) {
      this.dropped += 1;
      return;
    }
    this.rows.push(row);
    // After a failed write (the database is down) only the timer tries again.
    if (this.rows.length >= this.batchRows && !this.failing) void this.flush();
    else this.armTimer();
  }

  private get batchRows() {
    return this.options.flushRows ?? FLUSH_ROWS;
  }

  private armTimer() {
    if (this.timer) return;
    this.timer = setTimeout(() => void this.flush(), this.options.flushMs ?? FLUSH_MS);
    this.timer.unref();
  }

  /**
   * Writes what is buffered, one batch (at most FLUSH_ROWS views) per transaction, one after the other,
   * each after what waits on the event loop (a form post): a batch's write holds the thread for a few
   * milliseconds, and a burst's 10,000 views must not hold it for longer at a time. After a failed write
   * the rows wait for the timer.
   */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.writing) {
      await this.writing;
      return this.flush();
    }
    if (this.rows.length === 0) return;
    const batch = this.rows.splice(0, this.batchRows);
    let written = false;
    this.writing = (async () => {
      try {
        await new Promise((resolve) => setImmediate(resolve));
        await this.write(batch);
        written = true;
        this.failing = false;
      } catch (error) {
        this.failing = true;
        // Put back what fits: the next batch tries again; past the bound the oldest go.
        const room = Math.max(0, (this.options.maxBuffered ?? MAX_BUFFERED) - this.rows.length);
        this.dropped += Math.max(0, batch.length - room);
        this.rows = [...batch.slice(0, room), ...this.rows];
        log("error", "vitals-write-failed", { error: String(error), pending: this.rows.length });
      } finally {
        this.writing = undefined;
        if (this.dropped > 0) {
          log("warn", "vitals-dropped", { views: this.dropped });
          this.dropped = 0;
        }
      }
    })();
    await this.writing;
    if (written && this.rows.length >= this.batchRows) await this.flush();
    else if (this.rows.length > 0) this.armTimer();
  }

  /** On shutdown: write everything (until a write fails). */
  async close(): Promise<void> {
    for (let left = this.rows.length; left > 0;) {
      await this.flush();
      if (this.rows.length >= left) return;
      left = this.rows.length;
    }
  }
}
