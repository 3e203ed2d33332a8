import type { Route } from "./+types/verify-key";
import { publicKeyAnswer } from "~/features/certificates/pages.server";

/** The Ed25519 public keys (PEM) that check the certificates' signatures: the current one first (ADR 027). */
export function loader({ request }: Route.LoaderArgs) {
  return publicKeyAnswer(request);
}
