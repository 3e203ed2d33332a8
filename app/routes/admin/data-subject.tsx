import { dataSubjectAction, dataSubjectPage } from "~/composition/data-subject-page.server";
import { DataSubjectView } from "~/composition/data-subject-view";
import { staffCall, staffPost } from "~/features/staff/guard.server";
import type { Route } from "./+types/data-subject";

export function meta() {
  return [{ title: "Solicitudes de titulares | Bandeja del personal" }, { name: "robots", content: "noindex, nofollow" }];
}

export const loader = async (args: Route.LoaderArgs) => dataSubjectPage(await staffCall(args, "dataSubjects"));

export const action = async (args: Route.ActionArgs) => dataSubjectAction(await staffPost(args, "dataSubjects"));

export default DataSubjectView;
