import { handleFormPost, methodNotAllowed } from "~/server/forms.server";
import type { Route } from "./+types/php.contacto";

export function loader() {
  return methodNotAllowed();
}

export function action({ request }: Route.ActionArgs) {
  return handleFormPost(request, "contacto");
}
