import { useLoaderData } from "react-router";
import type { RouteHandle } from "~/root";
import { DocumentView } from "~/features/documents/document-view";
import { SiteFrame } from "~/ui/site-frame";
import { getSiteConfig } from "~/config/site.server";
import { pages } from "~/config/pages";
import { loadDocument } from "~/features/documents/markdown.server";
import { pageMeta } from "~/ui/meta";
import { siteFromMatches } from "~/config/site-data";
import type { Route } from "./+types/privacidad";

export const handle: RouteHandle = { scripts: ["/js/document-tools.js"], styles: ["document"] };

export function loader() {
  return { doc: loadDocument("privacidad", getSiteConfig()) };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(pages.privacidad, siteFromMatches(matches));
}

export default function Privacidad() {
  const { doc } = useLoaderData<typeof loader>();
  return (
    <SiteFrame>
      <main className="page page-document">
        <DocumentView doc={doc} />
      </main>
    </SiteFrame>
  );
}
