/**
 * The pieces of /admin/rendimiento (ADR 023): a metric's 75th percentile with its good / needs
 * improvement / poor shares, and the daily trend as a small SVG drawn on the server (no charting code
 * in the page).
 */
import { formatMetric, type RatedMetric, THRESHOLDS } from "./metrics";
import type { MetricSummary } from "./dashboard.server";

const RATING_LABEL = { good: "buena", "needs-improvement": "mejorable", poor: "mala" } as const;
const percent = (share: number) => `${Math.round(share * 100)} %`;

export function MetricCell({ metric, summary }: { metric: RatedMetric; summary: MetricSummary }) {
  if (summary.measured === 0) return <td className="admin-muted">Sin mediciones</td>;
  const p75 = summary.p75 ?? 0;
  const rating = p75 <= THRESHOLDS[metric].good ? "good" : p75 <= THRESHOLDS[metric].poor ? "needs-improvement" : "poor";
  return (
    <td>
      <strong className={`vitals-value vitals-${rating}`}>{formatMetric(metric, summary.p75)}</strong>{" "}
      <span className="admin-muted">({RATING_LABEL[rating]})</span>
      {/* An SVG, not styled spans: the staff pages' CSP allows no inline style attribute. */}
      <svg
        className="vitals-shares"
        viewBox="0 0 100 4"
        preserveAspectRatio="none"
        role="img"
        aria-label={`Buenas ${percent(summary.shares.good)}, mejorables ${percent(summary.shares["needs-improvement"])}, malas ${percent(summary.shares.poor)}`}
      >
        <rect x="0" y="0" height="4" width={summary.shares.good * 100} className="vitals-good" />
        <rect x={summary.shares.good * 100} y="0" height="4" width={summary.shares["needs-improvement"] * 100} className="vitals-needs-improvement" />
        <rect
          x={(summary.shares.good + summary.shares["needs-improvement"]) * 100}
          y="0"
          height="4"
          width={summary.shares.poor * 100}
          className="vitals-poor"
        />
      </svg>
      <span className="vitals-share-text admin-muted">
        {percent(summary.shares.good)} · {percent(summary.shares["needs-improvement"])} · {percent(summary.shares.poor)}
      </span>
    </td>
  );
}

const WIDTH = 140;
const HEIGHT = 36;

/** LCP's daily 75th percentile, oldest day first, with the 2.5 s and 4 s lines; a day without views is a gap. */
export function TrendChart({ points, label }: { points: (number | undefined)[]; label: string }) {
  const top = Math.max(6000, ...points.map((p) => p ?? 0));
  const x = (i: number) => ((i + 0.5) * WIDTH) / points.length;
  const y = (v: number) => HEIGHT - 2 - (v / top) * (HEIGHT - 4);
  const segments: string[][] = [];
  let current: string[] = [];
  points.forEach((p, i) => {
    if (p === undefined) {
      if (current.length) segments.push(current);
      current = [];
    } else current.push(`${x(i).toFixed(1)},${y(p).toFixed(1)}`);
  });
  if (current.length) segments.push(current);
  return (
    <svg className="vitals-trend" width={WIDTH} height={HEIGHT} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label}>
      <line x1="0" x2={WIDTH} y1={y(THRESHOLDS.lcp.good)} y2={y(THRESHOLDS.lcp.good)} className="vitals-line-good" />
      <line x1="0" x2={WIDTH} y1={y(THRESHOLDS.lcp.poor)} y2={y(THRESHOLDS.lcp.poor)} className="vitals-line-poor" />
      {segments.map((segment) =>
        segment.length === 1 ? (
          <circle key={segment[0]} cx={segment[0]?.split(",")[0]} cy={segment[0]?.split(",")[1]} r="1.8" className="vitals-point" />
        ) : (
          <polyline key={segment.join(" ")} points={segment.join(" ")} className="vitals-polyline" />
        ),
      )}
    </svg>
  );
}
