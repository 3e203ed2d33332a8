import { Links, Meta, Outlet, isRouteErrorResponse, useLocation, useMatches } from "react-router";
import type { Route } from "./+types/root";
import { getSiteConfig } from "~/config/site.server";
import favicon from "~/assets/favicon.svg";
import fontUrl from "~/assets/fonts/source-sans-3-latin-wght-normal.woff2?url";
import { NotFound } from "~/components/not-found";
import appCss from "~/styles/app.css?url";

/**
 * No page hydrates as a whole: content pages ship no React, and a form is a React island of its own
 * (app/islands, ADR 008), so React Router's client runtime is never sent.
 */
export interface RouteHandle {
  /** Small progressive-enhancement scripts (under /public/js) that the page needs. */
  scripts?: string[];
}

export async function loader() {
  return { site: getSiteConfig() };
}

export function links(): Route.LinkDescriptors {
  return [
    { rel: "icon", href: favicon, type: "image/svg+xml" },
    { rel: "manifest", href: "/manifest.webmanifest" },
  ];
}

export function Layout({ children }: { children: React.ReactNode }) {
  const handles = useMatches().map((m) => (m.handle ?? {}) as RouteHandle);
  const scripts = [...new Set(handles.flatMap((h) => h.scripts ?? []))];
  return (
    <html lang="es">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="theme-color" content="#0B4F6C" />
        {/* Font first, then the stylesheet (precedence puts it ahead of the scripts' preloads). */}
        <link rel="preload" href={fontUrl} as="font" type="font/woff2" crossOrigin="anonymous" />
        <link rel="stylesheet" href={appCss} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <p id="offline-notice" className="offline-notice" role="status" hidden>
          Sin conexión: está viendo la copia guardada de esta página.
        </p>
        <script src="/js/site.js" type="module" {...(import.meta.env.DEV ? { "data-debug": "" } : {})} />
        {scripts.map((src) => (
          <script key={src} src={src} type="module" />
        ))}
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
