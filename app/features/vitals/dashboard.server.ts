/**
 * What the staff page /admin/rendimiento shows (product rule 42, ADR 023), read from the daily
 * histograms only (never the raw views): per route and device class over the last 28 days, the 75th
 * percentile of LCP, INP and CLS with the shares of good, needs-improvement and poor views, the number
 * of views, a daily trend of LCP's 75th percentile, and the element or interaction most often behind
 * the poor views. Its reads are as large as days × routes × buckets, whatever the number of views.
 */
import type { Kysely } from "kysely";
import { bogotaDay } from "~/platform/dates";
import type { Database } from "~/platform/db/database.server";
import { type Device, FEW_VIEWS, type Histogram, type MetricName, percentileOf, RATED, type RatedMetric, type Rating, sharesOf, WINDOW_DAYS } from "./metrics";

export interface MetricSummary {
  p75: number | undefined;
  shares: Record<Rating, number>;
  /** Views that measured it (INP needs an interaction; a view hidden early has no LCP). */
  measured: number;
}

export interface FieldSpeedRow {
  route: string;
  device: Device;
  views: number;
  fewViews: boolean;
  metrics: Record<RatedMetric, MetricSummary>;
  /** One point per day of the window, oldest first: LCP's 75th percentile that day (undefined: no view). */
  trend: (number | undefined)[];
  /** The element (LCP) or interaction target (INP) named by most poor views, with how many. */
  poorTargets: Partial<Record<"lcp" | "inp", { target: string; views: number }>>;
}

export interface FieldSpeedReport {
  from: string;
  to: string;
  days: string[];
  rows: FieldSpeedRow[];
}

