/**
 * The state every form island shares (the message forms, the case forms): the values, the consent, the
 * errors and their summary, the dialog, the hydration; what the visitor typed before the script arrived,
 * adopted once it runs; a submit the site script held meanwhile, sent (held-submit.ts); optionally a
 * draft kept in sessionStorage; and one way to validate with the shared schema and post as JSON. What a
 * form says about the outcome (the message forms' four dialogs, a case's receipt) stays in each form.
 */
import { useEffect, useRef, useState } from "react";
import type { DialogContent } from "~/ui/dialog";
import { useHeldSubmit } from "~/ui/islands/held-submit";
import { CONSENT_FIELD, type FormDef, HONEYPOT_FIELD, type ValidationResult, validate } from "./define";
import type { FormRefusal } from "./errors";

export type Values = Record<string, string>;
export type Errors = Record<string, string>;

/** What the form endpoints answer (app/forms/errors.ts, the case doors). */
export interface PostAnswer {
  radicado?: string;
  codigo?: string;
  /** A channel with a legal term (PQRS): the last day to answer, aaaa-mm-dd (Colombian day). */
  vence?: string;
  retenido?: boolean;
  error?: { message?: string; fields?: Errors };
}

export type SendOutcome =
  { kind: "invalid"; result: ValidationResult } | { kind: "answered"; ok: boolean; answer: PostAnswer | null } | { kind: "unreachable" };

export interface IslandFormOptions {
  form: FormDef;
  /** A new form's values (every field empty, or a default choice). */
  emptyValues: () => Values;
  /** Values the page was rendered with (a link's preselection). */
  initial?: Values;
  /** The server's answer to a post without JavaScript: the values, errors and summary to show again. */
  refusal?: FormRefusal;
  /** Keep a draft in sessionStorage under this key, restored after hydration (not after a refusal). */
  draftKey?: string;
  /** A choice that empties other fields (the ethics line: the identity fields when anonymous). */
  clearWhen?: { field: string; value: string; clear: readonly string[] };
}

export function useIslandForm({ form, emptyValues, initial, refusal, draftKey, clearWhen }: IslandFormOptions) {
  const [values, setValues] = useState<Values>(() => ({ ...emptyValues(), ...initial, ...refusal?.values }));
  const [consent, setConsent] = useState(refusal?.consent ?? false);
  const [errors, setErrors] = useState<Errors>(() => refusal?.errors ?? {});
  const [summary, setSummary] = useState(refusal?.summary);
  const [sending, setSending] = useState(false);
  const [dialog, setDialog] = useState<DialogContent | null>(null);
  const [hydrated, setHydrated] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  const restored = useRef(false);

  // After hydration: restore the draft, then adopt whatever the visitor typed before the script arrived
  // (newer than any draft; the first re-render would otherwise reset it).
  /* oxlint-disable react/exhaustive-deps -- once, on purpose: adopts the server-rendered DOM */
  useEffect(() => {
    let draft: Values = {};
    if (draftKey && !refusal) {
      try {
        draft = pick(
          JSON.parse(sessionStorage.getItem(draftKey) ?? "null") ?? {},
          form.fields.map((f) => f.name),
        );
      } catch {
        sessionStorage.removeItem(draftKey);
      }
    }
    const elements = formRef.current?.elements;
    const typed: Values = {};
    for (const field of form.fields) {
      const el = elements?.namedItem(field.name);
      if (field.input === "checkbox") {
        if ((el as HTMLInputElement | null)?.checked) typed[field.name] = "si";
      } else if (el instanceof RadioNodeList) {
        if (el.value) typed[field.name] = el.value;
      } else if ((el as HTMLInputElement | null)?.value) typed[field.name] = (el as HTMLInputElement).value;
    }
    setValues((v) => ({ ...v, ...draft, ...typed }));
    if ((elements?.namedItem(CONSENT_FIELD) as HTMLInputElement | null)?.checked) setConsent(true);
    restored.current = true;
    setHydrated(true);
    // Once, after hydration: later renders must not adopt the DOM again.
  }, []);
  /* oxlint-enable react/exhaustive-deps */

  useHeldSubmit(formRef, hydrated);

  useEffect(() => {
    if (!draftKey || !restored.current) return;
    if (Object.values(values).some((v) => v !== "")) sessionStorage.setItem(draftKey, JSON.stringify(values));
    else sessionStorage.removeItem(draftKey);
  }, [draftKey, values]);

  function change(name: string, value: string) {
    setValues((v) => {
      const next = { ...v, [name]: value };
      if (clearWhen && name === clearWhen.field && value === clearWhen.value) for (const n of clearWhen.clear) next[n] = "";
      return next;
    });
  }

  /** Back to a new form (after a post was taken): values, consent, errors and the draft. */
  function reset() {
    setValues(emptyValues());
    setConsent(false);
    setErrors({});
    setSummary(undefined);
    if (draftKey) sessionStorage.removeItem(draftKey);
  }

  /**
   * Validates with the form's schema (the errors shown at once), then posts the data as JSON to `url`,
   * with the trap field if something filled it. The caller says what each outcome means to the visitor.
   */
  async function send(url: string): Promise<SendOutcome | null> {
    if (sending) return null;
    const result = validate(form, { ...values, [CONSENT_FIELD]: consent });
    setErrors(result.fieldErrors);
    if (!result.ok) return { kind: "invalid", result };
    setSending(true);
    try {
      const body: Record<string, unknown> = { ...result.data };
      if (honeypot.current?.value) body[HONEYPOT_FIELD] = honeypot.current.value;
      const response = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(body),
      });
      const answer = (await response.json().catch(() => null)) as PostAnswer | null;
      return { kind: "answered", ok: response.ok, answer };
    } catch {
      return { kind: "unreachable" };
    } finally {
      setSending(false);
    }
  }

  /** The labels the error summary links to. */
  const labels: Record<string, string> = Object.fromEntries([...form.fields.map((f) => [f.name, f.label]), [CONSENT_FIELD, "Autorización de datos"]]);

  return {
    values,
    change,
    consent,
    setConsent,
    errors,
    setErrors,
    summary,
    setSummary,
    sending,
    dialog,
    setDialog,
    hydrated,
    formRef,
    honeypot,
    reset,
    send,
    labels,
  };
}

function pick(source: Record<string, unknown>, keys: readonly string[]): Values {
  const out: Values = {};
  for (const key of keys) if (typeof source[key] === "string") out[key] = source[key] as string;
  return out;
}
