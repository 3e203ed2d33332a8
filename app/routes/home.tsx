import { Logo } from "~/ui/logo";
import { SocialLinks } from "~/ui/social-icon";
import { pages } from "~/config/pages";
import { pageMeta } from "~/ui/meta";
import { siteFromMatches, useSite } from "~/config/site-data";
import type { Route } from "./+types/home";
import type { RouteHandle } from "~/root";

export const handle: RouteHandle = { styles: ["home"] };

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(pages.home, siteFromMatches(matches));
}

const NEW_TAB_HINT = "nueva-pestana";

/** A link that opens in a new tab; its description (not its name) says so, keeping the exact label. */
function NewTabLink({ href, children, className }: { href: string; children: React.ReactNode; className?: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" aria-describedby={NEW_TAB_HINT} className={className}>
      {children}
    </a>
  );
}

/** The organisation as an employment agency, with its contact point (schema.org JSON-LD). */
function organizationJsonLd(site: ReturnType<typeof useSite>) {
  const data = {
    "@context": "https://schema.org",
    "@type": "EmploymentAgency",
    name: site.company.name,
    legalName: site.company.legalName,
    taxID: site.company.nit,
    description: site.company.description,
    url: site.origin,
    logo: new URL("/og-image.png", site.origin).href,
    address: { "@type": "PostalAddress", streetAddress: site.company.address, addressLocality: site.company.city, addressCountry: "CO" },
    telephone: site.contact.phone,
    email: site.contact.email,
    contactPoint: {
      "@type": "ContactPoint",
      contactType: "customer service",
      telephone: site.contact.phone,
      email: site.contact.email,
      areaServed: "CO",
      availableLanguage: "es",
    },
    sameAs: site.social.presentation.map((n) => n.url),
  };
  // "<" escaped so no value can close the script element.
  return JSON.stringify(data).replace(/</g, "\\u003c");
}

export default function Home() {
  const site = useSite();
  const menu = [
    { label: "QUIERE SER NUESTRO CLIENTE", href: pages.cliente.path },
    { label: "TRABAJADOR EN MISIÓN", href: site.links.employeePortal },
    { label: "EMPRESA USUARIA", href: site.links.userCompanyPortal },
    { label: "BUSCA TRABAJO", href: site.links.jobBoard },
  ];
  const footer = [
    { label: "CERTIFICADO DE APORTES A SEGURIDAD SOCIAL", href: site.links.contributionsCertificate },
    { label: "INCIDENTE O ACCIDENTE DE TRABAJO", href: pages.incidente.path },
    { label: "CONTACTENOS", href: pages.contacto.path },
    { label: "NOSOTROS", href: pages.nosotros.path },
  ];
  return (
    <div className="home">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: organizationJsonLd(site) }} />
      <div className="home-bg" aria-hidden="true" data-testid="home-background" />
      <header className="home-header">
        <h1>
          <Logo name={site.company.name} size={72} className="logo-large" tone="on-dark" />
        </h1>
        <p className="home-tagline">{site.company.tagline}</p>
      </header>
      <main className="home-main">
        <nav aria-label="Menú principal">
          <ul className="home-menu">
            {menu.map((item) => (
              <li key={item.label}>
                <NewTabLink href={item.href} className="home-menu-link">
                  {item.label}
                </NewTabLink>
              </li>
            ))}
          </ul>
        </nav>
        <p className="home-fraud-note">
          ¿Trabajador en misión o de planta? <a href="/certificados">Descargue su certificado laboral</a> a cualquier hora.
        </p>
        <p className="home-fraud-note">
          ¿Le ofrecieron empleo a nombre nuestro y le piden dinero? Nunca cobramos: <a href="/ofertas-falsas">verifique si una oferta es nuestra</a>.
        </p>
      </main>
      <footer className="home-footer">
        <nav aria-label="Enlaces de interés">
          <ul className="home-footer-links">
            {footer.map((item) => (
              <li key={item.label}>
                <NewTabLink href={item.href}>{item.label}</NewTabLink>
              </li>
            ))}
          </ul>
        </nav>
        <SocialLinks networks={site.social.home} className="home-social" />
        <p className="home-legal">
          {site.company.legalName} · NIT {site.company.nit} · <a href="/privacidad">Datos personales</a> · <a href="/pqrs">PQRS</a> ·{" "}
          <a href="/linea-etica">Línea ética</a> · <a href="/certificados">Certificado laboral</a> · <a href="/ofertas-falsas">Ofertas de empleo falsas</a>
        </p>
        <span id={NEW_TAB_HINT} hidden>
          Se abre en una pestaña nueva
        </span>
      </footer>
    </div>
  );
}