/** The window's days, oldest first: the last 28 Colombian days, today included. */
export function windowDays(nowIso: string, days = WINDOW_DAYS): string[] {
  const today = Date.parse(`${bogotaDay(nowIso)}T00:00:00Z`);
  return Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

const emptyHistogram = (): Histogram => ({ counts: new Map(), total: 0 });
const addTo = (h: Histogram, bucket: number, views: number) => {
  h.counts.set(bucket, (h.counts.get(bucket) ?? 0) + views);
  h.total += views;
};

interface Acc {
  route: string;
  device: Device;
  views: number;
  histograms: Record<RatedMetric, Histogram>;
  /** LCP's 75th percentile per day (closed days: computed once, see closedDays). */
  trend: Map<string, number | undefined>;
  /** Poor views per "metric\u0000target". */
  targets: Map<string, number>;
}

/** The histograms of the days from `from` to `to` (inclusive), grouped by route and device. */
async function readDays(db: Kysely<Database>, from: string, to: string): Promise<Map<string, Acc>> {
  const [buckets, trend, targets] = await Promise.all([
    db
      .selectFrom("vital_daily")
      .select(["route", "device", "metric", "bucket", (eb) => eb.fn.sum<number | string>("views").as("views")])
      .where("day", ">=", from)
      .where("day", "<=", to)
      .where("metric", "in", ["views", ...RATED])
      .groupBy(["route", "device", "metric", "bucket"])
      .execute(),
    db
      .selectFrom("vital_daily")
      .select(["day", "route", "device", "bucket", "views"])
      .where("day", ">=", from)
      .where("day", "<=", to)
      .where("metric", "=", "lcp")
      .execute(),
    db
      .selectFrom("vital_daily_targets")
      .select(["route", "device", "metric", "target", (eb) => eb.fn.sum<number | string>("views").as("views")])
      .where("day", ">=", from)
      .where("day", "<=", to)
      .groupBy(["route", "device", "metric", "target"])
      .execute(),
  ]);
  const groups = new Map<string, Acc>();
  const daily = new Map<string, Map<string, Histogram>>();
  const groupOf = (route: string, device: string) => {
    const key = `${route}\u0000${device}`;
    let acc = groups.get(key);
    if (!acc) {
      acc = {
        route,
        device: device as Device,
        views: 0,
        histograms: { lcp: emptyHistogram(), inp: emptyHistogram(), cls: emptyHistogram() },
        trend: new Map(),
        targets: new Map(),
      };
      groups.set(key, acc);
      daily.set(key, new Map());
    }
    return key;
  };
  for (const row of buckets) {
    const acc = groups.get(groupOf(row.route, row.device)) as Acc;
    if (row.metric === "views") acc.views += Number(row.views);
    else addTo(acc.histograms[row.metric as RatedMetric], Number(row.bucket), Number(row.views));
  }
  for (const row of trend) {
    const days = daily.get(groupOf(row.route, row.device)) as Map<string, Histogram>;
    const h = days.get(row.day) ?? emptyHistogram();
    addTo(h, Number(row.bucket), Number(row.views));
    days.set(row.day, h);
  }
  for (const row of targets) {
    const acc = groups.get(groupOf(row.route, row.device)) as Acc;
    const key = `${row.metric}\u0000${row.target}`;
    acc.targets.set(key, (acc.targets.get(key) ?? 0) + Number(row.views));
  }
  for (const [key, days] of daily) for (const [day, h] of days) (groups.get(key) as Acc).trend.set(day, percentileOf("lcp", h));
  return groups;
}

/** The closed days' groups with today's added, in new maps: the cached closed part is never changed. */
function merged(closed: Map<string, Acc>, today: Map<string, Acc>): Map<string, Acc> {
  const out = new Map<string, Acc>();
  const copy = (acc: Acc): Acc => ({
    ...acc,
    histograms: Object.fromEntries(RATED.map((m) => [m, { counts: new Map(acc.histograms[m].counts), total: acc.histograms[m].total }])) as Record<
      RatedMetric,
      Histogram
    >,
    trend: new Map(acc.trend),
    targets: new Map(acc.targets),
  });
  for (const [key, acc] of closed) out.set(key, copy(acc));
  for (const [key, acc] of today) {
    const into = out.get(key);
    if (!into) {
      out.set(key, copy(acc));
      continue;
    }
    into.views += acc.views;
    for (const metric of RATED) for (const [bucket, views] of acc.histograms[metric].counts) addTo(into.histograms[metric], bucket, views);
    for (const [day, p75] of acc.trend) into.trend.set(day, p75);
    for (const [target, views] of acc.targets) into.targets.set(target, (into.targets.get(target) ?? 0) + views);
  }
  return out;
}

/**
 * The window's closed days change no more once their last views are flushed (a view is dated by the day it
 * arrives; the buffers flush within seconds), so each instance reads them once and keeps them for an hour
 * at most; only today's rows are read on every request. At 10 million views this turns a read of the whole
 * window into a read of one day (ADR 023). A minute's grace after midnight lets the last flushes land.
 * The instance reads them itself in the background (startFieldSpeedWarmer): at its start, after each
 * midnight's grace minute and before the hour is over, so a staff read does not wait for that read.
 */
const CLOSED_TTL_MS = 3_600_000;
const CLOSED_GRACE_MS = 60_000;
/** The background read starts this long before the kept days expire, so they never do while it runs. */
const REFRESH_EVERY_MS = CLOSED_TTL_MS - 5 * 60_000;
const DAY_MS = 86_400_000;
const closedCache = new WeakMap<Kysely<Database>, { key: string; until: number; value: Promise<Map<string, Acc>> }>();
/** A read of the closed days under way (the background's or a request's): others join it. */
const closedReads = new WeakMap<Kysely<Database>, { key: string; until: number; value: Promise<Map<string, Acc>> }>();

interface ClosedWindow {
  from: string;
  lastClosed: string;
  /** When today began in Colombia (UTC−5 all year: 05:00 UTC). */
  todayStartMs: number;
}

function closedWindow(nowIso: string): ClosedWindow {
  const days = windowDays(nowIso);
  const today = days.at(-1) as string;
  return { from: days[0] as string, lastClosed: days.at(-2) as string, todayStartMs: Date.parse(`${today}T05:00:00Z`) };
}

/** Starts a read of the closed days that replaces the kept ones when it ends; until then, the kept ones stand. */
function readClosed(db: Kysely<Database>, key: string, window: ClosedWindow, nowMs: number): Promise<Map<string, Acc>> {
  const running = closedReads.get(db);
  if (running && running.key === key) return running.value;
  const entry = { key, until: nowMs + CLOSED_TTL_MS, value: readDays(db, window.from, window.lastClosed) };
  closedReads.set(db, entry);
  entry.value.then(
    () => {
      if (closedReads.get(db) === entry) closedReads.delete(db);
      const kept = closedCache.get(db);
      // A read of a later window already kept is not replaced by an earlier one.
      if (!kept || kept.key <= key) closedCache.set(db, entry);
    },
    // A failed read is not kept.
    () => {
      if (closedReads.get(db) === entry) closedReads.delete(db);
    },
  );
  return entry.value;
}

function closedDays(db: Kysely<Database>, window: ClosedWindow, nowMs: number): Promise<Map<string, Acc>> {
  if (nowMs < window.todayStartMs + CLOSED_GRACE_MS) return readDays(db, window.from, window.lastClosed);
  const key = `${window.from}/${window.lastClosed}`;
  const cached = closedCache.get(db);
  if (cached && cached.key === key && cached.until > nowMs) return cached.value;
  return readClosed(db, key, window, nowMs);
}

/**
 * Reads the window's closed days into the instance's cache, as a staff read at `nowIso` would, replacing
 * what is kept once the read ends (so the late rows of a closed day show from then on). Nothing in the
 * grace minute after midnight. Resolves when the read is kept.
 */
export async function warmFieldSpeed(db: Kysely<Database>, nowIso = new Date().toISOString()): Promise<void> {
  const window = closedWindow(nowIso);
  const nowMs = Date.parse(nowIso);
  if (nowMs < window.todayStartMs + CLOSED_GRACE_MS) return;
  await readClosed(db, `${window.from}/${window.lastClosed}`, window, nowMs);
}

/** How long after a warm-up at `nowMs` the next one is due: the end of the grace minute or before the hour is over. */
export function nextWarmDelay(nowMs: number): number {
  const todayStartMs = closedWindow(new Date(nowMs).toISOString()).todayStartMs;
  if (nowMs < todayStartMs + CLOSED_GRACE_MS) return todayStartMs + CLOSED_GRACE_MS - nowMs;
  return Math.min(REFRESH_EVERY_MS, todayStartMs + DAY_MS + CLOSED_GRACE_MS - nowMs);
}

/**
 * The instance's background warm-up of the staff page's closed days, from now on (the production server
 * starts it with its services). A failed read is logged and tried again at the next turn. `stop` waits for
 * a read under way, so the database can close after it.
 */
export function startFieldSpeedWarmer(
  db: Kysely<Database>,
  options: { now?: () => number; onWarm?: (ms: number) => void; onError?: (error: unknown) => void } = {},
): { stop(): Promise<void> } {
  const now = options.now ?? Date.now;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const turn = () => {
    const started = performance.now();
    running = warmFieldSpeed(db, new Date(now()).toISOString())
      .then(() => options.onWarm?.(Math.round(performance.now() - started)))
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        running = undefined;
        if (stopped) return;
        timer = setTimeout(turn, nextWarmDelay(now()));
        timer.unref();
      });
  };
  turn();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

