/**
 * Employment certificates (docs/product.md §38, 39; ADR 027): the words and formats shared by the worker's
 * pages, the staff pages, the PDF and the verification. No server code.
 */
import { PERSON_DOCUMENT_TYPES } from "~/forms/fields";

/** The payroll extract may weigh this much (100,000 workers with duties fit in about 40 MB). */
export const PAYROLL_UPLOAD_LIMIT_BYTES = 64 * 1024 * 1024;
/** A certificate is about 10 KB; a PDF dropped on /verificar may weigh this much. */
export const PDF_UPLOAD_LIMIT_BYTES = 5 * 1024 * 1024;

/** The forms' person documents and, in a payroll, the PEP some workers still hold (replaced by the PPT). */
export const DOCUMENT_TYPES = { ...PERSON_DOCUMENT_TYPES, PEP: "Permiso especial de permanencia" } as const;
export type DocumentType = keyof typeof DOCUMENT_TYPES;
export const isDocumentType = (value: string): value is DocumentType => Object.hasOwn(DOCUMENT_TYPES, value);

/** A document number as typed: spaces, dots and hyphens dropped, letters upper-cased. */
export const normalizeDocument = (value: string) => value.replace(/[\s.-]/g, "").toUpperCase();

/** Cédulas and identity cards are digits (3 to 10); the other documents letters and digits (3 to 20). */
export function documentProblem(type: DocumentType, number: string): string | null {
  if (type === "CC" || type === "TI") return /^[0-9]{3,10}$/.test(number) ? null : "el número de documento debe tener de 3 a 10 dígitos, sin puntos ni letras";
  return /^[A-Z0-9]{3,20}$/.test(number) ? null : "el número de documento debe tener de 3 a 20 letras o dígitos";
}

/** The six kinds of contract of the company's regulations (Reglamento interno, art. 17). */
export const CONTRACT_KINDS = {
  fijo: "A término fijo",
  indefinido: "A término indefinido",
  obra_labor: "Por obra o labor determinada",
  ocasional: "Ocasional, accidental o transitorio",
  reemplazo: "De reemplazo",
  aprendizaje: "De aprendizaje",
} as const;
export type ContractKind = keyof typeof CONTRACT_KINDS;
export const isContractKind = (value: string): value is ContractKind => Object.hasOwn(CONTRACT_KINDS, value);

/** What a certificate says, stored as issued so that verification outlives the next import. */
export interface CertificateSnapshot {
  version: 1;
  code: string;
  issuedAt: string;
  cutoffDay: string;
  company: { legalName: string; nit: string; address: string; city: string; signerName: string; signerPosition: string };
  holder: { name: string; documentType: DocumentType; documentNumber: string };
  contracts: {
    position: string;
    kind: ContractKind;
    startDay: string;
    endDay: string | null;
    userCompany: string | null;
    salary: number | null;
    duties: string | null;
  }[];
  verifyUrl: string;
}

// Verification codes: 15 characters of Crockford's base 32 (75 random bits), read aloud in three groups.
const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const CODE_LENGTH = 15;

export function codeFromBytes(bytes: Uint8Array): string {
  let bits = 0n;
  for (const b of bytes.slice(0, 10)) bits = (bits << 8n) | BigInt(b);
  let out = "";
  for (let i = 0; i < CODE_LENGTH; i++) out += CROCKFORD[Number((bits >> BigInt(5 * i)) & 31n)];
  return out;
}

/** A code as typed or scanned → its canonical form, or null when it cannot be one (wrong letters or length). */
export function normalizeCode(value: string): string | null {
  const text = value.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  if (text.length !== CODE_LENGTH) return null;
  for (const c of text) if (!CROCKFORD.includes(c)) return null;
  return text;
}

export const groupCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5, 10)}-${code.slice(10)}`;

/** "fernanda.gomez@gmail.com" → "f***@g***.com". */
export function maskEmail(email: string): string {
  const [user = "", domain = ""] = email.split("@");
  const dot = domain.lastIndexOf(".");
  const tld = dot > 0 ? domain.slice(dot) : "";
  return `${user.slice(0, 1)}***@${domain.slice(0, 1)}***${tld}`;
}

/** "María Fernanda Gómez Ruiz" → "María F. G. R.": the verifier recognises the holder, a stranger learns little. */
export function maskName(name: string): string {
  const [first = "", ...rest] = name.trim().split(/\s+/);
  return [first, ...rest.map((w) => `${w.slice(0, 1).toUpperCase()}.`)].join(" ");
}

/** yyyy-mm-dd → dd/mm/aaaa. */
export const dayText = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

export const pesos = (value: number) => `$ ${value.toLocaleString("es-CO", { maximumFractionDigits: 0 })}`;

/** Codes mailed to a worker: 6 digits, valid 10 minutes, 3 tries, one live per document. */
export const OTP_MINUTES = 10;
export const OTP_TRIES = 3;
/** Certificates per document in 30 days. */
export const CERTIFICATES_PER_WINDOW = 5;
export const CERTIFICATE_WINDOW_DAYS = 30;

/** The verification's answer in one sentence (the page's heading, the JSON's message). */
export function messageOf(answer: FileVerification): string {
  switch (answer.outcome) {
    case "found":
      return answer.view.annulledAt ? "Certificado anulado" : "Certificado válido";
    case "not_found":
      return "No encontramos un certificado con ese código.";
    case "not_ours":
      return "Este archivo no es, byte por byte, ninguno de los certificados que expedimos: pudo ser modificado o no es nuestro.";
    case "invalid":
      return answer.message;
    case "limited":
      return `Recibimos demasiadas consultas desde su conexión. Intente de nuevo en ${Math.ceil(answer.retryAfter / 60)} minuto(s).`;
  }
}

export const PAYROLL_COLUMNS = [
  "tipo_documento",
  "numero_documento",
  "nombre_completo",
  "correo",
  "celular",
  "cargo",
  "tipo_contrato",
  "fecha_inicio",
  "fecha_fin",
  "empresa_usuaria",
  "salario",
  "funciones",
] as const;

/** At most this many bad lines of an import are listed; the count says how many there were. */
export const ERRORS_SHOWN = 200;

/** What a verification finds (verify.server.ts answers with it; the pages show it). */
export interface VerifiedView {
  code: string;
  issuedAt: string;
  cutoffDay: string;
  holder: string;
  annulledAt: string | null;
  signatureValid: boolean;
  includesSalary: boolean;
  salaryShown: boolean;
  contracts: { position: string; kind: ContractKind; startDay: string; endDay: string | null; userCompany: string | null; salary: number | null }[];
}

export type Verification =
  { outcome: "found"; view: VerifiedView } | { outcome: "not_found" } | { outcome: "invalid"; message: string } | { outcome: "limited"; retryAfter: number };

export type FileVerification = Verification | { outcome: "not_ours" };
