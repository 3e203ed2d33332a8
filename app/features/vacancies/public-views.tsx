/**
 * What a job seeker reads (product rules 40, 41): a vacancy's card in the list, its page with the free-process
 * notice and the SPE code, the application form that posts without JavaScript (multipart, with the
 * résumé), and the application's status in CONSULTAR. Server-rendered HTML only: no island.
 */
import { CONSENT_FIELD, HONEYPOT_FIELD } from "~/forms/define";
import { ErrorSummary, FormField } from "~/forms/form-field";
import { formatBogota, formatDay } from "~/platform/dates";
import { statusLabel } from "~/features/cases/model";
import { APPLICATION_FIELDS, SELECTION_CONSENT } from "./application-form";
import type { CandidateView } from "./applications.server";
import { applicationsChannel } from "./channel";
import { contractLabel, type PublicVacancy, salaryText, workdayLabel } from "./vacancy";

export const FREE_NOTICE = "Este proceso es gratuito: la empresa nunca cobra por postularse, por exámenes médicos, cursos ni por la contratación.";
const FORM_ID = "postulacion";
const RESUME_FIELD = "hoja_de_vida";

export function FreeNotice() {
  return (
    <p className="vacancy-free" role="note">
      <strong>{FREE_NOTICE}</strong> Si alguien le pide dinero a nombre nuestro, es un fraude: <a href="/ofertas-falsas">verifique la oferta y repórtela</a>.
    </p>
  );
}

/** "Cali (Valle del Cauca)"; Bogotá is its own department. */
const placeOf = (v: Pick<PublicVacancy, "city" | "city_code" | "department">) => (v.city_code === "11001" ? v.city : `${v.city} (${v.department})`);

export function VacancyCard({ v }: { v: PublicVacancy }) {
  return (
    <li className="vacancy-card">
      <h2>
        <a href={`/empleos/${v.slug}`}>{v.title}</a>
      </h2>
      <p className="vacancy-meta">
        {placeOf(v)} · {v.sector} · {salaryText(v.salary_min, v.salary_max)}
      </p>
      <p className="vacancy-meta">
        {contractLabel(v.contract)} · {workdayLabel(v.workday)} · Cierra el {formatDay(v.closes_on)}
      </p>
    </li>
  );
}

export function VacancyDetail({ v }: { v: PublicVacancy }) {
  const lines = (text: string) =>
    text
      .split(/\n+/)
      .map((l) => l.trim())
      .filter(Boolean);
  return (
    <>
      <dl className="vacancy-facts">
        <dt>Ciudad</dt>
        <dd>{placeOf(v)}</dd>
        <dt>Sector de la empresa usuaria</dt>
        <dd>{v.company_name ? `${v.company_name} (${v.sector})` : v.sector}</dd>
        <dt>Salario</dt>
        <dd>{salaryText(v.salary_min, v.salary_max)}</dd>
        <dt>Horario</dt>
        <dd>{v.schedule}</dd>
        <dt>Contrato</dt>
        <dd>
          {contractLabel(v.contract)} · {workdayLabel(v.workday)}
        </dd>
        <dt>Vacantes</dt>
        <dd>{v.places}</dd>
        <dt>Cierra</dt>
        <dd>{formatDay(v.closes_on)} (se reciben postulaciones hasta las 11:59 p. m.)</dd>
        <dt>Registro en el Servicio Público de Empleo</dt>
        <dd>
          <code>{v.spe_code}</code>
        </dd>
      </dl>
      <h2>Funciones</h2>
      <ul>
        {lines(v.duties).map((l, i) => (
          <li key={i}>{l}</li>
        ))}
      </ul>
      <h2>Requisitos</h2>
      <ul>
        {lines(v.requirements).map((l, i) => (
          <li key={i}>{l}</li>
        ))}
      </ul>
    </>
  );
}

export interface ApplyFormState {
  values: Record<string, string>;
  consent: boolean;
  errors: Record<string, string>;
  summary: string;
}

const LABELS: Record<string, string> = {
  ...Object.fromEntries(APPLICATION_FIELDS.map((f) => [f.name, f.label])),
  [RESUME_FIELD]: "Hoja de vida (PDF)",
  [CONSENT_FIELD]: "Autorización",
};

