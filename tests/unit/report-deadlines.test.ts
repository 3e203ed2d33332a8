/** The accident report's legal clocks over Colombian weekends and holidays (colombian-holidays, offline). */
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_CALENDAR, type Weekday } from "~/config/calendar";
import { bogotaDay, businessDaysAfter, furatDueAt, furatNotices, investigationDueAt, isBusinessDay, noticesDue } from "~/features/incidents/deadlines";
import { setBusinessCalendar } from "~/platform/dates";

const mondayToFriday = { workingDays: ["monday", "tuesday", "wednesday", "thursday", "friday"] as Weekday[], officeHours: { opens: "08:00", closes: "17:00" } };

const endOf = (day: string) => new Date(`${day}T23:59:59.999-05:00`).toISOString();

describe("Colombian business days", () => {
  it("knows 2026–2027 holidays, Ley Emiliani moves included", () => {
    for (const holiday of [
      "2026-01-01",
      "2026-01-12",
      "2026-03-23",
      "2026-04-02",
      "2026-04-03",
      "2026-06-29",
      "2026-08-17",
      "2026-12-08",
      "2026-12-25",
      "2027-01-11",
      "2027-03-25",
      "2027-11-15",
    ]) {
      expect(isBusinessDay(holiday), holiday).toBe(false);
    }
    // 6 January 2026 is a Tuesday: Reyes moves to Monday the 12th, so the 6th is a working day.
    expect(isBusinessDay("2026-01-06")).toBe(true);
    expect(isBusinessDay("2026-12-09")).toBe(true);
    // The company's calendar (product rule 36): Saturday counts by default, Sunday never.
    expect(isBusinessDay("2026-12-12")).toBe(true); // Saturday
    expect(isBusinessDay("2026-12-13")).toBe(false); // Sunday
    expect(isBusinessDay("2026-12-12", mondayToFriday)).toBe(false);
  });

  it("takes the Colombian calendar day of an instant (UTC−5)", () => {
    expect(bogotaDay("2026-01-10T03:00:00.000Z")).toBe("2026-01-09");
    expect(bogotaDay("2026-01-10T05:00:00.000Z")).toBe("2026-01-10");
  });
});

describe("business days over a holiday weekend, on a Monday-to-Friday calendar", () => {
  it("skips a holiday weekend (Friday → Reyes Monday → due Wednesday)", () => {
    expect(businessDaysAfter("2026-01-09T15:00:00.000Z", 2, mondayToFriday)).toBe(endOf("2026-01-14"));
    // Friday at 22:00 in Colombia (already Saturday in UTC): still Friday's clock.
    expect(businessDaysAfter("2026-01-10T03:00:00.000Z", 2, mondayToFriday)).toBe(endOf("2026-01-14"));
  });

  it("skips 8 December and Christmas", () => {
    expect(businessDaysAfter("2026-12-04T15:00:00.000Z", 2, mondayToFriday)).toBe(endOf("2026-12-09"));
    expect(businessDaysAfter("2026-12-24T15:00:00.000Z", 2, mondayToFriday)).toBe(endOf("2026-12-29"));
  });

  it("on the default calendar the Saturday counts", () => {
    expect(businessDaysAfter("2026-01-09T15:00:00.000Z", 2)).toBe(endOf("2026-01-13")); // Sat 10, Tue 13
    expect(businessDaysAfter("2026-12-04T15:00:00.000Z", 2)).toBe(endOf("2026-12-07")); // Sat 5, Mon 7
  });
});

describe("the FURAT counts the company's calendar, the same setting as every clock (product rule 36)", () => {
  afterEach(() => setBusinessCalendar(DEFAULT_CALENDAR));

  it("a deployment configured Monday to Friday: Saturday 14 November does not count", () => {
    setBusinessCalendar(mondayToFriday);
    // Friday 13 November 2026; Monday 16 a holiday: Tuesday 17 and Wednesday 18.
    expect(furatDueAt("accidente", "2026-11-13")).toBe(endOf("2026-11-18"));
    expect(noticesDue({ kind: "accidente", fecha: "2026-11-13", severity: "accidente" }, false)[0].dueAt).toBe(endOf("2026-11-18"));
  });
});

