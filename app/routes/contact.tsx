import { MessageFormPage } from "~/features/messages/message-form-page";
import { pages } from "~/config/pages";
import { getSiteConfig } from "~/config/site.server";
import { pageMeta } from "~/ui/meta";
import { siteFromMatches } from "~/config/site-data";
import { handleFormPage } from "~/features/messages/submit.server";
import type { Route } from "./+types/contact";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(pages.contacto, siteFromMatches(matches));
}

/** The action's Retry-After and Cache-Control reach the page it answers (429, 503). */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

/** The form posted without JavaScript (docs/product.md §23). */
export function action({ request }: Route.ActionArgs) {
  return handleFormPage(request, "contacto", getSiteConfig().contact.phone);
}

export default function Page({ actionData }: Route.ComponentProps) {
  return (
    <MessageFormPage
      form="contacto"
      title="Contáctenos"
      lead="Escríbanos y uno de nuestros colaboradores le responderá en el menor tiempo posible."
      refusal={actionData?.refusal}
    >
      <p>
        Para una petición, una queja, un reclamo o una solicitud sobre sus datos personales, con un plazo legal de respuesta y un radicado para seguirla, use{" "}
        <a href="/pqrs">PQRS</a>.
      </p>
    </MessageFormPage>
  );
}
