import { useLoaderData } from "react-router";
import type { RouteHandle } from "~/root";
import { DocumentView } from "~/components/document-view";
import { getSiteConfig } from "~/config/site.server";
import { pages } from "~/config/pages";
import { loadDocument } from "~/lib/markdown.server";
import { pageMeta } from "~/lib/meta";
import { siteFromMatches } from "~/lib/site-data";
import type { Route } from "./+types/reglamento-interno";

export const handle: RouteHandle = { scripts: ["/js/document-tools.js"], styles: ["document"] };

export function loader() {
  return { doc: loadDocument("reglamento-interno", getSiteConfig()) };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(pages.reglamentoInterno, siteFromMatches(matches));
}

export default function Page() {
  const { doc } = useLoaderData<typeof loader>();
  return <DocumentView doc={doc} searchable={true} />;
}
