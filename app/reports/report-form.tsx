/**
 * The report form (DECISIONS 11, 21, 23), a React island like the message forms: prerendered, then
 * hydrated. Without JavaScript it is an ordinary post to /incidente, answered with the errors by the
 * fields or redirected to the one-time confirmation; with JavaScript it validates with the same
 * registry, posts JSON to php/incidente and shows the radicado and the code in place.
 */
import { useEffect, useRef, useState } from "react";
import { Dialog, type DialogContent } from "~/components/dialog";
import { CONSENT_FIELD, HONEYPOT_FIELD, validate } from "~/forms/define";
import { ErrorSummary, FormField, FormFooter } from "~/forms/form-field";
import { incidentForm, incidentGroups } from "./incident-form";
import { Receipt } from "./receipt";

type Values = Record<string, string>;
type Errors = Record<string, string>;

export interface ReportRefusal {
  values: Values;
  consent: boolean;
  errors: Errors;
  summary: string;
}

export interface ReportFormProps {
  phone: string;
  privacyNotice: string;
  refusal?: ReportRefusal;
}

const FORM = "incidente";
const emptyValues = (): Values => Object.fromEntries(incidentForm.fields.map((f) => [f.name, ""]));

export function ReportForm({ phone, privacyNotice, refusal }: ReportFormProps) {
  const [values, setValues] = useState<Values>(() => ({ ...emptyValues(), ...refusal?.values }));
  const [consent, setConsent] = useState(refusal?.consent ?? false);
  const [errors, setErrors] = useState<Errors>(() => refusal?.errors ?? {});
  const [summary, setSummary] = useState(refusal?.summary);
  const [sending, setSending] = useState(false);
  const [dialog, setDialog] = useState<DialogContent | null>(null);
  const [receipt, setReceipt] = useState<{ radicado: string; code: string; emailed: boolean } | null>(null);
  const [hydrated, setHydrated] = useState(false);
  const [summaryKey, setSummaryKey] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  const receiptRef = useRef<HTMLDivElement>(null);

  // After hydration, keep whatever was typed before the script arrived.
  useEffect(() => {
    const elements = formRef.current?.elements;
    const typed: Values = {};
    for (const field of incidentForm.fields) {
      const el = elements?.namedItem(field.name);
      if (field.input === "checkbox") {
        if ((el as HTMLInputElement | null)?.checked) typed[field.name] = "si";
      } else if (el instanceof RadioNodeList) {
        if (el.value) typed[field.name] = el.value;
      } else if ((el as HTMLInputElement | null)?.value) typed[field.name] = (el as HTMLInputElement).value;
    }
    setValues((v) => ({ ...v, ...typed }));
    if ((elements?.namedItem(CONSENT_FIELD) as HTMLInputElement | null)?.checked) setConsent(true);
    setHydrated(true);
  }, []);

  useEffect(() => {
    if (receipt) receiptRef.current?.querySelector<HTMLElement>("h2")?.focus();
  }, [receipt]);

  useEffect(() => {
    if (summaryKey > 0) formRef.current?.querySelector<HTMLElement>(".error-summary")?.focus();
  }, [summaryKey]);

  async function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const result = validate(incidentForm, { ...values, [CONSENT_FIELD]: consent });
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
      const response = await fetch(`php/${FORM}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(body),
      });
      const answer = (await response.json().catch(() => null)) as { radicado?: string; codigo?: string; error?: { message?: string; fields?: Errors } } | null;
      if (response.ok && answer?.radicado && answer.codigo) {
        setReceipt({ radicado: answer.radicado, code: answer.codigo, emailed: Boolean(values.reporta_correo) });
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
      setDialog({ kind: "error", title: "No se pudo enviar el reporte", text: `${answer?.error?.message ?? ""} Llame al siguiente número: ${phone}`.trim() });
    } catch {
      setDialog({ kind: "error", title: "No se pudo enviar el reporte", text: `Revise su conexión o llame al siguiente número: ${phone}` });
    } finally {
      setSending(false);
    }
  }

  if (receipt) {
    return (
      <div ref={receiptRef}>
        <Receipt radicado={receipt.radicado} code={receipt.code} emailed={receipt.emailed} />
      </div>
    );
  }

  const labels = Object.fromEntries([...incidentForm.fields.map((f) => [f.name, f.label]), [CONSENT_FIELD, "Autorización de datos"]]);
  return (
    <>
      <form ref={formRef} className="report-form" method="post" action="/incidente" noValidate={hydrated || undefined} onSubmit={handleSubmit} aria-busy={sending}>
        {summary ? <ErrorSummary key={summaryKey} formId={FORM} summary={summary} errors={errors} labels={labels} /> : null}
        {incidentGroups.map((group) => (
          <fieldset key={group.id} className={`report-group report-group-${group.id}`}>
            <legend>{group.legend}</legend>
            {group.intro ? <p className="report-group-intro">{group.intro}</p> : null}
            {group.fields.map((field) => (
              <FormField
                key={field.name}
                formId={FORM}
                field={field}
                value={values[field.name] ?? ""}
                error={errors[field.name]}
                onChange={(value) => setValues((v) => ({ ...v, [field.name]: value }))}
              />
            ))}
          </fieldset>
        ))}
        <FormFooter
          formId={FORM}
          consentLabel="Autorizo el tratamiento de los datos personales de este reporte conforme a la"
          privacyNotice={privacyNotice}
          consent={consent}
          onConsent={setConsent}
          error={errors[CONSENT_FIELD]}
          honeypot={honeypot}
          sending={sending}
          submitLabel="ENVIAR REPORTE"
        />
      </form>
      <Dialog id={`${FORM}-dialog`} content={dialog} onClose={() => setDialog(null)} />
    </>
  );
}
