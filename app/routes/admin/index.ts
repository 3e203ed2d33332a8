import { redirect } from "react-router";
import { hasRole, REPORT_ROLES } from "~/config/roles";
import { ETHICS_ROLES } from "~/features/ethics/channel";
import { requireUser } from "~/features/staff/guard.server";
import type { Route } from "./+types/index";

/** Each account lands where its work is: the messages, or else the incident reports, or else the ethics line. */
export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireUser(request);
  if (hasRole(user, "admin", "staff")) return redirect("/admin/mensajes");
  if (hasRole(user, ...REPORT_ROLES)) return redirect("/admin/reportes");
  if (hasRole(user, ...ETHICS_ROLES)) return redirect("/admin/etica");
  return redirect("/admin/mensajes");
}
