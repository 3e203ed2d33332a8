/**
 * The worker's flow (docs/product.md §38, ADR 027), as ordinary form posts answered by post/redirect/get:
 * a document → a 6-digit code to the e-mail on file → the contracts and options → the certificate. The
 * flow's state is a cookie (`certificado`: a random token and the document typed) and, in the database,
 * the one live code of that document, keyed by the document's HMAC. A document not on file gets the same
 * answer after the same work (a code row that no code opens, and a masked address derived from the
 * document), so the page never tells whether someone is on the payroll. Every limit is counted in the
 * database (several instances share them) and answered with Retry-After.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import type { SiteConfig } from "~/config/site";
import { readCookie, serializeCookie } from "~/platform/cookies";
import type { Database } from "~/platform/db/database.server";
import { renderMail } from "~/platform/mail.server";
import { hit } from "~/platform/rate-limit.server";
import { type CertificateKeys, sha256Hex } from "./keys.server";
import {
  type CertificateSnapshot,
  CERTIFICATE_WINDOW_DAYS,
  CERTIFICATES_PER_WINDOW,
  codeFromBytes,
  type ContractKind,
  type DocumentType,
  documentProblem,
  groupCode,
  isDocumentType,
  maskEmail,
  normalizeDocument,
  OTP_MINUTES,
  OTP_TRIES,
} from "./model";
import type { Signer } from "@signpdf/signpdf";
import { renderCertificate, renderIssued, renderSignedCertificate } from "./pdf.server";

export const FLOW_COOKIE = "certificado";
const FLOW_MINUTES = 30;
const HOUR = 3_600_000;
/** Codes asked per document, per e-mail on file and per connection, each per hour. */
export const CODE_LIMITS = { document: 3, email: 5, address: 10 };

export interface Flow {
  token: string;
  type: DocumentType;
  number: string;
}

export function readFlow(request: Request): Flow | null {
  const [token = "", type = "", number = ""] = (readCookie(request, FLOW_COOKIE) ?? "").split("|");
  if (!/^[A-Za-z0-9_-]{43}$/.test(token) || !isDocumentType(type) || documentProblem(type, number)) return null;
  return { token, type, number };
}

export const flowCookie = (request: Request, flow: Flow | null) =>
  serializeCookie(request, FLOW_COOKIE, flow ? `${flow.token}|${flow.type}|${flow.number}` : null, {
    path: "/certificados",
    sameSite: "Lax",
    maxAgeSeconds: FLOW_MINUTES * 60,
  });

const sha = (text: string) => createHash("sha256").update(text).digest("hex");
const codeHash = (token: string, code: string) => sha(`${token}:${code}`);

export type Refused = { refused: string; status: number; retryAfter?: number };

const retryAfter = (resetAt: number, now: number) => Math.max(1, Math.ceil((resetAt - now) / 1000));
const waitText = (seconds: number) => (seconds >= 120 ? `${Math.ceil(seconds / 60)} minutos` : `${seconds} segundos`);

/** A plausible masked address for a document not on file, always the same for one document. */
function decoyMask(personKey: string): string {
  const letters = "abcdefghijklmnoprstvy";
  const pick = (i: number) => letters[parseInt(personKey.slice(i, i + 2), 16) % letters.length];
  const domains = ["g", "h", "o", "y"];
  return `${pick(0)}***@${domains[parseInt(personKey.slice(2, 4), 16) % domains.length]}***.com`;
}

