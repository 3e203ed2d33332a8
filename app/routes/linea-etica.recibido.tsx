import { SiteFrame } from "~/components/site-frame";
import { ethicsDoors } from "~/ethics/http.server";
import { ethicsReceipt } from "~/ethics/report-form";
import { siteFromMatches } from "~/lib/site-data";
import { Receipt } from "~/reports/receipt";
import reportStyles from "~/styles/reports.css?url";
import type { Route } from "./+types/linea-etica.recibido";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: reportStyles }];

export function meta({ matches }: Route.MetaArgs) {
  const name = siteFromMatches(matches)?.company.name ?? "";
  return [{ title: `Reporte recibido | Línea ética | ${name}` }, { name: "robots", content: "noindex" }];
}

/** The one-time confirmation of a report posted without JavaScript: the cookie is read and cleared. */
export function loader({ request }: Route.LoaderArgs) {
  const { receipt, headers } = ethicsDoors.readReceipt(request);
  return Response.json({ receipt }, { headers });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function EthicsReportReceived({ loaderData }: Route.ComponentProps) {
  const { receipt } = loaderData as { receipt: { radicado: string; code: string } | null };
  return (
    <SiteFrame>
      <main className="page incident-result">
        <h1>Línea ética</h1>
        {receipt ? (
          <Receipt radicado={receipt.radicado} code={receipt.code} text={ethicsReceipt} />
        ) : (
          <>
            <p>
              Esta página muestra el radicado y el código de un reporte una sola vez, justo después de enviarlo. Si ya los
              anotó, consulte el estado del reporte con ellos.
            </p>
            <p>
              <a className="button" href="/linea-etica#consultar">
                Ir a CONSULTAR
              </a>
            </p>
          </>
        )}
      </main>
    </SiteFrame>
  );
}
