import { createHmac, randomBytes } from "node:crypto";

/** A 256-bit secret key as the environment carries it (base64 or hex); its error says how to make one. */
export function parseKey(value: string): Buffer {
  const text = value.trim();
  const isHex = /^[0-9a-f]{64}$/i.test(text);
  const key = isHex ? Buffer.from(text, "hex") : Buffer.from(text, "base64");
  const bare = text.replace(/=+$/, "");
  const canonical = isHex || key.toString("base64").replace(/=+$/, "") === bare || key.toString("base64url") === bare;
  if (key.length !== 32 || !canonical) {
    throw new Error("debe ser una clave de 32 bytes en base64 (44 caracteres) o en hexadecimal (64); genere una con: npm run admin -- ethics-key");
  }
  return key;
}

const PROCESS_SECRET = randomBytes(32);
/**
 * A visitor's address as a counter's key: an HMAC with a secret that lives only in this process's memory,
 * never in the database or on disk. A plain hash of an address can be reversed by hashing every IPv4
 * address; this cannot without the secret, which dies with the process. With several instances each
 * counts its own (ADR 016).
 */
export const addressToken = (address: string) => createHmac("sha256", PROCESS_SECRET).update(address).digest("hex");
