import { getSiteConfig } from "~/config/site.server";

export function loader() {
  const { origin } = getSiteConfig();
  const body = ["User-agent: *", "Allow: /", "Disallow: /php/", "Disallow: /admin", "", `Sitemap: ${new URL("/sitemap.xml", origin).href}`, ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
