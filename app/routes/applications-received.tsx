import { siteFromMatches, useSite } from "~/config/site-data";
import { APPLY_TEXTS } from "~/features/vacancies/application-form";
import { readApplyReceipt } from "~/features/vacancies/doors.server";
import { Receipt } from "~/features/cases/receipt";
import { SiteFrame } from "~/ui/site-frame";
import reportStyles from "~/styles/reports.css?url";
import vacancyStyles from "~/styles/vacancies.css?url";
import type { Route } from "./+types/applications-received";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: reportStyles },
  { rel: "stylesheet", href: vacancyStyles },
];

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `Postulación recibida | ${siteFromMatches(matches)?.company.name ?? ""}` }, { name: "robots", content: "noindex" }];
}

/** The one-time receipt of an application (the cookie is read and cleared). */
export function loader({ request }: Route.LoaderArgs) {
  const { receipt, headers } = readApplyReceipt(request);
  return Response.json({ receipt: receipt ? { ...receipt, issuedAt: new Date().toISOString() } : null }, { headers });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

const TEXT = {
  channel: "Postulación a una vacante",
  notified: "El equipo de selección revisa cada hoja de vida; le escribiremos a su correo en cada cambio de estado.",
  consultHref: "/empleos/consulta",
  mailsCode: true,
  noun: { heading: "Recibimos su postulación", of: "de su postulación" },
  lost: (phone: string) => `Si no los anotó, llame al ${phone}.`,
};

export default function ApplicationReceived({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const { receipt } = loaderData as { receipt: { radicado: string; code: string | null; updated: boolean; issuedAt: string } | null };
  return (
    <SiteFrame>
      <main className="page incident-result vacancies">
        <h1>Postulación recibida</h1>
        {receipt?.updated ? (
          <section className="report-receipt" aria-labelledby="recibo-titulo">
            <h2 id="recibo-titulo">{`Radicado ${receipt.radicado}`}</h2>
            <p className="vacancy-notice" role="status">
              {APPLY_TEXTS.updated}
            </p>
            <p>
              Le avisamos también al correo que dio la primera vez. Consulte el estado en <a href="/empleos/consulta">CONSULTAR</a> con el radicado y su código.
            </p>
          </section>
        ) : receipt?.code ? (
          <Receipt
            receipt={{ radicado: receipt.radicado, code: receipt.code, issuedAt: receipt.issuedAt }}
            text={TEXT}
            issuer={{ company: site.company.name, origin: site.origin }}
          />
        ) : (
          <section className="report-receipt">
            <h2>El radicado y el código ya no se muestran</h2>
            <p>
              Se muestran una sola vez, justo después de enviar la postulación, y le llegaron también a su correo. Con ellos consulte su estado en{" "}
              <a href="/empleos/consulta">CONSULTAR</a>.
            </p>
          </section>
        )}
        <p>
          <a href="/empleos">Ver más vacantes</a>
        </p>
      </main>
    </SiteFrame>
  );
}
