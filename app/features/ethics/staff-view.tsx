import { useLoaderData } from "react-router";
import { ef } from "./ethics-form";
import { displayValue } from "~/forms/fields";
import { bogotaDay, formatBogota, formatDay } from "~/platform/dates";
import { kindLabel, statusLabel } from "~/features/cases/model";
import { COMMITTEE_DAYS, ETHICS_OWNERS, ethicsChannel, type Outcome, OUTCOMES } from "./channel";
import { CaseHeading, CaseHistory, CaseNoteForm, HeldFlag, CaseList } from "~/features/cases/staff-views";
import type { ethicsCasePage, ethicsListPage, ethicsStatisticsPage } from "./staff-actions.server";
import { FilterSelect } from "~/ui/filter-select";
import { StaffFilters } from "~/ui/staff-filters";
import { cappedCount, countLabel } from "~/platform/paging";
import { Pager } from "~/ui/pager";

const NOTICES: Record<string, string> = {
  registrado: "El envío retenido quedó registrado como este reporte.",
  estado: "Cambio guardado. Las respuestas las lee quien reportó al consultar; si dejó un correo, le avisamos sin el contenido.",
  reclasificado: "Categoría cambiada.",
  comite: "Quedó registrada la fecha en que el comité de la empresa usuaria tomó la queja.",
  resultado: "Quedó registrado cómo terminó el caso.",
};

const ROLE_NAMES = { cumplimiento: "el oficial de cumplimiento", convivencia: "el comité de convivencia", genero: "la persona referente de género" } as const;

