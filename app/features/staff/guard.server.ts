/** Request helpers for the staff area: who is signed in, permissions, cookies and POST checks. */
import { data, redirect } from "react-router";
import { readCookie, serializeCookie } from "~/platform/cookies";
import { ACCESS, mayOpen, type StaffArea } from "~/config/access";
import { ROLE_LABELS } from "~/config/roles";
import { getSessionUser, SESSION_COOKIE, SESSION_MAX_MS, type User } from "./auth.server";
import { getServices, type Services } from "~/platform/services.server";
import type { StaffCall } from "~/forms/actions";

export const readSessionId = (request: Request) => readCookie(request, SESSION_COOKIE);

export const sessionCookie = (request: Request, sessionId: string | null) =>
  serializeCookie(request, SESSION_COOKIE, sessionId, { path: "/admin", sameSite: "Lax", maxAgeSeconds: Math.floor(SESSION_MAX_MS / 1000) });

function wantsJson(request: Request): boolean {
  const url = new URL(request.url);
  return url.pathname.endsWith(".csv") || url.pathname.endsWith(".json") || (request.headers.get("accept") ?? "").includes("application/json");
}

/**
 * The signed-in user, or: a redirect to the sign-in page (pages), 401 (API calls and exports).
 * Every staff loader and action asks for its area (requireStaff) itself: parent loaders do not guard
 * their children. Only the frame, the landing and the sign-out ask for a session alone.
 */
export async function requireSignedIn(request: Request): Promise<{ user: User; services: Services }> {
  const services = await getServices();
  const user = await getSessionUser(services.db, readSessionId(request));
  if (!user) {
    if (wantsJson(request)) {
      throw Response.json({ error: { code: "no_autenticado", message: "Inicie sesión para continuar." } }, { status: 401 });
    }
    const url = new URL(request.url);
    throw redirect(`/admin/ingresar?siguiente=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return { user, services };
}

/** The signed-in user who may open `area` (app/config/access.ts), or 403: access is denied by default. */
export async function requireStaff(request: Request, area: StaffArea): Promise<{ user: User; services: Services }> {
  const signedIn = await requireSignedIn(request);
  if (!mayOpen(signedIn.user.roles, area)) {
    const names = ACCESS[area].map((r) => ROLE_LABELS[r].toLowerCase()).join(" o ");
    throw data({ message: `Solo una persona con el rol de ${names} puede ver esta página.` }, { status: 403 });
  }
  return signedIn;
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

type PageArgs = { request: Request; params: Readonly<Record<string, string | undefined>> };

/** A staff page's loader: the call its feature answers, from someone allowed in `area`. */
export async function staffCall({ request, params }: PageArgs, area: StaffArea): Promise<StaffCall> {
  return { request, params, ...(await requireStaff(request, area)) };
}

/** A staff page's action: a same-origin POST from someone allowed in `area`. */
export async function staffPost(args: PageArgs, area: StaffArea): Promise<StaffCall> {
  assertSameOriginPost(args.request);
  return staffCall(args, area);
}
