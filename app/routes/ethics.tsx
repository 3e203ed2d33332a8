import { SiteFrame } from "~/ui/site-frame";
import { pages } from "~/config/pages";
import { getSiteConfig } from "~/config/site.server";
import { ethicsDoors } from "~/features/ethics/doors.server";
import { EthicsForm } from "~/features/ethics/ethics-form-view";
import { Island } from "~/ui/islands/island";
import { pageMeta } from "~/ui/meta";
import { siteFromMatches, useSite } from "~/config/site-data";
import { ConsultForm } from "~/features/cases/consult";
import reportStyles from "~/styles/reports.css?url";
import type { Route } from "./+types/ethics";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: reportStyles }];

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(pages.lineaEtica, siteFromMatches(matches));
}

/** The action's Retry-After and Cache-Control reach the page it answers (429, 503). */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

/** The report posted without JavaScript (docs/product.md §23). */
export function action({ request }: Route.ActionArgs) {
  return ethicsDoors.handlePagePost(request, getSiteConfig().contact.phone);
}

/**
 * The ethics line (docs/product.md §22): a confidential, by default anonymous channel for bribery, money
 * laundering, harassment and discrimination, followed up with a radicado and a code (app/features/ethics).
 * A short introduction, then the form; who reads what, confidentiality and what can be reported follow it
 * as sections that open on request, then CONSULTAR (the form once started 2,000 px down on a phone).
 */
export default function LineaEtica({ actionData }: Route.ComponentProps) {
  const site = useSite();
  const tel = site.contact.phone.replace(/[^+0-9]/g, "");
  const privacyNotice = `${site.company.legalName} trata los datos de este reporte para verificar los hechos, proteger a las personas afectadas y cumplir sus deberes legales. Solo los leen las personas que atienden la categoría del reporte. Las personas mencionadas y quien reporta, si se identifica, pueden conocer, actualizar y rectificar sus datos en los términos de la ley, sin que eso revele la identidad de quien reporta; quien se identifica puede además revocar su autorización, salvo cuando la ley obligue a conservar los datos.`;
  return (
    <SiteFrame>
      <main className="page ethics">
        <h1 className="incident-title">{pages.lineaEtica.title}</h1>
        <div className="ethics-intro">
          <p className="lead">
            Un canal confidencial para reportar soborno, corrupción, lavado de activos, acoso laboral o sexual y discriminación en {site.company.name}. Es
            anónimo si usted quiere, solo lo leen quienes deben atenderlo y, con el radicado y el código que recibe, sigue su reporte. Cada semestre publicamos
            las <a href="/linea-etica/cifras">cifras de quejas de acoso sexual y de sanciones</a>.
          </p>
          <p className="incident-emergency">
            <strong>
              Si su vida o su integridad corren peligro, llame ya al <a href="tel:123">123</a>.
            </strong>{" "}
            ¿Ya reportó? <a href="#consultar">Consulte su reporte</a>.
          </p>
        </div>
        <div className="incident-layout">
          <section className="incident-box report-box" id="reportar" aria-labelledby="reportar-titulo">
            <h2 id="reportar-titulo">Reportar</h2>
            <Island
              name="ethics-form"
              component={EthicsForm}
              props={{ phone: site.contact.phone, privacyNotice, refusal: actionData?.refusal, company: site.company.name, origin: site.origin }}
            />
          </section>
          <section className="ethics-details" aria-labelledby="como-funciona-titulo">
            <h2 id="como-funciona-titulo">Cómo funciona la línea ética</h2>
            <details>
              <summary>Qué puede reportar</summary>
              <p>
                Soborno o corrupción, lavado de activos, financiación del terrorismo o financiamiento de la proliferación de armas de destrucción masiva, acoso
                laboral, acoso sexual, discriminación o desconocimiento de la desconexión laboral en {site.company.name}: entre sus trabajadores de planta o en
                misión, con sus empresas usuarias, sus clientes o sus proveedores.
              </p>
              <p>
                Para otros asuntos (una queja, un certificado, una pregunta) use <a href="/contacto">Contáctenos</a> o llame al{" "}
                <a href={`tel:${tel}`}>{site.contact.phone}</a>.
              </p>
            </details>
            <details>
              <summary>Quién lee su reporte</summary>
              <p>
                El oficial de cumplimiento recibe los reportes de soborno, corrupción y lavado de activos (SAGRILAFT y PTEE); el comité de convivencia laboral,
                los de acoso laboral, discriminación y desconexión laboral; la persona referente de género y diversidad, los de acoso sexual, que desde la
                Resolución 3461 de 2025 no atiende el comité (ruta de la Ley 2365 de 2024). Nadie más en la empresa los ve, y cada lectura queda registrada. Si
                la persona afectada es trabajador en misión, su queja de acoso laboral la atiende el comité de la empresa usuaria con al menos un integrante del
                nuestro.
              </p>
            </details>
            <details>
              <summary>Anonimato, cifrado y no represalias</summary>
              <ul className="ethics-promises">
                <li>
                  <strong>Anónimo si usted quiere.</strong> No necesita dar su nombre ni un contacto. De un reporte anónimo no guardamos su dirección IP, su
                  navegador ni ningún otro rastro que permita saber quién lo hizo.
                </li>
                <li>
                  <strong>Cifrado.</strong> El contenido del reporte y la conversación se guardan cifrados, y los correos de aviso no dicen de qué se trata.
                </li>
                <li>
                  <strong>Sin represalias.</strong> Está prohibido tomar represalias contra quien reporta de buena fe o contra quien sirve de testigo; en acoso
                  sexual, la terminación del contrato de quien se queja o de sus testigos dentro de los seis meses siguientes no produce efecto (Ley 2365 de
                  2024).
                </li>
              </ul>
            </details>
            <details>
              <summary>Cómo sigue su reporte</summary>
              <p>Recibe un radicado y un código: con ellos, en CONSULTAR, ve el estado, lee las respuestas y agrega información, sin revelar quién es.</p>
            </details>
          </section>
          <section className="incident-box" id="consultar" aria-labelledby="consultar-titulo">
            <h2 id="consultar-titulo">CONSULTAR</h2>
            <p>Escriba el radicado y el código de seguimiento que recibió al reportar para ver el estado, leer las respuestas y agregar información.</p>
            <ConsultForm action="/linea-etica/consulta" example="LE-2026-000123" idPrefix="consulta-etica" />
          </section>
        </div>
      </main>
    </SiteFrame>
  );
}
