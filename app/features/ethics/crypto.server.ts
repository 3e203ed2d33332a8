/**
 * Encryption at rest for the ethics line (docs/product.md §22, ADR 013): AES-256-GCM from node:crypto with a
 * key that lives in the environment (ETHICS_KEY), never in the database, so a copy of the database file
 * alone does not reveal what was reported. Older keys (ETHICS_PREVIOUS_KEYS) still open what they
 * sealed until `npm run admin -- rotate-ethics-key` re-seals everything with the current key.
 *
 * A sealed value is `v1:<key id>:<iv>:<ciphertext and tag>` (base64url). The context (for example
 * `caso:12:reporte`) is authenticated data: a value copied onto another case or column fails to open.
 */
import { parseKey } from "~/platform/keys.server";

export { parseKey };
import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";

const VERSION = "v1";

/** Reads a 256-bit key written as base64 (44 characters) or hex (64); anything else is an error that says how to make one. */

/** A new random key, in the form ETHICS_KEY expects. */
export const newKey = () => randomBytes(32).toString("base64");

interface KeyMaterial {
  id: string;
  cipherKey: Buffer;
  tokenKey: Buffer;
}

function material(raw: Buffer): KeyMaterial {
  const derive = (purpose: string) => Buffer.from(hkdfSync("sha256", raw, Buffer.alloc(0), `sitio/linea-etica/${purpose}`, 32));
  // The id names the key without revealing it: rows say which key sealed them.
  return { id: createHash("sha256").update(derive("id")).digest("hex").slice(0, 12), cipherKey: derive("cifrado"), tokenKey: derive("acceso") };
}

export class SealError extends Error {}

export interface Sealer {
  /** The current key's id. */
  keyId: string;
  seal(plain: string, context: string): string;
  open(sealed: string, context: string): string;
  /** The id of the key that sealed a value. */
  keyOf(sealed: string): string;
  /** A short-lived proof that someone just gave a case's radicado and code (CONSULTAR's follow-up forms). */
  mintAccess(caseId: number, ttlMs: number, now?: number): string;
  /** The case id, if the proof is genuine and not expired. */
  readAccess(token: string, now?: number): number | null;
}

const b64 = (buffer: Buffer) => buffer.toString("base64url");

export function createSealer(currentKey: string, previousKeys: readonly string[] = []): Sealer {
  const current = material(parseKey(currentKey));
  const ring = new Map<string, KeyMaterial>([[current.id, current]]);
  for (const key of previousKeys) {
    const m = material(parseKey(key));
    if (!ring.has(m.id)) ring.set(m.id, m);
  }
  const sign = (payload: string) => b64(createHmac("sha256", current.tokenKey).update(payload).digest());
  return {
    keyId: current.id,
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", current.cipherKey, iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final(), cipher.getAuthTag()]);
      return `${VERSION}:${current.id}:${b64(iv)}:${b64(body)}`;
    },
    open(sealed, context) {
      const [version, id, iv, body] = sealed.split(":");
      if (version !== VERSION || !id || !iv || !body) throw new SealError("valor cifrado con un formato desconocido");
      const key = ring.get(id);
      if (!key) throw new SealError(`el valor fue cifrado con una clave que no está configurada (${id}): agréguela a ETHICS_PREVIOUS_KEYS`);
      const data = Buffer.from(body, "base64url");
      try {
        const decipher = createDecipheriv("aes-256-gcm", key.cipherKey, Buffer.from(iv, "base64url"));
        decipher.setAAD(Buffer.from(context));
        decipher.setAuthTag(data.subarray(data.length - 16));
        return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString("utf8");
      } catch {
        throw new SealError("el valor cifrado no corresponde a su clave o a su lugar");
      }
    },
    keyOf: (sealed) => sealed.split(":")[1] ?? "",
    mintAccess(caseId, ttlMs, now = Date.now()) {
      const payload = `${caseId}.${now + ttlMs}`;
      return `${payload}.${sign(payload)}`;
    },
    readAccess(token, now = Date.now()) {
      const [id, expires, mac] = token.split(".");
      if (!id || !expires || !mac || !/^\d+$/.test(id) || !/^\d+$/.test(expires)) return null;
      const expected = Buffer.from(sign(`${id}.${expires}`));
      const given = Buffer.from(mac);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return Number(expires) >= now ? Number(id) : null;
    },
  };
}