/** The application, posted to the vacancy's own address as multipart; works without JavaScript. */
export function ApplyForm({ slug, state, policyHref = "/privacidad" }: { slug: string; state?: ApplyFormState; policyHref?: string }) {
  const errors = state?.errors ?? {};
  return (
    <form method="post" action={`/empleos/${slug}`} encType="multipart/form-data" className="vacancy-apply" id={FORM_ID} aria-labelledby="postular-titulo">
      <h2 id="postular-titulo">Postúlese</h2>
      <p>Sin crear una cuenta: sus datos, su hoja de vida en PDF y listo. Le damos un radicado y un código para seguir su postulación.</p>
      {state ? (
        Object.keys(errors).length ? (
          <ErrorSummary formId={FORM_ID} summary={state.summary} errors={errors} labels={LABELS} />
        ) : (
          <p className="vacancy-refusal" role="alert">
            {state.summary}
          </p>
        )
      ) : null}
      {APPLICATION_FIELDS.map((f) => (
        <FormField key={f.name} formId={FORM_ID} field={f} value={state?.values[f.name] ?? ""} error={errors[f.name]} />
      ))}
      <div className="field">
        <label htmlFor={`${FORM_ID}-${RESUME_FIELD}`}>Hoja de vida (PDF, máximo 2 MB)</label>
        <p id={`${FORM_ID}-${RESUME_FIELD}-hint`} className="field-hint">
          {state ? "Por seguridad, adjunte de nuevo el archivo. " : ""}Solo PDF, sin contraseña. No incluya su foto si no quiere: no es un requisito.
        </p>
        <input
          id={`${FORM_ID}-${RESUME_FIELD}`}
          name={RESUME_FIELD}
          type="file"
          accept="application/pdf,.pdf"
          required
          aria-invalid={errors[RESUME_FIELD] ? true : undefined}
          aria-describedby={`${FORM_ID}-${RESUME_FIELD}-hint${errors[RESUME_FIELD] ? ` ${FORM_ID}-${RESUME_FIELD}-error` : ""}`}
        />
        <p id={`${FORM_ID}-${RESUME_FIELD}-error`} className="field-error" aria-live="polite">
          {errors[RESUME_FIELD] ?? ""}
        </p>
      </div>
      <div className="field field-consent">
        <input
          id={`${FORM_ID}-${CONSENT_FIELD}`}
          name={CONSENT_FIELD}
          type="checkbox"
          required
          defaultChecked={state?.consent}
          aria-invalid={errors[CONSENT_FIELD] ? true : undefined}
          aria-describedby={`${FORM_ID}-aviso${errors[CONSENT_FIELD] ? ` ${FORM_ID}-${CONSENT_FIELD}-error` : ""}`}
        />
        <label htmlFor={`${FORM_ID}-${CONSENT_FIELD}`}>{SELECTION_CONSENT.label}.</label>
        <p id={`${FORM_ID}-aviso`} className="privacy-notice">
          {SELECTION_CONSENT.purpose}{" "}
          <a href={policyHref} target="_blank" rel="noopener">
            política de tratamiento de datos personales
          </a>
          .
        </p>
        <p id={`${FORM_ID}-${CONSENT_FIELD}-error`} className="field-error" aria-live="polite">
          {errors[CONSENT_FIELD] ?? ""}
        </p>
      </div>
      <div className="hp-field" hidden>
        <label htmlFor={`${FORM_ID}-${HONEYPOT_FIELD}`}>No llene este campo</label>
        <input id={`${FORM_ID}-${HONEYPOT_FIELD}`} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <button type="submit" className="button button-submit">
        ENVIAR POSTULACIÓN
      </button>
    </form>
  );
}

/** CONSULTAR: the vacancy, every status reached with its date, the notes for the candidate, and the withdrawal. */
export function ApplicationStatus({ view, access, notice }: { view: CandidateView; access: string; notice?: string }) {
  const steps = view.events.filter((e) => e.status);
  const notes = view.events.filter((e) => e.note);
  return (
    <section className="case-status" aria-labelledby="estado-titulo">
      {notice ? (
        <p className="vacancy-notice" role="status">
          {notice}
        </p>
      ) : null}
      <h2 id="estado-titulo">{`Postulación ${view.radicado}`}</h2>
      <p>
        Vacante: <a href={`/empleos/${view.vacancy.slug}`}>{view.vacancy.title}</a>. Recibida el {formatBogota(view.received_at)}. Estado actual:{" "}
        <strong>{statusLabel(applicationsChannel, view.status)}</strong>.
      </p>
      <ol className="case-steps">
        {steps.map((s, i) => (
          <li key={i} className={i === steps.length - 1 ? "case-step-current" : "case-step-done"}>
            <span className="case-step-label">{statusLabel(applicationsChannel, s.status)}</span> <span className="case-step-date">{formatBogota(s.at)}</span>
          </li>
        ))}
      </ol>
      <h3>Notas del equipo de selección</h3>
      {notes.length === 0 ? (
        <p>Todavía no hay notas para usted.</p>
      ) : (
        <ul className="case-notes">
          {notes.map((n, i) => (
            <li key={i}>
              <p className="case-note-date">{formatBogota(n.at)}</p>
              <p className="case-note-text">{n.note}</p>
            </li>
          ))}
        </ul>
      )}
      {view.ended ? null : (
        <form method="post" action="/empleos/consulta" className="vacancy-withdraw">
          <input type="hidden" name="accion" value="retirar" />
          <input type="hidden" name="acceso" value={access} />
          <p>
            Si ya no le interesa esta vacante, puede retirar su postulación. Sus datos y su hoja de vida se borran al cumplirse el plazo de la política de
            datos.
          </p>
          <button type="submit" className="button">
            RETIRAR MI POSTULACIÓN
          </button>
        </form>
      )}
    </section>
  );
}
