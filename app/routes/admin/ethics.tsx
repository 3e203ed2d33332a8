import { ethicsListPage } from "~/features/ethics/staff-actions.server";
import { EthicsListView } from "~/features/ethics/staff-view";
import { staffCall } from "~/features/staff/guard.server";
import type { Route } from "./+types/ethics";

export function meta() {
  return [{ title: "Línea ética | Bandeja del personal" }, { name: "robots", content: "noindex, nofollow" }];
}

export const loader = async (args: Route.LoaderArgs) => ethicsListPage(await staffCall(args, "ethics"));

export default EthicsListView;
