/**
 * The legal clocks of the requests channel (docs/product.md §28; docs/legal-rules.md §D, §E; ADR 019).
 * No server code: the public page's table of terms, the island, the server and the staff pages compute
 * the same dates with it.
 *
 * Terms
 * - Ley 1755 de 2015, art. 14: a petition is answered within 15 days of its receipt; a petition for
 *   documents or information within 10; a consultation (consulta) within 30. Private companies follow
 *   these rules through arts. 32–33. Quejas, reclamos and sugerencias are petitions too (art. 13), so
 *   they get the general 15 days.
 * - Ley 1581 de 2012, art. 14: a data-protection consulta within 10 business days "contados a partir de
 *   la fecha de recibo"; extension of at most 5 business days after the first term expires.
 * - Ley 1581 de 2012, art. 15: a reclamo (correction, update, deletion, revocation) within 15 business
 *   days "contados a partir del día siguiente a la fecha de su recibo"; extension of at most 8 business
 *   days after the first term expires.
 *
 * How the days are counted (the rules chosen, and why, are in ADR 019)
 * - Business days: the working days of the company's calendar (product rule 36; the site configuration's
 *   `calendar`, by default Monday to Saturday, the regulations' own schedule and the stricter reading,
 *   legal-rules §D) without Colombian holidays (Ley 4 de 1913, art. 62 drops the holidays from day terms;
 *   `colombian-holidays` computes them, Ley Emiliani moves included).
 * - Day 1: the business day after the day of receipt (Ley 1755 art. 14 as the CRA reads it: "a partir
 *   del día siguiente a la recepción"; Ley 1581 art. 15 says so in its words). For a data-protection
 *   consulta (Ley 1581 art. 14, "a partir de la fecha de recibo") the day of receipt itself is day 1
 *   when it is a business day and the request arrived before the office closed (the stricter reading).
 * - Filed after office hours, on a weekend or on a holiday: no law says what happens (legal-rules §D).
 *   We keep the real timestamp (the radicado and the receipt show it) and count from the next business
 *   day. The public page says so.
 * - A due date is the end of that day, Colombian time (Ley 4 de 1913, arts. 59–60: midnight).
 * - Extension: notified before the due date, with the reasons and the new date (Ley 1755 art. 14,
 *   parágrafo; Ley 1581 arts. 14–15). Ley 1755 caps the new date at "el doble del inicialmente
 *   previsto": we read it as the whole term counted from day 1 (the term again after the due date).
 * - Incomplete request: Ley 1755 art. 17 — ask within 10 days of filing; the petitioner has one month to
 *   complete it or is deemed to have withdrawn it; the term "se reactivará" the day after the missing
 *   items arrive: paused on the day we ask (that day counts as used) and resumed with the days left.
 *   Ley 1581 art. 15 — ask within 5 days of receipt (calendar days: the law does not say "hábiles", so
 *   the stricter reading); withdrawn 2 months after the request; once complete, the 15 days count from
 *   the day after the complete reclamo arrived (the data policy, §13, says so), i.e. the clock restarts.
 *   A data-protection consulta (Ley 1581 art. 14) has no such step: the law gives it none, and Ley 1755
 *   art. 17 belongs to petitions (its 10-day window would end after the consulta's 10-day term). The
 *   staff answer it with what they have. A window to ask never ends after the answer is due.
 */
import { addBusinessDays, addDays, bogotaDay, businessDaysBetween, endOfBogotaDay, isBusinessDay, withinOfficeHours } from "~/platform/dates";

// The office hours live in the company's calendar too: a filing after closing counts from the next business day.
export { withinOfficeHours };

export type TermId = "peticion" | "documentos" | "consulta" | "datos_consulta" | "datos_reclamo";

export interface Term {
  id: TermId;
  /** What the public table calls it. */
  label: string;
  /** The article that sets it, as a visitor reads it. */
  law: string;
  /** Business days to answer. */
  days: number;
  /** Day 1: the day of receipt (when a business day within office hours) or the next business day. */
  startsOn: "receipt" | "next";
  /** Business days an extension may add after the due date without extension. */
  extensionDays: number;
  extensionLaw: string;
  /** The step for an incomplete request, as its law has it; null when the law has none (a data consulta). */
  incomplete: IncompleteRule | null;
}

