import { data, redirect, useLoaderData } from "react-router";
import { bogotaDayAndTime, bogotaInstant, formatBogota } from "~/platform/dates";
import { mailStateLabel } from "~/platform/outbox-status";
import { getReport, recordArlFiling, reportMails, setLearnedAt } from "~/features/incidents/incidents.server";
import { kindLabel, statusLabel } from "~/features/cases/model";
import { FURAT_BUSINESS_DAYS, incidentChannel, INVESTIGATION_DAYS } from "~/features/incidents/channel";
import { heldOrigin } from "~/features/cases/held.server";
import { CaseHeading, CaseHistory, CaseNoteForm, HeldFlag } from "~/features/cases/staff-views";
import { addEvent, caseEvents } from "~/features/cases/cases.server";
import { f, HEALTH_FIELDS } from "~/features/incidents/incident-form";
import { displayValue } from "~/forms/fields";
import { firstProblem, formFields } from "~/forms/actions";
import { reportActionSchema } from "~/features/incidents/staff-forms";
import { assertSameOriginPost, requireStaff } from "~/features/staff/guard.server";
import { audit } from "~/features/staff/auth.server";
import type { Route } from "./+types/report";

export function meta({ loaderData: loaded }: Route.MetaArgs) {
  return [{ title: `Reporte ${loaded?.report.radicado ?? ""} | Bandeja del personal` }, { name: "robots", content: "noindex, nofollow" }];
}

function idOf(params: { id?: string }) {
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) throw data({ message: "Reporte no encontrado." }, { status: 404 });
  return id;
}

