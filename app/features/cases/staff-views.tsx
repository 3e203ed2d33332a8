/**
 * The staff pages of every case channel share these pieces: the list (a table that stacks into one
 * card per case on a phone, each cell labelled), the case's heading, its history, and the form that
 * changes the status and writes a note. A channel passes its own columns, labels and actions.
 */
import type { ReactNode } from "react";
import { bogotaDay, formatBogota, formatDay } from "~/platform/dates";
import { type ChannelDef, kindLabel, staffStatuses, staffStatusLabel, statusesFor } from "./model";

export interface CaseColumn<R> {
  header: string;
  cell(row: R): ReactNode;
}

interface ListedCase {
  id: number | undefined;
  radicado: string;
}

/** The channel's cases, one row each; `rowClass` marks a row (overdue, waiting for an answer). */
export function CaseList<R extends ListedCase>({
  rows,
  href,
  caption,
  columns,
  rowClass,
  empty = "No hay reportes con este filtro.",
}: {
  rows: R[];
  href: (row: R) => string;
  caption: string;
  columns: CaseColumn<R>[];
  rowClass?: (row: R) => string | undefined;
  /** What an empty list says (a channel of requests says "solicitudes"). */
  empty?: string;
}) {
  if (rows.length === 0) return <p>{empty}</p>;
  return (
    <div className="admin-table-wrap">
      <table className="admin-table admin-table-stacked">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Radicado</th>
            {columns.map((c) => (
              <th key={c.header} scope="col">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} className={rowClass?.(r) || undefined}>
              <th scope="row" data-label="Radicado">
                <a href={href(r)}>{r.radicado}</a>
              </th>
              {columns.map((c) => (
                <td key={c.header} data-label={c.header}>
                  {c.cell(r)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Back link, "Reporte <radicado> · <kind>" (or the channel's own noun), and the notice of the last action. */
export function CaseHeading({
  channel,
  radicado,
  kind,
  back,
  notice,
  noun = "Reporte",
}: {
  channel: ChannelDef;
  radicado: string;
  kind: string;
  back: { href: string; label: string };
  notice?: string;
  noun?: string;
}) {
  return (
    <>
      <p>
        <a href={back.href}>← {back.label}</a>
      </p>
      <h1>
        {noun} <span className="case-id">{radicado}</span> · {kindLabel(channel, kind)}
      </h1>
      {notice ? (
        <p className="admin-notice" role="status">
          {notice}
        </p>
      ) : null}
    </>
  );
}

/** A case that came from a post held by the spam trap (ADR 017) says so on its page. */
export function HeldFlag({ held }: { held: { id: number | undefined; received_at: string; decided_by: string | null } }) {
  return (
    <p className="admin-flag">
      Llegó el {formatBogota(held.received_at)} con el campo trampa lleno y quedó retenido (n.º {held.id}); {held.decided_by} lo revisó y lo registró como
      reporte. Por eso quien reportó no vio un radicado al enviarlo.
    </p>
  );
}

interface CaseEvent {
  id: number | undefined;
  at: string;
  author: string;
  status: string | null;
  note: string | null;
  visible: number;
}

/** The case's dated history: status changes and notes, each marked internal or visible to the reporter. */
export function CaseHistory({ channel, events, visibleLabel }: { channel: ChannelDef; events: CaseEvent[]; visibleLabel: string }) {
  return (
    <ol className="admin-history">
      {events.map((e) => (
        <li key={e.id}>
          {/* A confidential channel (the ethics line) keeps when a report arrived to the day only. */}
          {channel.confidential && e.author === "sistema" ? formatDay(bogotaDay(e.at)) : formatBogota(e.at)} ·{" "}
          {e.author === "reportante" ? "Quien reportó" : e.author}
          {e.status ? ` · ${staffStatusLabel(channel, e.status)}` : ""}
          {e.note ? (
            <>
              {" "}
              ·{" "}
              <span className={e.visible ? "admin-note-visible" : "admin-note-internal"}>
                {e.author === "reportante" ? "información agregada" : e.visible ? visibleLabel : "nota interna"}
              </span>
              <span className="admin-message-text">{e.note}</span>
            </>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/**
 * A new status and/or a note. The note is internal unless the person chooses, explicitly, that the
 * reporter reads it through CONSULTAR.
 */
export function CaseNoteForm({
  channel,
  kind,
  idPrefix,
  status,
  statusFieldLabel = "Estado",
  noteLabel,
  internalLabel,
  visibleLabel,
}: {
  channel: ChannelDef;
  /** The case's kind: only its own steps are offered. */
  kind?: string;
  idPrefix: string;
  status: string;
  statusFieldLabel?: string;
  noteLabel: string;
  internalLabel: string;
  visibleLabel: string;
}) {
  return (
    <form method="post" className="admin-form">
      <input type="hidden" name="accion" value="estado" />
      <div className="field">
        <label htmlFor={`${idPrefix}-estado`}>{statusFieldLabel}</label>
        <select id={`${idPrefix}-estado`} name="estado" defaultValue={status}>
          {staffStatuses(kind ? statusesFor(channel, kind) : channel.statuses).map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-nota`}>{noteLabel}</label>
        <textarea id={`${idPrefix}-nota`} name="nota" rows={4} maxLength={2000} />
      </div>
      <fieldset className="field">
        <legend>¿Quién la lee?</legend>
        <p className="field-hint">El estado y su fecha siempre los ve quien reportó; una nota interna solo la lee el personal.</p>
        <label className="admin-check">
          <input type="radio" name="visible" value="no" defaultChecked /> {internalLabel}
        </label>
        <label className="admin-check">
          <input type="radio" name="visible" value="si" /> {visibleLabel}
        </label>
      </fieldset>
      <button type="submit" className="button">
        Guardar
      </button>
    </form>
  );
}
