/**
 * A data-protection request answered from what the site holds (ADR 019, Ley 1581 de 2012 arts. 14–15):
 * the access export of every record of the person, and the deletion run from the request. Both read
 * several features, so they are composed here, next to the composition root, and called by the staff
 * pages of the requests channel (app/routes/admin/request.tsx).
 *
 * Who the person is: the e-mail and the document number given on the request. Staff check the identity
 * (the policy's §10) before they act.
 */
import type { Kysely } from "kysely";
import { mayOpen } from "~/config/access";
import { getSiteConfig } from "~/config/site.server";
import { kindLabel, statusLabel } from "~/features/cases/model";
import { f as incidentFields, HEALTH_FIELDS } from "~/features/incidents/incident-form";
import { incidentChannel } from "~/features/incidents/channel";
import { getIncident, incidentsOfPerson } from "~/features/incidents/incidents.server";
import { formTitles, messageForms } from "~/features/messages/registry";
import { deletePerson, getMessage, messagesOfPerson } from "~/features/messages/inbox.server";
import { FINAL_STATUSES, requestsChannel } from "~/features/requests/channel";
import { applicationsOf, deleteApplications } from "~/features/vacancies/applications.server";
import { applicationsChannel } from "~/features/vacancies/channel";
import { resumeStore } from "~/features/vacancies/resume.server";
import { getEnv } from "~/platform/env.server";
import { type RequestRow, requestsOfPerson } from "~/features/requests/requests.server";
import type { SubjectOps } from "~/features/requests/staff-actions.server";
import { displayValue, normalizeEmail } from "~/forms/fields";
import type { StaffUser } from "~/platform/audit.server";
import { bogotaInstant, formatBogota } from "~/platform/dates";
import type { Database } from "~/platform/db/database.server";
import { activeHolds } from "~/platform/holds.server";
import { deletability, ruleOf } from "~/platform/retention";
import { certificateKeys } from "~/features/certificates/keys.server";
import { certificateRecordsOf } from "~/features/certificates/staff.server";

export interface Person {
  email: string | null;
  document: string | null;
}

export const personOf = (r: Pick<RequestRow, "correo" | "documento">): Person => ({
  email: r.correo ? normalizeEmail(r.correo) : null,
  document: r.documento?.toUpperCase() ?? null,
});

/** The incident reports of a person (by e-mail and by document), each once, with whether the person is its subject (the worker). */
async function reportsAbout(db: Kysely<Database>, person: Person) {
  const found = [...(person.email ? await incidentsOfPerson(db, person.email) : []), ...(person.document ? await incidentsOfPerson(db, person.document) : [])];
  const ids = [...new Set(found.map((r) => r.id as number))];
  const reports = [];
  for (const id of ids) {
    const report = await getIncident(db, id);
    if (!report) continue;
    const subject =
      (person.document !== null && report.trabajador_documento.toUpperCase() === person.document) ||
      (person.email !== null && normalizeEmail(report.trabajador_correo ?? "") === person.email);
    reports.push({ report, subject });
  }
  return reports;
}

const consentOf = (at: string | null, version: string | null) => (at ? { fecha: formatBogota(at), version_de_la_politica: version } : null);

/**
 * Every stored record of the person, as the file attached to the answer: the messages they sent, the
 * incident reports they are the subject of (all their fields, health data included when they consented)
 * or filed (only what they gave about themselves) — when the reader's role opens reports —, and their
 * requests; each with the consent and the policy version it was given under. Keys in Spanish: the
 * person reads it.
 */
