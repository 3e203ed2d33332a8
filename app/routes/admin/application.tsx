import { data, redirect, useLoaderData } from "react-router";
import { caseEvents } from "~/features/cases/cases.server";
import { CaseHeading, CaseHistory, CaseNoteForm } from "~/features/cases/staff-views";
import { staffStatusLabel } from "~/features/cases/model";
import { changeApplication, getApplication } from "~/features/vacancies/applications.server";
import { applicationsChannel, STAFF_STATUSES } from "~/features/vacancies/channel";
import { applicationOptions } from "~/features/vacancies/doors.server";
import { applicationActionSchema } from "~/features/vacancies/staff-forms";
import { audit } from "~/platform/audit.server";
import { assertSameOriginPost, requireStaff } from "~/features/staff/guard.server";
import { firstProblem, formFields } from "~/forms/actions";
import { formatBogota } from "~/platform/dates";
import type { Route } from "./+types/application";

export function meta({ loaderData: loaded }: Route.MetaArgs) {
  return [{ title: `Postulación ${loaded?.application.radicado ?? ""} | Bandeja del personal` }, { name: "robots", content: "noindex, nofollow" }];
}

function idOf(params: { id?: string }) {
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) throw data({ message: "Postulación no encontrada." }, { status: 404 });
  return id;
}

/** An application, its history and the status form; opening it is audited (personal data). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { user, services } = await requireStaff(request, "vacancies");
  const id = idOf(params);
  const application = await getApplication(services.readDb, id);
  if (!application) throw data({ message: "Postulación no encontrada." }, { status: 404 });
  await audit(services.db, user, "ver_postulacion", { caseId: id });
  return { application, events: await caseEvents(services.readDb, id), notice: new URL(request.url).searchParams.get("aviso") };
}

export async function action({ request, params }: Route.ActionArgs) {
  assertSameOriginPost(request);
  const { user, services } = await requireStaff(request, "vacancies");
  const id = idOf(params);
  const parsed = applicationActionSchema.safeParse(formFields(await request.formData()));
  if (!parsed.success) throw data({ message: firstProblem(parsed.error) }, { status: 400 });
  const input = parsed.data;
  const result = await changeApplication(
    services.db,
    user,
    id,
    { status: input.estado, note: input.nota, visible: input.visible === "si" },
    applicationOptions(services),
  );
  if (result === "not_found") throw data({ message: "Postulación no encontrada." }, { status: 404 });
  if (result === "invalid")
    throw data({ message: "Elija un estado distinto del actual o escriba una nota (una postulación retirada no cambia)." }, { status: 400 });
  services.outbox?.kick();
  return redirect(`/admin/postulaciones/${id}?aviso=estado`);
}

export default function Application() {
  const { application: a, events, notice } = useLoaderData<typeof loader>();
  return (
    <>
      <CaseHeading
        channel={applicationsChannel}
        radicado={a.radicado}
        kind="postulacion"
        noun="Postulación"
        back={{ href: `/admin/empleos/${a.vacancy_id}/postulaciones`, label: a.vacancy_title }}
        notice={notice ? "Guardado. Si cambió el estado, la persona recibe un correo." : undefined}
      />
      <dl className="admin-fields">
        <dt>Estado</dt>
        <dd>{staffStatusLabel(applicationsChannel, a.status)}</dd>
        <dt>Nombre</dt>
        <dd>{a.nombre}</dd>
        <dt>Documento</dt>
        <dd>
          {a.tipo_documento} {a.documento}
        </dd>
        <dt>Correo</dt>
        <dd>{a.correo}</dd>
        <dt>Celular</dt>
        <dd>{a.celular}</dd>
        <dt>Ciudad</dt>
        <dd>{a.ciudad}</dd>
        <dt>Mensaje</dt>
        <dd className="admin-message-text">{a.mensaje ?? "—"}</dd>
        <dt>Hoja de vida</dt>
        <dd>
          <a href={`/admin/postulaciones/${a.case_id}/hoja-de-vida.pdf`} download>
            Descargar PDF
          </a>{" "}
          ({Math.ceil(a.resume_size / 1024)} KB, recibida el {formatBogota(a.resume_updated_at)}). Cada descarga queda en la auditoría.
        </dd>
        <dt>Autorización de datos de selección</dt>
        <dd>{formatBogota(a.selection_consent_at)}</dd>
      </dl>
      <h2>Historial</h2>
      <CaseHistory channel={applicationsChannel} events={events} visibleLabel="nota para el candidato" />
      {a.status === "retirada" ? (
        <p>La persona retiró su postulación.</p>
      ) : (
        <>
          <h2>Cambiar el estado o escribir una nota</h2>
          <CaseNoteForm
            channel={{ ...applicationsChannel, statuses: STAFF_STATUSES }}
            idPrefix="postulacion"
            status={a.status}
            noteLabel="Nota"
            internalLabel="Nota interna (solo el equipo de selección)"
            visibleLabel="Nota para el candidato (la lee en CONSULTAR y en el correo del cambio de estado)"
          />
        </>
      )}
    </>
  );
}
