import { Links, Meta, Outlet, isRouteErrorResponse, useLocation, useMatches, useRouteLoaderData } from "react-router";
import islandAssets from "virtual:islands";
import type { Route } from "./+types/root";
import { getSiteConfig } from "~/config/site.server";
import faviconSvg from "~/assets/favicon.svg?raw";
import { patternOf } from "~/features/vitals/route-pattern";
import { NotFound } from "~/ui/not-found";
import appCss from "~/styles/app.css?url";
import { formPageScript, type InlineStyleSheet, inlineStyleSheets, siteScript } from "~/ui/inline";

/**
 * No page hydrates as a whole: content pages ship no React, and a form is a React island of its own
 * (app/ui/islands, ADR 008), so React Router's client runtime is never sent.
 */
export interface RouteHandle {
  /** Small progressive-enhancement scripts (under /public/js) that the page needs; the inline site script loads them after the first paint. */
  scripts?: string[];
  /**
   * Content pages: the style modules written into the page's <head> (with base.css) instead of the
   * app.css link, so nothing is requested before the first paint (ADR 011). Pages without it link app.css.
   */
  styles?: InlineStyleSheet[];
}

// Inline styles are rendered on the server only: the browser never renders a content page's head, and
// this keeps their text out of the client bundle (the condition is constant, so the import is dropped).
const serverStyleSheets: Partial<typeof inlineStyleSheets> = import.meta.env.SSR ? inlineStyleSheets : {};
const serverSiteScript = import.meta.env.SSR ? siteScript : "";
const serverFormPageScript = import.meta.env.SSR ? formPageScript : "";

// In the page as a data: URI: a linked icon is one more request, which the browser starts before the
// first paint often enough to delay it in Lighthouse's simulation (ADR 014). Percent-encoded rather than
// quoted, so the attribute needs no HTML escapes.
const favicon = `data:image/svg+xml,${faviconSvg.trim().replace(/["'#<>%\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`)}`;

export async function loader() {
  return { site: getSiteConfig() };
}

export function links(): Route.LinkDescriptors {
  return [
    { rel: "icon", href: favicon, type: "image/svg+xml" },
    // The manifest is linked by the site script once the page has painted (app/client/site.js).
  ];
}

export function Layout({ children }: { children: React.ReactNode }) {
  const matches = useMatches();
  const handles = matches.map((m) => (m.handle ?? {}) as RouteHandle);
  // Field speed (ADR 023): the beacon is one of the page's scripts, loaded by the site script once the
  // page is complete and the browser idle; it reports the route's pattern (data-vitals), never the path.
  const deepest = matches.at(-1);
  const vitalsRoute = deepest && islandAssets.vitals ? patternOf(deepest.pathname, deepest.params) : undefined;
  const sampleRate = useRouteLoaderData<typeof loader>("root")?.site.fieldSpeed.sampleRate ?? 1;
  const scripts = [...new Set([...handles.flatMap((h) => h.scripts ?? []), ...(vitalsRoute && islandAssets.vitals ? [islandAssets.vitals.entry] : [])])];
  const styleModules = new Set(handles.flatMap((h) => h.styles ?? []));
  // In cascade order; one <style> per module so each has a fixed text and CSP hash.
  const inlineStyles =
    styleModules.size > 0 ? Object.entries(serverStyleSheets).filter(([name]) => name === "base" || styleModules.has(name as InlineStyleSheet)) : [];
  return (
    <html lang="es">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="theme-color" content="#0B4F6C" />
        {inlineStyles.length > 0 ? (
          inlineStyles.map(([name, css]) => <style key={name} dangerouslySetInnerHTML={{ __html: css }} />)
        ) : (
          // precedence puts the stylesheet ahead of the scripts' preloads.
          <link rel="stylesheet" href={appCss} precedence="default" />
        )}
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <p id="offline-notice" className="offline-notice" role="status" hidden>
          Sin conexión: está viendo la copia guardada de esta página.
        </p>
        {/* site.js inline (hashed for the CSP): it loads the page's scripts after the first paint (ADR 011).
            A content page (inline styles) has no form that posts; every other page gets the form script too. */}
        <script
          data-scripts={scripts.length > 0 ? scripts.join(" ") : undefined}
          data-vitals={vitalsRoute}
          data-vitals-sample={vitalsRoute && sampleRate < 1 ? String(sampleRate) : undefined}
          {...(import.meta.env.DEV ? { "data-debug": "" } : {})}
          dangerouslySetInnerHTML={{ __html: inlineStyles.length > 0 ? serverSiteScript : serverFormPageScript }}
          suppressHydrationWarning
        />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const response = isRouteErrorResponse(error) ? error : undefined;
  // A refusal with a message of its own (403 in the staff area, a bad request) says it plainly.
  const refusal = (response?.data as { message?: string } | null | undefined)?.message;
  const staffArea = useLocation().pathname.startsWith("/admin");
  if (response?.status === 404 && !refusal) return <NotFound />;
  if (response && refusal) {
    return (
      <main className="page error-page">
        <h1>{response.status === 403 ? "Sin permiso" : response.status === 404 ? "No encontrado" : "No se pudo completar la solicitud"}</h1>
        <p>{refusal}</p>
        <p>
          <a href={response.status === 403 || staffArea ? "/admin/mensajes" : "/"}>Volver</a>
        </p>
      </main>
    );
  }
  const detail = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return (
    <main className="page error-page">
      <h1>Ocurrió un error</h1>
      <p>No pudimos mostrar esta página. Inténtelo de nuevo en unos minutos.</p>
      <p>
        <a href="/">Volver al inicio</a>
      </p>
      {detail ? <pre>{detail}</pre> : null}
    </main>
  );
}
