import { useLoaderData } from "react-router";
import { formatBogota } from "~/platform/dates";
import { requireStaff } from "~/features/staff/guard.server";
import { mailStateLabel } from "~/platform/outbox-status";
import { ignoredDatesMessage, listMessages, parseFilter } from "~/features/messages/inbox.server";
import { openDataClaims } from "~/features/requests/requests.server";
import { normalizeEmail } from "~/forms/fields";
import { countLabel, parsePageRequest, withoutPaging } from "~/platform/paging";
import { FilterSelect } from "~/ui/filter-select";
import { Pager } from "~/ui/pager";
import { FilterInput, StaffFilters } from "~/ui/staff-filters";
import type { Route } from "./+types/messages";

export function meta() {
  return [{ title: "Mensajes | Bandeja del personal" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const { services } = await requireStaff(request, "messages");
  const url = new URL(request.url);
  const filter = parseFilter(url.searchParams);
  // Read off the request thread (services.readDb), one page by keyset, the count capped.
  const { rows, total, ...page } = await listMessages(services.readDb, filter, parsePageRequest(url.searchParams));
  // The legend of Ley 1581 art. 15 while a data-protection reclamo of the sender runs (product rule 28).
  const claims = Object.fromEntries(
    await openDataClaims(
      services.readDb,
      rows.map((m) => m.correo),
    ),
  );
  // A date that does not exist is left out of the list, of its links and of the export, and said.
  for (const name of filter.ignored ?? []) url.searchParams.delete(name);
  const notice = filter.ignored ? `${ignoredDatesMessage(filter.ignored)} La lista se muestra sin ese filtro.` : undefined;
  return { filter, query: url.searchParams.toString(), rows, total, page, claims, notice };
}

export default function Messages() {
  const { rows, total, page, filter, query, claims, notice } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Mensajes</h1>
      {notice ? (
        <p className="admin-notice" role="alert">
          {notice}
        </p>
      ) : null}
      <StaffFilters label="Filtrar mensajes" active={Boolean(filter.form || filter.state || filter.from || filter.to || filter.q)} clearHref="/admin/mensajes">
        <FilterSelect
          id="f-formulario"
          name="formulario"
          label="Formulario"
          value={filter.form ?? ""}
          all="Todos"
          options={[
            { value: "contacto", label: "Contacto" },
            { value: "cliente", label: "Cliente" },
          ]}
        />
        <FilterSelect
          id="f-estado"
          name="estado"
          label="Estado"
          value={filter.state ?? ""}
          all="Todos"
          options={[
            { value: "nuevo", label: "Nuevos" },
            { value: "atendido", label: "Atendidos" },
          ]}
        />
        <FilterInput id="f-desde" name="desde" label="Desde" type="date" value={filter.from} />
        <FilterInput id="f-hasta" name="hasta" label="Hasta" type="date" value={filter.to} />
        <FilterInput id="f-q" name="q" label="Buscar" value={filter.q} wide />
      </StaffFilters>
      <p className="admin-summary">
        {countLabel(total, "mensaje", "mensajes")} · <a href={`/admin/exportar.csv?${withoutPaging(query)}`}>Exportar a CSV (Excel)</a>
      </p>
      {rows.length === 0 ? (
        <p>No hay mensajes con este filtro.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table-stacked">
            <caption className="visually-hidden">Mensajes recibidos, del más reciente al más antiguo</caption>
            <thead>
              <tr>
                <th scope="col">Recibido</th>
                <th scope="col">Formulario</th>
                <th scope="col">Remitente</th>
                <th scope="col">Mensaje</th>
                <th scope="col">Estado</th>
                <th scope="col">Correo</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((m) => (
                <tr key={m.id} className={m.handled_at ? "" : "admin-row-new"}>
                  <td data-label="Recibido">
                    <a href={`/admin/mensajes/${m.id}`}>{formatBogota(m.received_at)}</a>
                  </td>
                  <td data-label="Formulario">{m.form === "cliente" ? "Cliente" : "Contacto"}</td>
                  <td data-label="Remitente">
                    {m.nombre}
                    {m.empresa ? <span className="admin-muted"> · {m.empresa}</span> : null}
                    <br />
                    <span className="admin-muted">{m.correo}</span>
                  </td>
                  <td className="admin-excerpt" data-label="Mensaje">
                    {m.mensaje.length > 120 ? `${m.mensaje.slice(0, 120)}…` : m.mensaje}
                  </td>
                  <td data-label="Estado">
                    {m.handled_at ? "Atendido" : "Nuevo"}
                    {claims[normalizeEmail(m.correo)]?.map((c) => (
                      <span key={c.radicado} className="admin-claim">
                        <br />
                        <strong>Reclamo en trámite</strong> ({c.reason}, {c.radicado})
                      </span>
                    ))}
                  </td>
                  <td data-label="Correo">{mailStateLabel(m.mail_status)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager query={query} page={page} />
    </>
  );
}
