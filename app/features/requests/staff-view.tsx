import { useLoaderData } from "react-router";
import { businessDaysText } from "~/config/calendar";
import { bogotaDay, businessCalendar, formatBogota, formatDay } from "~/platform/dates";
import { mailStateLabel } from "~/platform/outbox-status";
import { kindLabel, staffStatusLabel, staffStatuses } from "~/features/cases/model";
import { CaseHeading, CaseHistory, CaseNoteForm, HeldFlag, CaseList } from "~/features/cases/staff-views";
import { pausedRule } from "./clock";
import { isDataKind, isOpen, requestsChannel } from "./channel";
import { FilterSelect } from "~/ui/filter-select";
import { StaffFilters } from "~/ui/staff-filters";
import { cappedCount, countLabel } from "~/platform/paging";
import { Pager } from "~/ui/pager";
import type { requestListPage, requestPage } from "./staff-actions.server";

const NOTICES: Record<string, string> = {
  estado: "Cambio guardado. Las notas visibles las lee la persona al consultar.",
  completar: "Se pidió completar la solicitud: el plazo quedó suspendido y la persona fue avisada por correo.",
  completada: "Quedó registrada la información recibida: el plazo se reanudó.",
  prorroga: "El plazo para completar quedó prorrogado y la persona fue avisada por correo.",
  ampliar: "El plazo quedó ampliado y la persona fue avisada por correo.",
  responder: "La respuesta quedó registrada, se envía por correo y la persona la ve al consultar.",
  cerrar: "La solicitud quedó cerrada.",
  exportar: "La exportación quedó generada: revísela antes de adjuntarla a la respuesta.",
  suprimido: "La supresión se ejecutó y quedó registrada en la solicitud.",
  "supresion-rechazada": "La supresión se rechazó: el motivo quedó registrado en la solicitud.",
  registrado: "El envío retenido quedó registrado como esta solicitud.",
};

const day = (iso: string | null) => (iso ? formatBogota(iso).slice(0, 10) : "");

