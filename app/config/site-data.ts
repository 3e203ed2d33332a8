import { useRouteLoaderData } from "react-router";
import type { SiteConfig } from "~/config/site";

/** The site configuration, loaded once by the root route. */
export function useSite(): SiteConfig {
  const data = useRouteLoaderData("root") as { site: SiteConfig } | undefined;
  if (!data) throw new Error("La configuración del sitio no está disponible.");
  return data.site;
}

/** The site configuration from a meta function's matches. */
export function siteFromMatches(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]): SiteConfig | undefined {
  const root = matches.find((m) => m?.id === "root");
  return (root?.loaderData as { site?: SiteConfig } | undefined)?.site;
}
