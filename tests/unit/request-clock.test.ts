/**
 * The requests channel's legal clocks, on the default calendar (Monday to Saturday, the regulations' office
 * hours; product rule 36) and on a Monday-to-Friday one a deployment may configure (Ley 1755 de 2015 art. 14 and 17; Ley 1581 de 2012 arts. 14–15)
 * across Colombian holiday weeks: December 2026 (8 and 25 December, 1 January, Reyes on 11 January 2027)
 * and Holy Week 2027 (San José moved to Monday 22 March, Holy Thursday and Good Friday 25–26 March).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BusinessCalendar, DEFAULT_CALENDAR } from "~/config/calendar";
import { setBusinessCalendar } from "~/platform/dates";
import {
  addMonths,
  askDeadlineDay,
  checkExtension,
  completionDeadlineDay,
  completionExtensionDay,
  dueAt,
  dueDay,
  dueDayAfterCompletion,
  firstCountedDay,
  maxExtensionDay,
  remainingDays,
  termsTable,
  TERMS,
  tramiteMarkDay,
  withinOfficeHours,
} from "~/features/requests/clock";
import { countingRule } from "~/features/requests/terms-table";

/** An instant given in Colombian time. */
const at = (day: string, time = "10:00") => new Date(`${day}T${time}:00-05:00`).toISOString();
const endOf = (day: string) => new Date(`${day}T23:59:59.999-05:00`).toISOString();

/** A deployment that works Monday to Friday, 8:00 to 17:00 (the `calendar` of its site configuration). */
const MONDAY_TO_FRIDAY: BusinessCalendar = {
  workingDays: ["monday", "tuesday", "wednesday", "thursday", "friday"],
  officeHours: { opens: "08:00", closes: "17:00" },
};

