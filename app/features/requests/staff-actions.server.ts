/** The requests channel's staff pages: its two desks, each desk's list, and a request's page with what its posts change. */
import { data, redirect } from "react-router";
import { kindLabel } from "~/features/cases/model";
import { countWaitingHeld, heldOrigin, plainHeld } from "~/features/cases/held.server";
import type { HeldDesk } from "~/features/cases/held-staff.server";
import { askDeadlineDay, completionExtensionDay, firstCountedDay, withinOfficeHours } from "./clock";
import { DATA_KINDS, isDataKind, isOpen, PETITION_KINDS, requestsChannel } from "./channel";
import { requestDoors, requestStoreOptions } from "./doors.server";
import { requestForm } from "./request-form";
import {
  addRequestNote,
  answerRequest,
  askToComplete,
  clockSummary,
  closeRequest,
  completeRequest,
  extendCompletion,
  extendRequest,
  getRequest,
  recordDeletion,
  requestEvents,
  requestMails,
  saveExport,
  listRequests,
  type RequestRow,
} from "./requests.server";
import { requestActionSchema } from "./staff-forms";
import { firstProblem, formFields, type StaffCall } from "~/forms/actions";
import { audit, type StaffUser } from "~/platform/audit.server";
import { parsePageRequest } from "~/platform/paging";
import type { Kysely } from "kysely";
import type { Database } from "~/platform/db/database.server";

/**
 * The requests channel's two staff desks (docs/product.md §28, 30): the role `pqrs` handles petitions,
 * complaints, claims, suggestions and consultations at /admin/pqrs, the role `datos` data-protection
 * requests at /admin/datos. Each staff route passes its desk.
 */
export const PETITIONS_DESK = {
  area: "requests",
  kinds: PETITION_KINDS,
  base: "/admin/pqrs",
  back: "Volver a las PQRS",
  title: "PQRS: peticiones, quejas, reclamos y sugerencias",
} as const;
export const DATA_DESK = {
  area: "dataRequests",
  kinds: DATA_KINDS,
  base: "/admin/datos",
  back: "Volver a las solicitudes de datos personales",
  title: "Solicitudes de datos personales",
} as const;
export type RequestDesk = typeof PETITIONS_DESK | typeof DATA_DESK;

/** A data request's access export and deletion, which read every channel (app/composition/data-subject.server.ts). */
export interface SubjectOps {
  exportFor(db: Kysely<Database>, user: StaffUser, request: RequestRow): Promise<{ json: string; summary: string }>;
  deleteFor(db: Kysely<Database>, user: StaffUser, request: RequestRow): Promise<{ summary: string; refused: boolean; note: string }>;
}

function idOf(params: { id?: string }) {
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) throw data({ message: "Solicitud no encontrada." }, { status: 404 });
  return id;
}

/** Opening a request is audited. */
export async function requestPage({ request, params, user, services }: StaffCall, a: RequestDesk) {
  const id = idOf(params);
  const r = await getRequest(services.db, id, a.kinds);
  if (!r) throw data({ message: "Solicitud no encontrada." }, { status: 404 });
  await audit(services.db, user, `${isDataKind(r.kind) ? "datos" : "pqrs"}_ver_solicitud`, { caseId: id });
  const now = new Date().toISOString();
  const [events, mails, held] = await Promise.all([requestEvents(services.db, id), requestMails(services.db, id), heldOrigin(services.db, id)]);
  const clock = clockSummary(r, now);
  return {
    request: r,
    events,
    mails,
    held: held ?? null,
    now,
    base: a.base,
    back: a.back,
    clock: {
      ...clock,
      receivedInHours: withinOfficeHours(r.received_at),
      firstDay: firstCountedDay(r.received_at, clock.term),
      askUntil: askDeadlineDay(r.received_at, clock.term),
      extensionDay: r.completion_deadline ? completionExtensionDay(r.completion_deadline, clock.term) : null,
    },
    notice: new URL(request.url).searchParams.get("aviso"),
  };
}

/**
 * The page's posts. A data request's access export and deletion read every channel: the route hands
 * them in (`subjects`, composed in app/composition/data-subject.server.ts).
 */
