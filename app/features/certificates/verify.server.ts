/**
 * Verification (docs/product.md §39, ADR 027): by code (typed or from the QR) or by the PDF itself.
 * Answers from the stored snapshot, so a later import changes nothing; every check is counted on the
 * certificate; lookups are limited per connection in the database; nothing personal is logged.
 */
import type { Kysely } from "kysely";
import { type Database, withRelaxedSync } from "~/platform/db/database.server";
import { hit } from "~/platform/rate-limit.server";
import { type CertificateKeys, sha256Hex } from "./keys.server";
import { type CertificateSnapshot, type FileVerification, maskName, normalizeCode, normalizeDocument, type Verification, type VerifiedView } from "./model";

export type { FileVerification, Verification, VerifiedView } from "./model";

/** Checks per connection per 10 minutes. */
export const VERIFY_LIMIT = 30;
const WINDOW_MS = 10 * 60_000;

async function limited(db: Kysely<Database>, addressToken: string, now: number): Promise<number | null> {
  const counted = await hit(db, `verificar:direccion:${addressToken}`, WINDOW_MS, now);
  return counted.hits > VERIFY_LIMIT ? Math.max(1, Math.ceil((counted.resetAt - now) / 1000)) : null;
}

async function viewOf(
  db: Kysely<Database>,
  row: Pick<Database["certificates"], "id" | "snapshot" | "sha256" | "signature" | "annulled_at" | "includes_salary" | "document_check" | "code"> & {
    key_id: string | null;
  },
  keys: CertificateKeys,
  document: string | undefined,
  now: number,
): Promise<VerifiedView> {
  // A count is bookkeeping: written without waiting for the disk on SQLite, like the rate counters (ADR 016).
  await withRelaxedSync(db, (conn) =>
    conn
      .updateTable("certificates")
      .set((eb) => ({ verifications: eb("verifications", "+", 1), last_verified_at: new Date(now).toISOString() }))
      .where("id", "=", row.id as number)
      .execute(),
  );
  const s = JSON.parse(row.snapshot) as CertificateSnapshot;
  const salaryShown = row.includes_salary === 1 && !!document && keys.documentChecks(normalizeDocument(document)).includes(row.document_check);
  return {
    code: row.code,
    issuedAt: s.issuedAt,
    cutoffDay: s.cutoffDay,
    holder: maskName(s.holder.name),
    annulledAt: row.annulled_at,
    // Checked with the key that signed it, current or earlier (ADR 027, addendum).
    signatureValid: keys.verify(row.sha256, row.signature, row.key_id),
    includesSalary: row.includes_salary === 1,
    salaryShown,
    contracts: s.contracts.map((c) => ({
      position: c.position,
      kind: c.kind,
      startDay: c.startDay,
      endDay: c.endDay,
      userCompany: c.userCompany,
      salary: salaryShown ? c.salary : null,
    })),
  };
}

const COLUMNS = ["id", "code", "snapshot", "sha256", "signature", "key_id", "annulled_at", "includes_salary", "document_check"] as const;

export async function verifyByCode(
  db: Kysely<Database>,
  input: { code: string; document?: string; addressToken: string; keys: CertificateKeys },
  now = Date.now(),
): Promise<Verification> {
  const code = normalizeCode(input.code.slice(0, 40));
  if (!code)
    return {
      outcome: "invalid",
      message: "El código de verificación tiene 15 letras y números (por ejemplo 7K2QF-9XHMA-3TRCD); revise que lo copió completo.",
    };
  const wait = await limited(db, input.addressToken, now);
  if (wait) return { outcome: "limited", retryAfter: wait };
  const row = await db.selectFrom("certificates").select(COLUMNS).where("code", "=", code).executeTakeFirst();
  if (!row) return { outcome: "not_found" };
  return { outcome: "found", view: await viewOf(db, row, input.keys, input.document, now) };
}

/** A PDF dropped on the page: found only when it is byte for byte one issued. */
export async function verifyByFile(
  db: Kysely<Database>,
  input: { bytes: Uint8Array; addressToken: string; keys: CertificateKeys },
  now = Date.now(),
): Promise<FileVerification> {
  if (input.bytes.length === 0) return { outcome: "invalid", message: "Elija el archivo PDF del certificado." };
  if (Buffer.from(input.bytes.subarray(0, 5)).toString("latin1") !== "%PDF-") return { outcome: "invalid", message: "El archivo no es un PDF." };
  const wait = await limited(db, input.addressToken, now);
  if (wait) return { outcome: "limited", retryAfter: wait };
  const row = await db.selectFrom("certificates").select(COLUMNS).where("sha256", "=", sha256Hex(input.bytes)).executeTakeFirst();
  if (!row) return { outcome: "not_ours" };
  return { outcome: "found", view: await viewOf(db, row, input.keys, undefined, now) };
}
