import { verifyApi } from "~/features/certificates/pages.server";
import type { Route } from "./+types/verify-api";

/** Verification for API clients (docs/product.md §39): a certificate's PDF or its code, answered in JSON. */
export function action({ request }: Route.ActionArgs) {
  return verifyApi(request);
}