/** Step 1: the document typed → a code row (mailed when the document is on file with an e-mail). */
export async function requestCode(
  db: Kysely<Database>,
  input: { type: string; number: string; address: string; addressKey: (a: string) => string; keys: CertificateKeys; companyName: string },
  now = Date.now(),
): Promise<Refused | { flow: Flow }> {
  const type = input.type.toUpperCase();
  const number = normalizeDocument(input.number.slice(0, 40));
  if (!isDocumentType(type)) return { refused: "Elija el tipo de documento.", status: 400 };
  const problem = documentProblem(type, number);
  if (problem) return { refused: `Revise el documento: ${problem}.`, status: 400 };
  const byAddress = await hit(db, `certificado:direccion:${input.addressKey(input.address)}`, HOUR, now);
  if (byAddress.hits > CODE_LIMITS.address) {
    const s = retryAfter(byAddress.resetAt, now);
    return { refused: `Recibimos demasiadas solicitudes desde su conexión. Intente de nuevo en ${waitText(s)}.`, status: 429, retryAfter: s };
  }
  const personKey = input.keys.personKey(type, number);
  const byDocument = await hit(db, `certificado:documento:${personKey}`, HOUR, now);
  if (byDocument.hits > CODE_LIMITS.document) {
    const s = retryAfter(byDocument.resetAt, now);
    return { refused: `Ya pedimos varios códigos para este documento. Intente de nuevo en ${waitText(s)}.`, status: 429, retryAfter: s };
  }
  const person = await db.selectFrom("payroll_people").select(["email", "full_name"]).where("person_key", "=", personKey).executeTakeFirst();
  if (person?.email) {
    const byEmail = await hit(db, `certificado:correo:${input.keys.documentCheck(person.email)}`, HOUR, now);
    if (byEmail.hits > CODE_LIMITS.email) {
      // The same words as the per-document limit: the answer never tells that an e-mail is on file.
      const s = retryAfter(byEmail.resetAt, now);
      return { refused: `Ya pedimos varios códigos para este documento. Intente de nuevo en ${waitText(s)}.`, status: 429, retryAfter: s };
    }
  }
  const token = randomBytes(32).toString("base64url");
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const at = new Date(now).toISOString();
  await db.transaction().execute(async (trx) => {
    // One live code per document: a new one replaces the last; codes a day past their expiry go.
    await trx.deleteFrom("certificate_codes").where("person_key", "=", personKey).execute();
    await trx
      .deleteFrom("certificate_codes")
      .where("expires_at", "<", new Date(now - 86_400_000).toISOString())
      .execute();
    await trx
      .insertInto("certificate_codes")
      .values({
        person_key: personKey,
        flow_hash: sha(token),
        // Not on file: a hash no code gives, so the next step answers as for a wrong code.
        code_hash: person?.email ? codeHash(token, code) : sha(randomBytes(32).toString("hex")),
        tries: 0,
        created_at: at,
        expires_at: new Date(now + OTP_MINUTES * 60_000).toISOString(),
        verified_at: null,
      })
      .execute();
    if (person?.email) {
      const mail = renderMail(
        `Su código para el certificado laboral: ${code}`,
        [["Código", code]],
        [
          `Escriba este código en la página de certificados laborales de ${input.companyName}. Vale ${OTP_MINUTES} minutos y admite ${OTP_TRIES} intentos.`,
          "Si usted no lo pidió, ignore este correo: sin el código nadie puede descargar su certificado.",
        ],
        `${input.companyName}. Nunca le pediremos este código por teléfono ni por WhatsApp.`,
      );
      await trx
        .insertInto("outbox")
        .values({
          message_id: null,
          case_id: null,
          recipients: person.email,
          subject: mail.subject,
          body_text: mail.text,
          body_html: mail.html,
          status: "pending",
          attempts: 0,
          next_attempt_at: at,
          last_error: null,
          sent_at: null,
          created_at: at,
        })
        .execute();
    }
  });
  return { flow: { token, type, number } };
}

export type FlowState =
  | { step: "documento" }
  | { step: "codigo"; mask: string; triesLeft: number; expiresAt: string }
  | { step: "vencido" }
  | {
      step: "elegir";
      name: string;
      cutoffDay: string;
      contracts: { key: string; position: string; kind: ContractKind; startDay: string; endDay: string | null; userCompany: string | null }[];
      issuedRecently: number;
    }
  | { step: "listo"; code: string; downloaded: boolean; mask: string };

/** Where the flow stands, from its cookie and the database. */
export async function flowState(db: Kysely<Database>, flow: Flow | null, keys: CertificateKeys, now = Date.now()): Promise<FlowState> {
  if (!flow) return { step: "documento" };
  const personKey = keys.personKey(flow.type, flow.number);
  const flowHash = sha(flow.token);
  const person = await db.selectFrom("payroll_people").select(["full_name", "email", "cutoff_day"]).where("person_key", "=", personKey).executeTakeFirst();
  const mask = person?.email ? maskEmail(person.email) : decoyMask(personKey);
  const issued = await db
    .selectFrom("certificates")
    .select(["code", "downloaded_at"])
    .where("flow_hash", "=", flowHash)
    .where("person_key", "=", personKey)
    .executeTakeFirst();
  if (issued) return { step: "listo", code: issued.code, downloaded: issued.downloaded_at !== null, mask };
  const row = await db.selectFrom("certificate_codes").selectAll().where("flow_hash", "=", flowHash).executeTakeFirst();
  if (!row || row.person_key !== personKey) return { step: "documento" };
  if (row.verified_at && person && Date.parse(row.verified_at) + FLOW_MINUTES * 60_000 > now) {
    const contracts = await db.selectFrom("payroll_contracts").selectAll().where("person_key", "=", personKey).orderBy("start_day", "desc").execute();
    return {
      step: "elegir",
      name: person.full_name,
      cutoffDay: person.cutoff_day,
      contracts: contracts.map((c) => ({
        key: c.contract_key,
        position: c.position,
        kind: c.kind,
        startDay: c.start_day,
        endDay: c.end_day,
        userCompany: c.user_company,
      })),
      issuedRecently: await issuedInWindow(db, keys.personKeys(flow.type, flow.number), now),
    };
  }
  if (Date.parse(row.expires_at) <= now || row.tries >= OTP_TRIES) return { step: "vencido" };
  return { step: "codigo", mask, triesLeft: OTP_TRIES - row.tries, expiresAt: row.expires_at };
}

