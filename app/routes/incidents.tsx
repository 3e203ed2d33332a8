import { SiteFrame } from "~/ui/site-frame";
import { businessDaysText } from "~/config/calendar";
import { pages } from "~/config/pages";
import { getSiteConfig } from "~/config/site.server";
import { Island } from "~/ui/islands/island";
import { pageMeta } from "~/ui/meta";
import { siteFromMatches, useSite } from "~/config/site-data";
import { ConsultForm } from "~/features/cases/consult";
import { incidentDoors } from "~/features/incidents/doors.server";
import { IncidentForm } from "~/features/incidents/incident-form-view";
import reportStyles from "~/styles/reports.css?url";
import type { Route } from "./+types/incidents";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: reportStyles }];

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(pages.incidente, siteFromMatches(matches));
}

/** The report posted without JavaScript (docs/product.md §23). */
/** The action's Retry-After and Cache-Control reach the page it answers (429, 503). */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export function action({ request }: Route.ActionArgs) {
  return incidentDoors.handlePagePost(request, getSiteConfig().contact.phone);
}

/**
 * The incident screen (docs/product.md §11, 21): the emergency line first, then the report form (app/features/
 * incidents) that reaches the occupational-health staff at once with a radicado and a code, then the spec's
 * CONSULTAR box, for an earlier report (an injured worker's first screen is about reporting).
 */
export default function Incidente({ actionData }: Route.ComponentProps) {
  const site = useSite();
  const tel = site.contact.phone.replace(/[^+0-9]/g, "");
  const privacyNotice = `${site.company.legalName} trata estos datos para atender el reporte, reportarlo a la ARL y a la EPS cuando es un accidente de trabajo, investigarlo y prevenir que se repita. Puede conocerlos, actualizarlos, rectificarlos o pedir su supresión, y revocar la autorización, salvo cuando la ley nos obligue a conservarlos.`;
  return (
    <SiteFrame>
      <main className="page incident">
        <h1 className="incident-title">{pages.incidente.title}</h1>
        <p className="incident-emergency">
          <strong>Si hay una persona herida, primero busque atención médica:</strong> llame a la línea de su ARL o al <a href="tel:123">123</a>.
        </p>
        <div className="incident-layout">
          <section className="incident-box report-box" id="reportar" aria-labelledby="reportar-titulo">
            <h2 id="reportar-titulo">Reportar</h2>
            <p>
              Después, o si alguien más ya atiende a la persona, reporte aquí lo que pasó. Puede hacerlo el trabajador, un compañero o la empresa usuaria. ¿Ya
              reportó? <a href="#consultar">Consulte el estado de su reporte</a>.
            </p>
            <p>
              El reporte llega de inmediato al equipo de seguridad y salud en el trabajo. La ley da a la empresa dos días hábiles siguientes al accidente (no
              desde que se entera) para reportarlo a la ARL y a la EPS y, si es grave o mortal, también a la Dirección Territorial del Ministerio del Trabajo
              (Decreto 1072 de 2015, artículo 2.2.4.1.7); contamos como hábiles los días {businessDaysText(site.calendar)}: por eso reporte cuanto antes. Si
              prefiere, llame al <a href={`tel:${tel}`}>{site.contact.phone}</a>.
            </p>
            {site.accidentNotice.ministryForAll ? (
              <p>
                Además de lo que pide la ley, {site.company.name} avisa a la Dirección Territorial del Ministerio del Trabajo todos los accidentes de trabajo,
                aunque no sean graves: es una práctica propia de la empresa.
              </p>
            ) : null}
            <Island
              name="report-form"
              component={IncidentForm}
              props={{ phone: site.contact.phone, privacyNotice, refusal: actionData?.refusal, company: site.company.name, origin: site.origin }}
            />
          </section>
          <section className="incident-box" id="consultar" aria-labelledby="consultar-titulo">
            <h2 id="consultar-titulo">CONSULTAR</h2>
            <p>Escriba el radicado y el código de seguimiento que recibió al reportar para ver el estado del reporte y las notas del equipo.</p>
            <ConsultForm />
          </section>
        </div>
      </main>
    </SiteFrame>
  );
}
