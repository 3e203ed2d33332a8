import { data } from "react-router";
import { NotFound } from "~/ui/not-found";
import { siteFromMatches } from "~/config/site-data";
import type { Route } from "./+types/not-found";
import type { RouteHandle } from "~/root";

export const handle: RouteHandle = { styles: ["notFound"] };

export function loader() {
  return data(null, { status: 404 });
}

// Revalidated like the site's other HTML (server/index.js: "no-cache"): a path missing today may be a
// page after the next deploy, so no cache may answer for it without asking.
export function headers() {
  return { "Cache-Control": "no-cache" };
}

// A post to an unknown path is also a 404, not a 405.
export function action() {
  return data(null, { status: 404 });
}

// No robots "noindex": the 404 status already keeps the page out of search indexes, and the tag
// only made Lighthouse's SEO audit fail on it (ADR 014).
export function meta({ matches }: Route.MetaArgs) {
  const name = siteFromMatches(matches)?.company.name ?? "";
  return [
    { title: `Página no encontrada | ${name}` },
    { name: "description", content: "La página que busca no existe o cambió de dirección. Vuelva al inicio para encontrar lo que necesita." },
  ];
}

export default function NotFoundRoute() {
  return <NotFound />;
}
