/**
 * A report form on the case model (docs/product.md §11, 21, 22, 23), a React island like the message forms:
 * prerendered, then hydrated. Without JavaScript it is an ordinary post to its page, answered with the
 * errors by the fields or redirected to the one-time confirmation; with JavaScript it validates with the
 * same registry, posts JSON to its API and shows the radicado and the code in place. Each front door
 * (the incident report, the ethics line) is this component with its own spec.
 */
import { Fragment, type ReactNode, useEffect, useRef, useState } from "react";
import { Dialog, type DialogContent } from "~/ui/dialog";
import { useHeldSubmit } from "~/ui/islands/held-submit";
import { CONSENT_FIELD, type FormDef, HONEYPOT_FIELD, validate } from "~/forms/define";
import type { FormRefusal } from "~/forms/errors";
import type { FieldDef } from "~/forms/fields";
import { ErrorSummary, FormField, FormFooter } from "~/forms/form-field";
import { HeldNotice } from "./held-notice";
import { Receipt, type ReceiptData, type ReceiptText } from "./receipt";

type Values = Record<string, string>;
type Errors = Record<string, string>;


export interface CaseFormProps {
  phone: string;
  privacyNotice: string;
  refusal?: FormRefusal;
  /** Values a link preselects (`/pqrs?tipo=queja`), rendered by the server as well. */
  initial?: Values;
  /** The server's clock when it rendered the page (ISO); the island moves to the browser's once hydrated. */
  now?: string;
  /** Who issues the receipt (the company's name and the site's address, for the downloaded receipt). */
  company: string;
  origin: string;
}

export interface CaseFormSpec {
  form: FormDef;
  groups: { id: string; legend: string; intro?: string; fields: FieldDef[] }[];
  /** Values a new form starts with (a radio chosen by default). */
  defaults?: Values;
  /** The page that takes the post without JavaScript, and the JSON API (relative to it). */
  action: string;
  api: string;
  className: string;
  submitLabel: string;
  consentLabel: string;
  failureTitle: string;
  receipt: ReceiptText;
  /** The field whose e-mail gets the code by mail, if the channel mails it. */
  codeMailField?: string;
  /** Fields emptied when a choice changes to a value (the ethics line: identity fields when anonymous). */
  clearWhen?: { field: string; value: string; clear: readonly string[] };
  /** Content shown after a group, from the current values (PQRS: the table of terms and the due date). */
  after?: Record<string, (values: Values, now: string) => ReactNode>;
}

