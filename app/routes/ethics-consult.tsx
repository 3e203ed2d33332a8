import { SiteFrame } from "~/ui/site-frame";
import { EthicsFollowUp } from "~/features/ethics/follow-up";
import { handleEthicsConsult } from "~/features/ethics/doors.server";
import { siteFromMatches } from "~/config/site-data";
import { ConsultForm } from "~/features/cases/consult";
import reportStyles from "~/styles/reports.css?url";
import type { Route } from "./+types/ethics-consult";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: reportStyles }];

export function meta({ matches }: Route.MetaArgs) {
  const name = siteFromMatches(matches)?.company.name ?? "";
  return [{ title: `Consultar un reporte | Línea ética | ${name}` }, { name: "robots", content: "noindex" }];
}

/** CONSULTAR and the follow-up, both plain form posts (with or without JavaScript). */
export function action({ request }: Route.ActionArgs) {
  return handleEthicsConsult(request);
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export default function EthicsConsult({ actionData }: Route.ComponentProps) {
  const answer = actionData?.answer;
  return (
    <SiteFrame>
      <main className="page incident-result">
        <h1>Consultar un reporte de la línea ética</h1>
        {answer?.outcome === "found" ? (
          <>
            <EthicsFollowUp answer={answer} />
            <p>
              <a href="/linea-etica#consultar">Hacer otra consulta</a>
            </p>
          </>
        ) : (
          <>
            {answer ? (
              <p className="consult-refusal" role="alert">
                {answer.message}
              </p>
            ) : null}
            <ConsultForm action="/linea-etica/consulta" example="LE-2026-000123" />
          </>
        )}
      </main>
    </SiteFrame>
  );
}
