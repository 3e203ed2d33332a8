/**
 * The legal clocks of an accident report (legal brief §E; docs/product.md §21):
 * - FURAT to the ARL and the EPS within the two business days that follow the day the company learned
 *   of the accident (Decreto-ley 1295 de 1994 art. 62, Res. 156 de 2005 art. 3): Saturdays, Sundays
 *   and Colombian holidays (maintained library, Ley Emiliani moves included) are skipped; the deadline
 *   is the end of the second such day, Colombian time.
 * - Investigation within 15 days of the event (Res. 1401 de 2007 art. 4). The resolution says "15
 *   días" without saying which kind; we count calendar days, the stricter reading, and say so.
 */
import { addDays, bogotaDay, businessDaysAfter, endOfBogotaDay, isBusinessDay } from "~/platform/dates";
import { FURAT_BUSINESS_DAYS, INVESTIGATION_DAYS } from "./channel";

// Re-exported for the unit tests of these clocks.
export { bogotaDay, businessDaysAfter, isBusinessDay };

export { FURAT_BUSINESS_DAYS, INVESTIGATION_DAYS };

/** The FURAT deadline (accidents only: an incident without injury is not reported with a FURAT). */
export function furatDueAt(kind: string, learnedAtIso: string): string | null {
  return kind === "accidente" ? businessDaysAfter(learnedAtIso, FURAT_BUSINESS_DAYS) : null;
}

/** End of the 15th calendar day after the day of the event (aaaa-mm-dd). */
export function investigationDueAt(eventDay: string): string {
  return endOfBogotaDay(addDays(eventDay, INVESTIGATION_DAYS));
}
