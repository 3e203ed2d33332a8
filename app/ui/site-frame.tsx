import { Logo } from "~/ui/logo";
import { useSite } from "~/config/site-data";

/** Header and footer shared by the inner pages (Home has its own full-screen design). */
export function SiteFrame({ children }: { children: React.ReactNode }) {
  const site = useSite();
  return (
    <>
      <a className="skip-link" href="#contenido">
        Saltar al contenido
      </a>
      <header className="site-header">
        <a href="/" className="site-header-home" aria-label={`${site.company.name}: inicio`}>
          <Logo name={site.company.name} size={40} />
        </a>
        <nav aria-label="Sitio" className="site-nav">
          <ul>
            <li>
              <a href="/nosotros">Nosotros</a>
            </li>
            <li>
              <a href="/contacto">Contáctenos</a>
            </li>
          </ul>
        </nav>
      </header>
      <div id="contenido" className="site-content" tabIndex={-1}>
        {children}
      </div>
      <SiteFooter />
    </>
  );
}

export function SiteFooter() {
  const site = useSite();
  return (
    <footer className="site-footer">
      <p>
        <strong>{site.company.legalName}</strong> · NIT {site.company.nit}
        <br />
        {site.company.address}, {site.company.city} · Tel. <a href={`tel:${site.contact.phone.replace(/[^+0-9]/g, "")}`}>{site.contact.phone}</a> ·{" "}
        <a href={`mailto:${site.contact.email}`}>{site.contact.email}</a>
      </p>
      <p>
        <a href="/certificados">Certificado laboral</a> · <a href="/privacidad">Política de tratamiento de datos personales</a> · <a href="/pqrs">PQRS</a> ·{" "}
        <a href="/linea-etica">Línea ética</a> · <a href="/ofertas-falsas">Ofertas de empleo falsas</a>
      </p>
    </footer>
  );
}
