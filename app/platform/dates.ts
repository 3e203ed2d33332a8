/**
 * Colombian dates, in one place: Colombia keeps UTC−5 all year (no daylight saving), dates are shown
 * dd/mm/aaaa (product decision 14, docs/product.md), and business days skip the holidays of Ley 51 de 1983 and Ley 1098 de 2006 as the maintained `colombian-holidays` library computes them
 * (Emiliani moves included), and the weekdays the company's calendar does not work (app/config/calendar.ts,
 * product rule 36). No server code: the staff pages and the public forms use it too.
 */
import { getHolidaysForYear } from "colombian-holidays";
import { type BusinessCalendar, DEFAULT_CALENDAR, hoursOf, type Weekday, WEEKDAYS } from "~/config/calendar";

const OFFSET_MS = 5 * 3_600_000;

export { formatBogota } from "./bogota-time";

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

let configured: BusinessCalendar = DEFAULT_CALENDAR;

/**
 * The company's calendar every clock counts with (product rule 36): the site configuration's `calendar`,
 * handed in once by the server at start (app/composition/wiring.server.ts) and by an island that computes dates in
 * the browser, before it renders.
 */
export function setBusinessCalendar(calendar: BusinessCalendar): void {
  configured = calendar;
}

export const businessCalendar = (): BusinessCalendar => configured;

export const weekdayOf = (day: string): Weekday => WEEKDAYS[new Date(`${day}T12:00:00Z`).getUTCDay()];

/** A working day of the calendar that is not a Colombian holiday. */
export function isBusinessDay(day: string, calendar: Pick<BusinessCalendar, "workingDays"> = configured): boolean {
  if (!calendar.workingDays.includes(weekdayOf(day))) return false;
  return !isHoliday(day);
}

/** The n-th business day after `day` (that day itself does not count). */
export function addBusinessDays(day: string, n: number, calendar: Pick<BusinessCalendar, "workingDays"> = configured): string {
  if (n > 0 && calendar.workingDays.length === 0) throw new Error("El calendario no tiene días hábiles.");
  let current = day;
  for (let counted = 0; counted < n;) {
    current = addDays(current);
    if (isBusinessDay(current, calendar)) counted++;
  }
  return current;
}

/** End of the n-th business day after the Colombian day of `fromIso` (that day itself does not count). */
export const businessDaysAfter = (fromIso: string, n: number, calendar: Pick<BusinessCalendar, "workingDays"> = configured) =>
  endOfBogotaDay(addBusinessDays(bogotaDay(fromIso), n, calendar));

/** Business days from `from` (exclusive) to `to` (inclusive); 0 when `to` is not after `from`. */
export function businessDaysBetween(from: string, to: string, calendar: Pick<BusinessCalendar, "workingDays"> = configured): number {
  let n = 0;
  for (let d = addDays(from); d <= to; d = addDays(d)) if (isBusinessDay(d, calendar)) n++;
  return n;
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Did this instant arrive on a business day before the office closed (Colombian time)? Before it opened
 * counts too: the office has that whole day to read it (the stricter reading for a term counted from receipt).
 */
export function withinOfficeHours(iso: string, calendar: BusinessCalendar = configured): boolean {
  const { day, time } = bogotaDayAndTime(iso);
  if (!isBusinessDay(day, calendar)) return false;
  const hours = hoursOf(calendar, weekdayOf(day));
  return hours !== undefined && minutesOf(time) < minutesOf(hours.closes);
}
