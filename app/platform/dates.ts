/**
 * Colombian dates, in one place: Colombia keeps UTC−5 all year (no daylight saving), dates are shown
 * dd/mm/aaaa (product decision 14, docs/product.md), and business days skip Sundays, the holidays of
 * Ley 51 de 1983 and Ley 1098 de 2006 as the maintained `colombian-holidays` library computes them
 * (Emiliani moves included), and, unless a clock says otherwise, Saturdays. No server code: the
 * staff pages and the public forms use it too.
 */
import { getHolidaysForYear } from "colombian-holidays";

const OFFSET_MS = 5 * 3_600_000;

/**
 * dd/mm/aaaa hh:mm in Colombian time. UTC−5 by arithmetic (as bogotaDay): an export formats two dates
 * per row, and Intl's formatToParts cost more than the rest of the row (issue 24).
 */
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

/** aaaa-mm-dd → dd/mm/aaaa (a calendar day, no time). */
export const formatDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** The Colombian calendar day (aaaa-mm-dd) of an instant. */
export const bogotaDay = (iso: string): string => new Date(Date.parse(iso) - OFFSET_MS).toISOString().slice(0, 10);

/** The Colombian day and time (hh:mm) of an instant, as a date and a time input expect them. */
export function bogotaDayAndTime(iso: string): { day: string; time: string } {
  const local = new Date(Date.parse(iso) - OFFSET_MS).toISOString();
  return { day: local.slice(0, 10), time: local.slice(11, 16) };
}

/** The instant of a Colombian day and time (hh:mm, default midnight). */
export const bogotaInstant = (day: string, time = "00:00") => new Date(`${day}T${time}:00-05:00`).toISOString();

/** Start of a Colombian calendar day as an ISO instant. */
export const bogotaDayStart = (day: string): string => bogotaInstant(day);

/** The last instant of a Colombian calendar day. */
export const endOfBogotaDay = (day: string) => new Date(Date.parse(`${day}T23:59:59.999-05:00`)).toISOString();

/** The day after (or `n` days after) a calendar day. */
export const addDays = (day: string, n = 1) => new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

const holidayCache = new Map<number, Set<string>>();
function holidays(year: number): Set<string> {
  let set = holidayCache.get(year);
  if (!set) {
    set = new Set(getHolidaysForYear(year).map((h) => h.celebrationDate));
    holidayCache.set(year, set);
  }
  return set;
}

export const isHoliday = (day: string) => holidays(Number(day.slice(0, 4))).has(day);

/**
 * Which weekdays a clock counts as business days: Monday to Friday (the public administration's
 * week, the reading most legal terms get), or Monday to Saturday (where Saturday is a working day,
 * the stricter reading: the deadline comes earlier).
 */
export type Week = "monday-to-friday" | "monday-to-saturday";

export function isBusinessDay(day: string, week: Week = "monday-to-friday"): boolean {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  if (weekday === 0 || (weekday === 6 && week === "monday-to-friday")) return false;
  return !isHoliday(day);
}

/** The n-th business day after `day` (that day itself does not count). */
export function addBusinessDays(day: string, n: number, week: Week = "monday-to-friday"): string {
  let current = day;
  for (let counted = 0; counted < n; ) {
    current = addDays(current);
    if (isBusinessDay(current, week)) counted++;
  }
  return current;
}

/** End of the n-th business day after the Colombian day of `fromIso` (that day itself does not count). */
export const businessDaysAfter = (fromIso: string, n: number, week: Week = "monday-to-friday") => endOfBogotaDay(addBusinessDays(bogotaDay(fromIso), n, week));

/** Business days from `from` (exclusive) to `to` (inclusive); 0 when `to` is not after `from`. */
export function businessDaysBetween(from: string, to: string, week: Week = "monday-to-friday"): number {
  let n = 0;
  for (let d = addDays(from); d <= to; d = addDays(d)) if (isBusinessDay(d, week)) n++;
  return n;
}