/** A request's staff page: its legal clock, what the desk may do while it is open, the request and its mails. */
export function RequestStaffView() {
  const { request: r, events, mails, held, now, base, back, clock, notice } = useLoaderData<typeof requestPage>();
  const open = isOpen(r.status);
  const paused = r.status === "por_completar";
  const data = isDataKind(r.kind);
  const ask = clock.term.incomplete && clock.askUntil ? { rule: clock.term.incomplete, until: clock.askUntil } : null;
  const askOpen =
    ask !== null && open && !paused && !r.completion_requested_at && !r.extended_at && bogotaDay(now) <= ask.until && Boolean(r.due_at && now <= r.due_at);
  const rule = pausedRule(clock.term);
  const canExtend = open && !paused && !r.extended_at && Boolean(r.due_at && now <= r.due_at);
  return (
    <>
      <CaseHeading
        channel={requestsChannel}
        radicado={r.radicado}
        kind={r.kind}
        back={{ href: base, label: back }}
        notice={notice ? NOTICES[notice] : undefined}
        noun="Solicitud"
      />
      {held ? <HeldFlag held={held} /> : null}

      <h2>Reloj legal</h2>
      <dl className="admin-fields">
        <div>
          <dt>Recibida</dt>
          <dd>
            {formatBogota(r.received_at)} (hora de Colombia){clock.receivedInHours ? "" : ": fuera del horario hábil, cuenta desde el siguiente día hábil"}
          </dd>
        </div>
        <div>
          <dt>Plazo</dt>
          <dd>
            {clock.term.days} días hábiles ({clock.term.law}), contados desde el {formatDay(r.first_day)}; hábiles {businessDaysText(businessCalendar())}
          </dd>
        </div>
        <div className={clock.overdue ? "admin-overdue" : undefined}>
          <dt>Vence</dt>
          <dd>
            {r.answered_at
              ? `Respondida el ${formatBogota(r.answered_at)}${r.due_at && r.answered_at > r.due_at ? " (fuera de plazo)" : ""}`
              : paused
                ? `Suspendido desde el ${day(r.completion_requested_at)}: quedaban ${r.remaining_days} día(s) hábil(es)`
                : r.due_at
                  ? `${clock.overdue ? "VENCIDA. " : ""}${formatBogota(r.due_at)}`
                  : ""}
          </dd>
        </div>
        {r.extended_at ? (
          <div>
            <dt>Ampliación</dt>
            <dd>
              El {formatBogota(r.extended_at)}, hasta el {day(r.due_at)}. Motivo: {r.extension_reason}
            </dd>
          </div>
        ) : null}
        {r.completion_requested_at ? (
          <div className={clock.expired ? "admin-overdue" : undefined}>
            <dt>Pedido de completar</dt>
            <dd>
              El {formatBogota(r.completion_requested_at)}: {r.completion_request} Plazo para completarla: {formatDay(r.completion_deadline ?? "")}
              {r.completion_extended_at ? ` (prorrogado a pedido de la persona el ${formatBogota(r.completion_extended_at).slice(0, 10)})` : ""}
              {r.completed_at ? `. Completada el ${formatBogota(r.completed_at)}.` : clock.expired ? ". VENCIDO: se entiende que desistió." : "."}
            </dd>
          </div>
        ) : null}
      </dl>

      {open ? (
        <>
          {paused ? (
            <>
              <h2>Llegó la información que faltaba</h2>
              <p>
                Si la persona la envió por otro medio (correo, escrito), regístrelo aquí: el plazo se reanuda desde el día siguiente. Si la completa en
                CONSULTAR, se registra sola.
              </p>
              <form method="post" className="admin-form">
                <input type="hidden" name="accion" value="completada" />
                <div className="field">
                  <label htmlFor="c-informacion">Qué llegó y por qué medio (la persona lo lee al consultar)</label>
                  <textarea id="c-informacion" name="informacion" rows={3} maxLength={2000} required />
                </div>
                <button type="submit" className="button">
                  Registrar y reanudar el plazo
                </button>
              </form>
              {rule.extensionOnRequest && !r.completion_extended_at && !clock.expired ? (
                <form method="post" className="admin-form">
                  <input type="hidden" name="accion" value="prorroga" />
                  <p>
                    Si la persona pidió más tiempo antes del {formatDay(r.completion_deadline ?? "")}, la ley le permite una prórroga hasta por un plazo igual (
                    {rule.law}); se registra una vez. El nuevo plazo sería el {formatDay(clock.extensionDay ?? "")}.
                  </p>
                  <button type="submit" className="button button-secondary">
                    Registrar la prórroga que pidió
                  </button>
                </form>
              ) : null}
              {clock.expired ? (
                <form method="post" className="admin-form">
                  <input type="hidden" name="accion" value="cerrar" />
                  <input type="hidden" name="motivo_cierre" value="desistimiento" />
                  <p>La persona no completó la solicitud a tiempo: se entiende que desistió ({rule.law}).</p>
                  <button type="submit" className="button button-secondary">
                    Cerrar por desistimiento
                  </button>
                </form>
              ) : null}
            </>
          ) : null}

          {ask ? (
            <>
              <h2>Pedir que la complete</h2>
              {askOpen ? (
                <form method="post" className="admin-form">
                  <input type="hidden" name="accion" value="completar" />
                  <p>
                    Hasta el {formatDay(ask.until)} ({ask.rule.askWithinDays} días {ask.rule.askUnit === "business" ? "hábiles" : "calendario"} desde el recibo,{" "}
                    {ask.rule.law}). El plazo para responder se suspende hoy y se{" "}
                    {ask.rule.onComplete === "restart" ? "cuenta de nuevo completo" : "reanuda con los días que quedan"} desde el día siguiente a recibir lo que
                    falta; si no llega en {ask.rule.withdrawAfterMonths === 1 ? "un mes" : `${ask.rule.withdrawAfterMonths} meses`}, se entiende que desistió.
                  </p>
                  <div className="field">
                    <label htmlFor="p-faltante">Qué falta (se envía por correo y la persona lo lee al consultar)</label>
                    <textarea id="p-faltante" name="faltante" rows={3} maxLength={2000} required />
                  </div>
                  <button type="submit" className="button">
                    Pedir que la complete
                  </button>
                </form>
              ) : (
                <p>
                  {paused
                    ? "Ya se le pidió completarla."
                    : r.completion_requested_at
                      ? "Ya se le pidió completarla una vez."
                      : r.extended_at
                        ? "No disponible: el plazo ya se amplió."
                        : `No disponible: la ley permite pedirlo hasta el ${formatDay(ask.until)}.`}
                </p>
              )}
            </>
          ) : null}

          <h2>Ampliar el plazo</h2>
          {canExtend && clock.maxExtension ? (
            <form method="post" className="admin-form">
              <input type="hidden" name="accion" value="ampliar" />
              <p>
                Antes del vencimiento, una vez, hasta el {formatDay(clock.maxExtension)} como máximo ({clock.term.extensionLaw}). La persona recibe el aviso por
                correo de inmediato.
              </p>
              <div className="field">
                <label htmlFor="a-motivo">Motivo de la demora</label>
                <textarea id="a-motivo" name="motivo" rows={3} maxLength={1000} required />
              </div>
              <div className="field">
                <label htmlFor="a-fecha">Nueva fecha de respuesta</label>
                <input id="a-fecha" name="fecha" type="date" required min={r.due_at ? bogotaDay(r.due_at) : undefined} max={clock.maxExtension} />
              </div>
              <button type="submit" className="button">
                Ampliar y avisar
              </button>
            </form>
          ) : (
            <p>
              {r.extended_at
                ? "El plazo ya se amplió una vez."
                : paused
                  ? "No disponible mientras el plazo está suspendido."
                  : "No disponible: el plazo ya venció. La ley exige avisar la ampliación antes del vencimiento; responda cuanto antes."}
            </p>
          )}

          {data ? (
            <>
              <h2>Datos de la persona</h2>
              <p>
                Verifique la identidad de quien pide (política de datos, sección 10) antes de entregar o suprimir. La búsqueda usa el correo {r.correo ?? "—"} y
                el documento {r.documento ?? "—"}.
              </p>
              <form method="post" className="admin-form">
                <input type="hidden" name="accion" value="exportar" />
                <p>
                  {r.export_at ? (
                    <>
                      Exportación generada el {formatBogota(r.export_at)}: <a href={`${base}/${r.id}/exportacion.json`}>descargarla para revisarla</a>.
                    </>
                  ) : (
                    "Reúne en un archivo todo lo que el sitio guarda de esta persona (mensajes, reportes de los que es sujeto si su rol los abre, solicitudes, cada uno con su autorización y la versión de la política) para adjuntarlo a la respuesta."
                  )}
                </p>
                <button type="submit" className="button button-secondary">
                  {r.export_at ? "Generar de nuevo" : "Generar la exportación"}
                </button>
              </form>
              {r.kind === "datos_supresion" || r.kind === "datos_revocatoria" ? (
                r.deletion_at ? (
                  <p className="admin-notice">
                    Supresión del {formatBogota(r.deletion_at)}: {r.deletion_summary}
                  </p>
                ) : (
                  <form method="post" className="admin-form admin-danger">
                    <input type="hidden" name="accion" value="suprimir" />
                    <p>
                      Suprime los mensajes de esta persona. Lo que la ley obliga a conservar (reportes de incidentes, solicitudes como prueba de la respuesta)
                      se conserva, y nada se suprime si hay una retención legal sobre sus datos; el resultado queda registrado aquí para la respuesta.
                    </p>
                    <div className="field field-consent">
                      <input id="s-confirmar" name="confirmar" type="checkbox" value="si" required />
                      <label htmlFor="s-confirmar">Verifiqué la identidad de la persona y esta acción no se puede deshacer.</label>
                    </div>
                    <button type="submit" className="button">
                      Ejecutar la supresión
                    </button>
                  </form>
                )
              ) : null}
            </>
          ) : null}

          <h2>Responder</h2>
          <form method="post" className="admin-form">
            <input type="hidden" name="accion" value="responder" />
            <div className="field">
              <label htmlFor="r-respuesta">Respuesta {r.correo ? `(se envía a ${r.correo} y` : "(la persona no dio correo:"} se ve al consultar)</label>
              <textarea id="r-respuesta" name="respuesta" rows={8} maxLength={10000} required />
            </div>
            {data && r.export_at && r.correo ? (
              <div className="field field-consent">
                <input id="r-adjuntar" name="adjuntar" type="checkbox" value="si" />
                <label htmlFor="r-adjuntar">
                  Adjuntar la exportación generada el {formatBogota(r.export_at)} (datos-{r.radicado}.json)
                </label>
              </div>
            ) : null}
            <button type="submit" className="button">
              Responder
            </button>
          </form>
        </>
      ) : null}

      {r.status === "respondido" ? (
        <form method="post" className="admin-form">
          <input type="hidden" name="accion" value="cerrar" />
          <input type="hidden" name="motivo_cierre" value="respondida" />
          <h2>Cerrar</h2>
          <p>Cierre la solicitud cuando no quede nada por hacer. {data ? "La exportación guardada se borra al cerrar." : ""}</p>
          <button type="submit" className="button button-secondary">
            Cerrar la solicitud
          </button>
        </form>
      ) : null}

      {r.answer ? (
        <>
          <h2>Respuesta enviada</h2>
          <p>{formatBogota(r.answered_at)}</p>
          <p className="admin-message-text">{r.answer}</p>
        </>
      ) : null}

      <h2>Estado y notas</h2>
      <p>
        Estado actual: <strong>{staffStatusLabel(requestsChannel, r.status)}</strong>
      </p>
      <CaseHistory channel={requestsChannel} events={events} visibleLabel="nota visible para la persona" />
      <CaseNoteForm
        channel={{
          ...requestsChannel,
          statuses: requestsChannel.statuses.filter((s) => s.value === r.status || (r.status === "recibido" && s.value === "en_tramite")),
        }}
        idPrefix="e"
        status={r.status}
        statusFieldLabel="Estado"
        noteLabel="Nota"
        internalLabel="Solo el personal (nota interna)"
        visibleLabel="También la persona, al CONSULTAR"
      />

      <h2>La solicitud</h2>
      <dl className="admin-fields">
        <div>
          <dt>Tipo</dt>
          <dd>{kindLabel(requestsChannel, r.kind)}</dd>
        </div>
        {r.anonymous ? (
          <div>
            <dt>Quién</dt>
            <dd>Anónima (una queja o sugerencia sin datos de quien la presenta)</dd>
          </div>
        ) : (
          (
            [
              ["Nombre", r.nombre],
              ["Documento", [r.tipo_documento, r.documento].filter(Boolean).join(" ")],
              ["Correo", r.correo],
              ["Celular", r.celular],
            ] as const
          )
            .filter(([, v]) => v)
            .map(([k, v]) => (
              <div key={k}>
                <dt>{k}</dt>
                <dd>{v}</dd>
              </div>
            ))
        )}
      </dl>
      <p className="admin-message-text">{r.descripcion}</p>
      <h2>Autorización de datos personales</h2>
      <p>{r.consent_at ? `Aceptada el ${formatBogota(r.consent_at)}, política versión ${r.policy_version}.` : "No aplica: no dio datos personales."}</p>
      <h2>Correos</h2>
      <ul>
        {mails.map((m) => (
          <li key={m.id}>
            {m.subject ? `«${m.subject}» · ` : ""}
            {m.recipients}: {mailStateLabel(m.status)}
            {m.sent_at ? ` el ${formatBogota(m.sent_at)}` : ""}
            {m.attachment_name ? ` · adjunto ${m.attachment_name}` : ""}
            {m.last_error ? ` (último error: ${m.last_error})` : ""}
          </li>
        ))}
      </ul>
    </>
  );
}

