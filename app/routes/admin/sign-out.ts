import { redirect } from "react-router";
import { audit, endSession, getSessionUser } from "~/server/auth.server";
import { assertSameOriginPost, readSessionId, sessionCookie } from "~/server/admin.server";
import { getServices } from "~/server/services.server";
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
