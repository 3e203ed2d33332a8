/**
 * The certificates' key (ADR 027), kept like the ethics line's: CERTIFICATE_KEY in the environment, or on
 * the embedded default (SQLite) a file in the data folder created on the first start, readable only by the
 * site's user; never in the database. From that one 256-bit secret two keys are derived (HKDF-SHA-256):
 * the HMAC key of the payroll lookups (a document number is stored only as its keyed hash) and the seed
 * of the Ed25519 key that signs each certificate's SHA-256. The public half is published at /verificar/clave.
 * With PostgreSQL the variable is required: without it the certificates answer that they are not available.
 */
import { createHash, createHmac, createPrivateKey, createPublicKey, hkdfSync, randomBytes, sign, verify, type KeyObject } from "node:crypto";
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { engineOf, sqlitePathFromUrl } from "~/platform/db/database.server";
import type { ServerEnv } from "~/platform/env.server";
import { parseKey } from "~/platform/keys.server";

export const CERTIFICATE_KEY_FILE = "clave-certificados.txt";

export interface CertificateKeys {
  /** HMAC of a document (type and number): the payroll's lookup key. */
  personKey(type: string, number: string): string;
  /** The same with the current key and then each earlier one: the certificates issued before a rotation. */
  personKeys(type: string, number: string): string[];
  /** HMAC of the number alone: what a verifier types to see the salary. */
  documentCheck(number: string): string;
  /** The same with the current key and then each earlier one. */
  documentChecks(number: string): string[];
  /** Ed25519 signature of a SHA-256 digest (hex), base64, with the current key. */
  sign(sha256Hex: string): string;
  /** The current key's id: the first 16 hex of the SHA-256 of its public key (DER). */
  keyId: string;
  /** Checks a signature with the key that made it (by id; null, from before ids were kept: any key known). */
  verify(sha256Hex: string, signature: string, keyId: string | null): boolean;
  publicKeyPem: string;
  /** Every key a certificate may have been signed with: the current one first. */
  published: { id: string; pem: string; current: boolean }[];
}

type KeyEnv = Pick<ServerEnv, "DATABASE_URL" | "CERTIFICATE_KEY"> & Partial<Pick<ServerEnv, "CERTIFICATE_KEY_PREVIOUS">>;

export function certificateKeyFilePath(env: Pick<ServerEnv, "DATABASE_URL">): string | null {
  if (engineOf(env.DATABASE_URL) !== "sqlite") return null;
  const file = sqlitePathFromUrl(env.DATABASE_URL);
  return file === ":memory:" ? null : path.join(path.dirname(path.resolve(file)), CERTIFICATE_KEY_FILE);
}

function keyText(env: Pick<ServerEnv, "DATABASE_URL" | "CERTIFICATE_KEY">): string | undefined {
  if (env.CERTIFICATE_KEY) return env.CERTIFICATE_KEY;
  const file = certificateKeyFilePath(env);
  if (!file || !existsSync(file)) return undefined;
  return readFileSync(file, "utf8").trim();
}

// PKCS#8 wrapping of a raw Ed25519 seed (RFC 8410).
const ED25519_PKCS8_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");

interface Derived {
  id: string;
  pem: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  hmac(text: string): string;
}

function derive(secret: Buffer): Derived {
  const lookup = Buffer.from(hkdfSync("sha256", secret, "", "certificados: busqueda en nomina", 32));
  const seed = Buffer.from(hkdfSync("sha256", secret, "", "certificados: firma ed25519", 32));
  const privateKey: KeyObject = createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: "der", type: "pkcs8" });
  const publicKey = createPublicKey(privateKey);
  return {
    id: createHash("sha256")
      .update(publicKey.export({ format: "der", type: "spki" }))
      .digest("hex")
      .slice(0, 16),
    pem: publicKey.export({ format: "pem", type: "spki" }).toString(),
    privateKey,
    publicKey,
    hmac: (text) => createHmac("sha256", lookup).update(text).digest("hex"),
  };
}

function keysOf(current: Derived, previous: Derived[]): CertificateKeys {
  const all = [current, ...previous.filter((p) => p.id !== current.id)];
  const check = (key: Derived, digest: string, signature: string) => {
    try {
      return verify(null, Buffer.from(digest, "hex"), key.publicKey, Buffer.from(signature, "base64"));
    } catch {
      return false;
    }
  };
  return {
    personKey: (type, number) => current.hmac(`persona:${type}:${number}`),
    personKeys: (type, number) => all.map((k) => k.hmac(`persona:${type}:${number}`)),
    documentCheck: (number) => current.hmac(`documento:${number}`),
    documentChecks: (number) => all.map((k) => k.hmac(`documento:${number}`)),
    sign: (digest) => sign(null, Buffer.from(digest, "hex"), current.privateKey).toString("base64"),
    keyId: current.id,
    verify: (digest, signature, keyId) => {
      if (keyId === null) return all.some((k) => check(k, digest, signature));
      const key = all.find((k) => k.id === keyId);
      return !!key && check(key, digest, signature);
    },
    publicKeyPem: current.pem,
    published: all.map((k) => ({ id: k.id, pem: k.pem, current: k === current })),
  };
}

let cached: { text: string; keys: CertificateKeys } | undefined;

/** The keys in force, or null when there is no key (PostgreSQL without CERTIFICATE_KEY). */
export function certificateKeys(env: KeyEnv): CertificateKeys | null {
  const text = keyText(env);
  if (!text) return null;
  const previous = env.CERTIFICATE_KEY_PREVIOUS ?? [];
  const all = [text, ...previous].join(",");
  if (cached?.text !== all)
    cached = {
      text: all,
      keys: keysOf(
        derive(parseKey(text)),
        previous.map((p) => derive(parseKey(p))),
      ),
    };
  return cached.keys;
}

/** At start: creates the key file on the embedded default when there is none, and says what certificates run on. */
export function prepareCertificateKey(env: Pick<ServerEnv, "DATABASE_URL" | "CERTIFICATE_KEY">): string[] {
  if (env.CERTIFICATE_KEY) return [];
  const file = certificateKeyFilePath(env);
  if (!file) {
    return [
      "CERTIFICATE_KEY no está definida: con PostgreSQL es obligatoria, así que los certificados laborales (/certificados) y su verificación responden que no están disponibles. Genere una clave con `npm run admin -- ethics-key` y defínala en CERTIFICATE_KEY en todas las instancias.",
    ];
  }
  if (existsSync(file)) {
    parseKey(readFileSync(file, "utf8").trim());
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
    return [];
  }
  writeFileSync(file, `${randomBytes(32).toString("base64")}\n`, { mode: 0o600, flag: "wx" });
  return [
    `ATENCIÓN: se creó la clave de los certificados laborales en ${file} (solo la lee el usuario del sitio). Sin ella no se encuentra a nadie en la nómina importada ni se firman certificados: guarde una copia fuera del servidor y, cuando pueda, muévala a CERTIFICATE_KEY.`,
  ];
}

export const sha256Hex = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
