/**
 * What a reporter reads after CONSULTAR on the ethics line: the status and the conversation, and a form
 * to add information. The form carries a 30-minute proof (not the code) and works without JavaScript.
 */
import { CaseStatus } from "~/features/cases/consult";
import { ethicsChannel } from "./channel";
import type { EthicsConsultAnswer } from "./doors.server";
import { FOLLOW_UP_MAX } from "./ethics-form";

export function EthicsFollowUp({ answer }: { answer: Extract<EthicsConsultAnswer, { outcome: "found" }> }) {
  return (
    <>
      {answer.notice ? (
        <p className="admin-notice consult-notice" role="status">
          {answer.notice}
        </p>
      ) : null}
      <CaseStatus channel={ethicsChannel} view={answer.view} thread />
      <form method="post" action="/linea-etica/consulta" className="follow-up-form">
        <input type="hidden" name="accion" value="agregar" />
        <input type="hidden" name="acceso" value={answer.access} />
        <div className="field">
          <label htmlFor="seguimiento-informacion">Agregar información</label>
          <p id="seguimiento-informacion-hint" className="field-hint">
            Responda a una pregunta del equipo o cuente algo nuevo. No escriba su nombre si quiere seguir en el anonimato.
          </p>
          <textarea
            id="seguimiento-informacion"
            name="informacion"
            rows={5}
            maxLength={FOLLOW_UP_MAX}
            required
            defaultValue={answer.draft ?? ""}
            aria-invalid={answer.error ? true : undefined}
            aria-describedby={`seguimiento-informacion-hint${answer.error ? " seguimiento-informacion-error" : ""}`}
            autoFocus={answer.error ? true : undefined}
          />
          <p id="seguimiento-informacion-error" className="field-error" aria-live="polite">
            {answer.error ?? ""}
          </p>
        </div>
        <button type="submit" className="button">
          AGREGAR INFORMACIÓN
        </button>
      </form>
    </>
  );
}
