/** CONSULTAR: the plain form (no JavaScript needed) and what a reporter reads of a case. */
import { bogotaDay, formatBogota, formatDay } from "~/platform/dates";
import { type ChannelDef, kindLabel, type PublicView, statusesFor, statusLabel } from "./model";

/** POST, so the code lands in no address bar, history or access log. */
export function ConsultForm({
  idPrefix = "consulta",
  action = "/incidente/consulta",
  example = "AT-2026-000123",
}: {
  idPrefix?: string;
  action?: string;
  example?: string;
}) {
  return (
    <form method="post" action={action} className="consult-form">
      <div className="field">
        <label htmlFor={`${idPrefix}-radicado`}>Radicado</label>
        <input
          id={`${idPrefix}-radicado`}
          name="radicado"
          type="text"
          required
          maxLength={40}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-describedby={`${idPrefix}-radicado-hint`}
        />
        <p id={`${idPrefix}-radicado-hint`} className="field-hint">
          {`Por ejemplo: ${example}`}
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-codigo`}>Código de seguimiento</label>
        <input id={`${idPrefix}-codigo`} name="codigo" type="text" required maxLength={40} autoComplete="off" autoCapitalize="characters" spellCheck={false} />
      </div>
      <button type="submit" className="button">
        CONSULTAR
      </button>
    </form>
  );
}

/** `thread`: the ethics line's two-way conversation (the reporter's own additions shown as theirs). */
export function CaseStatus({ channel, view, thread = false }: { channel: ChannelDef; view: PublicView; thread?: boolean }) {
  const statuses = statusesFor(channel, view.kind);
  const reached = new Map<string, string>();
  for (const e of view.events) if (e.status && !reached.has(e.status)) reached.set(e.status, e.at);
  // A step the case went past without stopping at it did not happen, and is not still to come either.
  const currentIndex = statuses.findIndex((s) => s.value === view.status);
  const notes = view.events.filter((e) => e.note);
  // A confidential channel (the ethics line) keeps when a report arrived to the day only.
  const when = (at: string) => (channel.confidential && at === view.received_at ? formatDay(bogotaDay(at)) : formatBogota(at));
  return (
    <section className="case-status" aria-labelledby="estado-titulo">
      <h2 id="estado-titulo">{`Reporte ${view.radicado}`}</h2>
      <p>
        {`${kindLabel(channel, view.kind)} · recibido el ${when(view.received_at)}. Estado actual: `}
        <strong>{statusLabel(channel, view.status)}</strong>.
      </p>
      <ol className="case-steps">
        {statuses.map((s, i) => {
          const at = reached.get(s.value);
          const current = s.value === view.status;
          const skipped = !at && i < currentIndex;
          return (
            <li
              key={s.value}
              className={current ? "case-step-current" : at ? "case-step-done" : skipped ? "case-step-skipped" : "case-step-pending"}
              aria-current={current ? "step" : undefined}
            >
              <span className="case-step-label">{s.label}</span>{" "}
              <span className="case-step-date">{at ? when(at) : skipped ? "no fue necesario" : "pendiente"}</span>
            </li>
          );
        })}
      </ol>
      <h3>{thread ? "Conversación" : "Notas del equipo"}</h3>
      {notes.length === 0 ? (
        <p>{thread ? "Todavía no hay respuestas ni información agregada." : "Todavía no hay notas para usted."}</p>
      ) : (
        <ul className="case-notes">
          {notes.map((n, i) => (
            <li key={i} className={n.from === "reportante" ? "case-note-reporter" : undefined}>
              <p className="case-note-date">
                {thread ? <strong>{n.from === "reportante" ? "Usted" : "Equipo"}</strong> : null}
                {thread ? " · " : ""}
                {formatBogota(n.at)}
                {n.status ? ` · ${statusLabel(channel, n.status)}` : ""}
              </p>
              <p className="case-note-text">{n.note}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
