import { ethicsDoors } from "~/features/ethics/doors.server";
import { methodNotAllowed } from "~/forms/post.server";
import type { Route } from "./+types/ethics-api";

/** POST /php/linea-etica: the ethics line's JSON API (app/features/ethics/doors.server.ts). */
export function action({ request }: Route.ActionArgs) {
  return ethicsDoors.handleApiPost(request);
}

export function loader() {
  return methodNotAllowed();
}
