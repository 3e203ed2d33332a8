import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { hoursOf } from "~/config/calendar";
import { defaultSiteConfig, parseSiteConfig, SiteConfigError } from "~/config/site";
import { loadSiteConfig } from "~/config/site.server";

function errorOf(fn: () => unknown): SiteConfigError {
  try {
    fn();
  } catch (error) {
    if (error instanceof SiteConfigError) return error;
    throw error;
  }
  throw new Error("expected a SiteConfigError");
}

describe("site configuration", () => {
  it("accepts the fictional defaults", () => {
    expect(parseSiteConfig()).toEqual(defaultSiteConfig);
    expect(defaultSiteConfig.contact.email).toMatch(/@example\.com$/);
  });

  it("merges overrides deeply and keeps the other defaults", () => {
    const site = parseSiteConfig({ company: { name: "Otra Empresa" }, contact: { phone: "+57 604 111 2233" } });
    expect(site.company.name).toBe("Otra Empresa");
    expect(site.company.legalName).toBe(defaultSiteConfig.company.legalName);
    expect(site.contact.phone).toBe("+57 604 111 2233");
  });

  it("takes the phone from CONTACT_PHONE", () => {
    expect(parseSiteConfig({}, { CONTACT_PHONE: "601 999 8877" }).contact.phone).toBe("601 999 8877");
  });

  it("names every bad field", () => {
    const error = errorOf(() => parseSiteConfig({ contact: { email: "no-es-correo" }, links: { jobBoard: "ftp://x" }, company: { nit: "123" } }));
    expect(error.message).toContain("contact.email");
    expect(error.message).toContain("links.jobBoard");
    expect(error.message).toContain("company.nit");
    expect(error.issues).toHaveLength(3);
  });

  it("requires three social networks on Home and four on the presentation screen", () => {
    const error = errorOf(() => parseSiteConfig({ social: { home: defaultSiteConfig.social.presentation } }));
    expect(error.message).toContain("social.home");
  });

  it("rejects a bad CONTACT_PHONE", () => {
    expect(errorOf(() => parseSiteConfig({}, { CONTACT_PHONE: "llámenos" })).message).toContain("contact.phone");
  });

  it("reads overrides from the SITE_CONFIG file and reports an unreadable one", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "site-config-"));
    const file = path.join(dir, "site.json");
    writeFileSync(file, JSON.stringify({ company: { city: "Medellín" } }));
    expect(loadSiteConfig({ SITE_CONFIG: file }).company.city).toBe("Medellín");
    writeFileSync(file, "{ no es json");
    expect(errorOf(() => loadSiteConfig({ SITE_CONFIG: file })).message).toContain("SITE_CONFIG");
  });

  it("sets the company's calendar (product rule 36): Monday to Saturday by default, a deployment's own days and hours, checked", () => {
    expect(defaultSiteConfig.calendar.workingDays).toEqual(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]);
    expect(defaultSiteConfig.calendar.officeHours).toMatchObject({ opens: "07:30", closes: "18:00" });
    const weekdays = parseSiteConfig({
      calendar: { workingDays: ["monday", "tuesday", "wednesday", "thursday", "friday"], officeHours: { opens: "08:00", closes: "17:00" } },
    });
    expect(weekdays.calendar.workingDays).toHaveLength(5);
    expect(weekdays.calendar.officeHours.closes).toBe("17:00");
    // The hours given are the whole schedule: the default's Friday and Saturday hours do not linger.
    expect(hoursOf(weekdays.calendar, "friday")).toEqual({ opens: "08:00", closes: "17:00" });
    expect(hoursOf(weekdays.calendar, "saturday")).toBeUndefined();
    const error = errorOf(() => parseSiteConfig({ calendar: { workingDays: ["lunes"], officeHours: { opens: "18:00", closes: "08:00" } } }));
    expect(error.message).toContain("calendar.workingDays.0");
    expect(error.message).toContain("calendar.officeHours.closes: la hora de cierre debe ser posterior a la de apertura");
    expect(errorOf(() => parseSiteConfig({ calendar: { workingDays: [] } })).message).toContain("calendar.workingDays: debe tener al menos un día");
    expect(errorOf(() => parseSiteConfig({ calendar: { officeHours: { closes: "6 pm" } } })).message).toContain(
      "calendar.officeHours.closes: debe ser una hora hh:mm",
    );
  });
});
