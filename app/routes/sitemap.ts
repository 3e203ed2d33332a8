import { getSiteConfig } from "~/config/site.server";
import { publishedPaths } from "~/config/pages";

/** sitemap.xml from the one list of published pages, with canonical URLs from the configured origin. */
export function loader() {
  const { origin } = getSiteConfig();
  const urls = publishedPaths.map((p) => `  <url><loc>${new URL(p, origin).href}</loc></url>`).join("\n");
  return new Response(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`, {
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
}
