import { redirect } from "react-router";
import { hasRole, REPORT_ROLES } from "~/lib/roles";
import { ETHICS_ROLES } from "~/reports/case-model";
import { requireUser } from "~/server/admin.server";
import type { Route } from "./+types/index";

/** Each account lands where its work is: the messages, or else the incident reports, or else the ethics line. */
export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireUser(request);
  if (hasRole(user, "admin", "staff")) return redirect("/admin/mensajes");
  if (hasRole(user, ...REPORT_ROLES)) return redirect("/admin/reportes");
  if (hasRole(user, ...ETHICS_ROLES)) return redirect("/admin/etica");
  return redirect("/admin/mensajes");
}
