/**
 * One definition per field: what the browser shows (label, input type, autocomplete, limit), how the
 * browser and the server validate it (one zod/mini schema for both), and how the staff see it (mail,
 * CSV and detail label). A form is a list of these (see define.ts).
 */
// zod/mini: the same validation as zod with a fraction of the bytes in the browser.
import * as z from "zod/mini";
import { FIELD_MESSAGES } from "./errors";

export type InputKind = "text" | "email" | "tel" | "textarea" | "select" | "radio" | "date" | "time" | "checkbox";

export interface Choice {
  value: string;
  label: string;
}

/** Colombian identity documents a person may hold, as every form and the payroll name them. */
export const PERSON_DOCUMENT_TYPES = {
  CC: "Cédula de ciudadanía",
  CE: "Cédula de extranjería",
  PPT: "Permiso por protección temporal",
  PA: "Pasaporte",
  TI: "Tarjeta de identidad",
} as const;

/** The person documents as a field's choices, with any the form adds (a PQRS takes a company's NIT). */
export const documentTypeChoices = (extra: readonly Choice[] = []): Choice[] => [
  ...Object.entries(PERSON_DOCUMENT_TYPES).map(([value, label]) => ({ value, label })),
  ...extra,
];

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
  /**
   * Required under a condition the form's cross-check enforces (a PQRS identity field, unless the queja is
   * anonymous): optional for the schema and the browser, but not labelled "(opcional)".
   */
  conditional?: boolean;
  options?: readonly Choice[];
  /** For a date: the earliest and latest accepted days (aaaa-mm-dd), for the browser's picker. */
  min?: string;
  max?: string;
  /** Trimmed string in, validated value out; "" for an empty optional field. */
  schema: z.ZodMiniType<string, unknown>;
}

/**
 * Text as it may be stored: without control characters, which nobody types and PostgreSQL refuses (a NUL)
 * but a paste or a program may bring (a vertical tab from a word processor). NUL goes; the others become
 * a space; tabs and line breaks stay. Every posted field passes through it before validation.
 */
// oxlint-disable-next-line no-control-regex -- removing control characters is the point
export const cleanText = (value: string) => value.replace(/\u0000/g, "").replace(/[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, " ");

/** A posted body's text values cleaned (cleanText); other values as they came. */
export const cleanFields = <T extends Record<string, unknown>>(fields: T): T =>
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [cleanText(k), typeof v === "string" ? cleanText(v) : v])) as T;

/**
 * Text, an at sign, text, a dot, then text, with no spaces. Written so that no input makes it backtrack
 * more than once over the text (the domain's part before its first dot is dot-free): the plain
 * `[^\s@]+\.[^\s@]+` took seconds on 32 KB of "a.a.a…", holding every request meanwhile. Callers
 * still check the length first (EMAIL_MAX_LENGTH).
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]+$/;

/** The longest address a mailbox can have (RFC 5321's path limit less its brackets). */
export const EMAIL_MAX_LENGTH = 254;

/** An e-mail address: the length first, then the pattern. */
export const isEmailAddress = (value: string) => value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);

/** Colombian mobile (3xx xxx xxxx) or landline (60x xxx xxxx), optionally with +57, spaces, dots, dashes or parentheses. */
/** E-mails compare without case or surrounding spaces (stored as typed, matched like this). */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export function normalizePhone(value: string): string | null {
  const compact = value.replace(/[\s.()-]/g, "");
  const national = compact.replace(/^(\+57|0057|57(?=\d{10}$))/, "");
  return /^(3\d{9}|60[1-8]\d{7})$/.test(national) ? national : null;
}

interface Rule {
  test: (value: string) => boolean;
  message: string;
}

/**
 * Trimmed text up to maxLength; a required field must not be empty; an optional one may be "" (and then skips the rules).
 * Text over the limit stops there (`abort`): no rule's pattern ever reads more than maxLength characters.
 */
function textSchema(maxLength: number, required: boolean, rules: Rule[] = []): z.ZodMiniType<string, unknown> {
  const base = z.string({ error: FIELD_MESSAGES.required }).check(z.trim(), z.maxLength(maxLength, { error: FIELD_MESSAGES.tooLong(maxLength), abort: true }));
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
  conditional?: boolean;
  hint?: string;
  autocomplete?: string;
}

