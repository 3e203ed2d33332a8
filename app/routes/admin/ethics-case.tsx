import { ethicsCaseAction, ethicsCasePage } from "~/features/ethics/staff-actions.server";
import { EthicsStaffView } from "~/features/ethics/staff-view";
import { staffCall, staffPost } from "~/features/staff/guard.server";
import type { Route } from "./+types/ethics-case";

export function meta({ loaderData: loaded }: Route.MetaArgs) {
  return [{ title: `Reporte ${loaded?.report.radicado ?? ""} | Línea ética` }, { name: "robots", content: "noindex, nofollow" }];
}

export const loader = async (args: Route.LoaderArgs) => ethicsCasePage(await staffCall(args, "ethics"));

export const action = async (args: Route.ActionArgs) => ethicsCaseAction(await staffPost(args, "ethics"));

export default EthicsStaffView;
