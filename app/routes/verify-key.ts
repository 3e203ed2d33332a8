import { publicKeyAnswer } from "~/features/certificates/pages.server";

/** The Ed25519 public key (PEM) that checks the signature of every certificate issued (ADR 027). */
export function loader() {
  return publicKeyAnswer();
}
