import { methodNotAllowed } from "~/server/forms.server";
import { incidentDoors } from "~/reports/http.server";
import type { Route } from "./+types/php.incidente";

/** POST /php/incidente: the report's JSON API (app/reports/http.server.ts). */
export function action({ request }: Route.ActionArgs) {
  return incidentDoors.handleApiPost(request);
}

export function loader() {
  return methodNotAllowed();
}