/** An ethics case's staff page, for a reader of its category. */
export function EthicsStaffView() {
  const { report: r, held, notice, now } = useLoaderData<typeof ethicsCasePage>();
  const facts = [ef.cuando, ef.donde, ef.involucrados, ef.evidencia, ef.vinculo, ef.empresa_usuaria]
    .map((field) => [field.staffLabel, displayValue(field, r.content[field.name as keyof typeof r.content])] as const)
    .filter(([, v]) => v);
  return (
    <>
      <CaseHeading
        channel={ethicsChannel}
        radicado={r.radicado}
        kind={r.kind}
        back={{ href: "/admin/etica", label: "Volver a la línea ética" }}
        notice={notice ? NOTICES[notice] : undefined}
      />
      {held ? <HeldFlag held={held} /> : null}
      <dl className="admin-fields">
        <div>
          <dt>Recibido</dt>
          <dd>{formatDay(bogotaDay(r.received_at))}</dd>
        </div>
        <div>
          <dt>Estado</dt>
          <dd>{statusLabel(ethicsChannel, r.status)}</dd>
        </div>
        <div>
          <dt>Quién reporta</dt>
          <dd>
            {r.identified
              ? [r.content.nombre, r.content.correo, r.content.celular].filter(Boolean).join(" · ")
              : "Anónimo: no hay datos de quien reportó, ni su dirección IP ni su navegador."}
          </dd>
        </div>
      </dl>
      {r.committeeDueAt ? (
        <p className={r.status !== ethicsChannel.closed && r.committeeDueAt < now ? "admin-flag" : undefined}>
          {r.status !== ethicsChannel.closed && r.committeeDueAt < now ? <strong>VENCIDO. </strong> : null}
          Plazo del procedimiento del comité: {formatBogota(r.committeeDueAt)} ({COMMITTEE_DAYS} días calendario desde la queja, Res. 3461 de 2025).
        </p>
      ) : null}
      {r.committeeDueAt && r.content.vinculo === "mision" ? (
        <section aria-labelledby="ruta-mision">
          <h2 id="ruta-mision">Ruta de un trabajador en misión</h2>
          <p>
            La queja de un trabajador en misión la tramita el comité de convivencia laboral de la empresa usuaria
            {r.content.empresa_usuaria ? ` (${r.content.empresa_usuaria})` : ""}, con al menos un integrante del comité de esta empresa (Res. 3461 de 2025).{" "}
            {r.user_committee_engaged_on
              ? `El comité de la empresa usuaria la tomó el ${formatDay(r.user_committee_engaged_on)}.`
              : "Registre cuándo el comité de la empresa usuaria la tomó."}
          </p>
          <form method="post" className="admin-form">
            <input type="hidden" name="accion" value="comite_usuaria" />
            <div className="field">
              <label htmlFor="cu-fecha">Fecha en que el comité de la empresa usuaria tomó la queja</label>
              <input id="cu-fecha" name="fecha" type="date" required defaultValue={r.user_committee_engaged_on ?? ""} />
            </div>
            <button type="submit" className="button button-secondary">
              Registrar
            </button>
          </form>
        </section>
      ) : null}
      <h2>Qué pasó</h2>
      <p className="admin-message-text">{r.content.descripcion}</p>
      <dl className="admin-fields">
        {facts.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd className="admin-message-text">{v}</dd>
          </div>
        ))}
      </dl>

      <h2>Conversación e historial</h2>
      <CaseHistory channel={ethicsChannel} events={r.events} visibleLabel="respuesta visible para quien reportó" />
      <CaseNoteForm
        channel={ethicsChannel}
        idPrefix="le"
        status={r.status}
        noteLabel="Respuesta o nota (opcional si cambia el estado)"
        internalLabel="Solo quienes atienden esta categoría (nota interna)"
        visibleLabel="Quien reportó, al consultar con su radicado y su código (respuesta)"
      />

      <h2>Cómo terminó</h2>
      <p>
        {r.outcome ? `${OUTCOMES[r.outcome as Outcome]} (${formatBogota(r.outcome_at)}).` : "Sin registrar."}
        {r.measure ? ` Medida: ${r.measure}` : ""}
        {r.kind === "acoso_sexual" ? " Las cifras semestrales de la Ley 2365 de 2024 cuentan los casos con medida o sanción." : ""}
      </p>
      <form method="post" className="admin-form">
        <input type="hidden" name="accion" value="resultado" />
        <div className="field">
          <label htmlFor="r-resultado">Resultado</label>
          <select id="r-resultado" name="resultado" defaultValue={r.outcome ?? "archivado"}>
            {(Object.keys(OUTCOMES) as Outcome[]).map((k) => (
              <option key={k} value={k}>
                {OUTCOMES[k]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="r-medida">Medida o sanción aplicada (obligatoria si se comprobaron los hechos)</label>
          <textarea id="r-medida" name="medida" rows={3} maxLength={1000} />
        </div>
        <button type="submit" className="button button-secondary">
          Registrar resultado
        </button>
      </form>

      <h2>Categoría</h2>
      <p>
        Si el reporte corresponde a otra categoría, cámbiela. Si esa categoría la atiende otro rol, el reporte pasa a quien la atiende (
        {`${ROLE_NAMES.cumplimiento}, ${ROLE_NAMES.convivencia} o ${ROLE_NAMES.genero}`}), que recibe un aviso, y usted deja de verlo.
      </p>
      <form method="post" className="admin-form">
        <input type="hidden" name="accion" value="reclasificar" />
        <div className="field">
          <label htmlFor="le-categoria">Nueva categoría</label>
          <select id="le-categoria" name="categoria" defaultValue={r.kind}>
            {(Object.keys(ETHICS_OWNERS) as (keyof typeof ETHICS_OWNERS)[]).map((k) => (
              <option key={k} value={k}>
                {`${kindLabel(ethicsChannel, k)} (${ROLE_NAMES[ETHICS_OWNERS[k]]})`}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button-secondary">
          Cambiar categoría
        </button>
      </form>
    </>
  );
}

/** "Soborno o corrupción (PTEE)" → "soborno o corrupción (PTEE)": the acronyms keep their capitals. */
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** The ethics cases of the reader's categories. */
export function EthicsListView() {
  const { rows, total, waiting, overdue, page, query, kinds, status, kind } = useLoaderData<typeof ethicsListPage>();
  return (
    <>
      <h1>Línea ética</h1>
      <p>
        Reportes de {kinds.map((k) => lowerFirst(kindLabel(ethicsChannel, k))).join(", ")}. Cada apertura queda en la auditoría. ·{" "}
        <a href="/admin/etica/estadisticas">Estadísticas por semestre</a>
      </p>
      <StaffFilters label="Filtrar reportes de la línea ética" active={Boolean(kind || status)} clearHref="/admin/etica">
        <FilterSelect
          id="le-categoria"
          name="categoria"
          label="Categoría"
          value={kind}
          all="Todas"
          options={kinds.map((k) => ({ value: k, label: kindLabel(ethicsChannel, k) }))}
        />
        <FilterSelect id="le-estado" name="estado" label="Estado" value={status} all="Todos" options={ethicsChannel.statuses} />
      </StaffFilters>
      <p className="admin-summary">
        {countLabel(total, "reporte", "reportes")}
        {overdue ? <strong> · {cappedCount(overdue)} con el plazo del comité vencido</strong> : null}
        {waiting ? <strong> · {cappedCount(waiting)} con información nueva de quien reportó</strong> : null} ·{" "}
        <a href="/admin/etica/retenidos">Envíos retenidos para revisión</a>
        {kinds.includes("acoso_sexual") ? (
          <>
            {" "}
            · <a href="/admin/etica/cifras">Cifras semestrales de acoso sexual (Ley 2365 de 2024)</a>
          </>
        ) : null}
      </p>
      <CaseList
        rows={rows}
        href={(r) => `/admin/etica/${r.id}`}
        caption="Reportes de la línea ética, del más reciente al más antiguo"
        rowClass={(r) => (r.overdue ? "admin-row-overdue" : r.waiting ? "admin-row-new" : undefined)}
        columns={[
          { header: "Categoría", cell: (r) => kindLabel(ethicsChannel, r.kind) },
          // Stored to the day (ethics.server.ts receivedDay).
          { header: "Recibido", cell: (r) => formatDay(bogotaDay(r.received_at)) },
          { header: "Quién reporta", cell: (r) => (r.identified ? "Se identificó" : "Anónimo") },
          { header: "Estado", cell: (r) => statusLabel(ethicsChannel, r.status) },
          {
            header: "Plazo del comité",
            cell: (r) =>
              r.committeeDueAt ? r.overdue ? <strong>VENCIDO: {formatBogota(r.committeeDueAt)}</strong> : formatBogota(r.committeeDueAt) : "No aplica",
          },
          {
            header: "Última novedad",
            cell: (r) => (
              <>
                {formatBogota(r.updated_at)}
                {r.waiting ? (
                  <>
                    {" "}
                    <strong>· espera respuesta</strong>
                  </>
                ) : null}
              </>
            ),
          },
        ]}
      />
      <Pager query={query} page={page} />
    </>
  );
}

/** Counts per half-year, category and status, for the six-monthly figures (Ley 2365 de 2024): no personal data. */
export function EthicsStatisticsView() {
  const { periods } = useLoaderData<typeof ethicsStatisticsPage>();
  const statuses = ethicsChannel.statuses;
  return (
    <>
      <p>
        <a href="/admin/etica">← Volver a la línea ética</a>
      </p>
      <h1>Estadísticas de la línea ética</h1>
      <p>Reportes recibidos por semestre (enero a junio, julio a diciembre; hora de Colombia), por categoría y estado actual. Sin datos personales.</p>
      {periods.length === 0 ? <p>Todavía no hay reportes en sus categorías.</p> : null}
      {periods.map((p) => {
        const [year, half] = p.period.split("-");
        const title = `${half === "1" ? "Primer" : "Segundo"} semestre de ${year}`;
        return (
          <section key={p.period} aria-labelledby={`semestre-${p.period}`}>
            <h2 id={`semestre-${p.period}`}>{title}</h2>
            <div className="admin-table-wrap">
              <table className="admin-table">
                <caption className="visually-hidden">{`${title}: reportes por categoría y estado`}</caption>
                <thead>
                  <tr>
                    <th scope="col">Categoría</th>
                    {statuses.map((s) => (
                      <th key={s.value} scope="col">
                        {s.label}
                      </th>
                    ))}
                    <th scope="col">Total</th>
                  </tr>
                </thead>
                <tbody>
                  {p.rows.map((r) => (
                    <tr key={r.kind}>
                      <th scope="row">{kindLabel(ethicsChannel, r.kind)}</th>
                      {statuses.map((s) => (
                        <td key={s.value}>{r.counts[s.value] ?? 0}</td>
                      ))}
                      <td>{r.total}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        );
      })}
    </>
  );
}
