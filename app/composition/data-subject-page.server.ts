/**
 * The data subjects' page (/admin/titulares): a person's records across the channels, holds on them, and
 * the deletion that serves a data request (Ley 1581 de 2012; ADR 019). It reads several features.
 */
import { data, redirect } from "react-router";
import * as z from "zod/mini";
import { mayOpen } from "~/config/access";
import { activeHolds, clearHold, holdSubject, setHold } from "~/platform/holds.server";
import { incidentsOfPerson } from "~/features/incidents/incidents.server";
import { requestsOfPerson, recordDeletion } from "~/features/requests/requests.server";
import { messagesOfPerson } from "~/features/messages/inbox.server";
import { deleteOnRequest, maskSubject, openDeletionRequests, personNote } from "./data-subject.server";
import { audit } from "~/platform/audit.server";
import { firstProblem, formFields, trimmed, type StaffCall } from "~/forms/actions";
import { cleanText } from "~/forms/fields";

/** A person's records across the channels this reader may open, found by e-mail (or document), and the holds. */
export async function dataSubjectPage({ request, user, services }: StaffCall) {
  const params = new URL(request.url).searchParams;
  const email = cleanText(params.get("correo") ?? "")
    .trim()
    .slice(0, 254);
  // Both searches go through indexes on lower(e-mail) (migration 018), off the request thread.
  const found = email ? await messagesOfPerson(services.readDb, email) : null;
  // Reports hold health data: only occupational health and the admin find and delete them.
  const canIncidents = mayOpen(user.roles, "incidents");
  const reports = email && canIncidents ? await incidentsOfPerson(services.readDb, email) : null;
  // The person's PQRS requests, for whoever answers data-protection requests.
  const canRequests = mayOpen(user.roles, "dataRequests");
  const requests =
    email && canRequests
      ? (await requestsOfPerson(services.readDb, email.includes("@") ? { email } : { document: email })).map((r) => ({
          id: r.id as number,
          radicado: r.radicado,
          kind: r.kind,
          status: r.status,
          received_at: r.received_at,
        }))
      : null;
  // A search that shows a person's records is audited: who, when, how many; the term only masked.
  if (email) {
    const total = (found?.length ?? 0) + (reports?.length ?? 0) + (requests?.length ?? 0);
    await audit(services.db, user, "buscar_titular", { detail: `${maskSubject(email)} · ${total} registro(s) encontrado(s)` });
  }
  const holds = await activeHolds(services.db);
  // The requests a deletion may serve (product rule 35): offered on the form.
  const deletionRequests = email ? (await openDeletionRequests(services.readDb, email)).map((q) => q.radicado) : [];
  return {
    email,
    found,
    reports,
    requests,
    canIncidents,
    holds,
    held: email ? holds.filter((h) => h.subject === holdSubject(email)) : [],
    deletionRequests,
    notice: params.get("aviso"),
  };
}

const actionSchema = z.discriminatedUnion("accion", [
  z.object({
    accion: z.literal("eliminar"),
    correo: trimmed(254, "Correo no válido.").check(z.minLength(1, "Falta la persona.")),
    confirmar: z.literal("si", { error: "Confirme la eliminación." }),
    // Every deletion names the data request it serves (product rule 35).
    radicado: trimmed(40, "Radicado no válido.").check(
      z.minLength(1, "Escriba el radicado (PQ-…) de la solicitud de supresión o de revocatoria que esta eliminación atiende."),
    ),
  }),
  z.object({
    accion: z.literal("retener"),
    correo: trimmed(254, "Correo no válido.").check(z.minLength(1, "Falta la persona.")),
    motivo: trimmed(500, "El motivo admite como máximo 500 caracteres.").check(
      z.minLength(1, "Escriba el motivo de la retención: la obligación legal que impide borrar."),
    ),
  }),
  z.object({
    accion: z.literal("levantar"),
    id: z.string().check(z.regex(/^\d{1,12}$/, "Retención no encontrada.")),
    correo: trimmed(254, "Correo no válido."),
    motivo: trimmed(500, "El motivo admite como máximo 500 caracteres."),
  }),
]);

/** The page's posts: set or lift a hold, or delete a person's records for the data request it serves. */
export async function dataSubjectAction({ request, user, services }: StaffCall) {
  const fields = formFields(await request.formData());
  // The deletion form predates the other actions: without `accion` it is the deletion.
  const parsed = actionSchema.safeParse({ accion: "eliminar", ...fields });
  if (!parsed.success) throw data({ message: firstProblem(parsed.error) }, { status: 400 });
  const input = parsed.data;
  const back = (extra: string) => `/admin/titulares?correo=${encodeURIComponent(input.correo)}&${extra}`;
  if (input.accion === "retener") {
    await setHold(services.db, user, input.correo, input.motivo);
    return redirect(back("aviso=retenido"));
  }
  if (input.accion === "levantar") {
    if (!(await clearHold(services.db, user, Number(input.id), input.motivo)))
      throw data({ message: "Esa retención no existe o ya se levantó." }, { status: 404 });
    return redirect(back("aviso=levantado"));
  }
  // Nothing is deleted while a hold is active on the person (ADR 019).
  const holds = await activeHolds(services.db, [input.correo]);
  if (holds.length > 0) {
    throw data(
      {
        message: `No se eliminó nada: hay una retención por obligación legal sobre los datos de esta persona (n.º ${holds.map((h) => `${h.id}: ${h.reason}`).join("; ")}). Levántela primero si ya no aplica.`,
      },
      { status: 409 },
    );
  }
  // The request it serves: an open suppression or revocation request about this person (product rule 35).
  const served = (await openDeletionRequests(services.db, input.correo)).find((q) => q.radicado === input.radicado.toUpperCase());
  if (!served) {
    throw data(
      {
        message: `No se eliminó nada: ${input.radicado.slice(0, 40)} no es una solicitud de supresión o de revocatoria abierta de esta persona. Toda eliminación atiende una solicitud así; regístrela por PQRS si la persona la pidió por otro medio.`,
      },
      { status: 409 },
    );
  }
  if (served.deletion_at)
    throw data({ message: `La supresión de la solicitud ${served.radicado} ya se ejecutó: ${served.deletion_summary ?? ""}` }, { status: 409 });
  // The one deletion a request runs (app/composition/data-subject.server.ts): what the law keeps stays, with its reason.
  const done = await deleteOnRequest(services.db, user, served);
  await recordDeletion(services.db, user, served.id as number, done.summary, done.refused, undefined, personNote(done));
  if (done.refused) throw data({ message: done.summary }, { status: 409 });
  return { deleted: done.deletedMessages, kept: done.kept, radicado: served.radicado };
}
