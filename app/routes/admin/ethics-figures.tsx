import { data, redirect, useLoaderData } from "react-router";
import * as z from "zod/mini";
import {
  halfYearOf,
  publishedFigures,
  publishFigures,
  recordOtherChannelFigures,
  removeOtherChannelFigures,
  semesterBounds,
  sexualHarassmentFigures,
} from "~/features/ethics/ethics.server";
import { assertSameOriginPost, requireStaff } from "~/features/staff/guard.server";
import { firstProblem, formFields } from "~/forms/actions";
import { formatBogota } from "~/platform/dates";
import type { Route } from "./+types/ethics-figures";

/**
 * Ley 2365 de 2024: each semester the company publishes how many sexual-harassment complaints it
 * processed and how many sanctions it imposed, through every channel it has, and reports the same
 * figures to SIVIGE in the last ten days of each semester (docs/legal-rules.md §C). The gender referent
 * sees the ethics line's count, computed from the cases, adds what the other channels processed, and
 * publishes the total on /linea-etica/cifras with where it comes from; each step is audited.
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

const semester = z.string().check(z.regex(/^\d{4}-[12]$/, "Semestre no válido."));
const count = (what: string) =>
  z.pipe(
    z.string({ error: `Escriba el número de ${what}.` }).check(z.trim(), z.regex(/^\d{1,5}$/, `El número de ${what} debe ser un número entero, cero o mayor.`)),
    z.transform(Number),
  );
const actionSchema = z.discriminatedUnion("accion", [
  z.object({ accion: z.literal("publicar"), semestre: semester }),
  z.object({
    accion: z.literal("otro_canal"),
    semestre: semester,
    fuente: z.string({ error: "Escriba el canal." }).check(z.trim(), z.minLength(3, "Escriba el nombre del canal, por ejemplo «Correo de gestión humana»."), z.maxLength(80, "El nombre del canal admite hasta 80 caracteres.")),
    quejas: count("quejas tramitadas"),
    sanciones: count("sanciones impuestas"),
  }),
  z.object({ accion: z.literal("quitar_otro_canal"), id: z.pipe(z.string().check(z.regex(/^\d+$/, "Registro no válido.")), z.transform(Number)) }),
]);

export async function action({ request }: Route.ActionArgs) {
  assertSameOriginPost(request);
  const { user, services } = await requireStaff(request, "genderFigures");
  const fields = formFields(await request.formData());
  // Forms posted before the other channels existed name no action: they publish.
  const parsed = actionSchema.safeParse({ accion: "publicar", ...fields });
  if (!parsed.success) throw data({ message: firstProblem(parsed.error) }, { status: 400 });
  const input = parsed.data;
  if (input.accion === "quitar_otro_canal") {
    if (!(await removeOtherChannelFigures(services.db, user, input.id))) throw data({ message: "Ese registro ya no existe." }, { status: 404 });
    return redirect("/admin/etica/cifras?aviso=quitado");
  }
  const current = halfYearOf(new Date().toISOString());
  if (input.semestre !== current && input.semestre !== previousSemester(current)) {
    throw data({ message: "Solo se registran y publican las cifras del semestre en curso y del anterior." }, { status: 400 });
  }
  if (input.accion === "otro_canal") {
    if (input.sanciones > input.quejas) throw data({ message: "Las sanciones impuestas no pueden ser más que las quejas tramitadas de ese canal." }, { status: 400 });
    await recordOtherChannelFigures(services.db, user, input.semestre, { source: input.fuente, complaints: input.quejas, sanctions: input.sanciones });
    return redirect("/admin/etica/cifras?aviso=otro_canal");
  }
  // A semester is published once its last ten days have begun (the SIVIGE window) or it has ended.
  if (new Date().toISOString() < semesterBounds(input.semestre).lastTenDaysFrom) {
    throw data({ message: "Ese semestre todavía no llega a sus últimos diez días: sus cifras no están completas." }, { status: 400 });
  }
  await publishFigures(services.db, user, input.semestre);
  return redirect("/admin/etica/cifras?aviso=publicado");
}

const NOTICES: Record<string, string> = {
  publicado: "Las cifras quedaron publicadas en la página pública de cifras de la línea ética.",
  otro_canal: "Quedaron registradas las cifras de ese canal.",
  quitado: "Se quitó el registro de ese canal.",
};

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
        La Ley 2365 de 2024 (artículo 11, numeral 7) pide publicar cada semestre el número de quejas de acoso sexual tramitadas y de sanciones impuestas, por todos
        los canales de la empresa y sin ningún otro dato, y reportar esas cifras al SIVIGE en los últimos diez días de cada semestre. De la
        línea ética se cuentan de los casos: una queja se tramitó en el semestre si en él alguien del equipo cambió su estado, le escribió
        una nota o registró su resultado, llegara cuando llegara (no cuentan las que nadie ha atendido todavía ni las archivadas sin
        trámite); una sanción se impuso en el semestre si en él se registró el resultado «los hechos se comprobaron y se aplicó una medida
        o sanción». Las quejas tramitadas por otros canales (correo, atención presencial, teléfono) las registra usted abajo, canal por canal.
      </p>
      {notice && NOTICES[notice] ? (
        <p className="admin-notice" role="status">
          {NOTICES[notice]}
        </p>
      ) : null}
      {inSivigeWindow ? (
        <p className="admin-flag">
          <strong>Recordatorio:</strong> estos son los últimos diez días del semestre. Reporte las cifras de {semesterLabel(current.semester)} al
          SIVIGE y publíquelas en el sitio.
        </p>
      ) : null}
      <div className="admin-table-wrap">
        <table className="admin-table admin-table-stacked">
          <caption>Cifras calculadas hoy</caption>
          <thead>
            <tr>
              <th scope="col">Semestre</th>
              <th scope="col">Quejas tramitadas</th>
              <th scope="col">Sanciones impuestas</th>
              <th scope="col">De dónde salen</th>
              <th scope="col">Publicación</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => {
              const shown = published.find((p) => p.semester === r.semester);
              return (
                <tr key={r.semester}>
                  <th scope="row" data-label="Semestre">
                    {semesterLabel(r.semester)}
                  </th>
                  <td data-label="Quejas">{r.complaints}</td>
                  <td data-label="Sanciones">{r.sanctions}</td>
                  <td data-label="Origen">
                    <ul>
                      <li>
                        Línea ética: {r.line.complaints} y {r.line.sanctions}
                      </li>
                      {r.others.map((o) => (
                        <li key={o.id}>
                          {o.source}: {o.complaints} y {o.sanctions}{" "}
                          <form method="post" className="admin-inline-form">
                            <input type="hidden" name="accion" value="quitar_otro_canal" />
                            <input type="hidden" name="id" value={o.id} />
                            <button type="submit" className="button button-secondary" aria-label={`Quitar ${o.source} (${semesterLabel(r.semester)})`}>
                              Quitar
                            </button>
                          </form>
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td data-label="Publicación">
                    {shown ? `Publicadas el ${formatBogota(shown.published_at)} (${shown.complaints} y ${shown.sanctions}). ` : "Sin publicar. "}
                    {r.semester !== current.semester || inSivigeWindow ? (
                      <form method="post" className="admin-inline-form">
                        <input type="hidden" name="accion" value="publicar" />
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

      <h2>Otros canales</h2>
      <p>
        Registre, por semestre y canal, las quejas de acoso sexual tramitadas y las sanciones impuestas fuera de la línea ética. Escriba solo
        el nombre del canal, nunca datos de una persona. Registrar de nuevo el mismo canal en el mismo semestre corrige sus cifras.
      </p>
      <form method="post" className="admin-form">
        <input type="hidden" name="accion" value="otro_canal" />
        <div className="field">
          <label htmlFor="oc-semestre">Semestre</label>
          <select id="oc-semestre" name="semestre" defaultValue={current.semester}>
            {rows.map((r) => (
              <option key={r.semester} value={r.semester}>
                {semesterLabel(r.semester)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="oc-fuente">Canal</label>
          <input id="oc-fuente" name="fuente" type="text" required minLength={3} maxLength={80} placeholder="Correo de gestión humana" />
        </div>
        <div className="field">
          <label htmlFor="oc-quejas">Quejas tramitadas</label>
          <input id="oc-quejas" name="quejas" type="number" inputMode="numeric" min={0} max={99999} required />
        </div>
        <div className="field">
          <label htmlFor="oc-sanciones">Sanciones impuestas</label>
          <input id="oc-sanciones" name="sanciones" type="number" inputMode="numeric" min={0} max={99999} required />
        </div>
        <button type="submit" className="button button-secondary">
          Registrar
        </button>
      </form>
      <p>
        <a href="/linea-etica/cifras">Ver la página pública de cifras</a>
      </p>
    </>
  );
}
