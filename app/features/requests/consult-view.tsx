/**
 * What a person reads after CONSULTAR on /pqrs (docs/product.md §28): the status, the term with its due
 * date and how it is counted, any extension with its reason, any request to complete (with the form to
 * complete it), the answer, and the notes. The form carries a 30-minute proof, not the code, and works
 * without JavaScript.
 */
import { formatBogota, formatDay } from "~/platform/dates";
import { kindLabel, statusLabel } from "~/features/cases/model";
import { COMPLETION_MAX, requestsChannel } from "./channel";
import { pausedRule, TERMS } from "./clock";
import type { RequestConsultAnswer } from "./doors.server";

type Found = Extract<RequestConsultAnswer, { outcome: "found" }>;

const day = (iso: string | null) => (iso ? formatBogota(iso).slice(0, 10) : "");

export function RequestStatus({ answer }: { answer: Found }) {
  const v = answer.view;
  const waiting = v.status === "por_completar";
  const steps = [
    { label: "Recibida", at: v.received_at },
    { label: "En trámite", at: v.events.find((e) => e.status === "en_tramite")?.at ?? null },
    { label: "Respondida", at: v.answered_at },
  ];
  const notes = v.events.filter((e) => e.note && e.note !== v.answer);
  return (
    <>
      {answer.notice ? (
        <p className="admin-notice consult-notice" role="status">
          {answer.notice}
        </p>
      ) : null}
      <section className="case-status" aria-labelledby="estado-titulo">
        <h2 id="estado-titulo">{`Solicitud ${v.radicado}`}</h2>
        <p>
          {`${kindLabel(requestsChannel, v.kind)} · recibida el ${formatBogota(v.received_at)} (hora de Colombia). Estado actual: `}
          <strong>{statusLabel(requestsChannel, v.status)}</strong>.
        </p>
        <ol className="case-steps">
          {steps.map((s) => (
            <li key={s.label} className={s.at ? "case-step-done" : "case-step-pending"}>
              <span className="case-step-label">{s.label}</span> <span className="case-step-date">{s.at ? formatBogota(s.at) : "pendiente"}</span>
            </li>
          ))}
        </ol>

        <h3>Plazo de respuesta</h3>
        <p>
          {`${v.term.days} días hábiles (${v.term.law}), contados desde el ${formatDay(v.first_day)}${v.term.startsOn === "receipt" ? ", la fecha de recibo" : ", el día hábil siguiente al recibo"}.`}{" "}
          {v.answered_at ? (
            `Le respondimos el ${day(v.answered_at)}.`
          ) : waiting ? (
            "El plazo está suspendido mientras usted completa la solicitud."
          ) : v.due_at ? (
            <>
              Vence el <strong>{day(v.due_at)}</strong>.
            </>
          ) : null}
        </p>
        {v.extended_at ? (
          <p className="pqrs-extension">
            {`El ${day(v.extended_at)} ampliamos el plazo hasta el ${day(v.due_at)} (${v.term.extensionLaw}). Motivo: ${v.extension_reason}`}
          </p>
        ) : null}
        {v.completion_requested_at ? (
          <div className="pqrs-completion">
            <h3>{waiting ? "Le pedimos completar su solicitud" : "Información que le pedimos"}</h3>
            <p className="case-note-text">{v.completion_request}</p>
            <p>
              {waiting
                ? `Pedido el ${day(v.completion_requested_at)}. Tiene hasta el ${formatDay(v.completion_deadline ?? "")} para completarla aquí; el plazo para responder se reanuda al día siguiente de recibir la información. Si no la completa a tiempo, se entiende que desistió de la solicitud, y puede presentarla de nuevo.${
                    v.completion_extended_at
                      ? ` Ese plazo ya se prorrogó a su pedido el ${day(v.completion_extended_at)}.`
                      : pausedRule(TERMS[v.term.id]).extensionOnRequest
                        ? ` Si necesita más tiempo, pídalo antes de esa fecha por los canales de contacto del pie de esta página: la ley le permite pedir una prórroga hasta por un plazo igual (${pausedRule(TERMS[v.term.id]).law}).`
                        : ""
                  }`
                : v.completed_at
                  ? `Pedido el ${day(v.completion_requested_at)}; la recibimos el ${day(v.completed_at)}.`
                  : `Pedido el ${day(v.completion_requested_at)}.`}
            </p>
          </div>
        ) : null}

        {v.answer ? (
          <div className="pqrs-answer">
            <h3>Respuesta</h3>
            <p className="case-note-date">{formatBogota(v.answered_at)}</p>
            <p className="case-note-text">{v.answer}</p>
          </div>
        ) : null}

        <h3>Notas y avisos</h3>
        {notes.length === 0 ? (
          <p>Todavía no hay notas para usted.</p>
        ) : (
          <ul className="case-notes">
            {notes.map((n, i) => (
              <li key={i} className={n.from === "usted" ? "case-note-reporter" : undefined}>
                <p className="case-note-date">
                  <strong>{n.from === "usted" ? "Usted" : "Equipo"}</strong>
                  {` · ${formatBogota(n.at)}`}
                  {n.status ? ` · ${statusLabel(requestsChannel, n.status)}` : ""}
                </p>
                <p className="case-note-text">{n.note}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
      {waiting ? (
        <form method="post" action="/pqrs/consulta" className="follow-up-form">
          <input type="hidden" name="accion" value="completar" />
          <input type="hidden" name="acceso" value={answer.access} />
          <div className="field">
            <label htmlFor="completar-informacion">Completar la solicitud</label>
            <p id="completar-informacion-hint" className="field-hint">
              Escriba la información que le pedimos. Si son documentos, describa cuáles y cómo nos los hará llegar.
            </p>
            <textarea
              id="completar-informacion"
              name="informacion"
              rows={5}
              maxLength={COMPLETION_MAX}
              required
              defaultValue={answer.draft ?? ""}
              aria-invalid={answer.error ? true : undefined}
              aria-describedby={`completar-informacion-hint${answer.error ? " completar-informacion-error" : ""}`}
              autoFocus={answer.error ? true : undefined}
            />
            <p id="completar-informacion-error" className="field-error" aria-live="polite">
              {answer.error ?? ""}
            </p>
          </div>
          <button type="submit" className="button">
            ENVIAR LA INFORMACIÓN
          </button>
        </form>
      ) : null}
    </>
  );
}
