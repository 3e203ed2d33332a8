import { data, redirect, useActionData, useLoaderData } from "react-router";
import { firstProblem, formFields } from "~/forms/actions";
import { vacancyActionSchema } from "~/features/vacancies/staff-forms";
import { VacancyForm, type VacancyValues, WordingFindings } from "~/features/vacancies/staff-views";
import { closeVacancy, createVacancy, getVacancy, publishVacancy, updateVacancy, type VacancyInput, wordingOf } from "~/features/vacancies/vacancies.server";
import type { WordingFinding } from "~/features/vacancies/wording";
import { assertSameOriginPost, requireStaff } from "~/features/staff/guard.server";
import type { Route } from "./+types/vacancy";

export function meta() {
  return [{ title: "Vacante | Bandeja del personal" }, { name: "robots", content: "noindex, nofollow" }];
}

/** `/admin/empleos/nueva` (no id) or `/admin/empleos/:id`. */
function idOf(params: { id?: string }): number | null {
  if (params.id === undefined) return null;
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) throw data({ message: "Vacante no encontrada." }, { status: 404 });
  return id;
}

const NOTICES: Record<string, string> = {
  guardada: "Cambios guardados.",
  creada: "Vacante creada como borrador. Revísela y publíquela cuando tenga el código del Servicio Público de Empleo.",
  publicada: "Vacante publicada en /empleos.",
  cerrada: "Vacante cerrada: ya no recibe postulaciones y su página responde que cerró.",
};

export async function loader({ request, params }: Route.LoaderArgs) {
  const { services } = await requireStaff(request, "vacancies");
  const id = idOf(params);
  const vacancy = id === null ? null : await getVacancy(services.db, id);
  if (id !== null && !vacancy) throw data({ message: "Vacante no encontrada." }, { status: 404 });
  const notice = NOTICES[new URL(request.url).searchParams.get("aviso") ?? ""];
  const values: VacancyValues = vacancy ? Object.fromEntries(Object.entries(vacancy).map(([k, v]) => [k, v === null || v === undefined ? "" : String(v)])) : {};
  // What the check would refuse today, shown before anyone presses "Publicar".
  const findings = vacancy ? wordingOf(vacancy) : [];
  return { vacancy, values, notice, findings };
}

type ActionAnswer = { error: string; findings?: WordingFinding[]; values?: VacancyValues };

export async function action({ request, params }: Route.ActionArgs) {
  assertSameOriginPost(request);
  const { user, services } = await requireStaff(request, "vacancies");
  const id = idOf(params);
  const raw = formFields(await request.formData());
  const parsed = vacancyActionSchema.safeParse(raw);
  if (!parsed.success) return data({ error: firstProblem(parsed.error), values: raw as VacancyValues } satisfies ActionAnswer, { status: 400 });
  const input = parsed.data;
  if (input.accion === "guardar") {
    const { accion: _a, city, ...fields } = input;
    const vacancy: VacancyInput = {
      ...fields,
      city: city.name,
      city_code: city.code,
      department: city.department,
      company_name: fields.company_name || null,
      spe_code: fields.spe_code || null,
    };
    if (id === null) {
      const created = await createVacancy(services.db, user, vacancy);
      return redirect(`/admin/empleos/${created}?aviso=creada`);
    }
    const done = await updateVacancy(services.db, user, id, vacancy);
    if (!done.ok) return data({ error: done.message, findings: done.findings, values: raw as VacancyValues } satisfies ActionAnswer, { status: 400 });
    return redirect(`/admin/empleos/${id}?aviso=guardada`);
  }
  if (id === null) throw data({ message: "Guarde la vacante primero." }, { status: 400 });
  if (input.accion === "publicar") {
    const done = await publishVacancy(services.db, user, id);
    if (!done.ok) return data({ error: done.message, findings: done.findings } satisfies ActionAnswer, { status: 400 });
    return redirect(`/admin/empleos/${id}?aviso=publicada`);
  }
  await closeVacancy(services.db, user, id);
  return redirect(`/admin/empleos/${id}?aviso=cerrada`);
}

export default function Vacancy() {
  const { vacancy, values, notice, findings } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ActionAnswer | undefined;
  const shown = answer?.findings ?? (vacancy?.status === "borrador" ? findings : []);
  return (
    <>
      <p>
        <a href="/admin/empleos">← Vacantes</a>
      </p>
      <h1>{vacancy ? vacancy.title : "Nueva vacante"}</h1>
      {notice ? (
        <p className="admin-notice" role="status">
          {notice}
        </p>
      ) : null}
      {answer ? (
        <div className="admin-error" role="alert">
          <p>{answer.error}</p>
          {answer.findings?.length ? <WordingFindings findings={answer.findings} /> : null}
        </div>
      ) : shown.length ? (
        <div className="admin-error" role="status">
          <p>Antes de publicar, reescriba estos requisitos:</p>
          <WordingFindings findings={shown} />
        </div>
      ) : null}
      {vacancy ? (
        <p>
          Estado: <strong>{vacancy.status}</strong>
          {vacancy.status !== "borrador" ? (
            <>
              {" "}
              · <a href={`/empleos/${vacancy.slug}`}>ver la página pública</a>
            </>
          ) : null}{" "}
          · <a href={`/admin/empleos/${vacancy.id}/postulaciones`}>postulaciones</a>
        </p>
      ) : null}
      {vacancy?.status !== "cerrada" ? <VacancyForm values={answer?.values ?? values} /> : null}
      {vacancy && vacancy.status === "borrador" ? (
        <form method="post" className="admin-form">
          <input type="hidden" name="accion" value="publicar" />
          <button type="submit" className="button">
            Publicar
          </button>
        </form>
      ) : null}
      {vacancy && vacancy.status === "publicada" ? (
        <form method="post" className="admin-form">
          <input type="hidden" name="accion" value="cerrar" />
          <button type="submit" className="button">
            Cerrar la vacante
          </button>
        </form>
      ) : null}
    </>
  );
}
