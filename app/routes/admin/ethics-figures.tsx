import { figuresAction, figuresPage } from "~/features/ethics/figures-actions.server";
import { FiguresView } from "~/features/ethics/figures-view";
import { staffCall, staffPost } from "~/features/staff/guard.server";
import type { Route } from "./+types/ethics-figures";

export function meta() {
  return [{ title: "Cifras de acoso sexual | Bandeja del personal" }, { name: "robots", content: "noindex, nofollow" }];
}

export const loader = async (args: Route.LoaderArgs) => figuresPage(await staffCall(args, "genderFigures"));

export const action = async (args: Route.ActionArgs) => figuresAction(await staffPost(args, "genderFigures"));

export default FiguresView;
