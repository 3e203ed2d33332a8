import { useLoaderData } from "react-router";
import { formatBogota } from "~/platform/dates";
import type { figuresPage } from "./figures-actions.server";

const semesterLabel = (semester: string) => `${semester.endsWith("-1") ? "Primer" : "Segundo"} semestre de ${semester.slice(0, 4)}`;

const NOTICES: Record<string, string> = {
  publicado: "Las cifras quedaron publicadas en la página pública de cifras de la línea ética.",
  otro_canal: "Quedaron registradas las cifras de ese canal.",
  quitado: "Se quitó el registro de ese canal.",
};

/** The gender referent's page of the semester figures. */
export function FiguresView() {
  const { current, previous, published, inSivigeWindow, notice } = useLoaderData<typeof figuresPage>();
  const rows = [current, previous];
  return (
    <>
      <p>
        <a href="/admin/etica">← Volver a la línea ética</a>
      </p>
      <h1>Cifras semestrales de acoso sexual</h1>
      <p>
        La Ley 2365 de 2024 (artículo 11, numeral 7) pide publicar cada semestre el número de quejas de acoso sexual tramitadas y de sanciones impuestas, por
        todos los canales de la empresa y sin ningún otro dato, y reportar esas cifras al SIVIGE en los últimos diez días de cada semestre. De la línea ética se
        cuentan de los casos: una queja se tramitó en el semestre si en él alguien del equipo cambió su estado, le escribió una nota o registró su resultado,
        llegara cuando llegara (no cuentan las que nadie ha atendido todavía ni las archivadas sin trámite); una sanción se impuso en el semestre si en él se
        registró el resultado «los hechos se comprobaron y se aplicó una medida o sanción». Las quejas tramitadas por otros canales (correo, atención
        presencial, teléfono) las registra usted abajo, canal por canal.
      </p>
      {notice && NOTICES[notice] ? (
        <p className="admin-notice" role="status">
          {NOTICES[notice]}
        </p>
      ) : null}
      {inSivigeWindow ? (
        <p className="admin-flag">
          <strong>Recordatorio:</strong> estos son los últimos diez días del semestre. Reporte las cifras de {semesterLabel(current.semester)} al SIVIGE y
          publíquelas en el sitio.
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
        Registre, por semestre y canal, las quejas de acoso sexual tramitadas y las sanciones impuestas fuera de la línea ética. Escriba solo el nombre del
        canal, nunca datos de una persona. Registrar de nuevo el mismo canal en el mismo semestre corrige sus cifras.
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
