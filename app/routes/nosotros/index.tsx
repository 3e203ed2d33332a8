// The largest image of the page: written into it (a data: URI) so its paint waits for no request.
import worker from "~/assets/worker.svg?inline";
import { Logo } from "~/ui/logo";
import { SocialLinks } from "~/ui/social-icon";
import { pages } from "~/config/pages";
import { pageMeta } from "~/ui/meta";
import { siteFromMatches, useSite } from "~/config/site-data";
import type { Route } from "./+types/index";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(pages.nosotros, siteFromMatches(matches));
}

/** The presentation screen (DefaultNosotrosView). */
export default function Presentation() {
  const site = useSite();
  return (
    <section className="presentation" aria-labelledby="presentacion-titulo">
      <div className="presentation-text">
        <Logo name={site.company.name} size={64} className="logo-large" />
        <h1 id="presentacion-titulo">Quiénes somos</h1>
        <p className="lead">{site.company.description}</p>
        <p>
          Acompañamos a las empresas usuarias con trabajadores en misión seleccionados con cuidado, y a cada trabajador con un empleo formal, con todas sus
          prestaciones y con el respaldo de un equipo que responde.
        </p>
        <h2 className="presentation-social-title">Síguenos</h2>
        <SocialLinks networks={site.social.presentation} className="presentation-social" />
      </div>
      <img className="presentation-worker" src={worker} alt="Ilustración de un trabajador con casco y chaleco de seguridad" width={400} height={500} />
    </section>
  );
}
