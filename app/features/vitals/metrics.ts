/**
 * The field metrics (product rule 42, ADR 023): web.dev's thresholds, the fixed histogram buckets the
 * daily aggregates count views in, and the percentile rule the staff page states. No server code: the
 * dashboard's tests and the page read the same definitions.
 */

export const DEVICES = ["phone", "tablet", "desktop"] as const;
export type Device = (typeof DEVICES)[number];
export const DEVICE_LABELS: Record<Device, string> = { phone: "Celular", tablet: "Tableta", desktop: "Computador" };

export const METRICS = ["lcp", "inp", "cls", "fcp", "ttfb"] as const;
export type MetricName = (typeof METRICS)[number];

/** The metrics the staff page rates (rule 42); FCP and TTFB are stored and aggregated for diagnosis. */
export const RATED = ["lcp", "inp", "cls"] as const;
export type RatedMetric = (typeof RATED)[number];

/**
 * Values as stored: milliseconds for the timings; CLS in thousandths (0.1 → 100), so every bucket edge
 * is an integer. Good: at most `good`; poor: above `poor` (web.dev: LCP 2.5 s / 4 s, INP 200 / 500 ms,
 * CLS 0.1 / 0.25; FCP 1.8 / 3 s; TTFB 0.8 / 1.8 s).
 */
export const THRESHOLDS: Record<MetricName, { good: number; poor: number }> = {
  lcp: { good: 2500, poor: 4000 },
  inp: { good: 200, poor: 500 },
  cls: { good: 100, poor: 250 },
  fcp: { good: 1800, poor: 3000 },
  ttfb: { good: 800, poor: 1800 },
};

const steps = (from: number, to: number, step: number) => Array.from({ length: Math.round((to - from) / step) + 1 }, (_, i) => from + i * step);

const TIMING_EDGES = [...steps(50, 1000, 50), ...steps(1100, 5000, 100), ...steps(5250, 10_000, 250), ...steps(11_000, 30_000, 1000), 60_000];

/**
 * Upper edges of each metric's buckets, in stored units: a value v falls in the first bucket whose edge
 * is ≥ v. Every threshold above is an edge, so a bucket is wholly good, needs improvement or poor. The
 * last edge is the clamp: a plausible value above it is counted (and stored) as the last edge.
 */
export const BUCKET_EDGES: Record<MetricName, readonly number[]> = {
  lcp: TIMING_EDGES,
  fcp: TIMING_EDGES,
  ttfb: TIMING_EDGES,
  inp: [...steps(25, 1000, 25), ...steps(1100, 3000, 100), ...steps(3500, 10_000, 500), 20_000],
  cls: [...steps(10, 500, 10), ...steps(550, 1000, 50), ...steps(1250, 5000, 250)],
};

/** Above these a value is not a measurement but a broken or forged beacon: refused, not clamped. */
export const ABSURD_ABOVE: Record<MetricName, number> = { lcp: 600_000, fcp: 600_000, ttfb: 600_000, inp: 600_000, cls: 100_000 };

export const clampToRange = (metric: MetricName, value: number) => Math.min(Math.max(0, Math.round(value)), BUCKET_EDGES[metric].at(-1) as number);

export function bucketOf(metric: MetricName, stored: number): number {
  const edges = BUCKET_EDGES[metric];
  // Binary search: the first edge ≥ value.
  let lo = 0;
  let hi = edges.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((edges[mid] as number) >= stored) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

export type Rating = "good" | "needs-improvement" | "poor";
export const ratingOf = (metric: MetricName, stored: number): Rating =>
  stored <= THRESHOLDS[metric].good ? "good" : stored <= THRESHOLDS[metric].poor ? "needs-improvement" : "poor";

/** The percentile the staff page reads (rule 42: the 75th). */
export const PERCENTILE = 75;

/** Under this many views in 28 days a row is marked "pocas visitas": its percentiles move with a few views. */
export const FEW_VIEWS = 50;

/** Days the staff page sums (as the Chrome UX Report does). */
export const WINDOW_DAYS = 28;

export interface Histogram {
  /** views per bucket index */
  counts: Map<number, number>;
  total: number;
}

/**
 * Nearest-rank percentile over a histogram: the bucket holding the view of rank ⌈p/100 · n⌉ in
 * ascending order; its upper edge is the value reported (never below the true percentile, at most one
 * bucket's width above it). Undefined without views.
 */
export function percentileOf(metric: MetricName, histogram: Histogram, p = PERCENTILE): number | undefined {
  if (histogram.total === 0) return undefined;
  const rank = Math.ceil((p / 100) * histogram.total);
  let seen = 0;
  for (const bucket of [...histogram.counts.keys()].sort((a, b) => a - b)) {
    seen += histogram.counts.get(bucket) ?? 0;
    if (seen >= rank) return BUCKET_EDGES[metric][bucket];
  }
  return BUCKET_EDGES[metric].at(-1);
}

/** Shares of good, needs-improvement and poor views (0–1), from the buckets (whose edges hold the thresholds). */
export function sharesOf(metric: MetricName, histogram: Histogram): Record<Rating, number> {
  const shares: Record<Rating, number> = { good: 0, "needs-improvement": 0, poor: 0 };
  if (histogram.total === 0) return shares;
  for (const [bucket, n] of histogram.counts) shares[ratingOf(metric, BUCKET_EDGES[metric][bucket] as number)] += n / histogram.total;
  return shares;
}

/** A stored value as staff read it: seconds for LCP, FCP and TTFB, milliseconds for INP, CLS as a fraction. */
export function formatMetric(metric: MetricName, stored: number | undefined): string {
  if (stored === undefined) return "—";
  if (metric === "cls") return (stored / 1000).toLocaleString("es-CO", { minimumFractionDigits: 2, maximumFractionDigits: 3 });
  if (metric === "inp") return `${stored.toLocaleString("es-CO")} ms`;
  return `${(stored / 1000).toLocaleString("es-CO", { minimumFractionDigits: 1, maximumFractionDigits: 2 })} s`;
}
