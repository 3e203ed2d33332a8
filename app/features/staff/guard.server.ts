/** Request helpers for the staff area: who is signed in, permissions, cookies and POST checks. */
import { data, redirect } from "react-router";
import { readCookie, serializeCookie } from "~/platform/cookies";
import { hasRole, type Role, ROLE_LABELS } from "~/config/roles";
import { getSessionUser, SESSION_COOKIE, SESSION_MAX_MS, type User } from "./auth.server";
import { getServices, type Services } from "~/platform/services.server";

export const readSessionId = (request: Request) => readCookie(request, SESSION_COOKIE);

export const sessionCookie = (request: Request, sessionId: string | null) =>
  serializeCookie(request, SESSION_COOKIE, sessionId, { path: "/admin", sameSite: "Lax", maxAgeSeconds: Math.floor(SESSION_MAX_MS / 1000) });

function wantsJson(request: Request): boolean {
  const url = new URL(request.url);
  return url.pathname.endsWith(".csv") || (request.headers.get("accept") ?? "").includes("application/json");
}

/**
 * The signed-in user, or: a redirect to the sign-in page (pages), 401 (API calls), 403 (none of the roles).
 * Every staff loader and action calls this itself: parent loaders do not guard their children.
 */
export async function requireUser(request: Request, ...roles: Role[]): Promise<{ user: User; services: Services }> {
  const services = await getServices();
  const user = await getSessionUser(services.db, readSessionId(request));
  if (!user) {
    if (wantsJson(request)) {
      throw Response.json({ error: { code: "no_autenticado", message: "Inicie sesión para continuar." } }, { status: 401 });
    }
    const url = new URL(request.url);
    throw redirect(`/admin/ingresar?siguiente=${encodeURIComponent(url.pathname + url.search)}`);
  }
  // Any one of the named roles opens the page; none named: any signed-in account.
  if (roles.length > 0 && !hasRole(user, ...roles)) {
    const names = roles.map((r) => ROLE_LABELS[r].toLowerCase()).join(" o ");
    throw data({ message: `Solo una persona con el rol de ${names} puede ver esta página.` }, { status: 403 });
  }
  return { user, services };
}

/** State changes only by POST from this site's own pages. */
export function assertSameOriginPost(request: Request): void {
  if (request.method !== "POST") throw data({ message: "Método no permitido." }, { status: 405 });
  const origin = request.headers.get("origin");
  // `Origin: null` (a sandboxed or privacy-sensitive context) or anything unparsable is not this site.
  if (!origin || !URL.canParse(origin) || new URL(origin).host !== new URL(request.url).host) {
    throw data({ message: "Solicitud rechazada: no proviene de este sitio." }, { status: 403 });
  }
}
