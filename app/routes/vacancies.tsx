import { data } from "react-router";
import { pages } from "~/config/pages";
import { siteFromMatches } from "~/config/site-data";
import { listOpenVacancies } from "~/features/vacancies/vacancies.server";
import { FreeNotice, VacancyCard } from "~/features/vacancies/public-views";
import { PUBLIC_PAGE_SIZE, SECTORS } from "~/features/vacancies/vacancy";
import { getServices } from "~/platform/services.server";
import { pageMeta } from "~/ui/meta";
import { SiteFrame } from "~/ui/site-frame";
import vacancyStyles from "~/styles/vacancies.css?url";
import type { Route } from "./+types/vacancies";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: vacancyStyles }];

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(pages.empleos, siteFromMatches(matches));
}

/** The open vacancies (product rule 40), newest first, filtered by a plain GET form: no script needed. */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  // The city by its DANE code (a list of the open vacancies' cities); anything else is no filter.
  const city = /^\d{5}$/.test(params.get("ciudad") ?? "") ? (params.get("ciudad") as string) : undefined;
  const sector = (SECTORS as readonly string[]).includes(params.get("sector") ?? "") ? (params.get("sector") as string) : undefined;
  const q = params.get("q")?.slice(0, 100) || undefined;
  const page = Math.min(500, Math.max(1, Number.parseInt(params.get("pagina") ?? "1", 10) || 1));
  const { db } = await getServices();
  const found = await listOpenVacancies(db, { city, sector, q, page });
  return data({ ...found, filter: { city: city ?? "", sector: sector ?? "", q: q ?? "" }, page }, { headers: { "Cache-Control": "no-cache" } });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function Empleos({ loaderData }: Route.ComponentProps) {
  const { rows, total, cities, filter, page } = loaderData;
  const pages_ = Math.max(1, Math.ceil(total / PUBLIC_PAGE_SIZE));
  const href = (p: number) => {
    const params = new URLSearchParams();
    if (filter.q) params.set("q", filter.q);
    if (filter.city) params.set("ciudad", filter.city);
    if (filter.sector) params.set("sector", filter.sector);
    if (p > 1) params.set("pagina", String(p));
    const qs = params.toString();
    return `/empleos${qs ? `?${qs}` : ""}`;
  };
  return (
    <SiteFrame>
      <main className="page vacancies">
        <h1>Ofertas de empleo</h1>
        <p className="lead">
          Nuestras vacantes abiertas. Cada una está registrada en el Servicio Público de Empleo con el código que verá en su página, y se postula aquí mismo,
          sin crear una cuenta.
        </p>
        <FreeNotice />
        <form method="get" action="/empleos" className="vacancy-filters" role="search" aria-label="Buscar vacantes">
          <div>
            <label htmlFor="q">Cargo o palabra</label>
            <input id="q" name="q" type="search" defaultValue={filter.q} maxLength={100} placeholder="Por ejemplo: bodega, conductor" />
          </div>
          <div>
            <label htmlFor="ciudad">Ciudad</label>
            <select id="ciudad" name="ciudad" defaultValue={filter.city}>
              <option value="">Todas</option>
              {cities.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="sector">Sector</label>
            <select id="sector" name="sector" defaultValue={filter.sector}>
              <option value="">Todos</option>
              {SECTORS.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button">
            BUSCAR
          </button>
        </form>
        <p role="status">
          {total === 1 ? "1 vacante abierta" : `${total} vacantes abiertas`}
          {filter.q || filter.city || filter.sector ? " con esta búsqueda" : ""}.
        </p>
        {rows.length ? (
          <ul className="vacancy-list">
            {rows.map((v) => (
              <VacancyCard key={v.slug} v={v} />
            ))}
          </ul>
        ) : (
          <p>No hay vacantes abiertas con esta búsqueda. Pruebe con otra ciudad o palabra, o vuelva pronto.</p>
        )}
        {pages_ > 1 ? (
          <nav aria-label="Páginas" className="vacancy-pages">
            {page > 1 ? (
              <a href={href(page - 1)} rel="prev">
                Anterior
              </a>
            ) : null}
            <span>
              Página {page} de {pages_}
            </span>
            {page < pages_ ? (
              <a href={href(page + 1)} rel="next">
                Siguiente
              </a>
            ) : null}
          </nav>
        ) : null}
        <p>
          ¿Ya se postuló? <a href="/empleos/consulta">Consulte el estado de su postulación</a>.
        </p>
      </main>
    </SiteFrame>
  );
}
