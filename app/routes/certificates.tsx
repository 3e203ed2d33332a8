import { SiteFrame } from "~/ui/site-frame";
import { pageMeta } from "~/ui/meta";
import { siteFromMatches } from "~/config/site-data";
import { CertificateFlow } from "~/features/certificates/worker-views";
import { workerPage, workerPost } from "~/features/certificates/pages.server";
import styles from "~/styles/certificates.css?url";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/certificates";

// The flow works without it; with it, countdowns, busy buttons and the download's next step (ADR 027).
export const handle: RouteHandle = { scripts: ["/js/certificados.js"] };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: styles }];

const PAGE = {
  path: "/certificados",
  title: "Certificado laboral",
  description: "Descargue su certificado laboral a cualquier hora: su documento, un código que le enviamos al correo y listo. Verificable con código QR.",
};

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(PAGE, siteFromMatches(matches));
}

/** Rendered on request: the step depends on the visitor's own flow (docs/product.md §38). */
export function loader({ request }: Route.LoaderArgs) {
  return workerPage(request);
}

/** Every step is an ordinary form post answered by post/redirect/get. */
export function action({ request }: Route.ActionArgs) {
  return workerPost(request);
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export default function Certificados({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SiteFrame>
      <main className="page certificates">
        <h1>Certificado laboral</h1>
        <CertificateFlow
          state={loaderData.state}
          refused={actionData?.refused}
          values={actionData?.values}
          retryAfter={actionData && "retryAfter" in actionData ? actionData.retryAfter : undefined}
        />
      </main>
    </SiteFrame>
  );
}
