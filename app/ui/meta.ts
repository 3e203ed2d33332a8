import type { MetaDescriptor } from "react-router";
import type { PageInfo } from "~/config/pages";
import type { SiteConfig } from "~/config/site";

/** Title, description, canonical URL and social cards of a page, from the one list of pages. */
export function pageMeta(page: Pick<PageInfo, "path" | "title" | "description">, site: SiteConfig | undefined): MetaDescriptor[] {
  const name = site?.company.name ?? "";
  const title = page.path === "/" ? `${name}: empresa de servicios temporales` : `${page.title} | ${name}`;
  const url = site ? new URL(page.path, site.origin).href : page.path;
  const image = site ? new URL("/og-image.png", site.origin).href : "/og-image.png";
  return [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:locale", content: "es_CO" },
    { property: "og:site_name", content: name },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}
