/**
 * dd/mm/aaaa hh:mm in Colombian time (product decision 14), in a module of its own so that a form island
 * can show a time without bundling the holiday tables of dates.ts, which re-exports it.
 * Colombia keeps UTC−5 all year, so plain arithmetic: an export formats two dates per row, and Intl's
 * formatToParts cost more than the rest of the row (ADR 018).
 */
const OFFSET_MS = 5 * 3_600_000;

/** dd/mm/aaaa hh:mm in Colombian time. */
export function formatBogota(iso: string | null | undefined): string {
  if (!iso) return "";
  // The stored form (aaaa-mm-ddThh:mm:ss.sssZ) from 05:00 UTC on is the same day in Bogotá: no Date needed.
  if (iso.length === 24 && iso.charCodeAt(23) === 90 && iso.charCodeAt(10) === 84) {
    const hour = (iso.charCodeAt(11) - 48) * 10 + (iso.charCodeAt(12) - 48);
    if (hour >= 5 && hour <= 23) return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)} ${hour - 5 < 10 ? "0" : ""}${hour - 5}${iso.slice(13, 16)}`;
  }
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return "";
  const t = new Date(ms - OFFSET_MS).toISOString();
  return `${t.slice(8, 10)}/${t.slice(5, 7)}/${t.slice(0, 4)} ${t.slice(11, 16)}`;
}
