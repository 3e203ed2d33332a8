import { data } from "react-router";
import { SiteFrame } from "~/ui/site-frame";
import { pages } from "~/config/pages";
import { getSiteConfig } from "~/config/site.server";
import { Island } from "~/ui/islands/island";
import { pageMeta } from "~/ui/meta";
import { siteFromMatches, useSite } from "~/config/site-data";
import { ConsultForm } from "~/features/cases/consult";
import { kindFromQuery } from "~/features/requests/channel";
import { requestDoors } from "~/features/requests/doors.server";
import { RequestForm } from "~/features/requests/request-form-view";
import reportStyles from "~/styles/reports.css?url";
import requestStyles from "~/styles/requests.css?url";
import type { Route } from "./+types/requests";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: reportStyles },
  { rel: "stylesheet", href: requestStyles },
];

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(pages.pqrs, siteFromMatches(matches));
}

/**
 * Rendered on each request (not prerendered): the table shows today's due dates, and a link may choose
 * the kind (`/pqrs?tipo=queja&asunto=oferta-falsa`), with or without JavaScript.
 */
export function loader({ request }: Route.LoaderArgs) {
  const kind = kindFromQuery(new URL(request.url).searchParams);
  const initial: Record<string, string> = kind ? { tipo: kind } : {};
  return data({ now: new Date().toISOString(), initial }, { headers: { "Cache-Control": "no-cache" } });
}

/** The action's Retry-After and Cache-Control reach the page it answers (429, 503). */
export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

/** The request posted without JavaScript (docs/product.md §23). */
export function action({ request }: Route.ActionArgs) {
  return requestDoors.handlePagePost(request, getSiteConfig().contact.phone);
}

/**
 * PQRS (docs/product.md §28): petitions, complaints, claims, suggestions, consultations and data-protection
 * requests, each with its legal term shown before sending, followed up with a radicado and a code.
 */
export default function Pqrs({ loaderData, actionData }: Route.ComponentProps) {
  const site = useSite();
  const tel = site.contact.phone.replace(/[^+0-9]/g, "");
  const { legalName, nit, address, city } = site.company;
  // Ley 1581 art. 12: who processes the data, for what, the person's rights, where to exercise them, the SIC.
  const notice = `${legalName} (NIT ${nit}; ${address}, ${city}; tel. ${site.contact.phone}) trata los datos de esta solicitud para tramitarla, responderla y conservar prueba de la respuesta durante el plazo de la sección 17 de su política. Puede conocerlos, actualizarlos, rectificarlos, pedir su supresión o prueba de la autorización y revocarla, salvo cuando la ley obligue a conservarlos, en ${site.contact.privacyEmail} o en esta misma página, y luego quejarse ante la Superintendencia de Industria y Comercio. No escriba datos sensibles.`;
  return (
    <SiteFrame>
      <main className="page incident pqrs">
        <h1 className="incident-title">{pages.pqrs.title}</h1>
        <div className="ethics-intro">
          <p className="lead">
            Aquí puede presentar a {site.company.name} una petición, una queja, un reclamo, una sugerencia o una consulta, o ejercer sus derechos sobre sus
            datos personales: conocerlos, corregirlos, actualizarlos, pedir que los suprimamos o revocar su autorización. Antes de enviarla verá el plazo que la
            ley nos da para responderle y la fecha en que vence.
          </p>
          <p>
            Al enviarla recibe un radicado y un código de seguimiento: con ellos, en CONSULTAR, ve el estado, el plazo, cualquier ampliación, lo que le pidamos
            completar y la respuesta, que también le enviamos al correo que indique. Para orientación, llame al <a href={`tel:${tel}`}>{site.contact.phone}</a>.
            Para reportar un accidente use <a href="/incidente">Incidente o accidente de trabajo</a>; para soborno, acoso o discriminación, la{" "}
            <a href="/linea-etica">Línea ética</a>.
          </p>
        </div>
        <div className="incident-layout">
          <section className="incident-box" id="consultar" aria-labelledby="consultar-titulo">
            <h2 id="consultar-titulo">CONSULTAR</h2>
            <p>Escriba el radicado y el código de seguimiento que recibió al presentar su solicitud para ver su estado y completarla si se lo pedimos.</p>
            <ConsultForm action="/pqrs/consulta" example="PQ-2026-000123" idPrefix="consulta-pqrs" />
          </section>
          <section className="incident-box report-box" id="presentar" aria-labelledby="presentar-titulo">
            <h2 id="presentar-titulo">Presentar una solicitud</h2>
            <Island
              name="pqrs-form"
              component={RequestForm}
              props={{
                phone: site.contact.phone,
                privacyNotice: notice,
                refusal: actionData?.refusal,
                initial: loaderData.initial,
                now: loaderData.now,
                company: site.company.name,
                origin: site.origin,
                calendar: site.calendar,
              }}
            />
          </section>
        </div>
      </main>
    </SiteFrame>
  );
}