export interface IncompleteRule {
  /** The company asks within this many days after the day of receipt… */
  askWithinDays: number;
  askUnit: "business" | "calendar";
  /** …and the request is withdrawn this many calendar months after the request to complete it. */
  withdrawAfterMonths: number;
  /** Once completed: the clock resumes with the days left, or restarts the whole term. */
  onComplete: "resume" | "restart";
  /**
   * May the person, before the window to complete ends, ask once for as long again (Ley 1755 art. 17:
   * "prórroga hasta por un término igual")? Ley 1581 art. 15 gives a reclamo no such extension.
   */
  extensionOnRequest: boolean;
  law: string;
}

const LEY_1755_INCOMPLETE: IncompleteRule = {
  askWithinDays: 10,
  askUnit: "business",
  withdrawAfterMonths: 1,
  onComplete: "resume",
  extensionOnRequest: true,
  law: "Ley 1755 de 2015, art. 17",
} as const;

export const TERMS: Record<TermId, Term> = {
  peticion: {
    id: "peticion",
    label: "Petición, queja, reclamo o sugerencia",
    law: "Ley 1755 de 2015, art. 14",
    days: 15,
    startsOn: "next",
    extensionDays: 15,
    extensionLaw: "Ley 1755 de 2015, art. 14, parágrafo (hasta el doble del plazo)",
    incomplete: LEY_1755_INCOMPLETE,
  },
  documentos: {
    id: "documentos",
    label: "Petición de documentos o de información",
    law: "Ley 1755 de 2015, art. 14, num. 1",
    days: 10,
    startsOn: "next",
    extensionDays: 10,
    extensionLaw: "Ley 1755 de 2015, art. 14, parágrafo (hasta el doble del plazo)",
    incomplete: LEY_1755_INCOMPLETE,
  },
  consulta: {
    id: "consulta",
    label: "Consulta",
    law: "Ley 1755 de 2015, art. 14, num. 2",
    days: 30,
    startsOn: "next",
    extensionDays: 30,
    extensionLaw: "Ley 1755 de 2015, art. 14, parágrafo (hasta el doble del plazo)",
    incomplete: LEY_1755_INCOMPLETE,
  },
  datos_consulta: {
    id: "datos_consulta",
    label: "Datos personales: consulta (conocer sus datos)",
    law: "Ley 1581 de 2012, art. 14",
    days: 10,
    startsOn: "receipt",
    extensionDays: 5,
    extensionLaw: "Ley 1581 de 2012, art. 14 (hasta 5 días hábiles más)",
    incomplete: null,
  },
  datos_reclamo: {
    id: "datos_reclamo",
    label: "Datos personales: reclamo (corregir, actualizar, suprimir, revocar)",
    law: "Ley 1581 de 2012, art. 15",
    days: 15,
    startsOn: "next",
    extensionDays: 8,
    extensionLaw: "Ley 1581 de 2012, art. 15 (hasta 8 días hábiles más)",
    incomplete: {
      askWithinDays: 5,
      askUnit: "calendar",
      withdrawAfterMonths: 2,
      onComplete: "restart",
      extensionOnRequest: false,
      law: "Ley 1581 de 2012, art. 15",
    },
  },
};

export const TERM_ORDER: TermId[] = ["peticion", "documentos", "consulta", "datos_consulta", "datos_reclamo"];

/** Day 1 of the term (aaaa-mm-dd), always a business day. */
export function firstCountedDay(receivedAt: string, term: Term): string {
  const day = bogotaDay(receivedAt);
  if (term.startsOn === "receipt" && withinOfficeHours(receivedAt)) return day;
  return addBusinessDays(day, 1);
}

/** The last day of `days` business days starting on `firstDay` (itself a business day). */
const lastOf = (firstDay: string, days: number) => (days <= 1 ? firstDay : addBusinessDays(firstDay, days - 1));

/** The due day without pause or extension (aaaa-mm-dd). */
export const dueDay = (receivedAt: string, term: Term) => lastOf(firstCountedDay(receivedAt, term), term.days);

/** The due instant: the end of the due day, Colombian time. */
export const dueAt = (receivedAt: string, term: Term) => endOfBogotaDay(dueDay(receivedAt, term));

/** The latest day an extension may set, given the due day without extension. */
export const maxExtensionDay = (baseDueDay: string, term: Term) => addBusinessDays(baseDueDay, term.extensionDays);

/**
 * The rule a paused request runs on: its term's own. A data consulta paused before its kind lost the step
 * (it ran on Ley 1755 art. 17 then) finishes on that rule.
 */
