/**
 * One schema per form, shared by the browser and the server (DECISIONS 5, 6).
 * Values are trimmed; messages are the visitor-facing Spanish texts.
 */
// zod/mini: the same validation as zod with a fraction of the bytes in the browser.
import * as z from "zod/mini";

export const MESSAGES = {
  required: "Todos los campos son obligatorios",
  invalidEmail: "Correo electrónico no válido",
  invalidPhone: "Escriba un número de celular o fijo colombiano válido, por ejemplo 300 123 4567 o 601 234 5678.",
  consent: "Debe aceptar la política de tratamiento de datos personales para enviar el mensaje.",
  tooLong: (max: number) => `Este campo admite como máximo ${max} caracteres.`,
} as const;

/** SPEC §5: text, an at sign, text, a dot, then text, with no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Colombian mobile (3xx xxx xxxx) or landline (60x xxx xxxx), optionally with +57, spaces, dots, dashes or parentheses. */
export function normalizePhone(value: string): string | null {
  const compact = value.replace(/[\s.()-]/g, "");
  const national = compact.replace(/^(\+57|0057|57(?=\d{10}$))/, "");
  return /^(3\d{9}|60[1-8]\d{7})$/.test(national) ? national : null;
}

export const LIMITS = { nombre: 100, empresa: 150, cargo: 100, correo: 254, celular: 25, mensaje: 5000 } as const;

const text = (max: number) =>
  z.string({ error: MESSAGES.required }).check(z.trim(), z.minLength(1, MESSAGES.required), z.maxLength(max, MESSAGES.tooLong(max)));

const fields = {
  nombre: text(LIMITS.nombre),
  empresa: text(LIMITS.empresa),
  cargo: text(LIMITS.cargo),
  celular: text(LIMITS.celular).check(z.refine((v) => normalizePhone(v) !== null, MESSAGES.invalidPhone)),
  correo: text(LIMITS.correo).check(z.regex(EMAIL_PATTERN, MESSAGES.invalidEmail)),
  mensaje: text(LIMITS.mensaje),
};

/** Consent: `true` in JSON, "on" from an ordinary form post; API clients may also send 1, "true", "sí" or "yes". */
const ACCEPTED = new Set<unknown>([true, 1, "on", "true", "1", "si", "sí", "yes"]);
const consent = z.pipe(
  z.transform((v: unknown) => ACCEPTED.has(typeof v === "string" ? v.trim().toLowerCase() : v)),
  z.literal(true, { error: MESSAGES.consent }),
);

export const contactSchema = z.object({
  nombre: fields.nombre,
  celular: fields.celular,
  correo: fields.correo,
  mensaje: fields.mensaje,
  consentimiento: consent,
});

export const clientSchema = z.object({
  empresa: fields.empresa,
  cargo: fields.cargo,
  nombre: fields.nombre,
  celular: fields.celular,
  correo: fields.correo,
  mensaje: fields.mensaje,
  consentimiento: consent,
});

export type ContactInput = z.infer<typeof contactSchema>;
export type ClientInput = z.infer<typeof clientSchema>;

export const forms = {
  contacto: {
    schema: contactSchema,
    fields: ["nombre", "celular", "correo", "mensaje"] as const,
    label: "Contacto",
  },
  cliente: {
    schema: clientSchema,
    fields: ["empresa", "cargo", "nombre", "celular", "correo", "mensaje"] as const,
    label: "Cliente",
  },
} as const;

export type FormName = keyof typeof forms;
export type FieldName = (typeof forms)[FormName]["fields"][number];

/** The honeypot's field name: invisible to people and assistive technology, tempting to bots. */
export const HONEYPOT_FIELD = "sitio_web";

export interface ValidationResult {
  ok: boolean;
  data?: Record<string, string | true>;
  /** First message per field. */
  fieldErrors: Partial<Record<FieldName | "consentimiento", string>>;
  /** The dialog text of SPEC §8: empty fields first, then the e-mail, then anything else. */
  summary?: string;
}

export function validateForm(form: FormName, input: unknown): ValidationResult {
  const result = forms[form].schema.safeParse(input ?? {});
  if (result.success) return { ok: true, data: result.data as ValidationResult["data"], fieldErrors: {} };
  const fieldErrors: ValidationResult["fieldErrors"] = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0];
    if (typeof key === "string" && !(key in fieldErrors)) {
      fieldErrors[key as FieldName] = issue.message;
    }
  }
  const messages = Object.values(fieldErrors);
  const summary = messages.includes(MESSAGES.required)
    ? MESSAGES.required
    : messages.includes(MESSAGES.invalidEmail)
      ? MESSAGES.invalidEmail
      : messages[0];
  return { ok: false, fieldErrors, summary };
}
