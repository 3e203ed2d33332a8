/** One field of a registry (fields.ts) as label, hint, input and its error: shared by every form. */
import { CONSENT_FIELD, HONEYPOT_FIELD } from "./define";
import type { FieldDef } from "./fields";

export const fieldId = (formId: string, name: string) => `${formId}-${name}`;
export const errorId = (formId: string, name: string) => `${formId}-${name}-error`;

interface Props {
  formId: string;
  field: FieldDef;
  value: string;
  error?: string;
  onChange?: (value: string) => void;
}

/** `required` stays on the inputs: before hydration the browser's checks guard the post; afterwards the form is `noValidate` and the shared schema does. */
export function FormField({ formId, field, value, error, onChange }: Props) {
  const id = fieldId(formId, field.name);
  const hintId = field.hint ? `${id}-hint` : undefined;
  const describedBy = [hintId, error ? errorId(formId, field.name) : undefined].filter(Boolean).join(" ") || undefined;
  const change = (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => onChange?.(e.target.value);
  const common = {
    id,
    name: field.name,
    required: field.required || undefined,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
    value,
    onChange: change,
  };
  const label = (
    <>
      {field.label}
      {field.required || field.conditional ? null : <span className="field-optional"> (opcional)</span>}
    </>
  );
  if (field.input === "checkbox") {
    return (
      <div className={`field field-consent field-${field.name}`}>
        <input
          id={id}
          name={field.name}
          type="checkbox"
          checked={value !== "" && value !== "no"}
          onChange={(e) => onChange?.(e.target.checked ? "si" : "")}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        <label htmlFor={id}>{field.label}</label>
        {field.hint ? (
          <p id={hintId} className="field-hint">
            {field.hint}
          </p>
        ) : null}
        <p id={errorId(formId, field.name)} className="field-error" aria-live="polite">
          {error ?? ""}
        </p>
      </div>
    );
  }
  if (field.input === "radio") {
    return (
      <fieldset id={id} className={`field field-radio field-${field.name}`} aria-describedby={describedBy}>
        <legend>{label}</legend>
        {field.hint ? (
          <p id={hintId} className="field-hint">
            {field.hint}
          </p>
        ) : null}
        {field.options?.map((option) => (
          <div key={option.value} className="field-radio-option">
            <input
              type="radio"
              id={`${id}-${option.value}`}
              name={field.name}
              value={option.value}
              checked={value === option.value}
              required={field.required || undefined}
              // oxlint-disable-next-line jsx-a11y/role-supports-aria-props -- global in ARIA 1.1; screen readers announce it on each radio
              aria-invalid={error ? true : undefined}
              onChange={change}
            />
            <label htmlFor={`${id}-${option.value}`}>{option.label}</label>
          </div>
        ))}
        <p id={errorId(formId, field.name)} className="field-error" aria-live="polite">
          {error ?? ""}
        </p>
      </fieldset>
    );
  }
  let control: React.ReactNode;
  if (field.input === "textarea") {
    control = <textarea {...common} rows={5} maxLength={field.maxLength} autoComplete={field.autocomplete} />;
  } else if (field.input === "select") {
    control = (
      <select {...common} autoComplete={field.autocomplete}>
        <option value="">Seleccione…</option>
        {field.options?.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  } else {
    control = (
      <input
        {...common}
        type={field.input}
        inputMode={field.input === "tel" ? "tel" : undefined}
        maxLength={field.input === "date" || field.input === "time" ? undefined : field.maxLength}
        min={field.min}
        max={field.max}
        autoComplete={field.autocomplete}
      />
    );
  }
  return (
    <div className={`field field-${field.name}`}>
      <label htmlFor={id}>{label}</label>
      {field.hint ? (
        <p id={hintId} className="field-hint">
          {field.hint}
        </p>
      ) : null}
      {control}
      <p id={errorId(formId, field.name)} className="field-error" aria-live="polite">
        {error ?? ""}
      </p>
    </div>
  );
}

/**
 * The error summary at the top of a form answered again by the server (GOV.UK pattern, docs/product.md §23):
 * it takes focus when the page loads (autofocus works without JavaScript) and links to each field. Its
 * title counts the fields when there are several (the summary's sentence follows it), so it never reads
 * as if one error were the only one.
 */
/** "No se pudo enviar: revise 3 campos" when several fields are wrong; the one sentence otherwise. */
export const errorSummaryTitle = (summary: string, fields: number) =>
  fields > 1 ? `No se pudo enviar: revise ${fields} campos` : `No se pudo enviar: ${summary}`;

export function ErrorSummary({
  formId,
  summary,
  errors,
  labels,
}: {
  formId: string;
  summary: string;
  errors: Record<string, string>;
  labels: Record<string, string>;
}) {
  const entries = Object.entries(errors);
  return (
    <div className="error-summary" role="alert" aria-labelledby={`${formId}-summary-title`} tabIndex={-1} autoFocus>
      <h2 id={`${formId}-summary-title`} className="error-summary-title">
        {errorSummaryTitle(summary, entries.length)}
      </h2>
      {entries.length > 1 ? <p className="error-summary-text">{summary}</p> : null}
      {entries.length > 0 ? (
        <ul>
          {entries.map(([name, message]) => (
            <li key={name}>
              <a href={`#${fieldId(formId, name)}`}>{`${labels[name] ?? name}: ${message}`}</a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The notice's "PQRS" (where the rights are exercised, product rule 28) links to the PQRS page. */
function withPqrsLink(notice: string) {
  const at = notice.search(/\bPQRS\b/);
  if (at < 0) return notice;
  return (
    <>
      {notice.slice(0, at)}
      <a href="/pqrs">PQRS</a>
      {notice.slice(at + 4)}
    </>
  );
}

/**
 * The end of every public form: the consent box with its label and short privacy notice (Ley 1581
 * art. 12), the honeypot hidden from people and assistive technology, and the submit button.
 */
export function FormFooter({
  formId,
  consentLabel,
  privacyNotice,
  consent,
  onConsent,
  error,
  honeypot,
  sending,
  submitLabel,
  consentRequired = true,
}: {
  formId: string;
  /** False when consent is needed only for some answers (the ethics line): the schema checks it, not the browser. */
  consentRequired?: boolean;
  /** The consent sentence before the policy link. */
  consentLabel: string;
  privacyNotice: string;
  consent: boolean;
  onConsent: (checked: boolean) => void;
  error?: string;
  honeypot: React.Ref<HTMLInputElement>;
  sending: boolean;
  submitLabel: string;
}) {
  return (
    <>
      <div className="field field-consent">
        <input
          id={`${formId}-${CONSENT_FIELD}`}
          name={CONSENT_FIELD}
          type="checkbox"
          required={consentRequired || undefined}
          checked={consent}
          onChange={(e) => onConsent(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={[`${formId}-aviso`, error ? errorId(formId, CONSENT_FIELD) : ""].join(" ").trim()}
        />
        <label htmlFor={`${formId}-${CONSENT_FIELD}`}>
          {consentLabel}{" "}
          <a href="/privacidad" target="_blank" rel="noopener">
            política de tratamiento de datos personales
          </a>
          .
        </label>
        <p id={`${formId}-aviso`} className="privacy-notice">
          {withPqrsLink(privacyNotice)}
        </p>
        <p id={errorId(formId, CONSENT_FIELD)} className="field-error" aria-live="polite">
          {error ?? ""}
        </p>
      </div>
      {/* The trap for bots: `hidden` keeps it out of sight, of the keyboard and of the accessibility tree
          whatever style sheet the page has (ADR 017: a page without the form styles once showed it). */}
      <div className="hp-field" hidden>
        <label htmlFor={`${formId}-${HONEYPOT_FIELD}`}>No llene este campo</label>
        <input ref={honeypot} id={`${formId}-${HONEYPOT_FIELD}`} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <button type="submit" className="button button-submit" disabled={sending} aria-disabled={sending}>
        {sending ? (
          <>
            <span className="spinner" aria-hidden="true" /> ENVIANDO…
          </>
        ) : (
          submitLabel
        )}
      </button>
    </>
  );
}
