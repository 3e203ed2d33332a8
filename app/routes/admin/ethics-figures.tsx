import { data, redirect, useLoaderData } from "react-router";
import * as z from "zod/mini";
import { halfYearOf, publishedFigures, publishFigures, semesterBounds, sexualHarassmentFigures } from "~/features/ethics/ethics.server";
import { assertSameOriginPost, requireStaff } from "~/features/staff/guard.server";
import { firstProblem, formFields } from "~/forms/actions";
import { formatBogota } from "~/platform/dates";
import type { Route } from "./+types/ethics-figures";

/**
 * Ley 2365 de 2024: each semester the company publishes how many sexual-harassment complaints it
 * received and how many sanctions it applied, and reports the same figures to SIVIGE in the last ten
 * days of each semester (docs/legal-rules.md §C). The gender referent sees them here, computed from
 * the cases, before publishing them on /linea-etica/cifras; each publication is audited.
 */
export function meta() {
  return [{ title: "Cifras de acoso sexual | Bandeja del personal" }, { name: "robots", content: "noindex, nofollow" }];
}

const semesterLabel = (semester: string) => `${semester.endsWith("-1") ? "Primer" : "Segundo"} semestre de ${semester.slice(0, 4)}`;
const previousSemester = (semester: string) => (semester.endsWith("-2") ? `${semester.slice(0, 4)}-1` : `${Number(semester.slice(0, 4)) - 1}-2`);

export async function loader({ request }: Route.LoaderArgs) {
  const { services } = await requireStaff(request, "genderFigures");
  const now = new Date().toISOString();
  const current = halfYearOf(now);
  const previous = previousSemester(current);
  const [currentFigures, previousFigures, published] = await Promise.all([
    sexualHarassmentFigures(services.db, current),
    sexualHarassmentFigures(services.db, previous),
    publishedFigures(services.db),
  ]);
  const inSivigeWindow = now >= semesterBounds(current).lastTenDaysFrom;
  return { current: currentFigures, previous: previousFigures, published, inSivigeWindow, notice: new URL(request.url).searchParams.get("aviso") };
}

const publishSchema = z.object({ semestre: z.string().check(z.regex(/^\d{4}-[12]$/, "Semestre no válido.")) });

export async function action({ request }: Route.ActionArgs) {
  assertSameOriginPost(request);
  const { user, services } = await requireStaff(request, "genderFigures");
  const parsed = publishSchema.safeParse(formFields(await request.formData()));
  if (!parsed.success) throw data({ message: firstProblem(parsed.error) }, { status: 400 });
  // A semester is published once its last ten days have begun (the SIVIGE window) or it has ended.
  if (new Date().toISOString() < semesterBounds(parsed.data.semestre).lastTenDaysFrom) {
    throw data({ message: "Ese semestre todavía no llega a sus últimos diez días: sus cifras no están completas." }, { status: 400 });
  }
  await publishFigures(services.db, user, parsed.data.semestre);
  return redirect("/admin/etica/cifras?aviso=publicado");
}

export default function EthicsFigures() {
  const { current, previous, published, inSivigeWindow, notice } = useLoaderData<typeof loader>();
  const rows = [current, previous];
  return (
    <>
      <p>
        <a href="/admin/etica">← Volver a la línea ética</a>
      </p>
      <h1>Cifras semestrales de acoso sexual</h1>
      <p>
        La Ley 2365 de 2024 pide publicar cada semestre el número de quejas de acoso sexual recibidas y de sanciones aplicadas, sin ningún
        otro dato, y reportar esas cifras al SIVIGE en los últimos diez días de cada semestre. Se cuentan de los casos: las quejas que
        llegaron en el semestre y los casos cuyo resultado registrado en el semestre fue «los hechos se comprobaron y se aplicó una medida
        o sanción».
      </p>
      {notice === "publicado" ? (
        <p className="admin-notice" role="status">
          Las cifras quedaron publicadas en la página pública de cifras de la línea ética.
        </p>
      ) : null}
      {inSivigeWindow ? (
        <p className="admin-flag">
          <strong>Recordatorio:</strong> estos son los últimos diez días del semestre. Reporte las cifras de {semesterLabel(current.semester)} al
          SIVIGE y publíquelas en el sitio.
        </p>
      ) : null}
      <div className="admin-table-wrap">
        <table className="admin-table">
          <caption>Cifras calculadas hoy</caption>
          <thead>
            <tr>
              <th scope="col">Semestre</th>
              <th scope="col">Quejas recibidas</th>
              <th scope="col">Sanciones aplicadas</th>
              <th scope="col">Publicación</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => {
              const shown = published.find((p) => p.semester === r.semester);
              return (
                <tr key={r.semester}>
                  <th scope="row">{semesterLabel(r.semester)}</th>
                  <td>{r.complaints}</td>
                  <td>{r.sanctions}</td>
                  <td>
                    {shown ? `Publicadas el ${formatBogota(shown.published_at)} (${shown.complaints} y ${shown.sanctions}). ` : "Sin publicar. "}
                    {r.semester !== current.semester || inSivigeWindow ? (
                      <form method="post" className="admin-inline-form">
                        <input type="hidden" name="semestre" value={r.semester} />
                        <button type="submit" className="button button-secondary">
                          {shown ? "Publicar de nuevo" : "Publicar"}
                        </button>
                      </form>
                    ) : (
                      "Se publican desde los últimos diez días del semestre."
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p>
        <a href="/linea-etica/cifras">Ver la página pública de cifras</a>
      </p>
    </>
  );
}