/** Certificates issued to the person in the window, also those under an earlier key (a rotation does not reset the limit). */
async function issuedInWindow(db: Kysely<Database>, personKeys: string[], now: number) {
  const since = new Date(now - CERTIFICATE_WINDOW_DAYS * 86_400_000).toISOString();
  const row = await db
    .selectFrom("certificates")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("person_key", "in", personKeys)
    .where("issued_at", ">=", since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Step 2: the code typed. Wrong, expired or spent codes answer alike; the third wrong try spends it. */
export async function checkCode(
  db: Kysely<Database>,
  flow: Flow | null,
  typed: string,
  keys: CertificateKeys,
  now = Date.now(),
): Promise<Refused | { ok: true }> {
  const code = typed.replace(/\s/g, "");
  if (!flow) return { refused: "Su sesión terminó. Escriba de nuevo su documento.", status: 400 };
  if (!/^[0-9]{6}$/.test(code)) return { refused: "El código tiene 6 dígitos.", status: 400 };
  const personKey = keys.personKey(flow.type, flow.number);
  const row = await db.selectFrom("certificate_codes").selectAll().where("flow_hash", "=", sha(flow.token)).executeTakeFirst();
  if (!row || row.person_key !== personKey || Date.parse(row.expires_at) <= now || row.tries >= OTP_TRIES) {
    return { refused: "El código venció o ya no admite intentos. Pida un código nuevo.", status: 400 };
  }
  const matches = timingSafeEqual(Buffer.from(codeHash(flow.token, code), "hex"), Buffer.from(row.code_hash, "hex"));
  if (!matches) {
    const updated = await db
      .updateTable("certificate_codes")
      .set((eb) => ({ tries: eb("tries", "+", 1) }))
      .where("person_key", "=", personKey)
      .where("tries", "<", OTP_TRIES)
      .returning("tries")
      .executeTakeFirst();
    const left = OTP_TRIES - Number(updated?.tries ?? OTP_TRIES);
    return {
      refused:
        left > 0
          ? `Código incorrecto. Le queda${left === 1 ? "" : "n"} ${left} intento${left === 1 ? "" : "s"}.`
          : "Código incorrecto. Ya no admite más intentos: pida un código nuevo.",
      status: 400,
    };
  }
  await db
    .updateTable("certificate_codes")
    .set({ verified_at: new Date(now).toISOString(), tries: OTP_TRIES })
    .where("person_key", "=", personKey)
    .execute();
  return { ok: true };
}

/** A fresh verification code (75 random bits); drawn again in the unlikely case it was ever issued. */
async function newCertificateCode(db: Kysely<Database>): Promise<string> {
  for (;;) {
    const code = codeFromBytes(randomBytes(10));
    const taken = await db.selectFrom("certificates").select("id").where("code", "=", code).executeTakeFirst();
    if (!taken) return code;
  }
}

/** Step 3: the contracts and options chosen → the certificate, stored, signed and mailed. */
export async function issueCertificate(
  db: Kysely<Database>,
  input: { flow: Flow | null; contracts: string[]; salary: boolean; duties: boolean; keys: CertificateKeys; site: SiteConfig; pades?: Signer | null },
  now = Date.now(),
): Promise<Refused | { code: string }> {
  const { flow, keys, site } = input;
  const state = await flowState(db, flow, keys, now);
  if (!flow || state.step !== "elegir") return { refused: "Su sesión terminó. Escriba de nuevo su documento.", status: 400 };
  if (state.issuedRecently >= CERTIFICATES_PER_WINDOW) {
    return {
      refused: `Ya expedimos ${CERTIFICATES_PER_WINDOW} certificados para este documento en los últimos ${CERTIFICATE_WINDOW_DAYS} días. Puede usar uno de ellos (se los enviamos por correo) o escribirnos una PQRS.`,
      status: 429,
      retryAfter: 86_400,
    };
  }
  const chosen = input.contracts.includes("todos") ? state.contracts : state.contracts.filter((c) => input.contracts.includes(c.key));
  if (chosen.length === 0) return { refused: "Elija al menos un contrato.", status: 400 };
  const personKey = keys.personKey(flow.type, flow.number);
  const full = new Map((await db.selectFrom("payroll_contracts").selectAll().where("person_key", "=", personKey).execute()).map((c) => [c.contract_key, c]));
  const person = await db.selectFrom("payroll_people").select(["full_name", "email"]).where("person_key", "=", personKey).executeTakeFirstOrThrow();
  const code = await newCertificateCode(db);
  const issuedAt = new Date(now).toISOString();
  const snapshot: CertificateSnapshot = {
    version: 1,
    code,
    issuedAt,
    cutoffDay: state.cutoffDay,
    company: {
      legalName: site.company.legalName,
      nit: site.company.nit,
      address: site.company.address,
      city: site.company.city,
      signerName: site.certificates.signerName,
      signerPosition: site.certificates.signerPosition,
    },
    holder: { name: person.full_name, documentType: flow.type, documentNumber: flow.number },
    contracts: chosen
      .sort((a, b) => a.startDay.localeCompare(b.startDay))
      .map((c) => {
        const k = full.get(c.key)!;
        return {
          position: k.position,
          kind: k.kind,
          startDay: k.start_day,
          endDay: k.end_day,
          userCompany: site.certificates.showUserCompany ? k.user_company : null,
          salary: input.salary ? Number(k.salary) : null,
          duties: input.duties ? k.duties : null,
        };
      }),
    verifyUrl: `${site.origin.replace(/\/+$/, "")}/verificar/${code}`,
  };
  // With the company's PKCS#12 the PDF is signed too, and the hash and Ed25519 signature are of the signed bytes.
  const signed = input.pades ? await renderSignedCertificate(snapshot, input.pades) : null;
  const pdf = signed ? signed.pdf : await renderCertificate(snapshot);
  const digest = sha256Hex(pdf);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("certificates")
      .values({
        code,
        person_key: personKey,
        document_check: keys.documentCheck(flow.number),
        document_number: flow.number,
        holder_name: person.full_name,
        issued_at: issuedAt,
        snapshot: JSON.stringify(snapshot),
        sha256: digest,
        signature: keys.sign(digest),
        key_id: keys.keyId,
        pades_cms: signed ? signed.cms.toString("base64") : null,
        includes_salary: input.salary ? 1 : 0,
        flow_hash: sha(flow.token),
        downloaded_at: null,
        last_verified_at: null,
        annulled_at: null,
        annulled_reason: null,
        annulled_by: null,
      })
      .execute();
    await trx.deleteFrom("certificate_codes").where("person_key", "=", personKey).execute();
    if (person.email) await queueCertificateMail(trx, person.email, snapshot, pdf, site.company.name, issuedAt);
  });
  return { code };
}

