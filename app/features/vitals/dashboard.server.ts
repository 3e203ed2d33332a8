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

export async function fieldSpeedReport(db: Kysely<Database>, nowIso = new Date().toISOString()): Promise<FieldSpeedReport> {
  const days = windowDays(nowIso);
  const from = days[0] as string;
  const [buckets, trend, targets] = await Promise.all([
    db
      .selectFrom("vital_daily")
      .select(["route", "device", "metric", "bucket", (eb) => eb.fn.sum<number | string>("views").as("views")])
      .where("day", ">=", from)
      .where("metric", "in", ["views", ...RATED])
      .groupBy(["route", "device", "metric", "bucket"])
      .execute(),
    db.selectFrom("vital_daily").select(["day", "route", "device", "bucket", "views"]).where("day", ">=", from).where("metric", "=", "lcp").execute(),
    db
      .selectFrom("vital_daily_targets")
      .select(["route", "device", "metric", "target", (eb) => eb.fn.sum<number | string>("views").as("views")])
      .where("day", ">=", from)
      .groupBy(["route", "device", "metric", "target"])
      .execute(),
  ]);

  interface Acc {
    route: string;
    device: Device;
    views: number;
    histograms: Record<RatedMetric, Histogram>;
    daily: Map<string, Histogram>;
    poorTargets: FieldSpeedRow["poorTargets"];
  }
  const groups = new Map<string, Acc>();
  const groupOf = (route: string, device: string) => {
    const key = `${route}\u0000${device}`;
    let acc = groups.get(key);
    if (!acc) {
      acc = { route, device: device as Device, views: 0, histograms: { lcp: emptyHistogram(), inp: emptyHistogram(), cls: emptyHistogram() }, daily: new Map(), poorTargets: {} };
      groups.set(key, acc);
    }
    return acc;
  };
  for (const row of buckets) {
    const acc = groupOf(row.route, row.device);
    if (row.metric === "views") acc.views += Number(row.views);
    else addTo(acc.histograms[row.metric as RatedMetric], Number(row.bucket), Number(row.views));
  }
  for (const row of trend) {
    const daily = groupOf(row.route, row.device).daily;
    const h = daily.get(row.day) ?? emptyHistogram();
    addTo(h, Number(row.bucket), Number(row.views));
    daily.set(row.day, h);
  }
  for (const row of targets) {
    const acc = groupOf(row.route, row.device);
    const metric = row.metric as "lcp" | "inp";
    const views = Number(row.views);
    const current = acc.poorTargets[metric];
    // Most views first; a tie goes to the shorter, then alphabetical selector, so the page is stable.
    if (!current || views > current.views || (views === current.views && row.target < current.target)) acc.poorTargets[metric] = { target: row.target, views };
  }

  const summary = (metric: MetricName, h: Histogram): MetricSummary => ({ p75: percentileOf(metric, h), shares: sharesOf(metric, h), measured: h.total });
  const rows: FieldSpeedRow[] = [...groups.values()]
    .filter((acc) => acc.views > 0)
    .map((acc) => ({
      route: acc.route,
      device: acc.device,
      views: acc.views,
      fewViews: acc.views < FEW_VIEWS,
      metrics: { lcp: summary("lcp", acc.histograms.lcp), inp: summary("inp", acc.histograms.inp), cls: summary("cls", acc.histograms.cls) },
      trend: days.map((day) => {
        const h = acc.daily.get(day);
        return h ? percentileOf("lcp", h) : undefined;
      }),
      poorTargets: acc.poorTargets,
    }));
  // Slowest first: by LCP's 75th percentile, then INP's; rows without a measure last; then by views.
  const key = (v: number | undefined) => v ?? -1;
  rows.sort((a, b) => key(b.metrics.lcp.p75) - key(a.metrics.lcp.p75) || key(b.metrics.inp.p75) - key(a.metrics.inp.p75) || b.views - a.views || a.route.localeCompare(b.route));
  return { from, to: days.at(-1) as string, days, rows };
}
