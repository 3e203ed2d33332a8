import { heldAction, heldPage } from "~/features/cases/held-staff.server";
import { HeldView } from "~/features/cases/held-view";
import { DATA_HELD } from "~/features/requests/staff-actions.server";
import { staffCall, staffPost } from "~/features/staff/guard.server";
import type { Route } from "./+types/data-requests-held";

export function meta() {
  return [{ title: "Envíos retenidos | Bandeja del personal" }, { name: "robots", content: "noindex, nofollow" }];
}

export const loader = async (args: Route.LoaderArgs) => heldPage(await staffCall(args, DATA_HELD.area), DATA_HELD);

export const action = async (args: Route.ActionArgs) => heldAction(await staffPost(args, DATA_HELD.area), DATA_HELD);

export default HeldView;
