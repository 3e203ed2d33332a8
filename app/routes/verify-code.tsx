import { SiteFrame } from "~/ui/site-frame";
import { siteFromMatches } from "~/config/site-data";
import { verifyCodePage } from "~/features/certificates/pages.server";
import { messageOf } from "~/features/certificates/model";
import { VerificationAnswer } from "~/features/certificates/verify-views";
import styles from "~/styles/certificates.css?url";
import type { Route } from "./+types/verify-code";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `Verificar un certificado laboral | ${siteFromMatches(matches)?.company.name ?? ""}` }, { name: "robots", content: "noindex, nofollow" }];
}

/** The QR's address (docs/product.md §39): the answer for that code, counted. */
export function loader({ request, params }: Route.LoaderArgs) {
  return verifyCodePage(request, params.codigo);
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function VerificarCodigo({ loaderData }: Route.ComponentProps) {
  const answer = loaderData.answer;
  return (
    <SiteFrame>
      <main className="page verify">
        <h1>Verificar un certificado laboral</h1>
        <VerificationAnswer answer={answer} message={messageOf(answer)} />
        <p>
          <a href="/verificar">Verificar otro certificado</a>
        </p>
      </main>
    </SiteFrame>
  );
}