export const pausedRule = (term: Term): IncompleteRule => term.incomplete ?? LEY_1755_INCOMPLETE;

/**
 * The end of the window to ask for missing items (aaaa-mm-dd, inclusive), never after the answer is due;
 * null when the law has no such step for this kind.
 */
export function askDeadlineDay(receivedAt: string, term: Term): string | null {
  if (!term.incomplete) return null;
  const day = bogotaDay(receivedAt);
  const { askWithinDays, askUnit } = term.incomplete;
  const end = askUnit === "business" ? addBusinessDays(day, askWithinDays) : addDays(day, askWithinDays);
  const due = dueDay(receivedAt, term);
  return end < due ? end : due;
}

/** `day` plus `months` calendar months (the 31st of a shorter month becomes its last day). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split("-").map(Number);
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return target.toISOString().slice(0, 10);
}

/**
 * The last day to complete a request asked on `askedAt`: the same day `withdrawAfterMonths` months later,
 * moved to the next business day if it is not one (Ley 4 de 1913, art. 62: a term of months that ends on
 * a holiday runs to the next business day). After it, the request is deemed withdrawn.
 */
export function completionDeadlineDay(askedAt: string, term: Term): string {
  return monthsLater(bogotaDay(askedAt), pausedRule(term).withdrawAfterMonths);
}

/**
 * The last day to complete once the person asked for the extension of Ley 1755 art. 17 ("hasta por un
 * término igual"): as many months again after the day the window ended, moved to the next business day
 * as that one was.
 */
export function completionExtensionDay(deadlineDay: string, term: Term): string {
  return monthsLater(deadlineDay, pausedRule(term).withdrawAfterMonths);
}

function monthsLater(day: string, months: number): string {
  const later = addMonths(day, months);
  return isBusinessDay(later) ? later : addBusinessDays(later, 1);
}

/**
 * Business days left when the clock pauses on `pausedAt` (that day counts as used), at least 1: the
 * term resumes "a partir del día siguiente" of the completion, so there is always that day.
 */
export const remainingDays = (pausedAt: string, dueDayBefore: string) => Math.max(1, businessDaysBetween(bogotaDay(pausedAt), dueDayBefore));

/** The new due day once the missing items arrive on `completedAt`. */
export function dueDayAfterCompletion(completedAt: string, term: Term, remaining: number): string {
  const day = bogotaDay(completedAt);
  return addBusinessDays(day, pausedRule(term).onComplete === "restart" ? term.days : remaining);
}

/** The "reclamo en trámite" legend is due within 2 business days of the complete reclamo (Ley 1581 art. 15). */
export const tramiteMarkDay = (completeAt: string) => addBusinessDays(bogotaDay(completeAt), 2);

export type ExtensionRefusal = "vencido" | "pausado" | "ya_ampliado" | "no_posterior" | "excede";

/**
 * May the due date move to `newDay`? Only before the due date, once, while the clock runs, to a later
 * business day no further than the law allows.
 */
export function checkExtension(input: {
  now: string;
  dueAt: string;
  baseDueDay: string;
  extended: boolean;
  paused: boolean;
  newDay: string;
  term: Term;
}): ExtensionRefusal | null {
  if (input.paused) return "pausado";
  if (input.extended) return "ya_ampliado";
  if (input.now > input.dueAt) return "vencido";
  if (input.newDay <= bogotaDay(input.dueAt)) return "no_posterior";
  if (input.newDay > maxExtensionDay(input.baseDueDay, input.term)) return "excede";
  return null;
}

export const EXTENSION_REFUSALS: Record<ExtensionRefusal, string> = {
  vencido: "El plazo ya venció: la ley exige avisar la ampliación antes del vencimiento. Responda cuanto antes.",
  pausado: "El plazo está suspendido mientras la persona completa la solicitud: no hay vencimiento que ampliar.",
  ya_ampliado: "El plazo ya se amplió una vez; la ley no prevé una segunda ampliación.",
  no_posterior: "La nueva fecha debe ser posterior al vencimiento actual.",
  excede: "La nueva fecha supera el máximo que permite la ley.",
};

/** The table of terms the public page shows before sending: each term and the due date it gives a request filed at `now`. */
export function termsTable(now: string) {
  return TERM_ORDER.map((id) => {
    const term = TERMS[id];
    return { id, label: term.label, law: term.law, days: term.days, firstDay: firstCountedDay(now, term), dueDay: dueDay(now, term) };
  });
}
