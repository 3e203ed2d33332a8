import { data } from "react-router";
import { requireSignedIn } from "~/features/staff/guard.server";
import type { Route } from "./+types/not-found";

/** An unknown page of the staff area: signed-out visitors go to the sign-in page like anywhere under /admin. */
async function notFound({ request }: Route.LoaderArgs | Route.ActionArgs) {
  await requireSignedIn(request);
  throw data({ message: "Esta página de la bandeja del personal no existe." }, { status: 404 });
}

export const loader = notFound;
export const action = notFound;