export async function fieldSpeedReport(db: Kysely<Database>, nowIso = new Date().toISOString()): Promise<FieldSpeedReport> {
  const days = windowDays(nowIso);
  const from = days[0] as string;
  const today = days.at(-1) as string;
  const [closed, current] = await Promise.all([closedDays(db, closedWindow(nowIso), Date.parse(nowIso)), readDays(db, today, today)]);
  const groups = merged(closed, current);

  const summary = (metric: MetricName, h: Histogram): MetricSummary => ({ p75: percentileOf(metric, h), shares: sharesOf(metric, h), measured: h.total });
  const topTarget = (acc: Acc, metric: "lcp" | "inp") => {
    let best: { target: string; views: number } | undefined;
    for (const [key, views] of acc.targets) {
      const [m, target] = key.split("\u0000") as [string, string];
      // Most views first; a tie goes to the alphabetically first selector, so the page is stable.
      if (m === metric && (!best || views > best.views || (views === best.views && target < best.target))) best = { target, views };
    }
    return best;
  };
  const rows: FieldSpeedRow[] = [...groups.values()]
    .filter((acc) => acc.views > 0)
    .map((acc) => {
      const poorTargets: FieldSpeedRow["poorTargets"] = {};
      const lcp = topTarget(acc, "lcp");
      const inp = topTarget(acc, "inp");
      if (lcp) poorTargets.lcp = lcp;
      if (inp) poorTargets.inp = inp;
      return {
        route: acc.route,
        device: acc.device,
        views: acc.views,
        fewViews: acc.views < FEW_VIEWS,
        metrics: { lcp: summary("lcp", acc.histograms.lcp), inp: summary("inp", acc.histograms.inp), cls: summary("cls", acc.histograms.cls) },
        trend: days.map((day) => acc.trend.get(day)),
        poorTargets,
      };
    });
  // Slowest first: by LCP's 75th percentile, then INP's; rows without a measure last; then by views.
  const key = (v: number | undefined) => v ?? -1;
  rows.sort(
    (a, b) =>
      key(b.metrics.lcp.p75) - key(a.metrics.lcp.p75) || key(b.metrics.inp.p75) - key(a.metrics.inp.p75) || b.views - a.views || a.route.localeCompare(b.route),
  );
  return { from, to: today, days, rows };
}
