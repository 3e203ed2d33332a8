import { redirect } from "react-router";
import { endSession, getSessionUser } from "~/features/staff/auth.server";
import { audit } from "~/platform/audit.server";
import { assertSameOriginPost, readSessionId, sessionCookie } from "~/features/staff/guard.server";
import { getServices } from "~/platform/services.server";
import type { Route } from "./+types/sign-out";

export function loader() {
  return redirect("/admin/mensajes");
}

export async function action({ request }: Route.ActionArgs) {
  assertSameOriginPost(request);
  const { db } = await getServices();
  const sessionId = readSessionId(request);
  const user = await getSessionUser(db, sessionId);
  await endSession(db, sessionId);
  if (user) await audit(db, user, "salida");
  return redirect("/admin/ingresar", { headers: { "Set-Cookie": sessionCookie(request, null) } });
}
