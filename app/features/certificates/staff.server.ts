/**
 * The staff's side of the certificates (roles `nomina` and `admin`, docs/product.md §38): the list of
 * certificates issued, newest first, by keyset (ADR 018), searched by document number or verification
 * code (each an index lookup, fast at a million); a certificate's snapshot; annulment with a reason;
 * the same certificate mailed again; the streamed CSV export. Every action is audited.
 */
import type { Kysely, Selectable } from "kysely";
import { csvResponse } from "~/platform/csv.server";
import { audit, type StaffUser } from "~/platform/audit.server";
import type { Database } from "~/platform/db/database.server";
import { streamBatches } from "~/platform/db/stream.server";
import { keysetPage, type PageRequest } from "~/platform/paging";
import { queueCertificateMail } from "./flow.server";
import type { CertificateKeys } from "./keys.server";
import { type CertificateSnapshot, CONTRACT_KINDS, dayText, groupCode, isDocumentType, normalizeCode, normalizeDocument } from "./model";
import { renderIssued } from "./pdf.server";

export const CERTIFICATES_PAGE_SIZE = 50;

const LIST_COLUMNS = [
  "id",
  "code",
  "holder_name",
  "document_number",
  "issued_at",
  "includes_salary",
  "verifications",
  "last_verified_at",
  "annulled_at",
  "annulled_reason",
  "annulled_by",
  "snapshot",
] as const;

/** A search is a verification code or a document number; anything else finds nothing. */
function searchOf(q: string): { code: string } | { document: string } | null {
  const text = q.trim();
  if (!text) return null;
  const code = normalizeCode(text);
  if (code && /[A-Z]/i.test(text)) return { code };
  return { document: normalizeDocument(text).slice(0, 20) };
}

export async function listCertificates(db: Kysely<Database>, input: { q: string; page: PageRequest }) {
  const search = searchOf(input.q);
  const page = await keysetPage(
    input.page,
    CERTIFICATES_PAGE_SIZE,
    (direction, cursor, limit) => {
      let query = db.selectFrom("certificates").select(LIST_COLUMNS);
      if (search && "code" in search) query = query.where("code", "=", search.code);
      if (search && "document" in search) query = query.where("document_number", "=", search.document);
      if (cursor) {
        query = query.where((eb) =>
          direction === "older"
            ? eb.or([eb("issued_at", "<", cursor.at), eb.and([eb("issued_at", "=", cursor.at), eb("id", "<", cursor.id)])])
            : eb.or([eb("issued_at", ">", cursor.at), eb.and([eb("issued_at", "=", cursor.at), eb("id", ">", cursor.id)])]),
        );
      }
      const order = direction === "older" ? "desc" : "asc";
      return query.orderBy("issued_at", order).orderBy("id", order).limit(limit).execute();
    },
    (r) => ({ tag: "", at: r.issued_at, id: Number(r.id) }),
  );
  return {
    ...page,
    rows: page.rows.map(({ snapshot, ...r }) => ({
      ...r,
      id: Number(r.id),
      verifications: Number(r.verifications),
      snapshot: JSON.parse(snapshot) as CertificateSnapshot,
    })),
  };
}

export async function annulCertificate(db: Kysely<Database>, user: StaffUser, id: number, reason: string, now = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("certificates")
      .set({ annulled_at: now.toISOString(), annulled_reason: reason, annulled_by: user.email })
      .where("id", "=", id)
      .where("annulled_at", "is", null)
      .returning("code")
      .executeTakeFirst();
    if (!row) return false;
    await audit(trx, user, "anular_certificado", { detail: `${groupCode(row.code)}: ${reason}` });
    return true;
  });
}

