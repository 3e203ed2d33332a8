/**
 * The table of terms the PQRS page shows before sending (docs/product.md §28): every legal term with the
 * due date it gives a request filed now, the chosen kind's row marked and its date said in words. Rendered
 * by the server with its clock (it works without JavaScript) and by the island with the browser's.
 */
import { type BusinessCalendar, closingText, restDays, workingDaysText } from "~/config/calendar";
import { businessCalendar, formatBogota, formatDay } from "~/platform/dates";
import { kindLabel } from "~/features/cases/model";
import { termsTable, TERMS } from "./clock";
import { type RequestKind, requestsChannel, TERM_OF } from "./channel";

/** How the days are counted, in the visitor's words, from the company's calendar (ADR 019; product rule 36). */
export function countingRule(calendar: BusinessCalendar): string {
  const rest = [...restDays(calendar).map((d) => `un ${d}`), "un festivo"].join(", ");
  return `Contamos días hábiles: ${workingDaysText(calendar)}, sin los festivos de Colombia. El día en que llega su solicitud no cuenta: el plazo empieza el siguiente día hábil, salvo en una consulta sobre datos personales, que la ley cuenta desde la fecha de recibo (ese mismo día, si es hábil y llega antes del cierre de la oficina: ${closingText(calendar)}). Si la presenta ${rest} o después del cierre, guardamos la fecha y la hora reales en que llegó, y el plazo empieza el siguiente día hábil. La fecha límite termina a la medianoche, hora de Colombia.`;
}

export function TermsTable({ now, selected }: { now: string; selected?: string }) {
  if (!now) return null;
  const rows = termsTable(now);
  const kind = selected && selected in TERM_OF ? (selected as RequestKind) : undefined;
  const chosen = kind ? rows.find((r) => r.id === TERM_OF[kind]) : undefined;
  return (
    <section className="pqrs-terms" aria-labelledby="plazos-titulo">
      <h3 id="plazos-titulo">Plazos de respuesta</h3>
      <p className="pqrs-term-chosen" aria-live="polite">
        {kind && chosen ? (
          <>
            {`${kindLabel(requestsChannel, kind)}: le respondemos en ${chosen.days} días hábiles (${TERMS[chosen.id].law}). Si la envía ahora, a más tardar el `}
            <strong>{formatDay(chosen.dueDay)}</strong>.
          </>
        ) : (
          "Elija qué quiere presentar para ver su plazo y la fecha límite de la respuesta."
        )}
      </p>
      <div className="pqrs-terms-wrap">
        <table className="pqrs-terms-table">
          <caption>{`Si la presenta ahora (${formatBogota(now)}, hora de Colombia)`}</caption>
          <thead>
            <tr>
              <th scope="col">Tipo</th>
              <th scope="col">Plazo</th>
              <th scope="col">Fecha límite</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} className={chosen?.id === r.id ? "pqrs-term-selected" : undefined}>
                <th scope="row">{r.label}</th>
                <td data-label="Plazo">{`${r.days} días hábiles (${r.law})`}</td>
                <td data-label="Fecha límite">{formatDay(r.dueDay)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="pqrs-terms-rule">{countingRule(businessCalendar())}</p>
    </section>
  );
}
