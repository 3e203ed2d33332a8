import { data, redirect, useLoaderData } from "react-router";
import { staffStatuses, staffStatusLabel } from "~/features/cases/model";
import { applicationCities, listApplications, rejectMany } from "~/features/vacancies/applications.server";
import { applicationsChannel } from "~/features/vacancies/channel";
import { applicationOptions } from "~/features/vacancies/doors.server";
import { getVacancy } from "~/features/vacancies/vacancies.server";
import { assertSameOriginPost, requireStaff } from "~/features/staff/guard.server";
import { formatBogota } from "~/platform/dates";
import { countLabel, parsePageRequest, withoutPaging } from "~/platform/paging";
import { FilterSelect } from "~/ui/filter-select";
import { FilterInput, StaffFilters } from "~/ui/staff-filters";
import { Pager } from "~/ui/pager";
import type { Route } from "./+types/applications";

export function meta() {
  return [{ title: "Postulaciones | Bandeja del personal" }, { name: "robots", content: "noindex, nofollow" }];
}

function idOf(params: { id?: string }) {
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) throw data({ message: "Vacante no encontrada." }, { status: 404 });
  return id;
}

function filterOf(params: URLSearchParams) {
  const status = applicationsChannel.statuses.some((s) => s.value === params.get("estado")) ? (params.get("estado") as string) : undefined;
  return { status, city: params.get("ciudad")?.slice(0, 60) || undefined, q: params.get("q")?.slice(0, 100) || undefined };
}

/** A vacancy's applications (product rule 41), by keyset, off the request thread (ADR 018). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { services } = await requireStaff(request, "vacancies");
  const id = idOf(params);
  const vacancy = await getVacancy(services.readDb, id);
  if (!vacancy) throw data({ message: "Vacante no encontrada." }, { status: 404 });
  const search = new URL(request.url).searchParams;
  const filter = filterOf(search);
  const [{ rows, total, ...page }, cities] = await Promise.all([
    listApplications(services.readDb, id, filter, parsePageRequest(search)),
    applicationCities(services.readDb, id),
  ]);
  return {
    vacancy: { id, title: vacancy.title },
    rows,
    total,
    page,
    cities,
    filter: { status: filter.status ?? "", city: filter.city ?? "", q: filter.q ?? "" },
    query: search.toString(),
    notice: search.get("aviso"),
  };
}

/** Bulk "no seleccionada": one event and one mail per application. */
export async function action({ request, params }: Route.ActionArgs) {
  assertSameOriginPost(request);
  const { user, services } = await requireStaff(request, "vacancies");
  const id = idOf(params);
  const form = await request.formData();
  if (form.get("accion") !== "no_seleccionadas") throw data({ message: "Acción desconocida." }, { status: 400 });
  const ids = form
    .getAll("id")
    .map((v) => Number(v))
    .filter((n) => Number.isInteger(n) && n > 0);
  if (ids.length === 0) throw data({ message: "Marque al menos una postulación." }, { status: 400 });
  const done = await rejectMany(services.db, user, id, ids, applicationOptions(services));
  services.outbox?.kick();
  return redirect(`/admin/empleos/${id}/postulaciones?aviso=${done}`);
}

export default function Applications() {
  const { vacancy, rows, total, page, cities, filter, query, notice } = useLoaderData<typeof loader>();
  const exportQuery = withoutPaging(query);
  return (
    <>
      <p>
        <a href={`/admin/empleos/${vacancy.id}`}>← {vacancy.title}</a>
      </p>
      <h1>Postulaciones: {vacancy.title}</h1>
      {notice ? (
        <p className="admin-notice" role="status">
          {notice} postulación(es) marcadas como no seleccionadas; a cada persona le escribimos.
        </p>
      ) : null}
      <StaffFilters
        label="Filtrar postulaciones"
        active={Boolean(filter.status || filter.city || filter.q)}
        clearHref={`/admin/empleos/${vacancy.id}/postulaciones`}
      >
        <FilterSelect id="q-estado" name="estado" label="Estado" value={filter.status} all="Todos" options={staffStatuses(applicationsChannel.statuses)} />
        <FilterSelect id="q-ciudad" name="ciudad" label="Ciudad" value={filter.city} all="Todas" options={cities.map((c) => ({ value: c, label: c }))} />
        <FilterInput id="q-texto" name="q" label="Documento, radicado, correo o nombre" value={filter.q} maxLength={100} />
      </StaffFilters>
      <p className="admin-summary">
        {countLabel(total, "postulación", "postulaciones")} ·{" "}
        <a href={`/admin/empleos/${vacancy.id}/postulaciones.csv${exportQuery ? `?${exportQuery}` : ""}`}>Exportar CSV</a>
      </p>
      {rows.length === 0 ? (
        <p>No hay postulaciones con este filtro.</p>
      ) : (
        <form method="post">
          <input type="hidden" name="accion" value="no_seleccionadas" />
          <table className="admin-table admin-table-stacked">
            <caption>Postulaciones, la más reciente primero</caption>
            <thead>
              <tr>
                <th scope="col">Marcar</th>
                <th scope="col">Radicado</th>
                <th scope="col">Recibida</th>
                <th scope="col">Nombre</th>
                <th scope="col">Ciudad</th>
                <th scope="col">Estado</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td data-label="Marcar">
                    <input type="checkbox" name="id" value={r.id} aria-label={`Marcar ${r.radicado}`} />
                  </td>
                  <td data-label="Radicado">
                    <a href={`/admin/postulaciones/${r.id}`}>{r.radicado}</a>
                  </td>
                  <td data-label="Recibida">{formatBogota(r.received_at)}</td>
                  <td data-label="Nombre">{r.nombre}</td>
                  <td data-label="Ciudad">{r.ciudad}</td>
                  <td data-label="Estado">{staffStatusLabel(applicationsChannel, r.status)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <button type="submit" className="button">
            Marcar como no seleccionadas (se avisa a cada persona)
          </button>
        </form>
      )}
      <Pager query={query} page={page} />
    </>
  );
}
