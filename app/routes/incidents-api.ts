import { methodNotAllowed } from "~/forms/post.server";
import { incidentDoors } from "~/features/incidents/doors.server";
import type { Route } from "./+types/incidents-api";

/** POST /php/incidente: the report's JSON API (app/features/incidents/doors.server.ts). */
export function action({ request }: Route.ActionArgs) {
  return incidentDoors.handleApiPost(request);
}

export function loader() {
  return methodNotAllowed();
}
