import { useLoaderData } from "react-router";
import { listVacancies } from "~/features/vacancies/vacancies.server";
import { requireStaff } from "~/features/staff/guard.server";
import { formatDay } from "~/platform/dates";
import type { Route } from "./+types/vacancies";

export function meta() {
  return [{ title: "Vacantes | Bandeja del personal" }, { name: "robots", content: "noindex, nofollow" }];
}

const STATUS = { borrador: "Borrador", publicada: "Publicada", cerrada: "Cerrada" } as const;

/** The selection team's vacancies (product rule 40): drafts, published and closed, with their applications. */
export async function loader({ request }: Route.LoaderArgs) {
  const { services } = await requireStaff(request, "vacancies");
  return { rows: await listVacancies(services.readDb) };
}

export default function Vacancies() {
  const { rows } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Vacantes</h1>
      <p>
        <a className="button" href="/admin/empleos/nueva">
          Nueva vacante
        </a>
      </p>
      {rows.length === 0 ? (
        <p>Todavía no hay vacantes.</p>
      ) : (
        <table className="admin-table admin-table-stacked">
          <caption>Vacantes, la más reciente primero</caption>
          <thead>
            <tr>
              <th scope="col">Cargo</th>
              <th scope="col">Ciudad</th>
              <th scope="col">Estado</th>
              <th scope="col">Cierra</th>
              <th scope="col">Postulaciones</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td data-label="Cargo">
                  <a href={`/admin/empleos/${r.id}`}>{r.title}</a>
                </td>
                <td data-label="Ciudad">{r.city}</td>
                <td data-label="Estado">{STATUS[r.status]}</td>
                <td data-label="Cierra">{formatDay(r.closes_on)}</td>
                <td data-label="Postulaciones">
                  <a href={`/admin/empleos/${r.id}/postulaciones`}>{Number(r.applications ?? 0)}</a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