describe("FURAT: two business days after the day of the accident, Saturdays counted (product rule 21)", () => {
  it("an accident on a Friday before a holiday Monday: Saturday counts, Sunday and the holiday do not", () => {
    // Friday 13 November 2026; Monday 16 is a holiday (Independencia de Cartagena, moved by Ley 51 de 1983).
    // Saturday 14 is the first business day, Tuesday 17 the second.
    expect(furatDueAt("accidente", "2026-11-13")).toBe(endOf("2026-11-17"));
  });

  it("the day of the accident does not count, whatever the hour", () => {
    expect(furatDueAt("accidente", "2026-12-04")).toBe(endOf("2026-12-07")); // Fri → Sat 5, Mon 7
    expect(furatDueAt("accidente", "2026-12-24")).toBe(endOf("2026-12-28")); // Thu → Sat 26 (25 is Christmas), Mon 28
  });

  it("a report that arrives on the third business day is already overdue", () => {
    const due = furatDueAt("accidente", "2026-11-13") as string;
    const arrived = new Date("2026-11-18T14:00:00-05:00").toISOString(); // Wednesday 18: third business day
    expect(arrived > due).toBe(true);
  });

  it("applies to accidents only (an incident without injury has no FURAT)", () => {
    expect(furatDueAt("incidente", "2026-12-04")).toBeNull();
  });
});

describe("what each severity owes (Res. 1401 de 2007 arts. 3, 14; Res. 2851 de 2015 art. 1; Decreto 1072 de 2015 art. 2.2.4.1.7)", () => {
  it("an accident owes the FURAT to the ARL and the EPS and the worker's copy, by the FURAT's deadline; not the Dirección Territorial", () => {
    const due = noticesDue({ kind: "accidente", fecha: "2026-11-13", severity: "accidente" }, false);
    expect(due.map((d) => d.notice)).toEqual(["arl", "eps", "trabajador"]);
    for (const d of due) expect(d.dueAt).toBe(endOf("2026-11-17"));
    expect(furatNotices("accidente", false)).toEqual(["arl", "eps", "trabajador"]);
  });

  it("a serious or fatal accident owes the Dirección Territorial notice by the same deadline, and the investigation report to the ARL within 15 calendar days", () => {
    for (const severity of ["grave", "mortal"]) {
      const due = noticesDue({ kind: "accidente", fecha: "2026-11-13", severity }, false);
      expect(due.map((d) => d.notice)).toEqual(["arl", "eps", "trabajador", "territorial", "investigacion_arl"]);
      expect(due.find((d) => d.notice === "territorial")).toMatchObject({
        dueAt: endOf("2026-11-17"),
        basis: expect.stringContaining("Decreto 1072 de 2015 art. 2.2.4.1.7"),
      });
      expect(due.at(-1)).toMatchObject({ notice: "investigacion_arl", dueAt: endOf("2026-11-28") });
      expect(furatNotices(severity, false)).toEqual(["arl", "eps", "trabajador", "territorial"]);
    }
  });

  it("with the company's practice (accidentNotice.ministryForAll) every accident owes it, said as the company's own practice", () => {
    const due = noticesDue({ kind: "accidente", fecha: "2026-11-13", severity: "accidente" }, true);
    expect(due.map((d) => d.notice)).toEqual(["arl", "eps", "trabajador", "territorial"]);
    expect(due.at(-1)?.basis).toMatch(/solo para accidentes graves y mortales[^;]*; la empresa lo da por todos/);
    expect(furatNotices("accidente", true)).toContain("territorial");
  });

  it("an accident not yet classified owes it until it is classified, and says why", () => {
    const due = noticesDue({ kind: "accidente", fecha: "2026-11-13", severity: null }, false);
    expect(due.at(-1)).toMatchObject({ notice: "territorial", basis: expect.stringContaining("clasifique la gravedad") });
  });

  it("an incident owes no notice", () => {
    expect(noticesDue({ kind: "incidente", fecha: "2026-11-13", severity: "incidente" }, false)).toEqual([]);
    expect(noticesDue({ kind: "incidente", fecha: "2026-11-13", severity: "incidente" }, true)).toEqual([]);
  });
});

describe("investigation: 15 calendar days after the event", () => {
  it("runs across the year end", () => {
    expect(investigationDueAt("2026-12-20")).toBe(endOf("2027-01-04"));
  });
});
