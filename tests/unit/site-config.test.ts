import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
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
    const error = errorOf(() =>
      parseSiteConfig({ contact: { email: "no-es-correo" }, links: { jobBoard: "ftp://x" }, company: { nit: "123" } }),
    );
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
});
