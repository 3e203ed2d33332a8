import { useEffect, useRef, useState } from "react";
import { Dialog, type DialogContent } from "~/components/dialog";
import { HONEYPOT_FIELD, LIMITS, validateForm, type FieldName, type FormName, forms } from "~/forms/schemas";
import { useSite } from "~/lib/site-data";

const LABELS: Record<FieldName, string> = {
  empresa: "EMPRESA",
  cargo: "CARGO",
  nombre: "NOMBRE",
  celular: "CELULAR",
  correo: "CORREO",
  mensaje: "MENSAJE",
};

const AUTOCOMPLETE: Record<FieldName, string> = {
  empresa: "organization",
  cargo: "organization-title",
  nombre: "name",
  celular: "tel",
  correo: "email",
  mensaje: "off",
};

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

type Values = Record<FieldName, string>;
type Errors = Partial<Record<FieldName | "consentimiento", string>>;

const emptyValues = (form: FormName) => Object.fromEntries(forms[form].fields.map((f) => [f, ""])) as Values;

/**
 * The contact and client forms (DECISIONS 2–8). Without JavaScript it is an ordinary form post to the
 * same endpoint; with JavaScript it validates with the shared schema, posts JSON to the relative
 * path php/<form>, shows the SPEC §8 dialogs and keeps a draft in sessionStorage under the form's id.
 */
export function MessageForm({ form }: { form: FormName }) {
  const site = useSite();
  const fields = forms[form].fields;
  const [values, setValues] = useState<Values>(() => emptyValues(form));
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const [dialog, setDialog] = useState<DialogContent | null>(null);
  const restored = useRef(false);
  // Until hydration the browser's own checks (required, type=email) guard the no-JavaScript post.
  const [hydrated, setHydrated] = useState(false);
  const honeypot = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // After hydration: restore the draft, then adopt whatever the visitor typed before the script
  // arrived (newer than any draft; the first re-render would otherwise reset it to the empty state).
  useEffect(() => {
    let draft: Partial<Values> = {};
    try {
      draft = pick((JSON.parse(sessionStorage.getItem(form) ?? "null") ?? {}) as Partial<Values>, fields);
    } catch {
      sessionStorage.removeItem(form);
    }
    const elements = formRef.current?.elements;
    const typed: Partial<Values> = {};
    for (const name of fields) {
      const value = (elements?.namedItem(name) as HTMLInputElement | HTMLTextAreaElement | null)?.value;
      if (value) typed[name] = value;
    }
    setValues((v) => ({ ...v, ...draft, ...typed }));
    if ((elements?.namedItem("consentimiento") as HTMLInputElement | null)?.checked) setConsent(true);
    restored.current = true;
    setHydrated(true);
  }, [form, fields]);

  useEffect(() => {
    if (!restored.current) return;
    const hasText = Object.values(values).some((v) => v !== "");
    if (hasText) sessionStorage.setItem(form, JSON.stringify(values));
    else sessionStorage.removeItem(form);
  }, [form, values]);

  async function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const result = validateForm(form, { ...values, consentimiento: consent });
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
        sessionStorage.removeItem(form);
        setDialog(SUCCESS_DIALOG);
        return;
      }
      const answer = (await response.json().catch(() => null)) as { error?: { fields?: Errors } } | null;
      if (answer?.error?.fields) setErrors(answer.error.fields);
      setDialog(failureDialog(site.contact.phone));
    } catch {
      setDialog(failureDialog(site.contact.phone));
    } finally {
      setSending(false);
    }
  }

  const errorId = (name: string) => `${form}-${name}-error`;
  return (
    <>
      <form
        ref={formRef}
        className="message-form"
        method="post"
        action={`php/${form}`}
        noValidate={hydrated || undefined}
        onSubmit={handleSubmit}
        aria-busy={sending}
      >
        {fields.map((name) => {
          const id = `${form}-${name}`;
          const common = {
            id,
            name,
            required: true,
            maxLength: LIMITS[name],
            autoComplete: AUTOCOMPLETE[name],
            value: values[name],
            "aria-invalid": errors[name] ? true : undefined,
            "aria-describedby": errors[name] ? errorId(name) : undefined,
            onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
              setValues((v) => ({ ...v, [name]: e.target.value })),
          };
          return (
            <div key={name} className={`field field-${name}`}>
              <label htmlFor={id}>{LABELS[name]}</label>
              {name === "mensaje" ? (
                <textarea {...common} rows={5} />
              ) : (
                <input {...common} type={name === "correo" ? "email" : name === "celular" ? "tel" : "text"} inputMode={name === "celular" ? "tel" : undefined} />
              )}
              <p id={errorId(name)} className="field-error" aria-live="polite">
                {errors[name] ?? ""}
              </p>
            </div>
          );
        })}
        <div className="field field-consent">
          <input
            id={`${form}-consentimiento`}
            name="consentimiento"
            type="checkbox"
            required
            checked={consent}
            onChange={(e) => setConsent(e.target.checked)}
            aria-invalid={errors.consentimiento ? true : undefined}
            aria-describedby={errors.consentimiento ? errorId("consentimiento") : undefined}
          />
          <label htmlFor={`${form}-consentimiento`}>
            Autorizo el tratamiento de mis datos personales conforme a la{" "}
            <a href="/privacidad" target="_blank" rel="noopener">
              política de tratamiento de datos personales
            </a>
            .
          </label>
          <p id={errorId("consentimiento")} className="field-error" aria-live="polite">
            {errors.consentimiento ?? ""}
          </p>
        </div>
        <div className="hp-field" aria-hidden="true">
          <label htmlFor={`${form}-${HONEYPOT_FIELD}`}>No llene este campo</label>
          <input ref={honeypot} id={`${form}-${HONEYPOT_FIELD}`} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <button type="submit" className="button button-submit" disabled={sending} aria-disabled={sending}>
          {sending ? (
            <>
              <span className="spinner" aria-hidden="true" /> ENVIANDO…
            </>
          ) : (
            "ENVIAR"
          )}
        </button>
      </form>
      <Dialog content={dialog} onClose={() => setDialog(null)} />
    </>
  );
}

function pick<T extends string>(source: Partial<Record<string, unknown>>, keys: readonly T[]): Partial<Record<T, string>> {
  const out: Partial<Record<T, string>> = {};
  for (const key of keys) if (typeof source[key] === "string") out[key] = source[key] as string;
  return out;
}
