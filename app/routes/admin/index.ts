import { redirect } from "react-router";
import { mayOpen, STAFF_ROUTES } from "~/config/access";
import { requireSignedIn } from "~/features/staff/guard.server";
import type { Route } from "./+types/index";

/**
 * Each account lands where its work is: the first area of the navigation it may open, other than the audit
 * log, which every account opens (payroll's and selection's accounts land on their own lists, not on it).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireSignedIn(request);
  const first = STAFF_ROUTES.find((r) => r.nav && r.area !== "audit" && mayOpen(user.roles, r.area));
  return redirect(first?.path ?? "/admin/auditoria");
}
