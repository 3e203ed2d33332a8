/** The incident channel's staff page: what it reads (opening a report is audited: health data) and what its posts change. */
import { data, redirect } from "react-router";
import { bogotaDay, bogotaInstant } from "~/platform/dates";
import { getIncident, recordNotice, incidentMails, incidentNotices, setLearnedAt, setSeverity, listIncidents } from "./incidents.server";
import { incidentChannel } from "./channel";
import { heldOrigin, plainHeld, countWaitingHeld } from "~/features/cases/held.server";
import type { HeldDesk } from "~/features/cases/held-staff.server";
import { incidentDoors } from "./doors.server";
import { incidentForm } from "./incident-form";
import { addEvent, caseEvents } from "~/features/cases/cases.server";
import { firstProblem, formFields, type StaffCall } from "~/forms/actions";
import { incidentActionSchema } from "./staff-forms";
import { audit } from "~/platform/audit.server";
import { parsePageRequest } from "~/platform/paging";
/** The incident channel's staff page: what it reads (opening a report is audited: health data) and what its posts change. */

function idOf(params: { id?: string }) {
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) throw data({ message: "Reporte no encontrado." }, { status: 404 });
  return id;
}

/** Opening a report is audited (health data). */
export async function incidentPage({ request, params, user, services }: StaffCall) {
  const id = idOf(params);
  const report = await getIncident(services.readDb, id);
  if (!report) throw data({ message: "Reporte no encontrado." }, { status: 404 });
  await audit(services.db, user, "ver_reporte", { caseId: id });
  const [events, mails, held, given] = await Promise.all([
    caseEvents(services.readDb, id),
    incidentMails(services.readDb, id),
    heldOrigin(services.readDb, id),
    incidentNotices(services.readDb, id),
  ]);
  return { report, events, mails, given, held: held ?? null, now: new Date().toISOString(), notice: new URL(request.url).searchParams.get("aviso") };
}

/** The page's posts: status and note, the FURAT and the other notices, severity, when the company learned of it. */
export async function incidentAction({ request, params, user, services }: StaffCall) {
  const id = idOf(params);
  const parsed = incidentActionSchema.safeParse(formFields(await request.formData()));
  if (!parsed.success) throw data({ message: firstProblem(parsed.error) }, { status: 400 });
  const input = parsed.data;
  if (input.accion === "estado") {
    const result = await addEvent(services.db, user, id, { channel: incidentChannel, status: input.estado, note: input.nota, visible: input.visible === "si" });
    if (result === "not_found") throw data({ message: "Reporte no encontrado." }, { status: 404 });
    if (result === "invalid")
      throw data({ message: "Elija un estado que corresponda a este reporte y sea distinto del actual, o escriba una nota." }, { status: 400 });
    return redirect(`/admin/reportes/${id}?aviso=estado`);
  }
  if (input.accion === "furat") {
    if (!(await recordNotice(services.db, user, id, "arl", input.fecha_furat, input.numero_arl)))
      throw data({ message: "Reporte no encontrado o sin FURAT." }, { status: 404 });
    return redirect(`/admin/reportes/${id}?aviso=furat`);
  }
  if (input.accion === "aviso") {
    if (input.fecha > bogotaDay(new Date().toISOString())) throw data({ message: "La fecha del aviso no puede ser posterior a hoy." }, { status: 400 });
    if (!(await recordNotice(services.db, user, id, input.aviso, input.fecha, input.referencia)))
      throw data({ message: "Reporte no encontrado o sin FURAT." }, { status: 404 });
    return redirect(`/admin/reportes/${id}?aviso=aviso`);
  }
  if (input.accion === "gravedad") {
    if (!(await setSeverity(services.db, user, id, input.gravedad))) throw data({ message: "Esa gravedad no corresponde a este reporte." }, { status: 400 });
    return redirect(`/admin/reportes/${id}?aviso=gravedad`);
  }
  const at = new Date(bogotaInstant(input.fecha_conocimiento, input.hora_conocimiento));
  if (Number.isNaN(at.getTime()) || at.getTime() > Date.now())
    throw data({ message: "Escriba una fecha y hora válidas, no posteriores a ahora." }, { status: 400 });
  if (!(await setLearnedAt(services.db, user, id, at.toISOString()))) throw data({ message: "Reporte no encontrado." }, { status: 404 });
  return redirect(`/admin/reportes/${id}?aviso=conocimiento`);
}

/** The incident channel's held posts (/admin/reportes/retenidos): every one, for its staff. */
export const INCIDENTS_HELD: HeldDesk = {
  channel: incidentChannel,
  area: "incidents",
  form: incidentForm,
  back: "/admin/reportes",
  detail: "/admin/reportes",
  kindOf: (values) => values.tipo ?? "",
  sealing: () => plainHeld,
  visibleTo: () => () => true,
  register: incidentDoors.registerHeld,
};

/** The incident list: a page by keyset, filtered by status and kind, with the count of held posts. */
export async function incidentListPage({ request, services }: StaffCall) {
  const params = new URL(request.url).searchParams;
  const status = incidentChannel.statuses.some((s) => s.value === params.get("estado")) ? (params.get("estado") as string) : undefined;
  const kind = params.get("tipo") === "accidente" || params.get("tipo") === "incidente" ? (params.get("tipo") as string) : undefined;
  const [{ rows, total, overdue, ...page }, held] = await Promise.all([
    listIncidents(services.readDb, { status, kind }, parsePageRequest(params)),
    countWaitingHeld(services.readDb, incidentChannel),
  ]);
  return { rows, total, overdue, page, query: params.toString(), held, status: status ?? "", kind: kind ?? "" };
}