describe("the default calendar: Monday to Saturday without holidays, the regulations' office hours (art. 23)", () => {
  // Friday 4 December 2026, 10:00: Saturday 5 counts; Tuesday 8 December (Inmaculada Concepción) does not.
  const december = at("2026-12-04");
  // Friday 19 March 2027, 10:00: Monday 22 (San José), Thursday 25 and Friday 26 (Holy Week) do not count.
  const holyWeek = at("2027-03-19");

  it("counts Saturdays, never Sundays or holidays", () => {
    expect(DEFAULT_CALENDAR.workingDays).toEqual(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]);
    expect(firstCountedDay(december, TERMS.peticion)).toBe("2026-12-05");
    // 5, 7, 9, 10, 11, 12, 14, 15, 16, 17, 18, 19, 21, 22, 23 December.
    expect(dueDay(december, TERMS.peticion)).toBe("2026-12-23");
    expect(dueDay(december, TERMS.documentos)).toBe("2026-12-17");
    expect(dueDay(december, TERMS.consulta)).toBe("2027-01-13");
    expect(dueDay(december, TERMS.datos_reclamo)).toBe("2026-12-23");
    // Holy Week: 20, 23, 24, 27, 29, 30, 31 March, 1, 2, 3, 5, 6, 7, 8, 9 April.
    expect(firstCountedDay(holyWeek, TERMS.peticion)).toBe("2027-03-20");
    expect(dueDay(holyWeek, TERMS.peticion)).toBe("2027-04-09");
    expect(dueDay(holyWeek, TERMS.consulta)).toBe("2027-04-27");
    // A Saturday filing counts from Monday for the terms that start the next day; a Sunday one too.
    expect(firstCountedDay(at("2026-11-28"), TERMS.peticion)).toBe("2026-11-30");
    expect(firstCountedDay(at("2026-11-29"), TERMS.datos_consulta)).toBe("2026-11-30");
  });

  it("a data consulta counts the day of receipt when it arrives before that day's closing (18:00; Friday and Saturday 12:00)", () => {
    expect(withinOfficeHours(at("2026-12-03", "17:30"))).toBe(true); // Thursday, before 18:00
    expect(withinOfficeHours(at("2026-12-03", "18:00"))).toBe(false);
    expect(withinOfficeHours(at("2026-12-04", "11:59"))).toBe(true); // Friday morning
    expect(withinOfficeHours(at("2026-12-04", "14:00"))).toBe(false); // Friday has no afternoon in art. 23
    expect(withinOfficeHours(at("2026-12-05", "11:00"))).toBe(true); // Saturday 9:00–12:00
    expect(withinOfficeHours(at("2026-12-05", "12:30"))).toBe(false);
    expect(withinOfficeHours(at("2026-12-06", "10:00"))).toBe(false); // Sunday
    // 4, 5, 7, 9, 10, 11, 12, 14, 15, 16 December.
    expect(dueDay(december, TERMS.datos_consulta)).toBe("2026-12-16");
    expect(firstCountedDay(at("2026-12-04", "14:00"), TERMS.datos_consulta)).toBe("2026-12-05");
    expect(firstCountedDay(at("2026-12-05", "11:00"), TERMS.datos_consulta)).toBe("2026-12-05");
    expect(firstCountedDay(at("2026-12-05", "12:30"), TERMS.datos_consulta)).toBe("2026-12-07");
    expect(dueDay(holyWeek, TERMS.datos_consulta)).toBe("2027-04-02");
  });

  it("extensions, the window to ask and the legend count Saturdays too", () => {
    expect(maxExtensionDay(dueDay(december, TERMS.peticion), TERMS.peticion)).toBe("2027-01-13");
    expect(maxExtensionDay(dueDay(december, TERMS.datos_consulta), TERMS.datos_consulta)).toBe("2026-12-22");
    expect(maxExtensionDay(dueDay(december, TERMS.datos_reclamo), TERMS.datos_reclamo)).toBe("2027-01-04");
    expect(askDeadlineDay(december, TERMS.peticion)).toBe("2026-12-17");
    expect(tramiteMarkDay(at("2026-12-07"))).toBe("2026-12-10");
    // Completed on a Saturday: resumes the day after, a Monday (Sunday does not count).
    expect(dueDayAfterCompletion(at("2027-01-09"), TERMS.peticion, 1)).toBe("2027-01-12");
    expect(dueDayAfterCompletion(at("2027-01-08"), TERMS.peticion, 1)).toBe("2027-01-09");
  });

  it("the public table says which days count and when the office closes, from the calendar", () => {
    const rule = countingRule(DEFAULT_CALENDAR);
    expect(rule).toContain("Contamos días hábiles: de lunes a sábado, sin los festivos de Colombia.");
    expect(rule).toContain("lunes a jueves hasta las 6:00 p. m., viernes y sábado hasta las 12:00 p. m.");
    expect(rule).toContain("Si la presenta un domingo, un festivo o después del cierre");
    const weekdays = countingRule(MONDAY_TO_FRIDAY);
    expect(weekdays).toContain("Contamos días hábiles: de lunes a viernes, sin los festivos de Colombia.");
    expect(weekdays).toContain("lunes a viernes hasta las 5:00 p. m.");
    expect(weekdays).toContain("Si la presenta un sábado, un domingo, un festivo o después del cierre");
  });
});

