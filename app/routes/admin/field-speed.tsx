import { useLoaderData } from "react-router";
import { requireStaff } from "~/features/staff/guard.server";
import { fieldSpeedReport } from "~/features/vitals/dashboard.server";
import { DEVICE_LABELS, FEW_VIEWS, PERCENTILE, WINDOW_DAYS } from "~/features/vitals/metrics";
import { MetricCell, TrendChart } from "~/features/vitals/staff-views";
import type { Route } from "./+types/field-speed";

/** Field speed (product rule 42, ADR 023): how fast the site is for real visitors, per route and device. */
export function meta() {
  return [{ title: "Rendimiento en visitas reales | Bandeja del personal" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const { services } = await requireStaff(request, "fieldSpeed");
  return fieldSpeedReport(services.readDb);
}

const formatDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString("es-CO", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

export default function FieldSpeed() {
  const { rows, from, to } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Rendimiento en visitas reales</h1>
      <p className="admin-summary">
        Del {formatDay(from)} al {formatDay(to)} ({WINDOW_DAYS} días), medido en cada visita sin cookies ni direcciones. Las rutas más lentas primero.
      </p>
      <details>
        <summary>Cómo se calcula</summary>
        <p>
          Cada cifra es el percentil {PERCENTILE} por el método del rango más cercano: de las visitas ordenadas de la más rápida a la más lenta, la número ⌈0,75
          × n⌉. Se cuenta sobre histogramas diarios de intervalos fijos (50 ms para LCP hasta 1 s, luego 100 ms hasta 5 s; 25 ms para INP hasta 1 s; 0,01 para
          CLS hasta 0,5) y se muestra el límite superior del intervalo que contiene esa visita: nunca menos que el valor real, a lo sumo un intervalo más.
          Umbrales de web.dev: LCP buena hasta 2,5 s y mala desde más de 4 s; INP 200 ms y 500 ms; CLS 0,1 y 0,25. La barra muestra la proporción de visitas
          buenas, mejorables y malas. «Pocas visitas»: menos de {FEW_VIEWS} en el periodo, cifras poco estables. La tendencia es el percentil {PERCENTILE} de
          LCP de cada día, con líneas en 2,5 s y 4 s.
        </p>
      </details>
      {rows.length === 0 ? (
        <p>Todavía no hay mediciones en los últimos {WINDOW_DAYS} días.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Ruta</th>
                <th scope="col">Dispositivo</th>
                <th scope="col">Visitas</th>
                <th scope="col">LCP p{PERCENTILE}</th>
                <th scope="col">INP p{PERCENTILE}</th>
                <th scope="col">CLS p{PERCENTILE}</th>
                <th scope="col">Tendencia de LCP</th>
                <th scope="col">Detrás de las visitas malas</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={`${row.route} ${row.device}`}>
                  <th scope="row">
                    <code>{row.route}</code>
                  </th>
                  <td>{DEVICE_LABELS[row.device]}</td>
                  <td>
                    {row.views.toLocaleString("es-CO")}
                    {row.fewViews ? <span className="vitals-few">pocas visitas</span> : null}
                  </td>
                  <MetricCell metric="lcp" summary={row.metrics.lcp} />
                  <MetricCell metric="inp" summary={row.metrics.inp} />
                  <MetricCell metric="cls" summary={row.metrics.cls} />
                  <td>
                    <TrendChart points={row.trend} label={`LCP p${PERCENTILE} diario de ${row.route} en ${DEVICE_LABELS[row.device].toLowerCase()}`} />
                  </td>
                  <td>
                    {row.poorTargets.lcp ? (
                      <p className="vitals-target">
                        LCP: {row.poorTargets.lcp.target} ({row.poorTargets.lcp.views})
                      </p>
                    ) : null}
                    {row.poorTargets.inp ? (
                      <p className="vitals-target">
                        INP: {row.poorTargets.inp.target} ({row.poorTargets.inp.views})
                      </p>
                    ) : null}
                    {!row.poorTargets.lcp && !row.poorTargets.inp ? <span className="admin-muted">—</span> : null}
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
