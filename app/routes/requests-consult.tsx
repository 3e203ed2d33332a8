import { SiteFrame } from "~/ui/site-frame";
import { siteFromMatches } from "~/config/site-data";
import { ConsultForm } from "~/features/cases/consult";
import { RequestStatus } from "~/features/requests/consult-view";
import { handleRequestConsult } from "~/features/requests/doors.server";
import reportStyles from "~/styles/reports.css?url";
import requestStyles from "~/styles/requests.css?url";
import type { Route } from "./+types/requests-consult";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: reportStyles },
  { rel: "stylesheet", href: requestStyles },
];

export function meta({ matches }: Route.MetaArgs) {
  const name = siteFromMatches(matches)?.company.name ?? "";
  return [{ title: `Consultar una solicitud | PQRS | ${name}` }, { name: "robots", content: "noindex" }];
}

/** CONSULTAR and the completion of a request, both plain form posts (with or without JavaScript). */
export function action({ request }: Route.ActionArgs) {
  return handleRequestConsult(request);
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export default function RequestConsult({ actionData }: Route.ComponentProps) {
  const answer = actionData?.answer;
  return (
    <SiteFrame>
      <main className="page incident-result">
        <h1>Consultar una solicitud PQRS</h1>
        {answer?.outcome === "found" ? (
          <>
            <RequestStatus answer={answer} />
            <p>
              <a href="/pqrs#consultar">Hacer otra consulta</a>
            </p>
          </>
        ) : (
          <>
            {answer ? (
              <p className="consult-refusal" role="alert">
                {answer.message}
              </p>
            ) : null}
            <ConsultForm action="/pqrs/consulta" example="PQ-2026-000123" idPrefix="consulta-pqrs" />
          </>
        )}
      </main>
    </SiteFrame>
  );
}