describe("a Monday-to-Friday calendar, office closing at 17:00", () => {
  beforeAll(() => setBusinessCalendar(MONDAY_TO_FRIDAY));
  afterAll(() => setBusinessCalendar(DEFAULT_CALENDAR));

  describe("each term's due date across a holiday week", () => {
    // Friday 4 December 2026, 10:00: the week after has Tuesday 8 December (Inmaculada Concepción).
    const december = at("2026-12-04");
    // Friday 19 March 2027, 10:00: the week after has Monday 22 (San José), Thursday 25 and Friday 26 (Holy Week).
    const holyWeek = at("2027-03-19");

    it("petición, queja, reclamo, sugerencia: 15 business days from the day after receipt (Ley 1755 art. 14)", () => {
      expect(firstCountedDay(december, TERMS.peticion)).toBe("2026-12-07");
      // 7, 9, 10, 11, 14, 15, 16, 17, 18, 21, 22, 23, 24, 28, 29 December (8 and 25 are holidays).
      expect(dueDay(december, TERMS.peticion)).toBe("2026-12-29");
      expect(dueAt(december, TERMS.peticion)).toBe(endOf("2026-12-29"));
      // Holy Week: 23, 24, 29, 30, 31 March, 1, 2, 5, 6, 7, 8, 9, 12, 13, 14 April.
      expect(dueDay(holyWeek, TERMS.peticion)).toBe("2027-04-14");
    });

    it("documents or information: 10 business days (Ley 1755 art. 14 num. 1)", () => {
      expect(firstCountedDay(holyWeek, TERMS.documentos)).toBe("2027-03-23");
      expect(dueDay(holyWeek, TERMS.documentos)).toBe("2027-04-07");
      expect(dueDay(december, TERMS.documentos)).toBe("2026-12-21");
    });

    it("consulta: 30 business days (Ley 1755 art. 14 num. 2)", () => {
      // December: 29 December is the 15th; then 30, 31, 4, 5, 6, 7, 8, 12, 13, 14, 15, 18, 19, 20, 21 January (1 and 11 are holidays).
      expect(dueDay(december, TERMS.consulta)).toBe("2027-01-21");
      // Holy Week: 14 April is the 15th; 1 May falls on a Saturday.
      expect(dueDay(holyWeek, TERMS.consulta)).toBe("2027-05-05");
    });

    it("data-protection consulta: 10 business days from the date of receipt, the receipt day counting when within office hours (Ley 1581 art. 14)", () => {
      expect(firstCountedDay(holyWeek, TERMS.datos_consulta)).toBe("2027-03-19");
      // 19, 23, 24, 29, 30, 31 March, 1, 2, 5, 6 April.
      expect(dueDay(holyWeek, TERMS.datos_consulta)).toBe("2027-04-06");
      // After office hours (18:00), on a holiday (San José), on a Sunday: counted from the next business day.
      expect(dueDay(at("2027-03-19", "18:00"), TERMS.datos_consulta)).toBe("2027-04-07");
      expect(dueDay(at("2027-03-22"), TERMS.datos_consulta)).toBe("2027-04-07");
      expect(dueDay(at("2027-03-21"), TERMS.datos_consulta)).toBe("2027-04-07");
      // Before the office opens the same day still counts: nobody could have read it earlier, but it arrived that day.
      expect(dueDay(at("2027-03-19", "06:30"), TERMS.datos_consulta)).toBe("2027-04-06");
    });

    it("data-protection reclamo: 15 business days from the day after receipt (Ley 1581 art. 15)", () => {
      expect(firstCountedDay(holyWeek, TERMS.datos_reclamo)).toBe("2027-03-23");
      expect(dueDay(holyWeek, TERMS.datos_reclamo)).toBe("2027-04-14");
      expect(dueDay(december, TERMS.datos_reclamo)).toBe("2026-12-29");
    });

    it("keeps the real timestamp: a filing at 23:30 on a Friday is Friday's, and counts from Monday", () => {
      const late = at("2026-12-04", "23:30");
      expect(late).toBe("2026-12-05T04:30:00.000Z");
      expect(withinOfficeHours(late)).toBe(false);
      expect(firstCountedDay(late, TERMS.peticion)).toBe("2026-12-07");
      expect(dueDay(late, TERMS.peticion)).toBe("2026-12-29");
    });

    it("a filing on Saturday or Sunday counts from Monday for every term", () => {
      for (const term of Object.values(TERMS)) {
        expect(firstCountedDay(at("2026-11-28"), term), term.id).toBe("2026-11-30");
        expect(firstCountedDay(at("2026-11-29"), term), term.id).toBe("2026-11-30");
      }
    });

    it("the public table gives every term with the due date of a request filed now", () => {
      const table = termsTable(december);
      expect(table.map((r) => [r.id, r.dueDay])).toEqual([
        ["peticion", "2026-12-29"],
        ["documentos", "2026-12-21"],
        ["consulta", "2027-01-21"],
        ["datos_consulta", "2026-12-18"],
        ["datos_reclamo", "2026-12-29"],
      ]);
    });
  });

  describe("extension limits", () => {
    const filed = at("2026-12-04");
    const base = (term: keyof typeof TERMS) => dueDay(filed, TERMS[term]);
    const check = (term: keyof typeof TERMS, newDay: string, overrides: Partial<Parameters<typeof checkExtension>[0]> = {}) =>
      checkExtension({
        now: at("2026-12-28"),
        dueAt: endOf(base(term)),
        baseDueDay: base(term),
        extended: false,
        paused: false,
        newDay,
        term: TERMS[term],
        ...overrides,
      });

    it("Ley 1755: up to double the term, counted from day 1 (15 more business days after 29 December 2026)", () => {
      // 30, 31 December, 4, 5, 6, 7, 8, 12, 13, 14, 15, 18, 19, 20, 21 January.
      expect(maxExtensionDay(base("peticion"), TERMS.peticion)).toBe("2027-01-21");
      expect(check("peticion", "2027-01-21")).toBeNull();
      expect(check("peticion", "2027-01-22")).toBe("excede");
      // The same double is the 30 business days of the whole term counted from day 1.
      expect(maxExtensionDay(base("peticion"), TERMS.peticion)).toBe(dueDay(filed, { ...TERMS.peticion, days: 30 }));
    });

    it("Ley 1581: a consulta 5 business days more, a reclamo 8", () => {
      // 4 (the day of receipt), 7, 9, 10, 11, 14, 15, 16, 17, 18 December; then 21, 22, 23, 24, 28.
      expect(base("datos_consulta")).toBe("2026-12-18");
      expect(maxExtensionDay(base("datos_consulta"), TERMS.datos_consulta)).toBe("2026-12-28");
      expect(check("datos_consulta", "2026-12-28", { now: at("2026-12-16") })).toBeNull();
      expect(check("datos_consulta", "2026-12-29", { now: at("2026-12-16") })).toBe("excede");
      // 30, 31 December, 4, 5, 6, 7, 8, 12 January.
      expect(maxExtensionDay(base("datos_reclamo"), TERMS.datos_reclamo)).toBe("2027-01-12");
      expect(check("datos_reclamo", "2027-01-12")).toBeNull();
      expect(check("datos_reclamo", "2027-01-13")).toBe("excede");
    });

    it("is refused after the due date, a second time, while paused, and to a date that is not later", () => {
      expect(check("peticion", "2027-01-10", { now: endOf("2026-12-29") })).toBeNull();
      expect(check("peticion", "2027-01-10", { now: at("2026-12-30", "00:00") })).toBe("vencido");
      expect(check("peticion", "2027-01-10", { extended: true })).toBe("ya_ampliado");
      expect(check("peticion", "2027-01-10", { paused: true })).toBe("pausado");
      expect(check("peticion", "2026-12-29")).toBe("no_posterior");
      expect(check("peticion", "2026-12-20")).toBe("no_posterior");
    });
  });

  describe("the incomplete-petition clock", () => {
    const filed = at("2026-12-04");

    it("Ley 1755 art. 17: ask within 10 business days of filing", () => {
      expect(askDeadlineDay(filed, TERMS.peticion)).toBe("2026-12-21");
    });

    it("a data consulta has no step to complete it (Ley 1581 art. 14 has none; Ley 1755 art. 17 is for petitions)", () => {
      expect(TERMS.datos_consulta.incomplete).toBeNull();
      expect(askDeadlineDay(filed, TERMS.datos_consulta)).toBeNull();
    });

    it("no kind's window to ask for missing items ends after its answer is due", () => {
      for (const term of Object.values(TERMS)) {
        for (const day of ["2026-12-04", "2026-12-07", "2026-12-24", "2027-03-19", "2027-03-24"]) {
          const until = askDeadlineDay(at(day), term);
          if (until !== null) expect(until <= dueDay(at(day), term), `${term.id} ${day}`).toBe(true);
        }
      }
    });

    it("Ley 1755: paused on the day we ask, resumed with the days left the day after the missing items arrive", () => {
      const asked = at("2026-12-09", "15:00");
      // 10, 11, 14, 15, 16, 17, 18, 21, 22, 23, 24, 28, 29 December: 13 business days were left.
      const left = remainingDays(asked, dueDay(filed, TERMS.peticion));
      expect(left).toBe(13);
      // Completed Tuesday 5 January 2027: 6, 7, 8, 12, 13, 14, 15, 18, 19, 20, 21, 22, 25 January (11 is Reyes).
      expect(dueDayAfterCompletion(at("2027-01-05"), TERMS.peticion, left)).toBe("2027-01-25");
      // Completed on a Saturday: resumes on Monday.
      expect(dueDayAfterCompletion(at("2027-01-09"), TERMS.peticion, 1)).toBe("2027-01-12");
    });

    it("Ley 1755: withdrawn if not completed within one month of the request (to the next business day)", () => {
      // 9 January 2027 is a Saturday and Monday 11 is Reyes: the month runs to Tuesday 12 January.
      expect(completionDeadlineDay(at("2026-12-09"), TERMS.peticion)).toBe("2027-01-12");
      expect(completionDeadlineDay(at("2027-01-15"), TERMS.peticion)).toBe("2027-02-15");
    });

    it("Ley 1755 art. 17: the person's extension, once, gives as long again after the window ends", () => {
      expect(TERMS.peticion.incomplete?.extensionOnRequest).toBe(true);
      // 12 January 2027 + one month: Friday 12 February.
      expect(completionExtensionDay("2027-01-12", TERMS.peticion)).toBe("2027-02-12");
      // 22 February + one month is Monday 22 March 2027, San José moved: Tuesday 23 March.
      expect(completionExtensionDay("2027-02-22", TERMS.peticion)).toBe("2027-03-23");
      // Ley 1581 art. 15 gives a data-protection reclamo no extension.
      expect(TERMS.datos_reclamo.incomplete?.extensionOnRequest).toBe(false);
    });

    it("asking on the due day still leaves the day after the completion", () => {
      expect(remainingDays(at("2026-12-29"), "2026-12-29")).toBe(1);
    });

    it("Ley 1581 art. 15: ask within 5 (calendar) days of receipt; the 15 days restart the day after the complete reclamo", () => {
      expect(askDeadlineDay(filed, TERMS.datos_reclamo)).toBe("2026-12-09");
      // Completed Monday 14 December: 15 business days from Tuesday 15 → 6 January 2027.
      expect(dueDayAfterCompletion(at("2026-12-14"), TERMS.datos_reclamo, 3)).toBe("2027-01-06");
      // Withdrawn two months after the request of Monday 7 December: Sunday 7 February → Monday 8 February.
      expect(completionDeadlineDay(at("2026-12-07"), TERMS.datos_reclamo)).toBe("2027-02-08");
      // The "reclamo en trámite" legend within 2 business days of the complete reclamo.
      expect(tramiteMarkDay(at("2026-12-07"))).toBe("2026-12-10");
    });

    it("adds calendar months to the last day of a shorter month", () => {
      expect(addMonths("2027-01-31", 1)).toBe("2027-02-28");
      expect(addMonths("2026-12-15", 2)).toBe("2027-02-15");
    });
  });
});
