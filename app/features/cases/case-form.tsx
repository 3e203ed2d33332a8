/**
 * A report form on the case model (docs/product.md §11, 21, 22, 23), a React island like the message forms:
 * prerendered, then hydrated. Without JavaScript it is an ordinary post to its page, answered with the
 * errors by the fields or redirected to the one-time confirmation; with JavaScript it validates with the
 * same registry, posts JSON to its API and shows the radicado and the code in place. Each front door
 * (the incident report, the ethics line) is this component with its own spec.
 */
import { Fragment, type ReactNode, useEffect, useRef, useState } from "react";
import { Dialog } from "~/ui/dialog";
import { CONSENT_FIELD, type FormDef } from "~/forms/define";
import type { FormRefusal } from "~/forms/errors";
import type { FieldDef } from "~/forms/fields";
import { ErrorSummary, FormField, FormFooter } from "~/forms/form-field";
import { useIslandForm, type Values } from "~/forms/island-form";
import { HeldNotice } from "./held-notice";
import { Receipt, type ReceiptData, type ReceiptText } from "./receipt";

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
  /** The field whose e-mail gets the code by mail, if the channel mails it (or how to read it from the values). */
  codeMailField?: string | ((values: Values) => string);
  /** Fields emptied when a choice changes to a value (the ethics line: identity fields when anonymous). */
  clearWhen?: { field: string; value: string; clear: readonly string[] };
  /** Content shown after a group, from the current values (PQRS: the table of terms and the due date). */
  after?: Record<string, (values: Values, now: string) => ReactNode>;
}

export function makeCaseForm(spec: CaseFormSpec) {
  const formId = spec.form.id;
  const emptyValues = (): Values => ({ ...Object.fromEntries(spec.form.fields.map((f) => [f.name, ""])), ...spec.defaults });

  return function CaseForm({ phone, privacyNotice, refusal, initial, now: renderedAt, company, origin }: CaseFormProps) {
    const island = useIslandForm({ form: spec.form, emptyValues, initial, refusal, clearWhen: spec.clearWhen });
    const { values, errors, formRef } = island;
    const [now, setNow] = useState(renderedAt ?? "");
    const [receipt, setReceipt] = useState<(ReceiptData & { emailed: boolean }) | null>(null);
    // A post that filled the spam trap is held for review (ADR 017): no radicado to show.
    const [held, setHeld] = useState(false);
    const [summaryKey, setSummaryKey] = useState(0);
    const receiptRef = useRef<HTMLDivElement>(null);

    // Once hydrated, the clock is the browser's (the due dates shown move with it).
    useEffect(() => {
      if (island.hydrated && renderedAt) setNow(new Date().toISOString());
    }, [island.hydrated, renderedAt]);

    useEffect(() => {
      if (receipt) receiptRef.current?.querySelector<HTMLElement>("h2")?.focus();
    }, [receipt]);

    useEffect(() => {
      if (summaryKey > 0) formRef.current?.querySelector<HTMLElement>(".error-summary")?.focus();
    }, [summaryKey, formRef]);

    function showSummary(text: string) {
      island.setSummary(text);
      setSummaryKey((k) => k + 1);
    }

    async function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
      event.preventDefault();
      const mailTo = typeof spec.codeMailField === "function" ? spec.codeMailField(values) : spec.codeMailField ? values[spec.codeMailField] : "";
      const emailed = Boolean(mailTo);
      const outcome = await island.send(spec.api);
      if (!outcome) return;
      if (outcome.kind === "invalid") {
        showSummary(outcome.result.summary ?? "Revise los campos marcados.");
        return;
      }
      if (outcome.kind === "unreachable") {
        island.setDialog({ kind: "error", title: spec.failureTitle, text: `Revise su conexión o llame al siguiente número: ${phone}` });
        return;
      }
      const { ok, answer } = outcome;
      if (ok && answer?.retenido) {
        setHeld(true);
        island.reset();
        return;
      }
      if (ok && answer?.radicado && answer.codigo) {
        setReceipt({
          radicado: answer.radicado,
          code: answer.codigo,
          issuedAt: new Date().toISOString(),
          ...(answer.vence ? { dueDay: answer.vence } : {}),
          emailed,
        });
        island.reset();
        return;
      }
      if (answer?.error?.fields && Object.keys(answer.error.fields).length > 0) {
        island.setErrors(answer.error.fields);
        showSummary(answer.error.message ?? "Revise los campos marcados.");
        return;
      }
      island.setDialog({ kind: "error", title: spec.failureTitle, text: `${answer?.error?.message ?? ""} Llame al siguiente número: ${phone}`.trim() });
    }

    if (held) return <HeldNotice phone={phone} />;

    if (receipt) {
      return (
        <div ref={receiptRef}>
          <Receipt receipt={receipt} emailed={receipt.emailed} text={spec.receipt} issuer={{ company, origin }} />
        </div>
      );
    }

    return (
      <>
        <form
          ref={formRef}
          className={spec.className}
          method="post"
          action={spec.action}
          noValidate={island.hydrated || undefined}
          onSubmit={handleSubmit}
          aria-busy={island.sending}
        >
          {island.summary ? <ErrorSummary key={summaryKey} formId={formId} summary={island.summary} errors={errors} labels={island.labels} /> : null}
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
                    onChange={(value) => island.change(field.name, value)}
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
            consent={island.consent}
            onConsent={island.setConsent}
            error={errors[CONSENT_FIELD]}
            honeypot={island.honeypot}
            sending={island.sending}
            submitLabel={spec.submitLabel}
            // A consent needed only for some answers is checked by the schema, never by the browser: without
            // JavaScript a `required` set for one answer would still block the post after the answer changes.
            consentRequired={!spec.form.consentWhen}
          />
        </form>
        <Dialog
          id={`${formId}-dialog`}
          content={island.dialog}
          onClose={() => island.setDialog(null)}
          returnFocus={() => formRef.current?.querySelector<HTMLElement>("button[type=submit]")}
        />
      </>
    );
  };
}
