import { useLoaderData } from "react-router";
import { FilterSelect } from "~/ui/filter-select";
import { ethicsListRead, listEthicsCases } from "~/features/ethics/ethics.server";
import { bogotaDay, formatBogota, formatDay } from "~/platform/dates";
import { kindLabel, statusLabel } from "~/features/cases/model";
import { ethicsChannel, ethicsKindsFor } from "~/features/ethics/channel";
import { CaseList } from "~/features/cases/staff-views";
import { requireStaff } from "~/features/staff/guard.server";
import { cappedCount, countLabel, parsePageRequest } from "~/platform/paging";
import { Pager } from "~/ui/pager";
import type { Route } from "./+types/ethics";

export function meta() {
  return [{ title: "Línea ética | Bandeja del personal" }, { name: "robots", content: "noindex, nofollow" }];
}

/** Only the owners of a category see its reports (docs/product.md §22); the listing itself is audited. */
export async function loader({ request }: Route.LoaderArgs) {
  const { user, services } = await requireStaff(request, "ethics");
  const kinds = ethicsKindsFor(user.roles);
  const params = new URL(request.url).searchParams;
  const status = ethicsChannel.statuses.some((s) => s.value === params.get("estado")) ? (params.get("estado") as string) : undefined;
  const kind = kinds.includes(params.get("categoria") as never) ? (params.get("categoria") as string) : undefined;
  const { rows, total, waiting, overdue, ...page } = await listEthicsCases(services.readDb, kinds, { status, kind }, parsePageRequest(params));
  if (kinds.length) await ethicsListRead(services.db, user, rows.map((r) => r.kind));
  return { rows, total, waiting, overdue, page, query: params.toString(), kinds, status: status ?? "", kind: kind ?? "" };
}

/** "Soborno o corrupción (PTEE)" → "soborno o corrupción (PTEE)": the acronyms keep their capitals. */
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

export default function EthicsCases() {
  const { rows, total, waiting, overdue, page, query, kinds, status, kind } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Línea ética</h1>
      <p>
        Reportes de {kinds.map((k) => lowerFirst(kindLabel(ethicsChannel, k))).join(", ")}. Cada apertura queda en la auditoría. ·{" "}
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
            cell: (r) => (r.committeeDueAt ? r.overdue ? <strong>VENCIDO: {formatBogota(r.committeeDueAt)}</strong> : formatBogota(r.committeeDueAt) : "No aplica"),
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
