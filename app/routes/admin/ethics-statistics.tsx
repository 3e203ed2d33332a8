import { ethicsStatisticsPage } from "~/features/ethics/staff-actions.server";
import { EthicsStatisticsView } from "~/features/ethics/staff-view";
import { staffCall } from "~/features/staff/guard.server";
import type { Route } from "./+types/ethics-statistics";

export function meta() {
  return [{ title: "Estadísticas de la línea ética | Bandeja del personal" }, { name: "robots", content: "noindex, nofollow" }];
}

export const loader = async (args: Route.LoaderArgs) => ethicsStatisticsPage(await staffCall(args, "ethics"));

export default EthicsStatisticsView;
