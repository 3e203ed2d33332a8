import { pages } from "~/config/pages";
import { getSiteConfig } from "~/config/site.server";
import { siteFromMatches, useSite } from "~/config/site-data";
import { checkChannel, officialChannels } from "~/features/fraud/official-channels";
import { checkVacancy } from "~/features/vacancies/vacancies.server";
import { getServices } from "~/platform/services.server";
import { pageMeta } from "~/ui/meta";
import { SiteFrame } from "~/ui/site-frame";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/fraud";

export const handle: RouteHandle = { styles: ["fraud"] };

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(pages.ofertasFalsas, siteFromMatches(matches));
}

/** The check, answered by the server so it works without JavaScript (product rule 31). */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const value = String(form.get("dato") ?? "").slice(0, 300);
  // A vacancy's address or code first (product rule 41): an address under /empleos/ is ours only if the vacancy is.
  const vacancy = await checkVacancy((await getServices()).db, value, getSiteConfig().origin);
  const result = vacancy ? null : checkChannel(value, officialChannels(getSiteConfig()));
  return { value, result, vacancy: vacancy ?? null };
}

const KIND_LABELS = { telefono: "El número", correo: "El correo", web: "La dirección web" } as const;

/** Job-offer fraud: the company never charges candidates; its official channels; a check; how to report it. */
export default function OfertasFalsas({ actionData }: Route.ComponentProps) {
  const site = useSite();
  const channels = officialChannels(site);
  const tel = (phone: string) => phone.replace(/[^+0-9]/g, "");
  const answer = actionData;
  return (
    <SiteFrame>
      <main className="page fraud">
        <h1>Ofertas de empleo falsas</h1>
        <p className="lead">
          <strong>{site.company.name} nunca cobra a quien busca empleo.</strong> No pedimos dinero por exámenes médicos, cursos, capacitaciones, uniformes,
          carnés, pólizas ni por «asegurar» un puesto, y no pedimos consignaciones ni pagos a cuentas de personas. Los exámenes de ingreso los ordena y los paga
          la empresa. Si alguien le ofrece trabajo a nombre nuestro y le pide dinero, es un fraude: no pague.
        </p>

        <section aria-labelledby="verificar-titulo" className="fraud-check">
          <h2 id="verificar-titulo">¿Es nuestro este contacto?</h2>
          <p>
            Escriba el número de teléfono o de WhatsApp, el correo o la dirección web desde donde le contactaron, o la dirección o el código de registro de la
            vacante que le ofrecieron.
          </p>
          <form method="post" className="fraud-form">
            <div className="field">
              <label htmlFor="dato">Teléfono, correo, dirección web o código de la vacante</label>
              <input
                id="dato"
                name="dato"
                type="text"
                required
                maxLength={300}
                autoComplete="off"
                defaultValue={answer?.value ?? ""}
                aria-describedby="dato-ayuda"
              />
              <p id="dato-ayuda" className="field-hint">
                Por ejemplo: +57 300 123 4567, seleccion@empresa.com o www.empresa.com/empleos
              </p>
            </div>
            <button type="submit" className="button">
              VERIFICAR
            </button>
          </form>
          {answer ? (
            <div className={`fraud-answer ${answer.result?.official ? "fraud-answer-ours" : "fraud-answer-not-ours"}`} role="status">
              {answer.vacancy?.official ? (
                <p>
                  <strong>Es nuestra.</strong> «{answer.value}» es nuestra vacante <a href={`/empleos/${answer.vacancy.slug}`}>{answer.vacancy.title}</a>
                  {answer.vacancy.open ? "" : ", que ya cerró"}. Postúlese solo en esta página: el proceso es gratuito y nunca le cobraremos.
                </p>
              ) : answer.vacancy ? (
                <p>
                  <strong>No es nuestra.</strong> «{answer.vacancy.address}» no es ninguna de nuestras vacantes. No pague nada, no envíe documentos y repórtelo
                  (abajo). Vea nuestras <a href="/empleos">vacantes abiertas</a>.
                </p>
              ) : answer.result === null ? (
                <p>Escriba un número de teléfono, un correo o una dirección web completos.</p>
              ) : answer.result.official ? (
                <p>
                  <strong>Es nuestro.</strong> {KIND_LABELS[answer.result.kind]} «{answer.result.normalized}» es uno de nuestros canales oficiales. Aun así,
                  recuerde: nunca le cobraremos por un proceso de selección.
                </p>
              ) : (
                <p>
                  <strong>No es nuestro.</strong> {KIND_LABELS[answer.result.kind]} «{answer.result.normalized}» no es uno de nuestros canales oficiales. No
                  pague nada, no envíe documentos y repórtelo (abajo).
                </p>
              )}
            </div>
          ) : null}
        </section>

        <section aria-labelledby="canales-titulo">
          <h2 id="canales-titulo">Nuestros canales oficiales</h2>
          <ul>
            <li>
              Teléfono: <a href={`tel:${tel(site.contact.phone)}`}>{site.contact.phone}</a>
            </li>
            <li>
              WhatsApp: <a href={`https://wa.me/${tel(site.contact.whatsapp).replace("+", "")}`}>{site.contact.whatsapp}</a>
            </li>
            {(site.official?.phones ?? []).map((p) => (
              <li key={p}>
                Teléfono: <a href={`tel:${tel(p)}`}>{p}</a>
              </li>
            ))}
            <li>
              Correo: <a href={`mailto:${site.contact.email}`}>{site.contact.email}</a>
              {channels.emailDomains.length ? ` y cualquier dirección que termine en ${channels.emailDomains.map((d) => `@${d}`).join(" o ")}` : ""}
            </li>
            <li>
              Sitios web: {channels.domains.join(", ")} (y sus subdominios). Publicamos nuestras vacantes en{" "}
              <a href={site.links.jobBoard}>
                {site.links.jobBoard.startsWith("/") ? `${site.origin.replace(/\/$/, "")}${site.links.jobBoard}` : site.links.jobBoard}
              </a>
              , cada una con su código del Servicio Público de Empleo: escriba aquí el código o la dirección de una vacante para saber si es nuestra.
            </li>
          </ul>
        </section>

        <section aria-labelledby="reportar-titulo">
          <h2 id="reportar-titulo">Si le contactaron a nombre nuestro</h2>
          <ol>
            <li>No pague ni consigne dinero, y no envíe copias de sus documentos ni datos bancarios.</li>
            <li>Guarde los mensajes, los números y los nombres que le dieron.</li>
            <li>
              Repórtelo aquí, como una queja: <a href="/pqrs?tipo=queja&amp;asunto=oferta-falsa">reportar una oferta falsa</a>. Nos ayuda a advertir a otras
              personas.
            </li>
            <li>Si ya pagó, denúncielo también ante la Policía Nacional o la Fiscalía General de la Nación.</li>
          </ol>
        </section>
      </main>
    </SiteFrame>
  );
}
