/**
 * A form is its list of field definitions plus the consent (docs/product.md §5, 6): this builds the one schema
 * that the browser and the server both validate with, and the field-by-field result both show.
 */
import * as z from "zod/mini";
import { FIELD_MESSAGES } from "./errors";
import type { FieldDef } from "./fields";

/** The honeypot's field name: invisible to people and assistive technology, tempting to bots. */
export const HONEYPOT_FIELD = "sitio_web";
export const CONSENT_FIELD = "consentimiento";

/** Consent: `true` in JSON, "on" from an ordinary form post; API clients may also send 1, "true", "sí" or "yes". */
const ACCEPTED = new Set<unknown>([true, 1, "on", "true", "1", "si", "sí", "yes"]);
export const consentSchema = (message: string = FIELD_MESSAGES.consent) =>
  z.pipe(
    z.transform((v: unknown) => ACCEPTED.has(typeof v === "string" ? v.trim().toLowerCase() : v)),
    z.literal(true, { error: message }),
  );

/** Rules that read several fields at once, run after each field passed: field name → message. */
export type CrossCheck = (data: Record<string, string>) => FieldErrors;

export interface FormDef<Name extends string = string> {
  id: Name;
  fields: readonly FieldDef[];
  schema: z.ZodMiniType<Record<string, string | boolean>, unknown>;
  check?: CrossCheck;
  /** When consent is needed only for some answers (the ethics line: only from who identifies), which. */
  consentWhen?: (data: Record<string, string>) => boolean;
}

/**
 * `consentWhen`: consent is asked only when it returns true (otherwise the box may stay unticked, and
 * the data says `false`); by default it is always required.
 */
export function defineForm<Name extends string>(
  id: Name,
  fields: readonly FieldDef[],
  options: { check?: CrossCheck; consentWhen?: (data: Record<string, string>) => boolean } = {},
): FormDef<Name> {
  const shape: Record<string, z.ZodMiniType<unknown, unknown>> = Object.fromEntries(fields.map((f) => [f.name, f.schema]));
  const { consentWhen } = options;
  shape[CONSENT_FIELD] = consentWhen ? z.transform((v: unknown) => ACCEPTED.has(typeof v === "string" ? v.trim().toLowerCase() : v)) : consentSchema();
  const check: CrossCheck | undefined = consentWhen
    ? (data) => {
        const errors = options.check?.(data) ?? {};
        if (consentWhen(data) && (data[CONSENT_FIELD] as unknown) !== true && !errors[CONSENT_FIELD]) errors[CONSENT_FIELD] = FIELD_MESSAGES.consent;
        return errors;
      }
    : options.check;
  return { id, fields, schema: z.object(shape) as unknown as FormDef<Name>["schema"], check, consentWhen };
}

export type FieldErrors = Record<string, string>;

export interface ValidationResult {
  ok: boolean;
  data?: Record<string, string | boolean>;
  /** First message per field. */
  fieldErrors: FieldErrors;
  /** One sentence for the dialog or the summary: empty fields first (docs/product.md §13), then the e-mail, then anything else. */
  summary?: string;
}

export function validate(form: FormDef, input: unknown): ValidationResult {
  const result = form.schema.safeParse(input ?? {});
  const fieldErrors: FieldErrors = {};
  if (result.success) {
    Object.assign(fieldErrors, form.check?.(result.data as Record<string, string>) ?? {});
    if (Object.keys(fieldErrors).length === 0) return { ok: true, data: result.data, fieldErrors };
  } else {
    for (const issue of result.error.issues) {
      const key = issue.path[0];
      if (typeof key === "string" && !(key in fieldErrors)) fieldErrors[key] = issue.message;
    }
  }
  const messages = Object.values(fieldErrors);
  const allRequired = form.fields.every((f) => f.required);
  const summary = messages.includes(FIELD_MESSAGES.required)
    ? allRequired
      ? FIELD_MESSAGES.allRequired
      : "Complete los campos obligatorios."
    : messages.includes(FIELD_MESSAGES.invalidEmail)
      ? FIELD_MESSAGES.invalidEmail
      : messages.length === 1
        ? messages[0]
        : "Revise los campos marcados.";
  return { ok: false, fieldErrors, summary };
}

/** What a form posted without JavaScript gets back: the values as typed, for the page to show again. */
export function keptValues(form: FormDef, body: Record<string, unknown>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const f of form.fields) {
    const v = body[f.name];
    if (typeof v === "string") values[f.name] = v.slice(0, (f.maxLength ?? 5000) * 2);
  }
  return values;
}
