import type { RouteHandle } from "~/root";
import { MessageForm } from "~/components/message-form";
import { SiteFrame } from "~/components/site-frame";
import { pages } from "~/config/pages";
import { pageMeta } from "~/lib/meta";
import { siteFromMatches } from "~/lib/site-data";
import type { Route } from "./+types/contacto";

export const handle: RouteHandle = { hydrate: true };

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(pages.contacto, siteFromMatches(matches));
}

export default function Page() {
  return (
    <SiteFrame>
      <main className="page form-page form-page-contacto">
        <h1>Contáctenos</h1>
        <p className="lead">Escríbanos y uno de nuestros colaboradores le responderá en el menor tiempo posible.</p>
        <MessageForm form="contacto" />
      </main>
    </SiteFrame>
  );
}
