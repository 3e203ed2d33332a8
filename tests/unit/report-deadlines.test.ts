/** The accident report's legal clocks over Colombian weekends and holidays (colombian-holidays, offline). */
import { describe, expect, it } from "vitest";
import { bogotaDay, businessDaysAfter, furatDueAt, investigationDueAt, isBusinessDay } from "~/features/incidents/deadlines.server";

const endOf = (day: string) => new Date(`${day}T23:59:59.999-05:00`).toISOString();

describe("Colombian business days", () => {
  it("knows 2026–2027 holidays, Ley Emiliani moves included", () => {
    for (const holiday of ["2026-01-01", "2026-01-12", "2026-03-23", "2026-04-02", "2026-04-03", "2026-06-29", "2026-08-17", "2026-12-08", "2026-12-25", "2027-01-11", "2027-03-25", "2027-11-15"]) {
      expect(isBusinessDay(holiday), holiday).toBe(false);
    }
    // 6 January 2026 is a Tuesday: Reyes moves to Monday the 12th, so the 6th is a working day.
    expect(isBusinessDay("2026-01-06")).toBe(true);
    expect(isBusinessDay("2026-12-09")).toBe(true);
    expect(isBusinessDay("2026-12-12")).toBe(false); // Saturday
  });

  it("takes the Colombian calendar day of an instant (UTC−5)", () => {
    expect(bogotaDay("2026-01-10T03:00:00.000Z")).toBe("2026-01-09");
    expect(bogotaDay("2026-01-10T05:00:00.000Z")).toBe("2026-01-10");
  });
});

describe("FURAT: two business days after the day the company learned of it", () => {
  it("skips a holiday weekend (Friday → Reyes Monday → due Wednesday)", () => {
    expect(businessDaysAfter("2026-01-09T15:00:00.000Z", 2)).toBe(endOf("2026-01-14"));
    // Learned Friday at 22:00 in Colombia (already Saturday in UTC): still Friday's clock.
    expect(businessDaysAfter("2026-01-10T03:00:00.000Z", 2)).toBe(endOf("2026-01-14"));
  });

  it("skips 8 December and Christmas", () => {
    expect(businessDaysAfter("2026-12-04T15:00:00.000Z", 2)).toBe(endOf("2026-12-09"));
    expect(businessDaysAfter("2026-12-24T15:00:00.000Z", 2)).toBe(endOf("2026-12-29"));
  });

  it("a Saturday counts from Monday", () => {
    expect(businessDaysAfter("2026-11-21T15:00:00.000Z", 2)).toBe(endOf("2026-11-24"));
  });

  it("applies to accidents only (an incident without injury has no FURAT)", () => {
    expect(furatDueAt("accidente", "2026-12-04T15:00:00.000Z")).toBe(endOf("2026-12-09"));
    expect(furatDueAt("incidente", "2026-12-04T15:00:00.000Z")).toBeNull();
  });
});

describe("investigation: 15 calendar days after the event", () => {
  it("runs across the year end", () => {
    expect(investigationDueAt("2026-12-20")).toBe(endOf("2027-01-04"));
  });
});
