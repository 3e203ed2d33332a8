import { handleFormPost, methodNotAllowed } from "~/forms/post.server";
import type { Route } from "./+types/php.cliente";

export function loader() {
  return methodNotAllowed();
}

export function action({ request }: Route.ActionArgs) {
  return handleFormPost(request, "cliente");
}