/** Free text; `pattern` adds one rule with its own message. */
export function textField(o: Common & { maxLength: number; multiline?: boolean; pattern?: { regex: RegExp; message: string } }): FieldDef {
  const required = o.required ?? true;
  const { pattern, multiline, ...rest } = o;
  return {
    ...rest,
    staffLabel: o.staffLabel ?? o.label,
    required,
    input: multiline ? "textarea" : "text",
    schema: textSchema(o.maxLength, required, pattern ? [{ test: (v) => pattern.regex.test(v), message: pattern.message }] : []),
  };
}

export function emailField(o: Common & { maxLength?: number }): FieldDef {
  const required = o.required ?? true;
  const maxLength = o.maxLength ?? EMAIL_MAX_LENGTH;
  return {
    ...o,
    staffLabel: o.staffLabel ?? o.label,
    required,
    maxLength,
    input: "email",
    autocomplete: o.autocomplete ?? "email",
    schema: textSchema(maxLength, required, [{ test: isEmailAddress, message: FIELD_MESSAGES.invalidEmail }]),
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

/** aaaa-mm-dd naming a day that exists (not 30 February, not month 13), between 1900 and 2100. Never throws. */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split("-").map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 1900 && y <= 2100 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * A calendar day (aaaa-mm-dd, what a date input sends). With `notFuture`, at most today in Colombia
 * (one day of grace for a browser clock ahead); with `maxPastDays`, no older than that.
 */
export function dateField(o: Common & { notFuture?: boolean; maxPastDays?: number }): FieldDef {
  const required = o.required ?? true;
  const rules: Rule[] = [{ test: isCalendarDay, message: FIELD_MESSAGES.invalidDate }];
  const shift = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  if (o.notFuture) rules.push({ test: (v) => !isCalendarDay(v) || v <= shift(1), message: FIELD_MESSAGES.futureDate });
  if (o.maxPastDays) rules.push({ test: (v) => !isCalendarDay(v) || v >= shift(-o.maxPastDays!), message: FIELD_MESSAGES.tooOld(o.maxPastDays) });
  const { notFuture: _n, maxPastDays: _m, ...rest } = o;
  return { ...rest, staffLabel: o.staffLabel ?? o.label, required, maxLength: 10, input: "date", schema: textSchema(10, required, rules) };
}

/** A time of day, hh:mm (24 h), what a time input sends. */
export function timeField(o: Common): FieldDef {
  const required = o.required ?? true;
  return {
    ...o,
    staffLabel: o.staffLabel ?? o.label,
    required,
    maxLength: 5,
    input: "time",
    schema: textSchema(8, required, [{ test: (v) => /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(v), message: FIELD_MESSAGES.invalidTime }]),
  };
}

const TICKED = new Set<unknown>([true, 1, "on", "true", "1", "si", "sí", "yes"]);

/** An optional tick box: "si" when ticked (a form's "on", JSON's true), "" otherwise. */
export function checkboxField(o: Omit<Common, "required" | "autocomplete">): FieldDef {
  return {
    ...o,
    staffLabel: o.staffLabel ?? o.label,
    required: false,
    input: "checkbox",
    schema: z.pipe(
      z.transform((v: unknown): string => (TICKED.has(typeof v === "string" ? v.trim().toLowerCase() : v) ? "si" : "")),
      z.string(),
    ),
  };
}

/**
 * The label a stored value shows to staff: a choice's label, a date as dd/mm/aaaa (docs/product.md §14; as
 * formatDay in app/platform/dates.ts, not imported so that the islands never bundle the holiday tables), or
 * the text itself.
 */
export function displayValue(field: FieldDef, value: string | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (field.input === "date" && /^\d{4}-\d{2}-\d{2}$/.test(value)) return `${value.slice(8, 10)}/${value.slice(5, 7)}/${value.slice(0, 4)}`;
  return field.options?.find((c) => c.value === value)?.label ?? value;
}
