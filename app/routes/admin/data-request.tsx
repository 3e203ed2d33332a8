import { staffCall, staffPost } from "~/features/staff/guard.server";
import { DATA_DESK, requestAction, requestPage } from "~/features/requests/staff-actions.server";
import { RequestStaffView } from "~/features/requests/staff-view";
import { requestSubjects } from "~/composition/data-subject.server";
import type { Route } from "./+types/data-request";

export function meta({ loaderData: loaded }: Route.MetaArgs) {
  return [{ title: `Solicitud ${loaded?.request.radicado ?? ""} | Bandeja del personal` }, { name: "robots", content: "noindex, nofollow" }];
}

export const loader = async (args: Route.LoaderArgs) => requestPage(await staffCall(args, DATA_DESK.area), DATA_DESK);

export const action = async (args: Route.ActionArgs) => requestAction(await staffPost(args, DATA_DESK.area), DATA_DESK, requestSubjects);

export default RequestStaffView;
