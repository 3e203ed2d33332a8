/**
 * The legal clocks of an accident report (product rule 21; the verified texts in docs/legal-rules.md §A):
 * - The FURAT to the ARL and the EPS, "dentro de los dos (2) días hábiles siguientes a la ocurrencia del
 *   accidente" (Decreto-ley 1295 de 1994 art. 62; Res. 156 de 2005 art. 3 as replaced by Res. 2851 de
 *   2015 art. 1), with a copy to the worker. The clock counts from the accident (its day does not
 *   count), never from when the company learned of it.
 * - The notice to the Dirección Territorial of the Ministerio del Trabajo where it happened, within the
 *   same term, for serious and fatal accidents (Decreto 1072 de 2015 art. 2.2.4.1.7, the Ministry's
 *   reading of Res. 2851); for every accident only if the company keeps that stricter practice
 *   (site configuration `accidentNotice.ministryForAll`). An accident not yet classified owes it until
 *   it is classified as neither.
 * - Business days: the working days of the company's calendar without Colombian holidays, the same
 *   setting as every clock (product rule 36; by default Monday to Saturday: whether Saturdays count is
 *   not settled for this term, legal-rules §A.2, and counting them is the stricter reading).
 * - Investigation within 15 days of the event (Res. 1401 de 2007 art. 4): calendar days, the stricter
 *   reading; for a serious or fatal accident the investigation report goes to the ARL within the same 15
 *   days (art. 14), by a team with a professional licensed in occupational health (art. 7).
 */
import { addBusinessDays, addDays, bogotaDay, businessDaysAfter, endOfBogotaDay, isBusinessDay } from "~/platform/dates";
import { FURAT_BUSINESS_DAYS, INVESTIGATION_DAYS } from "./channel";

// Re-exported for the unit tests of these clocks.
export { bogotaDay, businessDaysAfter, isBusinessDay };

/** End of the FURAT's term for an accident on `accidentDay` (aaaa-mm-dd); null for an incident (no FURAT). */
export function furatDueAt(kind: string, accidentDay: string): string | null {
  return kind === "accidente" ? endOfBogotaDay(addBusinessDays(accidentDay, FURAT_BUSINESS_DAYS)) : null;
}

/** End of the 15th calendar day after the day of the event (aaaa-mm-dd). */
export function investigationDueAt(eventDay: string): string {
  return endOfBogotaDay(addDays(eventDay, INVESTIGATION_DAYS));
}

/** Res. 1401 de 2007 art. 3, as the occupational-health staff classify a report. */
export const SEVERITIES = {
  incidente: "Incidente (sin lesión)",
  accidente: "Accidente de trabajo",
  grave: "Accidente grave",
  mortal: "Accidente mortal",
} as const;
export type Severity = keyof typeof SEVERITIES;
export const isSevere = (severity: string | null | undefined) => severity === "grave" || severity === "mortal";

/** The notices an accident report owes, each with its deadline (docs/legal-rules.md §A). */
export const NOTICES = {
  arl: "FURAT a la ARL",
  eps: "FURAT a la EPS",
  trabajador: "Copia del FURAT al trabajador",
  territorial: "Aviso a la Dirección Territorial del Ministerio del Trabajo",
  investigacion_arl: "Informe de la investigación a la ARL (accidente grave o mortal)",
} as const;
export type NoticeKind = keyof typeof NOTICES;
/** Whether the Dirección Territorial notice is owed: serious or fatal, not yet classified, or every accident by the company's practice. */
export const owesMinistryNotice = (severity: string | null | undefined, ministryForAll: boolean) => ministryForAll || severity == null || isSevere(severity);

/** The notices due with the FURAT, within its deadline; until all of them are recorded a passed deadline is overdue. */
export function furatNotices(severity: string | null | undefined, ministryForAll: boolean): NoticeKind[] {
  return owesMinistryNotice(severity, ministryForAll) ? ["arl", "eps", "trabajador", "territorial"] : ["arl", "eps", "trabajador"];
}

export interface NoticeDue {
  notice: NoticeKind;
  label: string;
  dueAt: string;
  basis: string;
}

/** What an accident report owes and by when; an incident owes none. Grave and mortal add the investigation report. */
export function noticesDue(report: { kind: string; fecha: string; severity: string | null }, ministryForAll: boolean): NoticeDue[] {
  const furat = furatDueAt(report.kind, report.fecha);
  if (!furat) return [];
  const furatBasis =
    "2 días hábiles siguientes al accidente (Decreto-ley 1295 de 1994 art. 62; Res. 156 de 2005 art. 3, modificado por la Res. 2851 de 2015 art. 1)";
  const due: NoticeDue[] = [
    { notice: "arl", label: NOTICES.arl, dueAt: furat, basis: furatBasis },
    { notice: "eps", label: NOTICES.eps, dueAt: furat, basis: furatBasis },
    { notice: "trabajador", label: NOTICES.trabajador, dueAt: furat, basis: "con el FURAT (Res. 2851 de 2015 art. 1)" },
  ];
  if (owesMinistryNotice(report.severity, ministryForAll)) {
    const territorialBasis = isSevere(report.severity)
      ? "2 días hábiles siguientes al accidente grave o mortal (Decreto 1072 de 2015 art. 2.2.4.1.7)"
      : ministryForAll
        ? "2 días hábiles siguientes al accidente: la ley lo exige solo para accidentes graves y mortales (Decreto 1072 de 2015 art. 2.2.4.1.7); la empresa lo da por todos, como práctica propia"
        : "2 días hábiles siguientes al accidente, si es grave o mortal (Decreto 1072 de 2015 art. 2.2.4.1.7): clasifique la gravedad; si no lo es, este aviso no se debe";
    due.push({ notice: "territorial", label: NOTICES.territorial, dueAt: furat, basis: territorialBasis });
  }
  if (isSevere(report.severity)) {
    due.push({
      notice: "investigacion_arl",
      label: NOTICES.investigacion_arl,
      dueAt: investigationDueAt(report.fecha),
      basis: "15 días calendario desde el evento, firmado por el representante legal (Res. 1401 de 2007 art. 14)",
    });
  }
  return due;
}