export async function buildAccessExport(db: Kysely<Database>, user: StaffUser, request: RequestRow): Promise<{ json: string; summary: string }> {
  const person = personOf(request);
  const site = getSiteConfig();
  const messages = [];
  for (const { id } of person.email ? await messagesOfPerson(db, person.email) : []) {
    const m = await getMessage(db, id as number);
    if (!m) continue;
    messages.push({
      numero: m.id,
      formulario: formTitles[m.form],
      recibido: formatBogota(m.received_at),
      datos: Object.fromEntries(messageForms[m.form].fields.map((field) => [field.staffLabel, m[field.name as keyof typeof m] ?? ""])),
      autorizacion: consentOf(m.consent_at, m.policy_version),
    });
  }
  const canIncidents = mayOpen(user.roles, "incidents");
  const reports = canIncidents ? await reportsAbout(db, person) : [];
  const reportItems = reports.map(({ report: r, subject }) => {
    const fields = subject
      ? Object.values(incidentFields).filter(
          (field) => field.name !== "consentimiento_salud" && (!(HEALTH_FIELDS as readonly string[]).includes(field.name) || r.sensitive_consent_at),
        )
      : [incidentFields.reporta_relacion, incidentFields.reporta_nombre, incidentFields.reporta_celular, incidentFields.reporta_correo];
    return {
      radicado: r.radicado,
      tipo: kindLabel(incidentChannel, r.kind),
      estado: statusLabel(incidentChannel, r.status),
      recibido: formatBogota(r.received_at),
      relacion: subject ? "Usted es la persona afectada" : "Usted presentó el reporte",
      datos: Object.fromEntries(
        fields.map((field) => [field.staffLabel, displayValue(field, r[field.name as keyof typeof r] as string | null)]).filter(([, v]) => v),
      ),
      autorizacion: consentOf(r.consent_at, r.policy_version),
      ...(subject && r.sensitive_consent_at ? { autorizacion_datos_de_salud: formatBogota(r.sensitive_consent_at) } : {}),
    };
  });
  const requests = (await requestsOfPerson(db, person)).map((q) => ({
    radicado: q.radicado,
    tipo: kindLabel(requestsChannel, q.kind),
    estado: statusLabel(requestsChannel, q.status),
    recibida: formatBogota(q.received_at),
    datos: { Nombre: q.nombre, "Tipo de documento": q.tipo_documento, Documento: q.documento, Correo: q.correo, Celular: q.celular, Solicitud: q.descripcion },
    ...(q.answer ? { respuesta: q.answer } : {}),
    autorizacion: consentOf(q.consent_at, q.policy_version),
  }));
  // Employment certificates and the imported payroll (ADR 027), by the request's document.
  const certificates = request.documento
    ? await certificateRecordsOf(db, request.tipo_documento, request.documento, certificateKeys(getEnv()))
    : { certificados_laborales: [], nomina_importada: null };
  // Applications to the site's vacancies (ADR 028), with what is known of the résumé the person sent.
  const applications = (await applicationsOf(db, { documento: person.document ?? undefined, correo: person.email ?? undefined })).map((a) => ({
    radicado: a.radicado,
    vacante: a.vacante,
    estado: statusLabel(applicationsChannel, a.status),
    recibida: formatBogota(a.received_at),
    datos: {
      Nombre: a.nombre,
      "Tipo de documento": a.tipo_documento,
      Documento: a.documento,
      Correo: a.correo,
      Celular: a.celular,
      Ciudad: a.ciudad,
      Mensaje: a.mensaje ?? "",
    },
    hoja_de_vida: `El PDF que usted envió (${Math.ceil(Number(a.resume_size) / 1024)} KB, huella SHA-256 ${a.resume_sha256}); se le entrega con esta respuesta si lo pide.`,
  }));
  const file = {
    responsable: `${site.company.legalName} (NIT ${site.company.nit})`,
    solicitud: request.radicado,
    generado: `${formatBogota(new Date().toISOString())} (hora de Colombia)`,
    titular: { correo: person.email, documento: person.document },
    mensajes: messages,
    reportes_de_incidentes: reportItems,
    solicitudes_pqrs: requests,
    ...certificates,
    postulaciones: applications,
    no_incluido: [
      "Los reportes de la línea ética: por confidencialidad, quienes los atienden responden por aparte a quien se identificó en ellos.",
      ...(canIncidents ? [] : ["Los reportes de incidentes y accidentes de trabajo: los entrega por aparte el equipo de seguridad y salud en el trabajo."]),
      "La información que la empresa guarda fuera de este sitio web (hojas de vida entregadas por otros medios, contratos y la nómina completa: aquí está solo el extracto que sirve para expedir certificados laborales): la entrega por aparte el área responsable.",
    ],
  };
  const summary = `${messages.length} mensaje(s), ${canIncidents ? `${reportItems.length} reporte(s) de incidentes` : "sin reportes de incidentes (su rol no los abre)"}, ${requests.length} solicitud(es) PQRS, ${certificates.certificados_laborales.length} certificado(s) laboral(es), ${applications.length} postulación(es)`;
  return { json: JSON.stringify(file, null, 2), summary };
}

/** What a deletion run for a data request did: refused whole (a hold), or what went and what stays, each kept record with its reason. */
export interface DeletionOutcome {
  refused: boolean;
  /** For staff, recorded on the request. */
  summary: string;
  /** For the person (a visible note on the request): each record kept, the norm and until when. */
  kept: string[];
  deletedMessages: number;
}

/**
 * The deletion a deletion (or revocation) request asks for, run from it — on the request's page or from
 * the data-subject tools, which name the request (product rule 35): refused whole while a hold is active
 * on the person; otherwise every record of the person goes through the one rule (deletability,
 * app/platform/retention.ts): the messages go (deletePerson, audited with the request's radicado), and
 * what a legal duty keeps stays, each with its reason — incident and accident reports (Decreto 1072 de 2015
 * art. 2.2.4.6.13, Res. 1401 de 2007 art. 4 num. 10), the person's requests (Ley 962 de 2005 art. 28, proof
 * of the answer). The summary is recorded on the request.
 */
