import favicon from "~/assets/favicon.svg";
import { getSiteConfig } from "~/config/site.server";

/** The web app manifest, from the site configuration (prerendered to a static file). */
export function loader() {
  const { company } = getSiteConfig();
  return Response.json(
    {
      name: company.name,
      short_name: company.name,
      description: company.tagline,
      lang: "es-CO",
      start_url: "/",
      display: "browser",
      background_color: "#fafaf7",
      theme_color: "#0b4f6c",
      icons: [{ src: favicon, sizes: "any", type: "image/svg+xml" }],
    },
    { headers: { "Content-Type": "application/manifest+json" } },
  );
}
