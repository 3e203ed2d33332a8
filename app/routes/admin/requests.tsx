import { useLoaderData } from "react-router";
import { FilterSelect } from "~/ui/filter-select";
import { formatBogota } from "~/platform/dates";
import { kindLabel, staffStatuses, staffStatusLabel } from "~/features/cases/model";
import { countWaitingHeld } from "~/features/cases/held.server";
import { CaseList } from "~/features/cases/staff-views";
import { DATA_KINDS, PETITION_KINDS, requestsChannel } from "~/features/requests/channel";
import { listRequests } from "~/features/requests/requests.server";
import { requireStaff } from "~/features/staff/guard.server";
import { cappedCount, countLabel, parsePageRequest } from "~/platform/paging";
import { Pager } from "~/ui/pager";
import type { Route } from "./+types/requests";

/**
 * The PQRS lists (docs/product.md §28, 30): /admin/pqrs for the role `pqrs` (petitions, complaints,
 * claims, suggestions, consultations), /admin/datos for the role `datos` (data-protection requests).
 * Open requests first by due date, so the overdue come first and stand out.
 */
function areaOf(request: Request) {
  const data = new URL(request.url).pathname.startsWith("/admin/datos");
  return data
    ? ({ area: "dataRequests", kinds: DATA_KINDS, base: "/admin/datos", title: "Solicitudes de datos personales" } as const)
    : ({ area: "requests", kinds: PETITION_KINDS, base: "/admin/pqrs", title: "PQRS: peticiones, quejas, reclamos y sugerencias" } as const);
}

export function meta({ loaderData: loaded }: Route.MetaArgs) {
  return [{ title: `${loaded?.title ?? "PQRS"} | Bandeja del personal` }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const a = areaOf(request);
  const { services } = await requireStaff(request, a.area);
  const params = new URL(request.url).searchParams;
  const status = requestsChannel.statuses.some((s) => s.value === params.get("estado")) ? (params.get("estado") as string) : undefined;
  const kind = (a.kinds as readonly string[]).includes(params.get("tipo") ?? "") ? (params.get("tipo") as string) : undefined;
  const now = new Date().toISOString();
  // One page by keyset through the list's segments (open by due date, waiting for the person, the rest), off the request thread.
  const [{ rows, total, overdue, expired, ...page }, held] = await Promise.all([
    listRequests(services.readDb, a.kinds, { status, kind }, parsePageRequest(params), now),
    countWaitingHeld(services.readDb, requestsChannel),
  ]);
  return {
    rows,
    total,
    overdue,
    expired,
    page,
    query: params.toString(),
    held,
    status: status ?? "",
    kind: kind ?? "",
    base: a.base,
    title: a.title,
    kinds: a.kinds.map((k) => ({ value: k, label: kindLabel(requestsChannel, k) })),
  };
}

export default function Requests() {
  const { rows, total, overdue, expired, page, query, held, status, kind, base, title, kinds } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{title}</h1>
      <form method="get" className="admin-filters" aria-label="Filtrar solicitudes">
        <FilterSelect id="q-tipo" name="tipo" label="Tipo" value={kind} all="Todos" options={kinds} />
        <FilterSelect id="q-estado" name="estado" label="Estado" value={status} all="Todos" options={staffStatuses(requestsChannel.statuses)} />
        <button type="submit" className="button">
          Filtrar
        </button>
      </form>
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
