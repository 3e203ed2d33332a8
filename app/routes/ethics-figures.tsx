import { useLoaderData } from "react-router";
import { siteFromMatches } from "~/config/site-data";
import { publishedFigures } from "~/features/ethics/ethics.server";
import { getServices } from "~/platform/services.server";
import { formatBogota } from "~/platform/dates";
import { SiteFrame } from "~/ui/site-frame";
import reportStyles from "~/styles/reports.css?url";
import type { Route } from "./+types/ethics-figures";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: reportStyles }];

export function meta({ matches }: Route.MetaArgs) {
  const name = siteFromMatches(matches)?.company.name ?? "";
  return [
    { title: `Cifras de acoso sexual por semestre | ${name}` },
    {
      name: "description",
      content: "Número de quejas de acoso sexual tramitadas y de sanciones impuestas cada semestre, por todos los canales (Ley 2365 de 2024).",
    },
  ];
}

/** Ley 2365 de 2024: the semester figures, as the gender referent published them, with where they come from (app/routes/admin/ethics-figures.tsx). */
export async function loader() {
  const { db } = await getServices();
  return { figures: await publishedFigures(db) };
}

const semesterLabel = (semester: string) => `${semester.endsWith("-1") ? "Primer" : "Segundo"} semestre de ${semester.slice(0, 4)}`;

export default function EthicsFiguresPage() {
  const { figures } = useLoaderData<typeof loader>();
  return (
    <SiteFrame>
      <main className="page incident-result">
        <h1>Cifras de acoso sexual por semestre</h1>
        <p>
          La Ley 2365 de 2024 (artículo 11, numeral 7) pide a las empresas publicar cada semestre cuántas quejas de acoso sexual tramitaron y cuántas sanciones
          impusieron, por todos sus canales. Estas son las nuestras, sin ningún otro dato: no identifican a nadie.
        </p>
        <h2>De dónde salen las cifras</h2>
        <ul>
          <li>
            <strong>Quejas tramitadas:</strong> las de la <a href="/linea-etica">línea ética</a> que el equipo atendió en el semestre (cambió su estado,
            registró una actuación o su resultado), aunque hubieran llegado antes, más las tramitadas por los otros canales de la empresa (correo, atención
            presencial, teléfono), que registra la persona referente de género y diversidad. No cuentan las que llegaron y todavía nadie atendió, ni las
            archivadas sin trámite.
          </li>
          <li>
            <strong>Sanciones impuestas:</strong> las de las quejas en las que, en el semestre, se comprobaron los hechos y se aplicó una medida o sanción, en
            la línea ética y en los otros canales.
          </li>
          <li>Los semestres van de enero a junio y de julio a diciembre, en la hora de Colombia.</li>
        </ul>
        <p>
          Las quejas se presentan, también de forma anónima, en la <a href="/linea-etica">línea ética</a>; las atiende la persona referente de género y
          diversidad, no el Comité de Convivencia Laboral.
        </p>
        {figures.length === 0 ? (
          <p>Todavía no hay cifras publicadas.</p>
        ) : (
          <div className="figures-wrap">
            <table className="figures-table">
              <caption>Quejas de acoso sexual tramitadas y sanciones impuestas, por semestre</caption>
              <thead>
                <tr>
                  <th scope="col">Semestre</th>
                  <th scope="col">Quejas tramitadas</th>
                  <th scope="col">Sanciones impuestas</th>
                  <th scope="col">Por canal</th>
                  <th scope="col">Publicado</th>
                </tr>
              </thead>
              <tbody>
                {figures.map((f) => (
                  <tr key={f.semester}>
                    <th scope="row">{semesterLabel(f.semester)}</th>
                    <td>{f.complaints}</td>
                    <td>{f.sanctions}</td>
                    <td>
                      {f.detail ? (
                        <ul>
                          <li>
                            Línea ética: {f.detail.line.complaints} {f.detail.line.complaints === 1 ? "queja" : "quejas"} y {f.detail.line.sanctions}{" "}
                            {f.detail.line.sanctions === 1 ? "sanción" : "sanciones"}
                          </li>
                          {f.detail.others.map((o) => (
                            <li key={o.source}>
                              {o.source}: {o.complaints} {o.complaints === 1 ? "queja" : "quejas"} y {o.sanctions} {o.sanctions === 1 ? "sanción" : "sanciones"}
                            </li>
                          ))}
                        </ul>
                      ) : (
                        "Publicadas con el criterio anterior: quejas recibidas en la línea ética y sanciones aplicadas, sin los otros canales."
                      )}
                    </td>
                    <td>{formatBogota(f.published_at).slice(0, 10)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <p>
          Quien presenta una queja de acoso sexual, y quienes declaran como testigos, están protegidos: la terminación de su contrato dentro de los seis meses
          siguientes a la queja no produce efecto (Ley 2365 de 2024).
        </p>
      </main>
    </SiteFrame>
  );
}
