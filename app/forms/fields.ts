/**
 * One definition per field: what the browser shows (label, input type, autocomplete, limit), how the
 * browser and the server validate it (one zod/mini schema for both), and how the staff see it (mail,
 * CSV and detail label). A form is a list of these (see define.ts).
 */
// zod/mini: the same validation as zod with a fraction of the bytes in the browser.
import * as z from "zod/mini";
import { FIELD_MESSAGES } from "./errors";

export type InputKind = "text" | "email" | "tel" | "textarea" | "select" | "radio" | "date" | "time";

export interface Choice {
  value: string;
  label: string;
}

export interface FieldDef {
  name: string;
  /** What the visitor reads next to the input. */
  label: string;
  /** What the company's staff read in the e-mail, the CSV and the detail page. */
  staffLabel: string;
  input: InputKind;
  autocomplete?: string;
  maxLength?: number;
  required: boolean;
  /** Short help under the label. */
  hint?: string;
  options?: readonly Choice[];
  /** Trimmed string in, validated value out; "" for an empty optional field. */
  schema: z.ZodMiniType<string, unknown>;
}

/** SPEC §5: text, an at sign, text, a dot, then text, with no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Colombian mobile (3xx xxx xxxx) or landline (60x xxx xxxx), optionally with +57, spaces, dots, dashes or parentheses. */
export function normalizePhone(value: string): string | null {
  const compact = value.replace(/[\s.()-]/g, "");
  const national = compact.replace(/^(\+57|0057|57(?=\d{10}$))/, "");
  return /^(3\d{9}|60[1-8]\d{7})$/.test(national) ? national : null;
}

interface Rule {
  test: (value: string) => boolean;
  message: string;
}

/** Trimmed text up to maxLength; a required field must not be empty; an optional one may be "" (and then skips the rules). */
function textSchema(maxLength: number, required: boolean, rules: Rule[] = []): z.ZodMiniType<string, unknown> {
  const base = z.string({ error: FIELD_MESSAGES.required }).check(z.trim(), z.maxLength(maxLength, FIELD_MESSAGES.tooLong(maxLength)));
  if (required) return base.check(z.minLength(1, FIELD_MESSAGES.required), ...rules.map((r) => z.refine<string>(r.test, r.message)));
  return z.pipe(
    z.transform((v: unknown) => (v === undefined || v === null ? "" : v)),
    base.check(...rules.map((r) => z.refine<string>((v) => v === "" || r.test(v), r.message))),
  );
}

interface Common {
  name: string;
  label: string;
  staffLabel?: string;
  required?: boolean;
  hint?: string;
  autocomplete?: string;
}

export function textField(o: Common & { maxLength: number; multiline?: boolean }): FieldDef {
  const required = o.required ?? true;
  return {
    ...o,
    staffLabel: o.staffLabel ?? o.label,
    required,
    input: o.multiline ? "textarea" : "text",
    schema: textSchema(o.maxLength, required),
  };
}

export function emailField(o: Common & { maxLength?: number }): FieldDef {
  const required = o.required ?? true;
  const maxLength = o.maxLength ?? 254;
  return {
    ...o,
    staffLabel: o.staffLabel ?? o.label,
    required,
    maxLength,
    input: "email",
    autocomplete: o.autocomplete ?? "email",
    schema: textSchema(maxLength, required, [{ test: (v) => EMAIL_PATTERN.test(v), message: FIELD_MESSAGES.invalidEmail }]),
  };
}

export function phoneField(o: Common): FieldDef {
  const required = o.required ?? true;
  const maxLength = 25;
  return {
    ...o,
    staffLabel: o.staffLabel ?? o.label,
    required,
    maxLength,
    input: "tel",
    autocomplete: o.autocomplete ?? "tel",
    schema: textSchema(maxLength, required, [{ test: (v) => normalizePhone(v) !== null, message: FIELD_MESSAGES.invalidPhone }]),
  };
}

/** One value out of a fixed list, shown as a select or as radio buttons. */
export function choiceField(o: Common & { options: readonly Choice[]; as?: "select" | "radio" }): FieldDef {
  const required = o.required ?? true;
  const values = new Set(o.options.map((c) => c.value));
  return {
    ...o,
    staffLabel: o.staffLabel ?? o.label,
    required,
    input: o.as ?? "select",
    schema: textSchema(100, required, [{ test: (v) => values.has(v), message: FIELD_MESSAGES.invalidChoice }]),
  };
}

/** The label a stored value shows to staff: a choice's label, or the text itself. */
export function displayValue(field: FieldDef, value: string | null | undefined): string {
  if (value === null || value === undefined) return "";
  return field.options?.find((c) => c.value === value)?.label ?? value;
}
