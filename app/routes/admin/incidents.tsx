import { incidentListPage } from "~/features/incidents/staff-actions.server";
import { IncidentListView } from "~/features/incidents/staff-view";
import { staffCall } from "~/features/staff/guard.server";
import type { Route } from "./+types/incidents";

export function meta() {
  return [{ title: "Reportes de incidentes | Bandeja del personal" }, { name: "robots", content: "noindex, nofollow" }];
}

export const loader = async (args: Route.LoaderArgs) => incidentListPage(await staffCall(args, "incidents"));

export default IncidentListView;
