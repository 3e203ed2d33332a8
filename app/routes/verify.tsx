import { SiteFrame } from "~/ui/site-frame";
import { siteFromMatches } from "~/config/site-data";
import { verifyPost } from "~/features/certificates/pages.server";
import { messageOf } from "~/features/certificates/model";
import { VerificationAnswer, VerifyForms } from "~/features/certificates/verify-views";
import styles from "~/styles/certificates.css?url";
import type { Route } from "./+types/verify";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `Verificar un certificado laboral | ${siteFromMatches(matches)?.company.name ?? ""}` }, { name: "robots", content: "noindex, nofollow" }];
}

export function loader() {
  return null;
}

/** A code typed or a PDF dropped (docs/product.md §39): answered on the page, or in JSON for an API client. */
export function action({ request }: Route.ActionArgs) {
  return verifyPost(request);
}

export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : { "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "no-cache" };
}

export default function Verificar({ actionData }: Route.ComponentProps) {
  const answer = actionData && "answer" in actionData ? actionData.answer : undefined;
  return (
    <SiteFrame>
      <main className="page verify">
        <h1>Verificar un certificado laboral</h1>
        <p className="lead">Compruebe que un certificado laboral lo expidió esta empresa y que sigue vigente.</p>
        {answer ? <VerificationAnswer answer={answer} message={messageOf(answer)} /> : null}
        <VerifyForms />
      </main>
    </SiteFrame>
  );
}
