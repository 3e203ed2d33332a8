import { SiteFrame } from "~/components/site-frame";
import { pages } from "~/config/pages";
import { pageMeta } from "~/lib/meta";
import { siteFromMatches, useSite } from "~/lib/site-data";
import type { Route } from "./+types/incidente";
import type { RouteHandle } from "~/root";

export const handle: RouteHandle = { styles: ["incident"] };

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(pages.incidente, siteFromMatches(matches));
}

/**
 * The incident screen as specified for now (DECISIONS 11): background and the CONSULTAR box.
 * The box is where the future report form with its tracking number will live.
 */
export default function Incidente() {
  const site = useSite();
  const tel = site.contact.phone.replace(/[^+0-9]/g, "");
  return (
    <SiteFrame>
      <main className="page incident">
        <h1 className="visually-hidden">{pages.incidente.title}</h1>
        <section className="incident-box" aria-labelledby="consultar-titulo">
          <h2 id="consultar-titulo">CONSULTAR</h2>
          <p>
            La consulta en línea de reportes de incidentes y accidentes de trabajo estará disponible muy pronto en
            esta página.
          </p>
          <p>
            Si usted o un compañero sufrió un accidente de trabajo, avise de inmediato a su jefe inmediato y
            comuníquese con nosotros al <a href={`tel:${tel}`}>{site.contact.phone}</a> o escriba a{" "}
            <a href={`mailto:${site.contact.email}`}>{site.contact.email}</a>. Reportamos el accidente a la ARL dentro
            de los dos días hábiles siguientes.
          </p>
        </section>
      </main>
    </SiteFrame>
  );
}
