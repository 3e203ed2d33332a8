import { useLoaderData } from "react-router";
import { FilterSelect } from "~/ui/filter-select";
import { listEthicsCases } from "~/features/ethics/ethics.server";
import { formatBogota } from "~/platform/dates";
import { kindLabel, statusLabel } from "~/features/cases/model";
import { ethicsChannel, ethicsKindsFor, ETHICS_ROLES } from "~/features/ethics/channel";
import { requireUser } from "~/features/staff/guard.server";
import type { Route } from "./+types/ethics";

export function meta() {
  return [{ title: "Línea ética | Bandeja del personal" }, { name: "robots", content: "noindex, nofollow" }];
}

/** Only the owners of a category see its reports (DECISIONS 22); the listing itself is audited. */
export async function loader({ request }: Route.LoaderArgs) {
  const { user, services } = await requireUser(request, ...ETHICS_ROLES);
  const kinds = ethicsKindsFor(user.roles);
  const params = new URL(request.url).searchParams;
  const status = ethicsChannel.statuses.some((s) => s.value === params.get("estado")) ? (params.get("estado") as string) : undefined;
  const kind = kinds.includes(params.get("categoria") as never) ? (params.get("categoria") as string) : undefined;
  const rows = await listEthicsCases(services.db, user, kinds, { status, kind });
  return { rows, kinds, status: status ?? "", kind: kind ?? "" };
}

export default function EthicsCases() {
  const { rows, kinds, status, kind } = useLoaderData<typeof loader>();
  const waiting = rows.filter((r) => r.waiting).length;
  return (
    <>
      <h1>Línea ética</h1>
      <p>
        Reportes de {kinds.map((k) => kindLabel(ethicsChannel, k).toLowerCase()).join(", ")}. Cada apertura queda en la auditoría. ·{" "}
        <a href="/admin/etica/estadisticas">Estadísticas por semestre</a>
      </p>
      <form method="get" className="admin-filters" aria-label="Filtrar reportes de la línea ética">
        <FilterSelect id="le-categoria" name="categoria" label="Categoría" value={kind} all="Todas" options={kinds.map((k) => ({ value: k, label: kindLabel(ethicsChannel, k) }))} />
        <FilterSelect id="le-estado" name="estado" label="Estado" value={status} all="Todos" options={ethicsChannel.statuses} />
        <button type="submit" className="button">
          Filtrar
        </button>
      </form>
      <p className="admin-summary">
        {rows.length === 1 ? "1 reporte" : `${rows.length} reportes`}
        {waiting ? <strong> · {waiting} con información nueva de quien reportó</strong> : null}
      </p>
      {rows.length === 0 ? (
        <p>No hay reportes con este filtro.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">Reportes de la línea ética, del más reciente al más antiguo</caption>
            <thead>
              <tr>
                <th scope="col">Radicado</th>
                <th scope="col">Categoría</th>
                <th scope="col">Recibido</th>
                <th scope="col">Quién reporta</th>
                <th scope="col">Estado</th>
                <th scope="col">Última novedad</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className={r.waiting ? "admin-row-new" : ""}>
                  <td>
                    <a href={`/admin/etica/${r.id}`}>{r.radicado}</a>
                  </td>
                  <td>{kindLabel(ethicsChannel, r.kind)}</td>
                  <td>{formatBogota(r.received_at)}</td>
                  <td>{r.identified ? "Se identificó" : "Anónimo"}</td>
                  <td>{statusLabel(ethicsChannel, r.status)}</td>
                  <td>
                    {formatBogota(r.updated_at)}
                    {r.waiting ? (
                      <>
                        {" "}
                        <strong>· espera respuesta</strong>
                      </>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
