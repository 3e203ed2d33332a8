import { getSiteConfig } from "~/config/site.server";
import { publishedPaths } from "~/config/pages";
import { sitemapVacancyPaths } from "~/features/vacancies/vacancies.server";
import { getServices } from "~/platform/services.server";

/**
 * sitemap.xml from the one list of published pages, with canonical URLs from the configured origin, and
 * each open vacancy (product rule 40: a vacancy leaves it once closed or past its closing day), kept per
 * instance (sitemapVacancyPaths).
 */
export async function loader() {
  const { origin } = getSiteConfig();
  const vacancies = await sitemapVacancyPaths((await getServices()).db);
  const urls = [
    ...publishedPaths.map((p) => `  <url><loc>${new URL(p, origin).href}</loc></url>`),
    ...vacancies.map((v) => `  <url><loc>${new URL(v.path, origin).href}</loc><lastmod>${v.lastmod}</lastmod></url>`),
  ].join("\n");
  return new Response(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "no-cache" },
  });
}