export async function queueCertificateMail(db: Kysely<Database>, to: string, snapshot: CertificateSnapshot, pdf: Uint8Array, companyName: string, at: string) {
  const mail = renderMail(
    "Su certificado laboral",
    [
      ["Código de verificación", groupCode(snapshot.code)],
      ["Verificación", snapshot.verifyUrl],
    ],
    ["Adjuntamos su certificado laboral en PDF. Quien lo reciba puede comprobar que es auténtico con el código QR o en la dirección de verificación."],
    companyName,
  );
  await db
    .insertInto("outbox")
    .values({
      message_id: null,
      case_id: null,
      recipients: to,
      subject: mail.subject,
      body_text: mail.text,
      body_html: mail.html,
      attachment_name: `certificado-laboral-${snapshot.code}.pdf`,
      attachment_type: "application/pdf;base64",
      attachment_content: Buffer.from(pdf).toString("base64"),
      status: "pending",
      attempts: 0,
      next_attempt_at: at,
      last_error: null,
      sent_at: null,
      created_at: at,
    })
    .execute();
}

/** The PDF of the flow's certificate, once: later the page says it was mailed. */
export async function downloadOnce(
  db: Kysely<Database>,
  flow: Flow | null,
  keys: CertificateKeys,
  now = Date.now(),
): Promise<{ pdf: Uint8Array; code: string } | null> {
  if (!flow) return null;
  const personKey = keys.personKey(flow.type, flow.number);
  const row = await db
    .updateTable("certificates")
    .set({ downloaded_at: new Date(now).toISOString() })
    .where("flow_hash", "=", sha(flow.token))
    .where("person_key", "=", personKey)
    .where("downloaded_at", "is", null)
    .returning(["code", "snapshot", "sha256", "pades_cms"])
    .executeTakeFirst();
  if (!row) return null;
  // The snapshot renders the very bytes that were signed (pdf.server.ts); anything else is never handed out.
  return { pdf: await renderIssued(row), code: row.code };
}
