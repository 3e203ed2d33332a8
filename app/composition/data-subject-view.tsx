import { useActionData, useLoaderData } from "react-router";
import { formatBogota } from "~/platform/dates";
import { kindLabel, staffStatusLabel } from "~/features/cases/model";
import { requestsChannel } from "~/features/requests/channel";
import type { dataSubjectAction, dataSubjectPage } from "./data-subject-page.server";

const NOTICES: Record<string, string> = {
  retenido: "La retención quedó registrada: los datos de esta persona no se borran (ni por plazo ni por solicitud) hasta levantarla.",
  levantado: "La retención quedó levantada.",
};

/** Deletion of a person's messages on request (Ley 1581 de 2012, derecho de supresión), and holds on a person's records (ADR 019). */
export function DataSubjectView() {
  const { email, found, reports, requests, canIncidents, holds, held, deletionRequests, notice } = useLoaderData<typeof dataSubjectPage>();
  const done = useActionData<typeof dataSubjectAction>();
  const total = (found?.length ?? 0) + (reports?.length ?? 0) + (requests?.length ?? 0);
  return (
    <>
      <h1>Solicitudes de titulares</h1>
      <p>
        Cuando una persona pide suprimir sus datos, busque sus registros por el correo con el que escribió y elimínelos en nombre de su solicitud de supresión o
        de revocatoria (radicado PQ-…): toda eliminación atiende una solicitud abierta de esa persona, y lo que se hizo queda registrado en ella. Lo que la ley
        obliga a conservar no se elimina: se le dice a la persona qué se conserva, por qué norma y hasta cuándo. La auditoría guarda cuántos mensajes se
        eliminaron y el radicado, no su contenido ni el correo.
        {canIncidents
          ? " La búsqueda incluye los reportes de incidentes y accidentes, por el correo de quien reportó o del trabajador, o por el número de documento del trabajador; se conservan veinte años desde el fin de la relación laboral (Decreto 1072 de 2015, art. 2.2.4.6.13) y no se eliminan desde aquí."
          : ""}
      </p>
      {done ? (
        <div className="admin-notice" role="status">
          <p>{`Supresión de la solicitud ${done.radicado}: se eliminaron ${done.deleted} mensaje(s). Quedó registrada en la solicitud, y la persona lee lo que se conserva al consultarla.`}</p>
          <ul>
            {done.kept.map((k) => (
              <li key={k}>{k}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {notice && NOTICES[notice] ? (
        <p className="admin-notice" role="status">
          {NOTICES[notice]}
        </p>
      ) : null}
      <form method="get" className="admin-form" role="search" aria-label="Buscar mensajes de una persona">
        <div className="field">
          <label htmlFor="t-correo">{canIncidents ? "Correo o número de documento de la persona" : "Correo de la persona"}</label>
          <input id="t-correo" name="correo" type={canIncidents ? "text" : "email"} required defaultValue={email} />
        </div>
        <button type="submit" className="button">
          Buscar
        </button>
      </form>
      {found ? (
        <>
          {held.length > 0 ? (
            <div className="admin-flag">
              {held.map((h) => (
                <p key={h.id}>
                  <strong>Retenido por obligación legal</strong> (n.º {h.id}, {formatBogota(h.set_at)}, {h.set_by}): {h.reason}. Sus datos no se borran por
                  plazo ni por solicitud.
                </p>
              ))}
            </div>
          ) : null}
          {total === 0 ? (
            <p>
              No hay mensajes{canIncidents ? " ni reportes" : ""} de {email}.
            </p>
          ) : (
            <>
              <h2>Mensajes de {email}</h2>
              {found.length === 0 ? <p>Ninguno.</p> : null}
              <ul>
                {found.map((m) => (
                  <li key={m.id}>
                    <a href={`/admin/mensajes/${m.id}`}>
                      N.º {m.id} · {m.form === "cliente" ? "Cliente" : "Contacto"} · {formatBogota(m.received_at)}
                    </a>
                  </li>
                ))}
              </ul>
              {reports ? (
                <>
                  <h2>Reportes de incidentes de {email}</h2>
                  {reports.length === 0 ? <p>Ninguno.</p> : null}
                  <ul>
                    {reports.map((r) => (
                      <li key={r.id}>
                        <a href={`/admin/reportes/${r.id}`}>
                          {r.radicado} · {formatBogota(r.received_at)}
                        </a>
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
              {requests ? (
                <>
                  <h2>Solicitudes PQRS de {email}</h2>
                  {requests.length === 0 ? <p>Ninguna.</p> : null}
                  <ul>
                    {requests.map((q) => (
                      <li key={q.id}>
                        {q.kind.startsWith("datos_") ? <a href={`/admin/datos/${q.id}`}>{q.radicado}</a> : q.radicado} · {kindLabel(requestsChannel, q.kind)} ·{" "}
                        {staffStatusLabel(requestsChannel, q.status)} · {formatBogota(q.received_at)}
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
              {held.length === 0 ? (
                <form method="post" className="admin-form admin-danger">
                  <input type="hidden" name="accion" value="eliminar" />
                  <input type="hidden" name="correo" value={email} />
                  <div className="field">
                    <label htmlFor="t-radicado">Radicado de la solicitud de supresión o de revocatoria que atiende</label>
                    <input id="t-radicado" name="radicado" type="text" maxLength={40} required list="t-radicados" aria-describedby="t-radicado-ayuda" />
                    <datalist id="t-radicados">
                      {deletionRequests.map((r) => (
                        <option key={r} value={r} />
                      ))}
                    </datalist>
                    <p id="t-radicado-ayuda" className="field-hint">
                      {deletionRequests.length > 0
                        ? `Solicitudes abiertas de esta persona: ${deletionRequests.join(", ")}.`
                        : "Esta persona no tiene una solicitud de supresión o de revocatoria abierta: regístrela por PQRS antes de eliminar."}
                    </p>
                  </div>
                  <div className="field field-consent">
                    <input id="t-confirmar" name="confirmar" type="checkbox" value="si" required />
                    <label htmlFor="t-confirmar">Confirmo que la persona pidió suprimir sus datos y que esta acción no se puede deshacer.</label>
                  </div>
                  <button type="submit" className="button">
                    Eliminar {found.length} mensaje(s){reports?.length ? ` (se conservan ${reports.length} reporte(s) por obligación legal)` : ""}
                  </button>
                </form>
              ) : (
                <p>No se puede eliminar nada mientras haya una retención por obligación legal.</p>
              )}
            </>
          )}
          <h2>Retención por obligación legal</h2>
          <p>
            Registre una retención cuando la ley obligue a conservar los datos de esta persona (una demanda, un requerimiento de una autoridad, una
            investigación): mientras esté vigente, la depuración diaria no borra sus registros y no se suprimen por solicitud. Escriba la obligación que la
            justifica.
          </p>
          <form method="post" className="admin-form">
            <input type="hidden" name="accion" value="retener" />
            <input type="hidden" name="correo" value={email} />
            <div className="field">
              <label htmlFor="h-motivo">Motivo de la retención para {email}</label>
              <textarea id="h-motivo" name="motivo" rows={3} maxLength={500} required />
            </div>
            <button type="submit" className="button button-secondary">
              Registrar la retención
            </button>
          </form>
        </>
      ) : null}
      <h2>Retenciones vigentes</h2>
      {holds.length === 0 ? (
        <p>Ninguna.</p>
      ) : (
        <ul>
          {holds.map((h) => (
            <li key={h.id}>
              N.º {h.id} · {h.subject} · desde el {formatBogota(h.set_at)} ({h.set_by}): {h.reason}
              <form method="post" className="admin-form">
                <input type="hidden" name="accion" value="levantar" />
                <input type="hidden" name="id" value={h.id} />
                <input type="hidden" name="correo" value={h.subject} />
                <div className="field">
                  <label htmlFor={`l-motivo-${h.id}`}>Motivo para levantar la n.º {h.id} (opcional)</label>
                  <input id={`l-motivo-${h.id}`} name="motivo" type="text" maxLength={500} />
                </div>
                <button type="submit" className="button button-secondary">
                  Levantar la retención n.º {h.id}
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
