import type { RouteHandle } from "~/root";
import { MessageForm } from "~/components/message-form";
import { SiteFrame } from "~/components/site-frame";
import { pages } from "~/config/pages";
import { pageMeta } from "~/lib/meta";
import { siteFromMatches } from "~/lib/site-data";
import type { Route } from "./+types/cliente";

export const handle: RouteHandle = { hydrate: true };

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(pages.cliente, siteFromMatches(matches));
}

export default function Page() {
  return (
    <SiteFrame>
      <main className="page form-page form-page-cliente">
        <h1>Quiere ser nuestro cliente</h1>
        <p className="lead">Déjenos su información y nos pondremos en contacto con usted.</p>
        <MessageForm form="cliente" />
      </main>
    </SiteFrame>
  );
}
