import { useLoaderData } from "react-router";
import { businessDaysText } from "~/config/calendar";
import { bogotaDayAndTime, businessCalendar, formatBogota, formatDay } from "~/platform/dates";
import { mailStateLabel } from "~/platform/outbox-status";
import { isSevere, noticesDue, SEVERITIES, type Severity } from "./deadlines";
import { statusLabel, kindLabel } from "~/features/cases/model";
import { FURAT_BUSINESS_DAYS, incidentChannel, INVESTIGATION_DAYS } from "./channel";
import { CaseHeading, CaseHistory, CaseNoteForm, HeldFlag, CaseList } from "~/features/cases/staff-views";
import { f, HEALTH_FIELDS } from "./incident-form";
import { displayValue } from "~/forms/fields";
import { useSite } from "~/config/site-data";
import type { incidentPage, incidentListPage } from "./staff-actions.server";
import { FilterSelect } from "~/ui/filter-select";
import { StaffFilters } from "~/ui/staff-filters";
import { cappedCount, countLabel } from "~/platform/paging";
import { Pager } from "~/ui/pager";

/** Who reported, as the late-report letter names them. */
const REPORTER_LABELS: Record<string, string> = {
  trabajador: "el trabajador afectado",
  companero: "un compañero de trabajo",
  empresa_usuaria: "la empresa usuaria",
  otro: "otra persona",
};

const NOTICES: Record<string, string> = {
  estado: "Cambio guardado. Las notas visibles las lee quien reportó al consultar.",
  furat: "Quedó registrada la radicación del FURAT en la ARL.",
  aviso: "Quedó registrado el aviso.",
  gravedad: "Quedó registrada la gravedad.",
  conocimiento: "Quedó registrado cuándo lo conoció la empresa.",
  registrado: "El envío retenido quedó registrado como este reporte.",
};

const bogotaInput = bogotaDayAndTime;

/** A notice's reference as typed: "n.º" only before a number ("n.º 4455-2026"), a free text as is ("Entregada en mano"). */
const referenceText = (reference: string) => (/^\S*\d\S*$/.test(reference) ? `n.º ${reference}` : reference);

