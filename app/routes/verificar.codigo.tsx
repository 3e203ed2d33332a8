import { SiteFrame } from "~/ui/site-frame";
import { siteFromMatches } from "~/config/site-data";
import { messageOf, verifyCodePage } from "~/features/certificates/pages.server";
import { VerificationAnswer, VerifyForms } from "~/features/certificates/verify-views";
import styles from "~/styles/certificates.css?url";
import type { Route } from "./+types/verificar.codigo";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `Verificar un certificado laboral | ${siteFromMatches(matches)?.company.name ?? ""}` }, { name: "robots", content: "noindex, nofollow" }];
}

/** The QR's address (docs/product.md §39): the answer for that code, counted. */
export function loader({ request, params }: Route.LoaderArgs) {
  return verifyCodePage(request, params.codigo);
}

/** The holder's document typed, to see the salary the certificate includes. */
export async function action({ request, params }: Route.ActionArgs) {
  const form = await request.formData();
  return verifyCodePage(request, params.codigo, String(form.get("documento") ?? "").slice(0, 40));
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export default function VerificarCodigo({ loaderData, actionData }: Route.ComponentProps) {
  const answer = (actionData ?? loaderData).answer;
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
