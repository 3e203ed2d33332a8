import { methodNotAllowed } from "~/forms/post.server";
import { requestDoors } from "~/features/requests/doors.server";
import type { Route } from "./+types/requests-api";

/** POST /php/pqrs: the PQRS JSON API (app/features/requests). */
export function action({ request }: Route.ActionArgs) {
  return requestDoors.handleApiPost(request);
}

export function loader() {
  return methodNotAllowed();
}