/** An incident's staff page: the legal clocks and notices, the report, its history and mails. */
export function IncidentStaffView() {
  const { report: r, events, mails, given, held, now, notice } = useLoaderData<typeof incidentPage>();
  const due = noticesDue(r, useSite().accidentNotice.ministryForAll);
  const lateOnArrival = Boolean(r.furat_due_at && r.received_at > r.furat_due_at);
  const lateText = `El accidente de trabajo de ${r.trabajador_nombre} (${r.trabajador_tipo_documento} ${r.trabajador_documento}) ocurrió el ${formatDay(r.fecha)} a las ${r.hora} en ${r.lugar} (${r.empresa_usuaria}, ${r.sede}). La empresa tuvo conocimiento el ${formatBogota(r.learned_at)}, por ${REPORTER_LABELS[r.reporta_relacion] ?? "otra persona"}${r.reporta_nombre ? ` (${r.reporta_nombre})` : ""}, mediante el reporte ${r.radicado}. El informe se presenta después de los dos días hábiles siguientes al accidente por esa razón.`;
  const investigationOverdue = r.status !== incidentChannel.closed && r.investigation_due_at < now;
  const rows = (fields: { name: string; staffLabel: string }[]) =>
    fields.map((field) => [field.staffLabel, displayValue(field as never, r[field.name as keyof typeof r] as string | null)] as const).filter(([, v]) => v);
  const learned = bogotaInput(r.learned_at);
  return (
    <>
      <CaseHeading
        channel={incidentChannel}
        radicado={r.radicado}
        kind={r.kind}
        back={{ href: "/admin/reportes", label: "Volver a los reportes" }}
        notice={notice ? NOTICES[notice] : undefined}
      />
      {held ? <HeldFlag held={held} /> : null}

      <h2>Reloj legal</h2>
      <dl className="admin-fields">
        <div>
          <dt>Ocurrió</dt>
          <dd>
            {formatDay(r.fecha)} {r.hora}
          </dd>
        </div>
        <div>
          <dt>La empresa lo conoció</dt>
          <dd>{formatBogota(r.learned_at)} (queda registrado; no mueve los plazos, que corren desde el accidente)</dd>
        </div>
        <div className={investigationOverdue ? "admin-overdue" : undefined}>
          <dt>Investigación</dt>
          <dd>
            {investigationOverdue ? "VENCIDA. " : ""}Plazo: {formatBogota(r.investigation_due_at)} ({INVESTIGATION_DAYS} días después del evento, Res. 1401 de
            2007 art. 4. La resolución no dice si son hábiles o calendario: contamos días calendario, la lectura más estricta.)
            {isSevere(r.severity)
              ? " Accidente grave o mortal: la investigación la hace un equipo con un profesional con licencia en seguridad y salud en el trabajo (art. 7) y su informe va a la ARL dentro de los mismos 15 días (art. 14)."
              : ""}
          </dd>
        </div>
      </dl>
      {r.furat_due_at ? (
        <>
          <table className="admin-table admin-table-stacked admin-notices">
            <caption>
              Avisos que debe el accidente: {FURAT_BUSINESS_DAYS} días hábiles siguientes al accidente, sin contar el día del accidente; hábiles{" "}
              {businessDaysText(businessCalendar())}, los días de la empresa (la ley no aclara si el sábado cuenta para este plazo: contarlo es la lectura más
              estricta).
            </caption>
            <thead>
              <tr>
                <th scope="col">Aviso</th>
                <th scope="col">Plazo</th>
                <th scope="col">Estado</th>
              </tr>
            </thead>
            <tbody>
              {due.map((d) => {
                const done = given.find((g) => g.notice === d.notice);
                const late = !done && d.dueAt < now;
                return (
                  <tr key={d.notice} className={late ? "admin-row-overdue" : undefined}>
                    <th scope="row" data-label="Aviso">
                      {d.label}
                    </th>
                    <td data-label="Plazo">
                      {formatBogota(d.dueAt)}
                      <br />
                      <span className="admin-muted">{d.basis}</span>
                    </td>
                    <td data-label="Estado">
                      {done ? (
                        `Hecho el ${formatDay(done.filed_on)}${done.reference ? `, ${referenceText(done.reference)}` : ""}`
                      ) : late ? (
                        <strong>VENCIDO</strong>
                      ) : (
                        "Pendiente"
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {lateOnArrival ? (
            <div className="admin-flag">
              <p>
                <strong>El reporte llegó con el plazo del FURAT ya vencido.</strong> Para la radicación extemporánea ante la ARL (y la EPS y la Dirección
                Territorial) puede usar este texto:
              </p>
              <p className="admin-message-text">{lateText}</p>
            </div>
          ) : null}
          <form method="post" className="admin-form">
            <input type="hidden" name="accion" value="aviso" />
            <div className="field">
              <label htmlFor="n-aviso">Aviso dado</label>
              <select id="n-aviso" name="aviso">
                {due.map((d) => (
                  <option key={d.notice} value={d.notice}>
                    {d.label}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="n-fecha">Fecha en que se dio</label>
              <input id="n-fecha" name="fecha" type="date" required />
            </div>
            <div className="field">
              <label htmlFor="n-numero">Número de radicado o cómo se entregó</label>
              <input id="n-numero" name="referencia" type="text" maxLength={60} />
            </div>
            <button type="submit" className="button">
              Registrar aviso
            </button>
          </form>
          <h3>Gravedad (Res. 1401 de 2007 art. 3)</h3>
          <p>
            {r.severity ? `Clasificado como: ${SEVERITIES[r.severity as Severity]}.` : "Sin clasificar."} Un accidente grave o mortal suma el informe de la
            investigación a la ARL y la composición del equipo investigador.
          </p>
          <form method="post" className="admin-form">
            <input type="hidden" name="accion" value="gravedad" />
            <div className="field">
              <label htmlFor="g-gravedad">Gravedad</label>
              <select id="g-gravedad" name="gravedad" defaultValue={r.severity ?? ""}>
                <option value="">Sin clasificar</option>
                {(["accidente", "grave", "mortal"] as const).map((k) => (
                  <option key={k} value={k}>
                    {SEVERITIES[k]}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="button button-secondary">
              Guardar gravedad
            </button>
          </form>
        </>
      ) : (
        <p>Un incidente sin lesión no se reporta con FURAT; solo se investiga.</p>
      )}

      <h2>Estado y notas</h2>
      <p>
        Estado actual: <strong>{statusLabel(incidentChannel, r.status)}</strong>
      </p>
      <CaseHistory channel={incidentChannel} events={events} visibleLabel="nota visible para quien reportó" />
      <CaseNoteForm
        channel={incidentChannel}
        kind={r.kind}
        idPrefix="e"
        status={r.status}
        statusFieldLabel="Nuevo estado"
        noteLabel="Nota (opcional si cambia el estado)"
        internalLabel="Solo el personal (nota interna)"
        visibleLabel="También quien reportó, al CONSULTAR (no escriba datos de salud)"
      />

      <h2>Cuándo lo conoció la empresa</h2>
      <p>
        Por defecto, cuando llegó el reporte web. Si la empresa supo antes (por ejemplo, por teléfono), corríjalo: queda registrado para la justificación de un
        reporte tardío. Los plazos no cambian: corren desde el accidente.
      </p>
      <form method="post" className="admin-form">
        <input type="hidden" name="accion" value="conocimiento" />
        <div className="field">
          <label htmlFor="c-fecha">Fecha</label>
          <input id="c-fecha" name="fecha_conocimiento" type="date" required defaultValue={learned.day} />
        </div>
        <div className="field">
          <label htmlFor="c-hora">Hora</label>
          <input id="c-hora" name="hora_conocimiento" type="time" required defaultValue={learned.time} />
        </div>
        <button type="submit" className="button button-secondary">
          Guardar cuándo lo conoció
        </button>
      </form>

      <h2>El reporte</h2>
      <dl className="admin-fields">
        {rows([f.reporta_relacion, f.reporta_nombre, f.reporta_celular, f.reporta_correo]).map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
        {rows([f.trabajador_nombre, f.trabajador_tipo_documento, f.trabajador_documento, f.trabajador_celular, f.trabajador_correo]).map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
        {rows([f.empresa_usuaria, f.sede, f.fecha, f.hora, f.lugar]).map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
        <div>
          <dt>Recibido</dt>
          <dd>{formatBogota(r.received_at)}</dd>
        </div>
      </dl>
      <h3>Qué pasó</h3>
      <p className="admin-message-text">{r.descripcion}</p>
      {r.testigos ? (
        <>
          <h3>Testigos</h3>
          <p className="admin-message-text">{r.testigos}</p>
        </>
      ) : null}
      <h2>Datos de salud</h2>
      {r.sensitive_consent_at ? (
        <>
          <p>Autorización expresa de datos sensibles: {formatBogota(r.sensitive_consent_at)}.</p>
          <dl className="admin-fields">
            {rows(HEALTH_FIELDS.map((name) => f[name])).map(([k, v]) => (
              <div key={k}>
                <dt>{k}</dt>
                <dd>{v}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : (
        <p>Quien reportó no dio datos de salud (o no autorizó su tratamiento, y no se guardaron).</p>
      )}
      <h2>Autorización de datos personales</h2>
      <p>
        Aceptada el {formatBogota(r.consent_at)}, política versión {r.policy_version}.
      </p>
      <h2>Correos</h2>
      <ul>
        {mails.map((m) => (
          <li key={m.id}>
            {m.recipients}: {mailStateLabel(m.status)}
            {m.sent_at ? ` el ${formatBogota(m.sent_at)}` : ""}
            {m.last_error ? ` (último error: ${m.last_error})` : ""}
          </li>
        ))}
      </ul>
    </>
  );
}

/** Incident and accident reports: overdue FURATs first and highlighted, then the newest. */
export function IncidentListView() {
  const { rows, total, overdue, page, query, held, status, kind } = useLoaderData<typeof incidentListPage>();
  return (
    <>
      <h1>Reportes de incidentes y accidentes de trabajo</h1>
      <StaffFilters label="Filtrar reportes" active={Boolean(kind || status)} clearHref="/admin/reportes">
        <FilterSelect
          id="r-tipo"
          name="tipo"
          label="Tipo"
          value={kind}
          all="Todos"
          options={[
            { value: "accidente", label: "Accidentes" },
            { value: "incidente", label: "Incidentes" },
          ]}
        />
        <FilterSelect id="r-estado" name="estado" label="Estado" value={status} all="Todos" options={incidentChannel.statuses} />
      </StaffFilters>
      <p className="admin-summary">
        {countLabel(total, "reporte", "reportes")}
        {overdue ? <strong className="admin-overdue-count"> · {cappedCount(overdue)} con el FURAT vencido</strong> : null} ·{" "}
        <a href="/admin/reportes.csv">Exportar a CSV (Excel)</a> ·{" "}
        <a href="/admin/reportes/retenidos">{held ? <strong>{held} envío(s) retenido(s) por revisar</strong> : "Envíos retenidos"}</a>
      </p>
      <CaseList
        rows={rows}
        href={(r) => `/admin/reportes/${r.id}`}
        caption="Reportes: primero los que tienen el FURAT vencido, luego del más reciente al más antiguo"
        rowClass={(r) => (r.overdue ? "admin-row-overdue" : undefined)}
        columns={[
          { header: "Tipo", cell: (r) => kindLabel(incidentChannel, r.kind) },
          { header: "Recibido", cell: (r) => formatBogota(r.received_at) },
          {
            header: "Trabajador y empresa usuaria",
            cell: (r) => (
              <>
                {r.trabajador_nombre}
                <br />
                <span className="admin-muted">
                  {r.empresa_usuaria} · {r.sede}
                </span>
              </>
            ),
          },
          { header: "Estado", cell: (r) => statusLabel(incidentChannel, r.status) },
          {
            header: "Plazo FURAT",
            cell: (r) =>
              r.furat_due_at ? (
                r.overdue ? (
                  <>
                    <strong>VENCIDO: {formatBogota(r.furat_due_at)}</strong>
                    {r.arl_filed_at ? ` · radicado en la ARL el ${formatBogota(r.arl_filed_at).slice(0, 10)}; falta otro aviso` : null}
                  </>
                ) : r.arl_filed_at ? (
                  `Radicado el ${formatBogota(r.arl_filed_at).slice(0, 10)}`
                ) : (
                  formatBogota(r.furat_due_at)
                )
              ) : (
                "No aplica (incidente)"
              ),
          },
          { header: "Plazo investigación", cell: (r) => formatBogota(r.investigation_due_at) },
        ]}
      />
      <Pager query={query} page={page} />
    </>
  );
}