/** A desk's list of requests, with its filters and the count of held posts. */
export function RequestListView() {
  const { rows, total, overdue, expired, page, query, held, status, kind, base, title, kinds } = useLoaderData<typeof requestListPage>();
  return (
    <>
      <h1>{title}</h1>
      <StaffFilters label="Filtrar solicitudes" active={Boolean(kind || status)} clearHref={base}>
        <FilterSelect id="q-tipo" name="tipo" label="Tipo" value={kind} all="Todos" options={kinds} />
        <FilterSelect id="q-estado" name="estado" label="Estado" value={status} all="Todos" options={staffStatuses(requestsChannel.statuses)} />
      </StaffFilters>
      <p className="admin-summary">
        {countLabel(total, "solicitud", "solicitudes")}
        {overdue ? <strong className="admin-overdue-count"> · {cappedCount(overdue)} vencida(s)</strong> : null}
        {expired ? <strong> · {cappedCount(expired)} sin completar a tiempo (se pueden cerrar por desistimiento)</strong> : null} ·{" "}
        <a href={`${base}/retenidos`}>{held ? <strong>{held} envío(s) retenido(s) en PQRS</strong> : "Envíos retenidos"}</a>
      </p>
      <CaseList
        rows={rows}
        href={(r) => `${base}/${r.id}`}
        caption="Solicitudes: primero las abiertas por fecha de vencimiento (las vencidas primero), luego las que esperan a la persona, luego las respondidas y cerradas"
        rowClass={(r) => (r.overdue ? "admin-row-overdue" : undefined)}
        empty="No hay solicitudes con este filtro."
        columns={[
          { header: "Tipo", cell: (r) => kindLabel(requestsChannel, r.kind) },
          { header: "Recibida", cell: (r) => formatBogota(r.received_at) },
          { header: "Quién", cell: (r) => (r.anonymous ? <span className="admin-muted">Anónima</span> : r.nombre) },
          { header: "Estado", cell: (r) => staffStatusLabel(requestsChannel, r.status) },
          {
            header: "Vence",
            cell: (r) =>
              r.status === "por_completar" ? (
                r.expired ? (
                  <strong>Plazo para completar vencido el {r.completion_deadline?.split("-").reverse().join("/")}</strong>
                ) : (
                  `Suspendido: la persona tiene hasta el ${r.completion_deadline?.split("-").reverse().join("/")} para completarla`
                )
              ) : r.answered_at ? (
                `Respondida el ${formatBogota(r.answered_at).slice(0, 10)}`
              ) : r.due_at ? (
                r.overdue ? (
                  <strong>VENCIDA: {formatBogota(r.due_at).slice(0, 10)}</strong>
                ) : (
                  `${formatBogota(r.due_at).slice(0, 10)}${r.extended_at ? " (ampliado)" : ""}`
                )
              ) : (
                ""
              ),
          },
        ]}
      />
      <Pager query={query} page={page} />
    </>
  );
}
