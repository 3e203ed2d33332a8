import { staffCall, staffPost } from "~/features/staff/guard.server";
import { incidentAction, incidentPage } from "~/features/incidents/staff-actions.server";
import { IncidentStaffView } from "~/features/incidents/staff-view";
import type { Route } from "./+types/incident";

export function meta({ loaderData: loaded }: Route.MetaArgs) {
  return [{ title: `Reporte ${loaded?.report.radicado ?? ""} | Bandeja del personal` }, { name: "robots", content: "noindex, nofollow" }];
}

export const loader = async (args: Route.LoaderArgs) => incidentPage(await staffCall(args, "incidents"));

export const action = async (args: Route.ActionArgs) => incidentAction(await staffPost(args, "incidents"));

export default IncidentStaffView;
