import { ethicsDoors } from "~/ethics/http.server";
import { methodNotAllowed } from "~/server/forms.server";
import type { Route } from "./+types/php.linea-etica";

/** POST /php/linea-etica: the ethics line's JSON API (app/ethics/http.server.ts). */
export function action({ request }: Route.ActionArgs) {
  return ethicsDoors.handleApiPost(request);
}

export function loader() {
  return methodNotAllowed();
}