export async function deleteOnRequest(db: Kysely<Database>, user: StaffUser, request: RequestRow, now = new Date().toISOString()): Promise<DeletionOutcome> {
  const person = personOf(request);
  const holds = await activeHolds(db, [person.email ?? "", person.document ?? ""]);
  if (holds.length > 0) {
    const list = holds.map((h) => `n.º ${h.id} del ${formatBogota(h.set_at).slice(0, 10)} (${h.set_by}): ${h.reason}`).join("; ");
    return {
      refused: true,
      summary: `No se suprimió nada: hay una retención por obligación legal sobre los datos de esta persona — ${list}.`,
      kept: ["No se suprimió ningún dato: una obligación legal (un proceso o un requerimiento de una autoridad) obliga a conservarlos por ahora."],
      deletedMessages: 0,
    };
  }
  const parts: string[] = [];
  const kept: string[] = [];
  // Messages: the policy's own period, which the person may cut short.
  const messagesFree = deletability({ kind: "mensajes", label: "sus mensajes", countsFrom: null }, now).deletable;
  const deleted = person.email && messagesFree ? await deletePerson(db, person.email, user, request.radicado) : 0;
  parts.push(`${deleted} mensaje(s) suprimido(s).`);
  for (const { report } of await reportsAbout(db, person)) {
    const verdict = deletability(
      {
        kind: "reportes_incidentes",
        label: `el reporte ${report.radicado}`,
        countsFrom: bogotaInstant(report.fecha),
        open: report.status !== incidentChannel.closed,
      },
      now,
    );
    // Reports are never removed here: a report whose period ended is the purge's review list's, not a request's.
    kept.push(
      verdict.deletable
        ? `No se suprime el reporte ${report.radicado}: su conservación se revisa con el equipo de seguridad y salud en el trabajo.`
        : verdict.reason,
    );
  }
  // Applications (ADR 028): no norm keeps a candidate's résumé, so they go with it; a selected one is the worker's record now.
  const applications = await applicationsOf(db, { documento: person.document ?? undefined, correo: person.email ?? undefined });
  const selected = applications.filter((a) => a.status === "seleccionada");
  const removed = await deleteApplications(
    db,
    resumeStore(getEnv().DATABASE_URL),
    applications.filter((a) => a.status !== "seleccionada").map((a) => Number(a.id)),
  );
  parts.push(`${removed} postulación(es) suprimida(s) con su hoja de vida.`);
  for (const a of selected)
    kept.push(
      `No se suprime la postulación ${a.radicado}: usted fue seleccionado y pasó a su historia laboral, que sigue las reglas de la relación de trabajo.`,
    );
  for (const q of await requestsOfPerson(db, person)) {
    if (q.id === request.id) continue;
    const verdict = deletability(
      { kind: "solicitudes_pqrs", label: `la solicitud ${q.radicado}`, countsFrom: q.closed_at ?? null, open: !FINAL_STATUSES.includes(q.status as never) },
      now,
    );
    if (!verdict.deletable) kept.push(verdict.reason);
  }
  kept.push(`No se suprime esta solicitud (${request.radicado}): se conserva como prueba de la respuesta (${ruleOf("solicitudes_pqrs").keptBy}).`);
  parts.push(...kept);
  return { refused: false, summary: parts.join(" "), kept, deletedMessages: deleted };
}

/**
 * The data requests a deletion may serve for this person (product rule 35): suppression or revocation
 * requests not yet closed whose e-mail or document is the person's. The data-subject tools offer them
 * and accept nothing else.
 */
export async function openDeletionRequests(db: Kysely<Database>, who: string): Promise<RequestRow[]> {
  const value = who.trim();
  if (!value) return [];
  const rows = await requestsOfPerson(db, value.includes("@") ? { email: value } : { document: value });
  return rows.filter((q) => DELETION_KINDS.includes(q.kind) && !FINAL_STATUSES.includes(q.status as never)).map((q) => ({ ...q, id: q.id as number }));
}

export const DELETION_KINDS: readonly string[] = ["datos_supresion", "datos_revocatoria"];

/** The note the person reads at CONSULTAR after a deletion run for their request: what went, what stays and why. */
export const personNote = (done: DeletionOutcome) =>
  `${done.refused ? "" : `Se suprimieron ${done.deletedMessages} mensaje(s) suyo(s) recibidos por los formularios del sitio. `}${done.kept.join(" ")}`;

/**
 * A person's e-mail or document as the audit log names a search for it: enough for staff to tell two
 * searches apart, not enough to read who was searched ("j***@e***.org", "*****456").
 */
export function maskSubject(term: string): string {
  const value = term.trim();
  const at = value.lastIndexOf("@");
  if (at > 0) {
    const domain = value.slice(at + 1);
    const dot = domain.lastIndexOf(".");
    return `${value[0]}***@${domain[0] ?? ""}***${dot > 0 ? domain.slice(dot) : ""}`.toLowerCase();
  }
  const shown = value.length > 6 ? 3 : value.length > 3 ? 2 : 0;
  return `${"*".repeat(Math.max(value.length - shown, 3))}${shown ? value.slice(-shown) : ""}`.toUpperCase();
}

/** What a data request's page runs from the requests channel (app/features/requests/staff-actions.server.ts). */
export const requestSubjects: SubjectOps = {
  exportFor: buildAccessExport,
  async deleteFor(db, user, request) {
    const done = await deleteOnRequest(db, user, request);
    return { summary: done.summary, refused: done.refused, note: personNote(done) };
  },
};
