import { useLoaderData } from "react-router";
import { formatBogota } from "~/platform/dates";
import type { heldPage } from "./held-staff.server";

/** A channel's held posts: the waiting ones to register or discard, and the latest decisions. */
export function HeldView() {
  const { rows, shown, back, detail, notice } = useLoaderData<typeof heldPage>();
  const waiting = rows.filter((r) => r.status === "retenido");
  return (
    <>
      <p>
        <a href={back}>← Volver a la lista</a>
      </p>
      <h1>Envíos retenidos para revisión</h1>
      <p>
        Estos envíos llegaron con el campo trampa lleno: así los marcan los programas automáticos, pero también el autocompletado de algunos navegadores. No
        recibieron radicado ni se avisó de ellos. Revise cada uno: si es un reporte real, regístrelo (queda marcado en su página); si no, descártelo.
      </p>
      {notice === "descartado" ? (
        <p className="admin-notice" role="status">
          El envío quedó descartado.
        </p>
      ) : null}
      {waiting.length === 0 ? <p>No hay envíos retenidos por revisar.</p> : null}
      {waiting.length >= shown ? (
        <p className="admin-notice" role="status">
          Se muestran los {shown} envíos retenidos más antiguos. Registre o descarte estos para ver los siguientes.
        </p>
      ) : null}
      {rows.map((r) => (
        <section key={r.id} className="admin-held" aria-labelledby={`retenido-${r.id}`}>
          <h2 id={`retenido-${r.id}`}>
            Retenido n.º {r.id} · {r.kind} · {formatBogota(r.received_at)}
          </h2>
          <dl className="admin-fields">
            {r.fields.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd className="admin-message-text">{value}</dd>
              </div>
            ))}
          </dl>
          {r.status === "retenido" ? (
            <div className="admin-actions">
              <form method="post">
                <input type="hidden" name="id" value={r.id} />
                <button type="submit" name="accion" value="registrar" className="button">
                  Registrar como reporte
                </button>
              </form>
              <form method="post">
                <input type="hidden" name="id" value={r.id} />
                <button type="submit" name="accion" value="descartar" className="button button-secondary">
                  Descartar
                </button>
              </form>
            </div>
          ) : (
            <p>
              {r.status === "convertido" ? (
                <>
                  Registrado por {r.decided_by} el {formatBogota(r.decided_at)}: <a href={`${detail}/${r.case_id}`}>ver el reporte</a>.
                </>
              ) : (
                `Descartado por ${r.decided_by} el ${formatBogota(r.decided_at)}.`
              )}
            </p>
          )}
        </section>
      ))}
    </>
  );
}
