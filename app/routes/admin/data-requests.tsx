import { staffCall } from "~/features/staff/guard.server";
import { DATA_DESK, requestListPage } from "~/features/requests/staff-actions.server";
import { RequestListView } from "~/features/requests/staff-view";
import type { Route } from "./+types/data-requests";

export function meta({ loaderData: loaded }: Route.MetaArgs) {
  return [{ title: `${loaded?.title ?? "PQRS"} | Bandeja del personal` }, { name: "robots", content: "noindex, nofollow" }];
}

export const loader = async (args: Route.LoaderArgs) => requestListPage(await staffCall(args, DATA_DESK.area), DATA_DESK);

export default RequestListView;
