import { MessageFormPage } from "~/features/messages/message-form-page";
import { pages } from "~/config/pages";
import { getSiteConfig } from "~/config/site.server";
import { pageMeta } from "~/ui/meta";
import { siteFromMatches } from "~/config/site-data";
import { handleFormPage } from "~/features/messages/submit.server";
import type { Route } from "./+types/client";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(pages.cliente, siteFromMatches(matches));
}

/** The action's Retry-After and Cache-Control reach the page it answers (429, 503). */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

/** The form posted without JavaScript (docs/product.md §23). */
export function action({ request }: Route.ActionArgs) {
  return handleFormPage(request, "cliente", getSiteConfig().contact.phone);
}

export default function Page({ actionData }: Route.ComponentProps) {
  return (
    <MessageFormPage
      form="cliente"
      title="¿Quiere ser nuestro cliente?"
      lead="Déjenos su información y nos pondremos en contacto con usted."
      refusal={actionData?.refusal}
    />
  );
}
