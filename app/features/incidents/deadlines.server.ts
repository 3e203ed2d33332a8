/**
 * The legal clocks of an accident report (legal brief §E; DECISIONS 21):
 * - FURAT to the ARL and the EPS within the two business days that follow the day the company learned
 *   of the accident (Decreto-ley 1295 de 1994 art. 62, Res. 156 de 2005 art. 3): Saturdays, Sundays
 *   and Colombian holidays (maintained library, Ley Emiliani moves included) are skipped; the deadline
 *   is the end of the second such day, Colombian time.
 * - Investigation within 15 days of the event (Res. 1401 de 2007 art. 4). The resolution says "15
 *   días" without saying which kind; we count calendar days, the stricter reading, and say so.
 */
import { getHolidaysForYear } from "colombian-holidays";
import { FURAT_BUSINESS_DAYS, INVESTIGATION_DAYS } from "../cases/model";

const holidayCache = new Map<number, Set<string>>();
function holidays(year: number): Set<string> {
  let set = holidayCache.get(year);
  if (!set) {
    set = new Set(getHolidaysForYear(year).map((h) => h.celebrationDate));
    holidayCache.set(year, set);
  }
  return set;
}

/** The Colombian calendar day (aaaa-mm-dd) of an instant: UTC−5 all year, no daylight saving. */
export function bogotaDay(iso: string): string {
  return new Date(Date.parse(iso) - 5 * 3_600_000).toISOString().slice(0, 10);
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export function isBusinessDay(day: string): boolean {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidays(Number(day.slice(0, 4))).has(day);
}

/** The last instant of a Colombian calendar day. */
export const endOfBogotaDay = (day: string) => new Date(Date.parse(`${day}T23:59:59.999-05:00`)).toISOString();

/** End of the n-th business day after the day of `fromIso` (that day itself does not count). */
export function businessDaysAfter(fromIso: string, n: number): string {
  let day = bogotaDay(fromIso);
  for (let counted = 0; counted < n; ) {
    day = nextDay(day);
    if (isBusinessDay(day)) counted++;
  }
  return endOfBogotaDay(day);
}

export { FURAT_BUSINESS_DAYS, INVESTIGATION_DAYS };

/** The FURAT deadline (accidents only: an incident without injury is not reported with a FURAT). */
export function furatDueAt(kind: string, learnedAtIso: string): string | null {
  return kind === "accidente" ? businessDaysAfter(learnedAtIso, FURAT_BUSINESS_DAYS) : null;
}

/** End of the 15th calendar day after the day of the event (aaaa-mm-dd). */
export function investigationDueAt(eventDay: string): string {
  let day = eventDay;
  for (let i = 0; i < INVESTIGATION_DAYS; i++) day = nextDay(day);
  return endOfBogotaDay(day);
}
