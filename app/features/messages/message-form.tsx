import { Dialog, type DialogContent } from "~/ui/dialog";
import { CONSENT_FIELD } from "~/forms/define";
import type { FormRefusal } from "~/forms/errors";
import { ErrorSummary, FormField, FormFooter } from "~/forms/form-field";
import { useIslandForm } from "~/forms/island-form";
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

export interface MessageFormProps {
  form: FormName;
  /** The configured phone of the failure dialog (docs/product.md §13). */
  phone: string;
  /** Who processes the data and for what (Ley 1581 art. 12), next to the consent. */
  privacyNotice: string;
  /** What the server answered a post without JavaScript that it could not accept (docs/product.md §23). */
  refusal?: FormRefusal;
}

const emptyValuesOf = (form: FormName) => () => Object.fromEntries(messageForms[form].fields.map((f) => [f.name, ""]));

/**
 * The contact and client forms (docs/product.md §2–8, 23), a React island: the page is prerendered and this
 * subtree alone hydrates. Without JavaScript it is an ordinary form post to the page itself, answered
 * with the errors next to the fields; with JavaScript it validates with the shared schema, posts JSON
 * to the relative path php/<form>, shows the dialogs of docs/product.md §13 and keeps a draft in sessionStorage.
 */
export function MessageForm({ form, phone, privacyNotice, refusal }: MessageFormProps) {
  const definition = messageForms[form];
  const island = useIslandForm({ form: definition, emptyValues: emptyValuesOf(form), refusal, draftKey: form });
  const { values, errors, formRef } = island;

  async function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const outcome = await island.send(`php/${form}`);
    if (!outcome) return;
    if (outcome.kind === "invalid") {
      island.setDialog({ kind: "error", title: "Error", text: outcome.result.summary ?? "Revise los campos marcados." });
      return;
    }
    if (outcome.kind === "answered" && outcome.ok) {
      island.reset();
      island.setDialog(SUCCESS_DIALOG);
      return;
    }
    if (outcome.kind === "answered" && outcome.answer?.error?.fields) island.setErrors(outcome.answer.error.fields);
    island.setDialog(failureDialog(phone));
  }

  return (
    <>
      <form
        ref={formRef}
        className="message-form"
        method="post"
        action={`/${form}`}
        noValidate={island.hydrated || undefined}
        onSubmit={handleSubmit}
        aria-busy={island.sending}
      >
        {island.summary ? <ErrorSummary formId={form} summary={island.summary} errors={errors} labels={island.labels} /> : null}
        {definition.fields.map((field) => (
          <FormField
            key={field.name}
            formId={form}
            field={field}
            value={values[field.name] ?? ""}
            error={errors[field.name]}
            onChange={(value) => island.change(field.name, value)}
          />
        ))}
        <FormFooter
          formId={form}
          consentLabel="Autorizo el tratamiento de mis datos personales conforme a la"
          privacyNotice={privacyNotice}
          consent={island.consent}
          onConsent={island.setConsent}
          error={errors[CONSENT_FIELD]}
          honeypot={island.honeypot}
          sending={island.sending}
          submitLabel="ENVIAR"
        />
      </form>
      <Dialog
        id={`${form}-dialog`}
        content={island.dialog}
        onClose={() => island.setDialog(null)}
        returnFocus={() => formRef.current?.querySelector<HTMLElement>("button[type=submit]")}
      />
    </>
  );
}
