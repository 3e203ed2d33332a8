/**
 * Employment certificates' signatures (ADR 027, addendum of 2026-11-27):
 *
 * - certificates.key_id: which Ed25519 key signed the certificate (the first 16 hex of the SHA-256 of its
 *   public key), so a certificate stays checkable after the key is rotated. Rows issued before this
 *   migration keep null: they are checked against every key the site still knows.
 * - certificates.pades_cms: when the company configured a PKCS#12, the PDF signature's PKCS#7 (DER, base64)
 *   placed in the file; re-rendering the snapshot and placing it again gives the very bytes issued.
 * Literal values only: this file is frozen once released.
 */
import type { Migration } from "kysely/migration";

export const m030CertificateSignatures = (): Migration => ({
  async up(db) {
    await db.schema.alterTable("certificates").addColumn("key_id", "text").execute();
    await db.schema.alterTable("certificates").addColumn("pades_cms", "text").execute();
  },
});
