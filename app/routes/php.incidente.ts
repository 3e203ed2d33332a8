import { methodNotAllowed } from "~/server/forms.server";
import { handleReportPost } from "~/reports/http.server";
import type { Route } from "./+types/php.incidente";

/** POST /php/incidente: the report's JSON API (app/reports/http.server.ts). */
export function action({ request }: Route.ActionArgs) {
  return handleReportPost(request);
}

export function loader() {
  return methodNotAllowed();
}
