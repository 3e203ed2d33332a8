import { SUCCESS_DIALOG } from "~/features/messages/message-form";
import { SiteFrame } from "~/ui/site-frame";
import { siteFromMatches } from "~/config/site-data";
import type { Route } from "./+types/form-result";

/** Where a form posted without JavaScript lands after its message was stored: the success dialog's texts (docs/product.md §13). */
export function meta({ matches }: Route.MetaArgs) {
  const name = siteFromMatches(matches)?.company.name ?? "";
  return [
    { title: `Mensaje enviado | ${name}` },
    { name: "description", content: "Confirmación de que recibimos su mensaje." },
    { name: "robots", content: "noindex" },
  ];
}

export default function FormResult() {
  return (
    <SiteFrame>
      <main className="page form-result">
        <h1>{SUCCESS_DIALOG.title}</h1>
        <p className="lead">{SUCCESS_DIALOG.text}</p>
        <p>
          <a className="button" href="/">
            Ir al inicio
          </a>
        </p>
      </main>
    </SiteFrame>
  );
}
