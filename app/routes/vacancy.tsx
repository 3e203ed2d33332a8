import { data } from "react-router";
import { uploadContext } from "~/platform/uploads.server";
import { getSiteConfig } from "~/config/site.server";
import { siteFromMatches, useSite } from "~/config/site-data";
import { type ApplyRefusal, handleApplyPost } from "~/features/vacancies/doors.server";
import { ApplyForm, FreeNotice, VacancyDetail } from "~/features/vacancies/public-views";
import { isOpen, jobPosting, type PublicVacancy, SLUG_PATTERN } from "~/features/vacancies/vacancy";
import { listOpenVacancies, vacancyBySlug } from "~/features/vacancies/vacancies.server";
import { bogotaDay, formatDay } from "~/platform/dates";
import { getServices } from "~/platform/services.server";
import { SiteFrame } from "~/ui/site-frame";
import vacancyStyles from "~/styles/vacancies.css?url";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/vacancy";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: vacancyStyles }];

/** The application's upload progress and its refusals in place, once the page has painted (ADR 028). */
export const handle: RouteHandle = { scripts: ["/js/postulacion.js"] };

type Loaded = { gone: false; vacancy: PublicVacancy; jsonLd: string } | { gone: true; title: string; closedOn: string; open: PublicVacancy[] };

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const loaded = loaderData as Loaded | undefined;
  if (!loaded) return [{ title: "Vacante no encontrada" }];
  if (loaded.gone) return [{ title: `Vacante cerrada | ${site?.company.name ?? ""}` }, { name: "robots", content: "noindex" }];
  const v = loaded.vacancy;
  const url = site ? new URL(`/empleos/${v.slug}`, site.origin).href : `/empleos/${v.slug}`;
  return [
    { title: `${v.title} en ${v.city} | ${site?.company.name ?? ""}` },
    { name: "description", content: `${v.title} en ${v.city}: ${v.sector}. Postúlese sin crear una cuenta; el proceso es gratuito.` },
    { tagName: "link", rel: "canonical", href: url },
  ];
}

/**
 * A vacancy (product rule 40): open, its page with JobPosting data; past its closing day or closed, 410
 * with the open ones; a draft or an unknown address, 404.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const slug = params.slug ?? "";
  if (!SLUG_PATTERN.test(slug)) throw data(null, { status: 404 });
  const { db } = await getServices();
  const vacancy = await vacancyBySlug(db, slug);
  if (!vacancy || vacancy.status === "borrador") throw data(null, { status: 404 });
  const { id: _id, ...v } = vacancy;
  const now = new Date().toISOString();
  if (!isOpen(v, bogotaDay(now))) {
    const open = (await listOpenVacancies(db, { page: 1 }, now)).rows.slice(0, 5);
    return data({ gone: true, title: v.title, closedOn: v.closes_on, open } satisfies Loaded, { status: 410, headers: { "Cache-Control": "no-cache" } });
  }
  const site = getSiteConfig();
  const jsonLd = JSON.stringify(
    jobPosting(v, { origin: site.origin.replace(/\/$/, ""), companyName: site.company.name, logo: new URL("/og-image.png", site.origin).href }),
  ).replace(/</g, "\\u003c");
  return data({ gone: false, vacancy: v, jsonLd } satisfies Loaded, { headers: { "Cache-Control": "no-cache" } });
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

/** The application posted without JavaScript (multipart, with the résumé). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const answer = await handleApplyPost(request, params.slug ?? "", "page", context.get(uploadContext));
  if (answer === null) throw data(null, { status: 404 });
  return answer;
}

export default function Vacante({ loaderData, actionData }: Route.ComponentProps) {
  const site = useSite();
  const loaded = loaderData as Loaded;
  const refusal = (actionData as { refusal?: ApplyRefusal } | undefined)?.refusal;
  if (loaded.gone) {
    return (
      <SiteFrame>
        <main className="page vacancies">
          <h1>Esta vacante ya cerró</h1>
          <p>
            «{loaded.title}» recibió postulaciones hasta el {formatDay(loaded.closedOn)}. Ya no recibe nuevas; si usted se postuló, siga su proceso en{" "}
            <a href="/empleos/consulta">CONSULTAR</a>.
          </p>
          {loaded.open.length ? (
            <>
              <h2>Vacantes abiertas</h2>
              <ul>
                {loaded.open.map((v) => (
                  <li key={v.slug}>
                    <a href={`/empleos/${v.slug}`}>{v.title}</a> ({v.city})
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          <p>
            <a href="/empleos">Ver todas las vacantes abiertas</a>
          </p>
        </main>
      </SiteFrame>
    );
  }
  const v = loaded.vacancy;
  return (
    <SiteFrame>
      <main className="page vacancies">
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: loaded.jsonLd }} />
        <p>
          <a href="/empleos">← Todas las vacantes</a>
        </p>
        <h1>{v.title}</h1>
        <FreeNotice />
        <VacancyDetail v={v} />
        <ApplyForm slug={v.slug} state={refusal} />
        <p className="vacancy-meta">
          {site.company.name} es la empresa de servicios temporales que contrata; la empresa usuaria no cobra ni recibe pagos de los candidatos.
        </p>
      </main>
    </SiteFrame>
  );
}
