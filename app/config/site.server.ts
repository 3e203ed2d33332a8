/** Loads the site configuration once per process, from SITE_CONFIG (a JSON file) and the environment. */
import { readFileSync } from "node:fs";
import { parseSiteConfig, SiteConfigError, type SiteConfig } from "./site";

let cached: SiteConfig | undefined;

export function loadSiteConfig(env: NodeJS.ProcessEnv = process.env): SiteConfig {
  let overrides: unknown = {};
  if (env.SITE_CONFIG) {
    try {
      overrides = JSON.parse(readFileSync(env.SITE_CONFIG, "utf8"));
    } catch (error) {
      throw new SiteConfigError([`SITE_CONFIG (${env.SITE_CONFIG}): no se pudo leer como JSON: ${(error as Error).message}`]);
    }
  }
  return parseSiteConfig(overrides, { CONTACT_PHONE: env.CONTACT_PHONE });
}

export function getSiteConfig(): SiteConfig {
  cached ??= loadSiteConfig();
  return cached;
}