export async function requestAction({ request, params, user, services }: StaffCall, a: RequestDesk, subjects: SubjectOps) {
  const id = idOf(params);
  const parsed = requestActionSchema.safeParse(formFields(await request.formData()));
  if (!parsed.success) throw data({ message: firstProblem(parsed.error) }, { status: 400 });
  const input = parsed.data;
  const options = requestStoreOptions(services);
  const db = services.db;
  const current = await getRequest(db, id, a.kinds);
  if (!current) throw data({ message: "Solicitud no encontrada." }, { status: 404 });
  let result;
  switch (input.accion) {
    case "estado":
      result = await addRequestNote(db, user, id, a.kinds, { status: input.estado, note: input.nota, visible: input.visible === "si" });
      break;
    case "completar":
      result = await askToComplete(db, user, id, a.kinds, input.faltante, options);
      break;
    case "prorroga":
      result = await extendCompletion(db, user, id, a.kinds, options);
      break;
    case "completada":
      result = await completeRequest(db, { user }, id, a.kinds, input.informacion, options);
      break;
    case "ampliar":
      result = await extendRequest(db, user, id, a.kinds, { reason: input.motivo, newDay: input.fecha }, options);
      break;
    case "responder":
      result = await answerRequest(db, user, id, a.kinds, { answer: input.respuesta, attachExport: input.adjuntar === "si" }, options);
      break;
    case "cerrar":
      result = await closeRequest(db, user, id, a.kinds, input.motivo_cierre);
      break;
    case "exportar": {
      if (!isDataKind(current.kind)) throw data({ message: "La exportación es para las solicitudes sobre datos personales." }, { status: 400 });
      const built = await subjects.exportFor(db, user, current);
      result = await saveExport(db, user, id, a.kinds, built.json, built.summary);
      break;
    }
    case "suprimir": {
      if (current.kind !== "datos_supresion" && current.kind !== "datos_revocatoria")
        throw data({ message: "La supresión se ejecuta desde un reclamo de supresión o de revocatoria." }, { status: 400 });
      if (!isOpen(current.status)) throw data({ message: "La solicitud ya se respondió o se cerró." }, { status: 409 });
      if (current.deletion_at) throw data({ message: "La supresión ya se ejecutó desde esta solicitud." }, { status: 409 });
      const done = await subjects.deleteFor(db, user, current);
      await recordDeletion(db, user, id, done.summary, done.refused, undefined, done.note);
      return redirect(`${a.base}/${id}?aviso=${done.refused ? "supresion-rechazada" : "suprimido"}`);
    }
  }
  if (!result.ok) throw data({ message: result.message }, { status: result.status });
  services.outbox?.kick();
  return redirect(`${a.base}/${id}?aviso=${input.accion}`);
}

/** A desk's list: open requests first by due date, so the overdue come first and stand out. */
export async function requestListPage({ request, services }: StaffCall, a: RequestDesk) {
  const params = new URL(request.url).searchParams;
  const status = requestsChannel.statuses.some((s) => s.value === params.get("estado")) ? (params.get("estado") as string) : undefined;
  const kind = (a.kinds as readonly string[]).includes(params.get("tipo") ?? "") ? (params.get("tipo") as string) : undefined;
  const now = new Date().toISOString();
  // One page by keyset through the list's segments (open by due date, waiting for the person, the rest), off the request thread.
  const [{ rows, total, overdue, expired, ...page }, held] = await Promise.all([
    listRequests(services.readDb, a.kinds, { status, kind }, parsePageRequest(params), now),
    countWaitingHeld(services.readDb, requestsChannel),
  ]);
  return {
    rows,
    total,
    overdue,
    expired,
    page,
    query: params.toString(),
    held,
    status: status ?? "",
    kind: kind ?? "",
    base: a.base,
    title: a.title,
    kinds: a.kinds.map((k) => ({ value: k, label: kindLabel(requestsChannel, k) })),
  };
}

/** A desk's held posts (/admin/pqrs/retenidos, /admin/datos/retenidos): the kinds its role owns. */
const heldDesk = (desk: RequestDesk): HeldDesk => ({
  channel: requestsChannel,
  area: desk.area,
  form: requestForm,
  back: desk.base,
  detail: desk.base,
  kindOf: (values) => values.tipo ?? "",
  sealing: () => plainHeld,
  visibleTo: () => (values) => (desk.kinds as readonly string[]).includes(values.tipo),
  register: requestDoors.registerHeld,
});
export const PETITIONS_HELD = heldDesk(PETITIONS_DESK);
export const DATA_HELD = heldDesk(DATA_DESK);
