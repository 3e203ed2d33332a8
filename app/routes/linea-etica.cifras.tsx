import { useLoaderData } from "react-router";
import { siteFromMatches } from "~/config/site-data";
import { publishedFigures } from "~/features/ethics/ethics.server";
import { getServices } from "~/platform/services.server";
import { formatBogota } from "~/platform/dates";
import { SiteFrame } from "~/ui/site-frame";
import reportStyles from "~/styles/reports.css?url";
import type { Route } from "./+types/linea-etica.cifras";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: reportStyles }];

export function meta({ matches }: Route.MetaArgs) {
  const name = siteFromMatches(matches)?.company.name ?? "";
  return [
    { title: `Cifras de acoso sexual por semestre | ${name}` },
    { name: "description", content: "Número de quejas de acoso sexual recibidas y de sanciones aplicadas cada semestre (Ley 2365 de 2024)." },
  ];
}

/** Ley 2365 de 2024: the semester figures, as the gender referent published them (app/routes/admin/ethics-figures.tsx). */
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
          La Ley 2365 de 2024 pide a las empresas publicar cada semestre cuántas quejas de acoso sexual recibieron y cuántas sanciones
          aplicaron. Estas son las nuestras, sin ningún otro dato: no identifican a nadie. Las quejas se presentan, también de forma
          anónima, en la <a href="/linea-etica">línea ética</a>; las atiende la persona referente de género y diversidad, no el comité de
          convivencia laboral.
        </p>
        {figures.length === 0 ? (
          <p>Todavía no hay cifras publicadas.</p>
        ) : (
          <table className="figures-table">
            <caption>Quejas de acoso sexual y sanciones, por semestre</caption>
            <thead>
              <tr>
                <th scope="col">Semestre</th>
                <th scope="col">Quejas recibidas</th>
                <th scope="col">Sanciones aplicadas</th>
                <th scope="col">Publicado</th>
              </tr>
            </thead>
            <tbody>
              {figures.map((f) => (
                <tr key={f.semester}>
                  <th scope="row">{semesterLabel(f.semester)}</th>
                  <td>{f.complaints}</td>
                  <td>{f.sanctions}</td>
                  <td>{formatBogota(f.published_at).slice(0, 10)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <p>
          Quien presenta una queja de acoso sexual, y quienes declaran como testigos, están protegidos: la terminación de su contrato dentro
          de los seis meses siguientes a la queja no produce efecto (Ley 2365 de 2024).
        </p>
      </main>
    </SiteFrame>
  );
}