/** The same certificate (same bytes, same code) mailed again to the e-mail on file today. */
export async function resendCertificate(db: Kysely<Database>, user: StaffUser, id: number, companyName: string): Promise<"sent" | "no_email" | "missing"> {
  const row = await db
    .selectFrom("certificates")
    .select(["code", "snapshot", "sha256", "pades_cms", "person_key", "annulled_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row || row.annulled_at) return "missing";
  const person = await db.selectFrom("payroll_people").select("email").where("person_key", "=", row.person_key).executeTakeFirst();
  if (!person?.email) return "no_email";
  const snapshot = JSON.parse(row.snapshot) as CertificateSnapshot;
  const pdf = await renderIssued(row);
  await db.transaction().execute(async (trx) => {
    await queueCertificateMail(trx, person.email as string, snapshot, pdf, companyName, new Date().toISOString());
    await audit(trx, user, "reenviar_certificado", { detail: groupCode(row.code) });
  });
  return "sent";
}

type ExportRow = Pick<
  Selectable<Database["certificates"]>,
  "id" | "code" | "issued_at" | "holder_name" | "document_number" | "includes_salary" | "verifications" | "annulled_at" | "annulled_reason"
>;

/** Every certificate, oldest first, streamed (never all in memory). */
export async function exportCertificates(db: Kysely<Database>, user: StaffUser, auditDb: Kysely<Database>) {
  await audit(auditDb, user, "exportar_certificados");
  const batches = streamBatches(db, (after: ExportRow | undefined) => {
    const q = db
      .selectFrom("certificates")
      .select(["id", "code", "issued_at", "holder_name", "document_number", "includes_salary", "verifications", "annulled_at", "annulled_reason"]);
    return (after ? q.where("id", ">", after.id as number) : q).orderBy("id");
  });
  return csvResponse<ExportRow>(
    "certificados-laborales",
    [
      ["Código", (r) => groupCode(r.code)],
      ["Expedido", (r) => dayText(r.issued_at.slice(0, 10))],
      ["Titular", (r) => r.holder_name],
      ["Documento", (r) => r.document_number],
      ["Incluye salario", (r) => (r.includes_salary ? "sí" : "no")],
      ["Verificaciones", (r) => r.verifications],
      ["Anulado", (r) => (r.annulled_at ? dayText(r.annulled_at.slice(0, 10)) : "")],
      ["Motivo de anulación", (r) => r.annulled_reason ?? ""],
    ],
    { batches },
  );
}

/**
 * A person's certificates and payroll data on the site, for the data-subject access export (ADR 019):
 * found by document number (certificates) and by the document's keyed hash (the imported payroll).
 */
export async function certificateRecordsOf(db: Kysely<Database>, documentType: string | null, document: string, keys: CertificateKeys | null) {
  const number = normalizeDocument(document);
  const certificates = (
    await db
      .selectFrom("certificates")
      .select(["code", "issued_at", "snapshot", "verifications", "annulled_at", "annulled_reason"])
      .where("document_number", "=", number)
      .orderBy("id")
      .execute()
  )
    .map((r) => ({ ...r, snapshot: JSON.parse(r.snapshot) as CertificateSnapshot }))
    .filter((r) => !documentType || r.snapshot.holder.documentType === documentType);
  const personKey = keys && documentType && isDocumentType(documentType) ? keys.personKey(documentType, number) : null;
  const person = personKey ? await db.selectFrom("payroll_people").selectAll().where("person_key", "=", personKey).executeTakeFirst() : undefined;
  const contracts =
    personKey && person ? await db.selectFrom("payroll_contracts").selectAll().where("person_key", "=", personKey).orderBy("start_day").execute() : [];
  return {
    certificados_laborales: certificates.map((c) => ({
      codigo: groupCode(c.code),
      expedido: c.issued_at,
      contenido: c.snapshot,
      verificaciones: Number(c.verifications),
      ...(c.annulled_at ? { anulado: c.annulled_at, motivo_de_anulacion: c.annulled_reason } : {}),
    })),
    nomina_importada: person
      ? {
          nombre: person.full_name,
          correo: person.email,
          celular: person.mobile,
          datos_de_nomina_al: person.cutoff_day,
          contratos: contracts.map((k) => ({
            cargo: k.position,
            tipo: CONTRACT_KINDS[k.kind],
            inicio: k.start_day,
            fin: k.end_day,
            empresa_usuaria: k.user_company,
            salario: Number(k.salary),
            funciones: k.duties,
          })),
        }
      : null,
  };
}
