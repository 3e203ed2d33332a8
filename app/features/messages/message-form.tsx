import { useEffect, useRef, useState } from "react";
import { Dialog, type DialogContent } from "~/ui/dialog";
import { useHeldSubmit } from "~/ui/islands/held-submit";
import { CONSENT_FIELD, HONEYPOT_FIELD, validate } from "~/forms/define";
import { ErrorSummary, FormField, FormFooter } from "~/forms/form-field";
import type { FormRefusal } from "~/forms/errors";
import { type FormName, messageForms } from "./registry";

export const SUCCESS_DIALOG: DialogContent = {
  kind: "success",
  title: "Enviado!",
  text: "Hemos recibido su mensaje y uno de nuestros colaboradores responderá en el menor tiempo posible!",
  confirmLabel: "Cerrar",
};

export const failureDialog = (phone: string): DialogContent => ({
  kind: "error",
  title: "Ocurrió un error al enviar el Email!",
  text: `Llame al siguiente número para más información: ${phone}`,
});

type Values = Record<string, string>;
type Errors = Record<string, string>;

/** What the server answers a post without JavaScript that it could not accept (docs/product.md §23). */

export interface MessageFormProps {
  form: FormName;
  /** The configured phone of the failure dialog (SPEC §8). */
  phone: string;
  /** Who processes the data and for what (Ley 1581 art. 12), next to the consent. */
  privacyNotice: string;
  refusal?: FormRefusal;
}

const emptyValues = (form: FormName): Values => Object.fromEntries(messageForms[form].fields.map((f) => [f.name, ""]));

/**
 * The contact and client forms (docs/product.md §2–8, 23), a React island: the page is prerendered and this
 * subtree alone hydrates. Without JavaScript it is an ordinary form post to the page itself, answered
 * with the errors next to the fields; with JavaScript it validates with the shared schema, posts JSON
 * to the relative path php/<form>, shows the SPEC §8 dialogs and keeps a draft in sessionStorage.
 */
export function MessageForm({ form, phone, privacyNotice, refusal }: MessageFormProps) {
  const definition = messageForms[form];
  const [values, setValues] = useState<Values>(() => ({ ...emptyValues(form), ...refusal?.values }));
  const [consent, setConsent] = useState(refusal?.consent ?? false);
  const [errors, setErrors] = useState<Errors>(() => refusal?.errors ?? {});
  const [summary, setSummary] = useState(refusal?.summary);
  const [sending, setSending] = useState(false);
  const [dialog, setDialog] = useState<DialogContent | null>(null);
  const restored = useRef(false);
  const [hydrated, setHydrated] = useState(false);
  const honeypot = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // After hydration: restore the draft, then adopt whatever the visitor typed before the script
  // arrived (newer than any draft; the first re-render would otherwise reset it).
  useEffect(() => {
    let draft: Values = {};
    if (!refusal) {
      try {
        draft = pick(JSON.parse(sessionStorage.getItem(form) ?? "null") ?? {}, Object.keys(emptyValues(form)));
      } catch {
        sessionStorage.removeItem(form);
      }
    }
    const elements = formRef.current?.elements;
    const typed: Values = {};
    for (const field of messageForms[form].fields) {
      const value = (elements?.namedItem(field.name) as HTMLInputElement | null)?.value;
      if (value) typed[field.name] = value;
    }
    setValues((v) => ({ ...v, ...draft, ...typed }));
    if ((elements?.namedItem(CONSENT_FIELD) as HTMLInputElement | null)?.checked) setConsent(true);
    restored.current = true;
    setHydrated(true);
  }, [form, refusal]);

  useHeldSubmit(formRef, hydrated);

  useEffect(() => {
    if (!restored.current) return;
    if (Object.values(values).some((v) => v !== "")) sessionStorage.setItem(form, JSON.stringify(values));
    else sessionStorage.removeItem(form);
  }, [form, values]);

  async function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const result = validate(definition, { ...values, [CONSENT_FIELD]: consent });
    setErrors(result.fieldErrors);
    if (!result.ok) {
      setDialog({ kind: "error", title: "Error", text: result.summary ?? "Revise los campos marcados." });
      return;
    }
    setSending(true);
    try {
      const body: Record<string, unknown> = { ...result.data };
      if (honeypot.current?.value) body[HONEYPOT_FIELD] = honeypot.current.value;
      const response = await fetch(`php/${form}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(body),
      });
      if (response.ok) {
        setValues(emptyValues(form));
        setConsent(false);
        setErrors({});
        setSummary(undefined);
        sessionStorage.removeItem(form);
        setDialog(SUCCESS_DIALOG);
        return;
      }
      const answer = (await response.json().catch(() => null)) as { error?: { fields?: Errors } } | null;
      if (answer?.error?.fields) setErrors(answer.error.fields);
      setDialog(failureDialog(phone));
    } catch {
      setDialog(failureDialog(phone));
    } finally {
      setSending(false);
    }
  }

  const labels = Object.fromEntries([...definition.fields.map((f) => [f.name, f.label]), [CONSENT_FIELD, "Autorización de datos"]]);
  return (
    <>
      <form
        ref={formRef}
        className="message-form"
        method="post"
        action={`/${form}`}
        noValidate={hydrated || undefined}
        onSubmit={handleSubmit}
        aria-busy={sending}
      >
        {summary ? <ErrorSummary formId={form} summary={summary} errors={errors} labels={labels} /> : null}
        {definition.fields.map((field) => (
          <FormField
            key={field.name}
            formId={form}
            field={field}
            value={values[field.name] ?? ""}
            error={errors[field.name]}
            onChange={(value) => setValues((v) => ({ ...v, [field.name]: value }))}
          />
        ))}
        <FormFooter
          formId={form}
          consentLabel="Autorizo el tratamiento de mis datos personales conforme a la"
          privacyNotice={privacyNotice}
          consent={consent}
          onConsent={setConsent}
          error={errors[CONSENT_FIELD]}
          honeypot={honeypot}
          sending={sending}
          submitLabel="ENVIAR"
        />
      </form>
      <Dialog id={`${form}-dialog`} content={dialog} onClose={() => setDialog(null)} returnFocus={() => formRef.current?.querySelector<HTMLElement>("button[type=submit]")} />
    </>
  );
}

function pick(source: Record<string, unknown>, keys: readonly string[]): Values {
  const out: Values = {};
  for (const key of keys) if (typeof source[key] === "string") out[key] = source[key] as string;
  return out;
}
