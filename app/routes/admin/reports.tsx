import { useLoaderData } from "react-router";
import { FilterSelect } from "~/ui/filter-select";
import { formatBogota } from "~/platform/dates";
import { REPORT_ROLES } from "~/config/roles";
import { listReports } from "~/features/incidents/incidents.server";
import { kindLabel, statusLabel } from "~/features/cases/model";
import { incidentChannel } from "~/features/incidents/channel";
import { requireUser } from "~/features/staff/guard.server";
import type { Route } from "./+types/reports";

export function meta() {
  return [{ title: "Reportes de incidentes | Bandeja del personal" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const { services } = await requireUser(request, ...REPORT_ROLES);
  const params = new URL(request.url).searchParams;
  const status = incidentChannel.statuses.some((s) => s.value === params.get("estado")) ? (params.get("estado") as string) : undefined;
  const kind = params.get("tipo") === "accidente" || params.get("tipo") === "incidente" ? (params.get("tipo") as string) : undefined;
  const rows = await listReports(services.db, { status, kind });
  return { rows, status: status ?? "", kind: kind ?? "" };
}

/** Incident and accident reports: overdue FURATs first and highlighted, then the newest. */
export default function Reports() {
  const { rows, status, kind } = useLoaderData<typeof loader>();
  const overdue = rows.filter((r) => r.overdue).length;
  return (
    <>
      <h1>Reportes de incidentes y accidentes de trabajo</h1>
      <form method="get" className="admin-filters" aria-label="Filtrar reportes">
        <FilterSelect id="r-tipo" name="tipo" label="Tipo" value={kind} all="Todos" options={[{ value: "accidente", label: "Accidentes" }, { value: "incidente", label: "Incidentes" }]} />
        <FilterSelect id="r-estado" name="estado" label="Estado" value={status} all="Todos" options={incidentChannel.statuses} />
        <button type="submit" className="button">
          Filtrar
        </button>
      </form>
      <p className="admin-summary">
        {rows.length === 1 ? "1 reporte" : `${rows.length} reportes`}
        {overdue ? <strong className="admin-overdue-count"> · {overdue} con el FURAT vencido</strong> : null} ·{" "}
        <a href="/admin/reportes.csv">Exportar a CSV (Excel)</a>
      </p>
      {rows.length === 0 ? (
        <p>No hay reportes con este filtro.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">Reportes: primero los que tienen el FURAT vencido, luego del más reciente al más antiguo</caption>
            <thead>
              <tr>
                <th scope="col">Radicado</th>
                <th scope="col">Tipo</th>
                <th scope="col">Recibido</th>
                <th scope="col">Trabajador y empresa usuaria</th>
                <th scope="col">Estado</th>
                <th scope="col">Plazo FURAT</th>
                <th scope="col">Plazo investigación</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className={r.overdue ? "admin-row-overdue" : ""}>
                  <td>
                    <a href={`/admin/reportes/${r.id}`}>{r.radicado}</a>
                  </td>
                  <td>{kindLabel(incidentChannel, r.kind)}</td>
                  <td>{formatBogota(r.received_at)}</td>
                  <td>
                    {r.trabajador_nombre}
                    <br />
                    <span className="admin-muted">
                      {r.empresa_usuaria} · {r.sede}
                    </span>
                  </td>
                  <td>{statusLabel(incidentChannel, r.status)}</td>
                  <td>
                    {r.furat_due_at ? (
                      r.arl_filed_at ? (
                        `Radicado el ${formatBogota(r.arl_filed_at).slice(0, 10)}`
                      ) : r.overdue ? (
                        <strong>VENCIDO: {formatBogota(r.furat_due_at)}</strong>
                      ) : (
                        formatBogota(r.furat_due_at)
                      )
                    ) : (
                      "No aplica (incidente)"
                    )}
                  </td>
                  <td>{formatBogota(r.investigation_due_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
