import { useLoaderData } from "react-router";
import type { RouteHandle } from "~/root";
import { DocumentView } from "~/features/documents/document-view";
import { getSiteConfig } from "~/config/site.server";
import { pages } from "~/config/pages";
import { loadDocument } from "~/features/documents/markdown.server";
import { pageMeta } from "~/ui/meta";
import { siteFromMatches } from "~/config/site-data";
import type { Route } from "./+types/desconexion-laboral";

export const handle: RouteHandle = { scripts: ["/js/document-tools.js"], styles: ["document"] };

export function loader() {
  return { doc: loadDocument("desconexion-laboral", getSiteConfig()) };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(pages.desconexionLaboral, siteFromMatches(matches));
}

export default function Page() {
  const { doc } = useLoaderData<typeof loader>();
  return <DocumentView doc={doc} searchable={false} />;
}