/** Opening a report is audited (health data). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { user, services } = await requireStaff(request, "reports");
  const id = idOf(params);
  const report = await getReport(services.readDb, id);
  if (!report) throw data({ message: "Reporte no encontrado." }, { status: 404 });
  await audit(services.db, user, "ver_reporte", { caseId: id });
  const [events, mails, held] = await Promise.all([caseEvents(services.readDb, id), reportMails(services.readDb, id), heldOrigin(services.readDb, id)]);
  return { report, events, mails, held: held ?? null, now: new Date().toISOString(), notice: new URL(request.url).searchParams.get("aviso") };
}

export async function action({ request, params }: Route.ActionArgs) {
  assertSameOriginPost(request);
  const { user, services } = await requireStaff(request, "reports");
  const id = idOf(params);
  const parsed = reportActionSchema.safeParse(formFields(await request.formData()));
  if (!parsed.success) throw data({ message: firstProblem(parsed.error) }, { status: 400 });
  const input = parsed.data;
  if (input.accion === "estado") {
    const result = await addEvent(services.db, user, id, { channel: incidentChannel, status: input.estado, note: input.nota, visible: input.visible === "si" });
    if (result === "not_found") throw data({ message: "Reporte no encontrado." }, { status: 404 });
    if (result === "invalid") throw data({ message: "Elija un estado distinto del actual o escriba una nota." }, { status: 400 });
    return redirect(`/admin/reportes/${id}?aviso=estado`);
  }
  if (input.accion === "furat") {
    if (!(await recordArlFiling(services.db, user, id, input.fecha_furat, input.numero_arl))) throw data({ message: "Reporte no encontrado." }, { status: 404 });
    return redirect(`/admin/reportes/${id}?aviso=furat`);
  }
  const at = new Date(bogotaInstant(input.fecha_conocimiento, input.hora_conocimiento));
  if (Number.isNaN(at.getTime()) || at.getTime() > Date.now()) throw data({ message: "Escriba una fecha y hora válidas, no posteriores a ahora." }, { status: 400 });
  if (!(await setLearnedAt(services.db, user, id, at.toISOString()))) throw data({ message: "Reporte no encontrado." }, { status: 404 });
  return redirect(`/admin/reportes/${id}?aviso=conocimiento`);
}

const NOTICES: Record<string, string> = {
  estado: "Cambio guardado. Las notas visibles las lee quien reportó al consultar.",
  furat: "Quedó registrada la radicación del FURAT en la ARL.",
  conocimiento: "Se recalculó el plazo del FURAT.",
  registrado: "El envío retenido quedó registrado como este reporte.",
};

const bogotaInput = bogotaDayAndTime;

export default function ReportDetail() {
  const { report: r, events, mails, held, now, notice } = useLoaderData<typeof loader>();
  const furatOverdue = Boolean(r.furat_due_at && !r.arl_filed_at && r.furat_due_at < now);
  const investigationOverdue = r.status !== incidentChannel.closed && r.investigation_due_at < now;
  const rows = (fields: { name: string; staffLabel: string }[]) =>
    fields
      .map((field) => [field.staffLabel, displayValue(field as never, r[field.name as keyof typeof r] as string | null)] as const)
      .filter(([, v]) => v);
  const learned = bogotaInput(r.learned_at);
  return (
    <>
      <CaseHeading channel={incidentChannel} radicado={r.radicado} kind={r.kind} back={{ href: "/admin/reportes", label: "Volver a los reportes" }} notice={notice ? NOTICES[notice] : undefined} />
      {held ? <HeldFlag held={held} /> : null}

      <h2>Reloj legal</h2>
      <dl className="admin-fields">
        <div>
          <dt>La empresa lo conoció</dt>
          <dd>{formatBogota(r.learned_at)}</dd>
        </div>
        <div className={furatOverdue ? "admin-overdue" : undefined}>
          <dt>FURAT a la ARL y la EPS</dt>
          <dd>
            {r.furat_due_at
              ? r.arl_filed_at
                ? `Radicado el ${formatBogota(r.arl_filed_at).slice(0, 10)} con el n.º ${r.arl_number} (plazo: ${formatBogota(r.furat_due_at)})`
                : `${furatOverdue ? "VENCIDO. " : ""}Plazo: ${formatBogota(r.furat_due_at)} (${FURAT_BUSINESS_DAYS} días hábiles después del día en que la empresa lo conoció; sin sábados, domingos ni festivos de Colombia)`
              : "No aplica: un incidente sin lesión no se reporta con FURAT."}
          </dd>
        </div>
        <div className={investigationOverdue ? "admin-overdue" : undefined}>
          <dt>Investigación</dt>
          <dd>
            {investigationOverdue ? "VENCIDA. " : ""}Plazo: {formatBogota(r.investigation_due_at)} ({INVESTIGATION_DAYS} días después del evento,
            Res. 1401 de 2007. La resolución no dice si son hábiles o calendario: contamos días calendario, la lectura más estricta.)
          </dd>
        </div>
      </dl>

      <h2>Estado y notas</h2>
      <p>
        Estado actual: <strong>{statusLabel(incidentChannel, r.status)}</strong>
      </p>
      <CaseHistory channel={incidentChannel} events={events} visibleLabel="nota visible para quien reportó" />
      <CaseNoteForm
        channel={incidentChannel}
        idPrefix="e"
        status={r.status}
        statusFieldLabel="Nuevo estado"
        noteLabel="Nota (opcional si cambia el estado)"
        internalLabel="Solo el personal (nota interna)"
        visibleLabel="También quien reportó, al CONSULTAR (no escriba datos de salud)"
      />

      <h2>Radicación del FURAT en la ARL</h2>
      {r.furat_due_at ? (
        <form method="post" className="admin-form">
          <input type="hidden" name="accion" value="furat" />
          <div className="field">
            <label htmlFor="a-fecha">Fecha de radicación</label>
            <input id="a-fecha" name="fecha_furat" type="date" required defaultValue={r.arl_filed_at ? bogotaInput(r.arl_filed_at).day : ""} />
          </div>
          <div className="field">
            <label htmlFor="a-numero">Número que dio la ARL</label>
            <input id="a-numero" name="numero_arl" type="text" required maxLength={60} defaultValue={r.arl_number ?? ""} />
          </div>
          <button type="submit" className="button">
            Registrar radicación
          </button>
        </form>
      ) : (
        <p>No aplica a un incidente sin lesión.</p>
      )}

      <h2>Cuándo lo conoció la empresa</h2>
      <p>Por defecto, cuando llegó el reporte web. Si la empresa supo antes (por ejemplo, por teléfono), corríjalo: el plazo del FURAT se recalcula.</p>
      <form method="post" className="admin-form">
        <input type="hidden" name="accion" value="conocimiento" />
        <div className="field">
          <label htmlFor="c-fecha">Fecha</label>
          <input id="c-fecha" name="fecha_conocimiento" type="date" required defaultValue={learned.day} />
        </div>
        <div className="field">
          <label htmlFor="c-hora">Hora</label>
          <input id="c-hora" name="hora_conocimiento" type="time" required defaultValue={learned.time} />
        </div>
        <button type="submit" className="button button-secondary">
          Guardar y recalcular
        </button>
      </form>

      <h2>El reporte</h2>
      <dl className="admin-fields">
        {rows([f.reporta_relacion, f.reporta_nombre, f.reporta_celular, f.reporta_correo]).map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
        {rows([f.trabajador_nombre, f.trabajador_tipo_documento, f.trabajador_documento, f.trabajador_celular, f.trabajador_correo]).map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
        {rows([f.empresa_usuaria, f.sede, f.fecha, f.hora, f.lugar]).map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
        <div>
          <dt>Recibido</dt>
          <dd>{formatBogota(r.received_at)}</dd>
        </div>
      </dl>
      <h3>Qué pasó</h3>
      <p className="admin-message-text">{r.descripcion}</p>
      {r.testigos ? (
        <>
          <h3>Testigos</h3>
          <p className="admin-message-text">{r.testigos}</p>
        </>
      ) : null}
      <h2>Datos de salud</h2>
      {r.sensitive_consent_at ? (
        <>
          <p>Autorización expresa de datos sensibles: {formatBogota(r.sensitive_consent_at)}.</p>
          <dl className="admin-fields">
            {rows(HEALTH_FIELDS.map((name) => f[name])).map(([k, v]) => (
              <div key={k}>
                <dt>{k}</dt>
                <dd>{v}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : (
        <p>Quien reportó no dio datos de salud (o no autorizó su tratamiento, y no se guardaron).</p>
      )}
      <h2>Autorización de datos personales</h2>
      <p>
        Aceptada el {formatBogota(r.consent_at)}, política versión {r.policy_version}.
      </p>
      <h2>Correos</h2>
      <ul>
        {mails.map((m) => (
          <li key={m.id}>
            {m.recipients}: {mailStateLabel(m.status)}
            {m.sent_at ? ` el ${formatBogota(m.sent_at)}` : ""}
            {m.last_error ? ` (último error: ${m.last_error})` : ""}
          </li>
        ))}
      </ul>
    </>
  );
}