export function makeCaseForm(spec: CaseFormSpec) {
  const formId = spec.form.id;
  const emptyValues = (): Values => ({ ...Object.fromEntries(spec.form.fields.map((f) => [f.name, ""])), ...spec.defaults });

  return function CaseForm({ phone, privacyNotice, refusal, initial, now: renderedAt, company, origin }: CaseFormProps) {
    const [values, setValues] = useState<Values>(() => ({ ...emptyValues(), ...initial, ...refusal?.values }));
    const [now, setNow] = useState(renderedAt ?? "");
    const [consent, setConsent] = useState(refusal?.consent ?? false);
    const [errors, setErrors] = useState<Errors>(() => refusal?.errors ?? {});
    const [summary, setSummary] = useState(refusal?.summary);
    const [sending, setSending] = useState(false);
    const [dialog, setDialog] = useState<DialogContent | null>(null);
    const [receipt, setReceipt] = useState<(ReceiptData & { emailed: boolean }) | null>(null);
    // A post that filled the spam trap is held for review (ADR 017): no radicado to show.
    const [held, setHeld] = useState(false);
    const [hydrated, setHydrated] = useState(false);
    const [summaryKey, setSummaryKey] = useState(0);
    const formRef = useRef<HTMLFormElement>(null);
    const honeypot = useRef<HTMLInputElement>(null);
    const receiptRef = useRef<HTMLDivElement>(null);

    // After hydration, keep whatever was typed before the script arrived.
    useEffect(() => {
      const elements = formRef.current?.elements;
      const typed: Values = {};
      for (const field of spec.form.fields) {
        const el = elements?.namedItem(field.name);
        if (field.input === "checkbox") {
          if ((el as HTMLInputElement | null)?.checked) typed[field.name] = "si";
        } else if (el instanceof RadioNodeList) {
          if (el.value) typed[field.name] = el.value;
        } else if ((el as HTMLInputElement | null)?.value) typed[field.name] = (el as HTMLInputElement).value;
      }
      setValues((v) => ({ ...v, ...typed }));
      if ((elements?.namedItem(CONSENT_FIELD) as HTMLInputElement | null)?.checked) setConsent(true);
      if (renderedAt) setNow(new Date().toISOString());
      setHydrated(true);
    }, []);

    useHeldSubmit(formRef, hydrated);

    useEffect(() => {
      if (receipt) receiptRef.current?.querySelector<HTMLElement>("h2")?.focus();
    }, [receipt]);

    useEffect(() => {
      if (summaryKey > 0) formRef.current?.querySelector<HTMLElement>(".error-summary")?.focus();
    }, [summaryKey]);

    function change(name: string, value: string) {
      setValues((v) => {
        const next = { ...v, [name]: value };
        const rule = spec.clearWhen;
        if (rule && name === rule.field && value === rule.value) for (const n of rule.clear) next[n] = "";
        return next;
      });
    }

    async function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
      event.preventDefault();
      if (sending) return;
      const result = validate(spec.form, { ...values, [CONSENT_FIELD]: consent });
      setErrors(result.fieldErrors);
      if (!result.ok) {
        setSummary(result.summary ?? "Revise los campos marcados.");
        setSummaryKey((k) => k + 1);
        return;
      }
      setSending(true);
      try {
        const body: Record<string, unknown> = { ...result.data };
        if (honeypot.current?.value) body[HONEYPOT_FIELD] = honeypot.current.value;
        const response = await fetch(spec.api, {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify(body),
        });
        const answer = (await response.json().catch(() => null)) as { radicado?: string; codigo?: string; retenido?: boolean; error?: { message?: string; fields?: Errors } } | null;
        if (response.ok && answer?.retenido) {
          setHeld(true);
          setValues(emptyValues());
          setConsent(false);
          return;
        }
        if (response.ok && answer?.radicado && answer.codigo) {
          setReceipt({ radicado: answer.radicado, code: answer.codigo, issuedAt: new Date().toISOString(), emailed: Boolean(spec.codeMailField && values[spec.codeMailField]) });
          setValues(emptyValues());
          setConsent(false);
          setErrors({});
          setSummary(undefined);
          return;
        }
        if (answer?.error?.fields && Object.keys(answer.error.fields).length > 0) {
          setErrors(answer.error.fields);
          setSummary(answer.error.message ?? "Revise los campos marcados.");
          setSummaryKey((k) => k + 1);
          return;
        }
        setDialog({ kind: "error", title: spec.failureTitle, text: `${answer?.error?.message ?? ""} Llame al siguiente número: ${phone}`.trim() });
      } catch {
        setDialog({ kind: "error", title: spec.failureTitle, text: `Revise su conexión o llame al siguiente número: ${phone}` });
      } finally {
        setSending(false);
      }
    }

    if (held) return <HeldNotice phone={phone} />;

    if (receipt) {
      return (
        <div ref={receiptRef}>
          <Receipt receipt={receipt} emailed={receipt.emailed} text={spec.receipt} issuer={{ company, origin }} />
        </div>
      );
    }

    const labels = Object.fromEntries([...spec.form.fields.map((f) => [f.name, f.label]), [CONSENT_FIELD, "Autorización de datos"]]);
    return (
      <>
        <form ref={formRef} className={spec.className} method="post" action={spec.action} noValidate={hydrated || undefined} onSubmit={handleSubmit} aria-busy={sending}>
          {summary ? <ErrorSummary key={summaryKey} formId={formId} summary={summary} errors={errors} labels={labels} /> : null}
          {spec.groups.map((group) => (
            <Fragment key={group.id}>
            <fieldset className={`report-group report-group-${group.id}`}>
              <legend>{group.legend}</legend>
              {group.intro ? <p className="report-group-intro">{group.intro}</p> : null}
              {group.fields.map((field) => (
                <FormField
                  key={field.name}
                  formId={formId}
                  field={field}
                  value={values[field.name] ?? ""}
                  error={errors[field.name]}
                  onChange={(value) => change(field.name, value)}
                />
              ))}
            </fieldset>
            {spec.after?.[group.id]?.(values, now)}
            </Fragment>
          ))}
          <FormFooter
            formId={formId}
            consentLabel={spec.consentLabel}
            privacyNotice={privacyNotice}
            consent={consent}
            onConsent={setConsent}
            error={errors[CONSENT_FIELD]}
            honeypot={honeypot}
            sending={sending}
            submitLabel={spec.submitLabel}
            // A consent needed only for some answers is checked by the schema, never by the browser: without
            // JavaScript a `required` set for one answer would still block the post after the answer changes.
            consentRequired={!spec.form.consentWhen}
          />
        </form>
        <Dialog id={`${formId}-dialog`} content={dialog} onClose={() => setDialog(null)} returnFocus={() => formRef.current?.querySelector<HTMLElement>("button[type=submit]")} />
      </>
    );
  };
}
