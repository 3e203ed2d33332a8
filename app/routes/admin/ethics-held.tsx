import { heldAction, heldPage } from "~/features/cases/held-staff.server";
import { HeldView } from "~/features/cases/held-view";
import { ETHICS_HELD } from "~/features/ethics/staff-actions.server";
import { staffCall, staffPost } from "~/features/staff/guard.server";
import type { Route } from "./+types/ethics-held";

export function meta() {
  return [{ title: "Envíos retenidos | Bandeja del personal" }, { name: "robots", content: "noindex, nofollow" }];
}

export const loader = async (args: Route.LoaderArgs) => heldPage(await staffCall(args, ETHICS_HELD.area), ETHICS_HELD);

export const action = async (args: Route.ActionArgs) => heldAction(await staffPost(args, ETHICS_HELD.area), ETHICS_HELD);

export default HeldView;
