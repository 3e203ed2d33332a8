import { useLoaderData } from "react-router";
import { ethicsStatistics } from "~/features/ethics/ethics.server";
import { kindLabel } from "~/features/cases/model";
import { ethicsChannel, ethicsKindsFor } from "~/features/ethics/channel";
import { requireStaff } from "~/features/staff/guard.server";
import type { Route } from "./+types/ethics-statistics";

export function meta() {
  return [{ title: "Estadísticas de la línea ética | Bandeja del personal" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const { user, services } = await requireStaff(request, "ethics");
  const kinds = ethicsKindsFor(user.roles);
  return { periods: await ethicsStatistics(services.db, user, kinds) };
}

/** Counts per half-year, category and status, for the six-monthly figures (Ley 2365 de 2024): no personal data. */
export default function EthicsStatistics() {
  const { periods } = useLoaderData<typeof loader>();
  const statuses = ethicsChannel.statuses;
  return (
    <>
      <p>
        <a href="/admin/etica">← Volver a la línea ética</a>
      </p>
      <h1>Estadísticas de la línea ética</h1>
      <p>Reportes recibidos por semestre (enero a junio, julio a diciembre; hora de Colombia), por categoría y estado actual. Sin datos personales.</p>
      {periods.length === 0 ? <p>Todavía no hay reportes en sus categorías.</p> : null}
      {periods.map((p) => {
        const [year, half] = p.period.split("-");
        const title = `${half === "1" ? "Primer" : "Segundo"} semestre de ${year}`;
        return (
          <section key={p.period} aria-labelledby={`semestre-${p.period}`}>
            <h2 id={`semestre-${p.period}`}>{title}</h2>
            <div className="admin-table-wrap">
              <table className="admin-table">
                <caption className="visually-hidden">{`${title}: reportes por categoría y estado`}</caption>
                <thead>
                  <tr>
                    <th scope="col">Categoría</th>
                    {statuses.map((s) => (
                      <th key={s.value} scope="col">
                        {s.label}
                      </th>
                    ))}
                    <th scope="col">Total</th>
                  </tr>
                </thead>
                <tbody>
                  {p.rows.map((r) => (
                    <tr key={r.kind}>
                      <th scope="row">{kindLabel(ethicsChannel, r.kind)}</th>
                      {statuses.map((s) => (
                        <td key={s.value}>{r.counts[s.value] ?? 0}</td>
                      ))}
                      <td>{r.total}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        );
      })}
    </>
  );
}
