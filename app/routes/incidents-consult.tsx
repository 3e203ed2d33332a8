import { SiteFrame } from "~/ui/site-frame";
import { siteFromMatches } from "~/config/site-data";
import { CaseStatus, ConsultForm } from "~/features/cases/consult";
import { incidentChannel } from "~/features/incidents/channel";
import { handleConsult } from "~/features/incidents/doors.server";
import reportStyles from "~/styles/reports.css?url";
import type { Route } from "./+types/incidents-consult";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: reportStyles }];

export function meta({ matches }: Route.MetaArgs) {
  const name = siteFromMatches(matches)?.company.name ?? "";
  return [{ title: `Consultar un reporte | ${name}` }, { name: "robots", content: "noindex" }];
}

/** CONSULTAR posted (with or without JavaScript: the page is a plain form post). */
export function action({ request }: Route.ActionArgs) {
  return handleConsult(request);
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export default function Consulta({ actionData }: Route.ComponentProps) {
  const answer = actionData?.answer;
  return (
    <SiteFrame>
      <main className="page incident-result">
        <h1>Consultar un reporte</h1>
        {answer?.outcome === "found" ? (
          <CaseStatus channel={incidentChannel} view={answer.view} />
        ) : (
          <>
            {answer ? (
              <p className="consult-refusal" role="alert">
                {answer.message}
              </p>
            ) : null}
            <ConsultForm />
          </>
        )}
        {answer?.outcome === "found" ? (
          <p>
            <a href="/incidente#consultar">Hacer otra consulta</a>
          </p>
        ) : null}
      </main>
    </SiteFrame>
  );
}
