import { siteFromMatches } from "~/config/site-data";
import { ConsultForm } from "~/features/cases/consult";
import { handleApplicationConsult } from "~/features/vacancies/doors.server";
import { ApplicationStatus } from "~/features/vacancies/public-views";
import { SiteFrame } from "~/ui/site-frame";
import reportStyles from "~/styles/reports.css?url";
import vacancyStyles from "~/styles/vacancies.css?url";
import type { Route } from "./+types/applications-consult";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: reportStyles },
  { rel: "stylesheet", href: vacancyStyles },
];

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `Consultar una postulación | ${siteFromMatches(matches)?.company.name ?? ""}` }, { name: "robots", content: "noindex" }];
}

/** CONSULTAR and the withdrawal, both plain form posts. */
export function action({ request }: Route.ActionArgs) {
  return handleApplicationConsult(request);
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export default function ApplicationConsult({ actionData }: Route.ComponentProps) {
  const answer = actionData?.answer;
  return (
    <SiteFrame>
      <main className="page incident-result vacancies">
        <h1>Consultar una postulación</h1>
        {answer?.outcome === "found" ? (
          <>
            <ApplicationStatus view={answer.view} access={answer.access} notice={answer.notice} />
            <p>
              <a href="/empleos/consulta">Hacer otra consulta</a>
            </p>
          </>
        ) : (
          <>
            {answer ? (
              <p className="consult-refusal" role="alert">
                {answer.message}
              </p>
            ) : null}
            <ConsultForm action="/empleos/consulta" example="HV-2026-000123" idPrefix="consulta-postulacion" />
          </>
        )}
      </main>
    </SiteFrame>
  );
}
