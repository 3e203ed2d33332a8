import { useLoaderData } from "react-router";
import { FilterSelect } from "~/ui/filter-select";
import { formatBogota } from "~/platform/dates";
import { listIncidents } from "~/features/incidents/incidents.server";
import { kindLabel, statusLabel } from "~/features/cases/model";
import { incidentChannel } from "~/features/incidents/channel";
import { countWaitingHeld } from "~/features/cases/held.server";
import { CaseList } from "~/features/cases/staff-views";
import { requireStaff } from "~/features/staff/guard.server";
import { cappedCount, countLabel, parsePageRequest } from "~/platform/paging";
import { Pager } from "~/ui/pager";
import type { Route } from "./+types/incidents";

export function meta() {
  return [{ title: "Reportes de incidentes | Bandeja del personal" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const { services } = await requireStaff(request, "incidents");
  const params = new URL(request.url).searchParams;
  const status = incidentChannel.statuses.some((s) => s.value === params.get("estado")) ? (params.get("estado") as string) : undefined;
  const kind = params.get("tipo") === "accidente" || params.get("tipo") === "incidente" ? (params.get("tipo") as string) : undefined;
  const [{ rows, total, overdue, ...page }, held] = await Promise.all([
    listIncidents(services.readDb, { status, kind }, parsePageRequest(params)),
    countWaitingHeld(services.readDb, incidentChannel),
  ]);
  return { rows, total, overdue, page, query: params.toString(), held, status: status ?? "", kind: kind ?? "" };
}

/** Incident and accident reports: overdue FURATs first and highlighted, then the newest. */
export default function Reports() {
  const { rows, total, overdue, page, query, held, status, kind } = useLoaderData<typeof loader>();
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
