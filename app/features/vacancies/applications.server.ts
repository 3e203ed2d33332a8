/** The candidate's city as the list names it ("Rionegro (Antioquia)") and its DANE code. */
function cityOf(typed: string) {
  const found = findMunicipality(typed);
  return found ? { ciudad: municipalityLabel(found), ciudad_code: found.code } : { ciudad: typed, ciudad_code: null };
}

/**
 * Applications on the case model (product rule 41, ADR 028): storing one with its résumé and its mail
 * (acknowledged only after the commit), the second application of a document to the same vacancy (the
 * résumé replaced, the person told), the candidate's view and withdrawal, and what the selection team
 * reads and does: the list per vacancy by keyset, the résumé (each read audited), status changes with
 * notes, the bulk "no seleccionada", the CSV export, and deletion for retention and data requests.
 */
import { type Kysely, sql } from "kysely";
import { audit, type StaffUser as User } from "~/platform/audit.server";
import { countCapped } from "~/platform/db/count.server";
import type { Database } from "~/platform/db/database.server";
import { formatBogota } from "~/platform/dates";
import { keysetPage, type PageRequest } from "~/platform/paging";
import { renderMail, type RenderedMail } from "~/platform/mail.server";
import { normalizeEmail } from "~/forms/fields";
import { addEvent, insertCase, publicView } from "~/features/cases/cases.server";
import { queueCaseMail } from "~/features/cases/mail.server";
import { statusLabel } from "~/features/cases/model";
import { applicationsChannel, ENDED } from "./channel";
import { findMunicipality, municipalityLabel } from "./municipality";
import { newResumeKey, resumeDigest, type ResumeStore } from "./resume.server";

export const CHANNEL = applicationsChannel.id;

export interface ApplicationOptions {
  policyVersion: string;
  origin: string;
  companyName: string;
  store: ResumeStore;
}

const consultUrl = (origin: string) => `${origin}/empleos/consulta`;
const footer = (companyName: string) =>
  `Correo automático de ${companyName}. El proceso de selección es gratuito: nunca le pediremos dinero. Si usted no se postuló, ignore este mensaje.`;

function receiptMail(o: { radicado: string; code: string; title: string; receivedAt: string; origin: string; companyName: string }): RenderedMail {
  return renderMail(
    `Recibimos su postulación ${o.radicado}`,
    [
      ["Radicado", o.radicado],
      ["Código de seguimiento", o.code],
      ["Vacante", o.title],
      ["Recibida", `${formatBogota(o.receivedAt)} (hora de Colombia)`],
    ],
    [
      `Con el radicado y el código puede ver el estado de su postulación, o retirarla, en ${consultUrl(o.origin)}. Guarde el código: no lo enviaremos de nuevo.`,
    ],
    footer(o.companyName),
  );
}

function updatedMail(o: { radicado: string; title: string; at: string; origin: string; companyName: string }): RenderedMail {
  return renderMail(
    `Actualizamos la hoja de vida de su postulación ${o.radicado}`,
    [
      ["Radicado", o.radicado],
      ["Vacante", o.title],
      ["Hoja de vida nueva", `${formatBogota(o.at)} (hora de Colombia)`],
    ],
    [
      `Recibimos una nueva postulación a esta vacante con su documento y reemplazamos la hoja de vida. Si no fue usted, escríbanos por PQRS citando el radicado. Consulte su postulación en ${consultUrl(o.origin)}.`,
    ],
    footer(o.companyName),
  );
}

export function statusMail(o: { radicado: string; title: string; status: string; note: string | null; origin: string; companyName: string }): RenderedMail {
  return renderMail(
    `Su postulación ${o.radicado}: ${statusLabel(applicationsChannel, o.status).toLowerCase()}`,
    [
      ["Radicado", o.radicado],
      ["Vacante", o.title],
      ["Estado", statusLabel(applicationsChannel, o.status)],
      ...(o.note ? ([["Nota del equipo de selección", o.note]] as const) : []),
    ],
    [`Vea el detalle en ${consultUrl(o.origin)} con su radicado y su código.`],
    footer(o.companyName),
  );
}

export type StoredApplication = { id: number; radicado: string; code: string | null; updated: boolean };

/**
 * Stores an application: the résumé's file written and synced first (SQLite) or stored in the same
 * transaction (PostgreSQL), then the case, its row and its mail in one transaction. Only after the commit
 * does the caller answer. A second application of the same document to the same vacancy replaces the résumé.
 */
export async function storeApplication(
  db: Kysely<Database>,
  vacancy: { id: number; title: string },
  values: Record<string, string>,
  resume: Buffer,
  options: ApplicationOptions,
  now = new Date().toISOString(),
): Promise<StoredApplication> {
  const key = newResumeKey();
  const digest = resumeDigest(resume);
  const documento = values.documento.toUpperCase();
  const correo = normalizeEmail(values.correo);
  await options.store.prepare(key, resume);
  try {
    const result = await db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom("job_applications")
        .innerJoin("cases", "cases.id", "job_applications.case_id")
        .select(["job_applications.case_id", "job_applications.resume_key", "job_applications.correo", "cases.radicado"])
        .where("vacancy_id", "=", vacancy.id)
        .where("tipo_documento", "=", values.tipo_documento)
        .where("documento", "=", documento)
        .executeTakeFirst();
      await options.store.inTransaction(trx, key, resume, now);
      if (existing) {
        const id = Number(existing.case_id);
        await trx
          .updateTable("job_applications")
          .set({ resume_key: key, resume_size: resume.length, resume_sha256: digest, resume_updated_at: now })
          .where("case_id", "=", id)
          .execute();
        await trx
          .insertInto("case_events")
          .values({ case_id: id, at: now, type: "nota", status: null, note: "Se recibió una nueva hoja de vida.", visible: 1, author: "sistema" })
          .execute();
        await trx.updateTable("cases").set({ updated_at: now }).where("id", "=", id).execute();
        // Told at the address first given: whoever typed the document cannot redirect the notice.
        await options.store.dropRows(trx, [existing.resume_key]);
        await queueCaseMail(
          trx,
          id,
          existing.correo,
          updatedMail({ radicado: existing.radicado, title: vacancy.title, at: now, origin: options.origin, companyName: options.companyName }),
          now,
        );
        return { stored: { id, radicado: existing.radicado, code: null, updated: true }, old: existing.resume_key };
      }
      const created = await insertCase(trx, {
        channel: applicationsChannel,
        kind: "postulacion",
        receivedAt: now,
        policyVersion: options.policyVersion,
        sensitiveConsent: false,
        contactEmail: correo,
      });
      await trx
        .insertInto("job_applications")
        .values({
          case_id: created.id,
          vacancy_id: vacancy.id,
          received_at: now,
          nombre: values.nombre,
          tipo_documento: values.tipo_documento,
          documento,
          correo,
          celular: values.celular,
          ...cityOf(values.ciudad),
          mensaje: values.mensaje || null,
          selection_consent_at: now,
          resume_key: key,
          resume_size: resume.length,
          resume_sha256: digest,
          resume_updated_at: now,
          withdrawn_at: null,
        })
        .execute();
      await queueCaseMail(
        trx,
        created.id,
        correo,
        receiptMail({ ...created, title: vacancy.title, receivedAt: now, origin: options.origin, companyName: options.companyName }),
        now,
      );
      return { stored: { ...created, updated: false }, old: null };
    });
    if (result.old) await options.store.dropFiles([result.old]);
    return result.stored;
  } catch (error) {
    await options.store.discard(key);
    throw error;
  }
}

// ——— The candidate ———

export async function candidateView(db: Kysely<Database>, caseId: number) {
  const [view, row] = await Promise.all([
    publicView(db, caseId),
    db
      .selectFrom("job_applications")
      .innerJoin("vacancies", "vacancies.id", "job_applications.vacancy_id")
      .select(["vacancies.title", "vacancies.slug", "job_applications.resume_updated_at", "job_applications.withdrawn_at"])
      .where("case_id", "=", caseId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    ...view,
    vacancy: { title: row.title, slug: row.slug },
    resumeAt: row.resume_updated_at,
    withdrawn: row.withdrawn_at !== null,
    ended: ENDED.includes(view.status),
  };
}
export type CandidateView = Awaited<ReturnType<typeof candidateView>>;

/** The candidate withdraws: status "retirada"; the retention period of an ended application runs from now. */
export async function withdrawApplication(db: Kysely<Database>, caseId: number, now = new Date().toISOString()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const c = await trx.selectFrom("cases").select("status").where("id", "=", caseId).where("channel", "=", CHANNEL).executeTakeFirst();
    if (!c || ENDED.includes(c.status)) return false;
    await trx
      .insertInto("case_events")
      .values({ case_id: caseId, at: now, type: "estado", status: "retirada", note: null, visible: 1, author: "reportante" })
      .execute();
    await trx.updateTable("cases").set({ status: "retirada", updated_at: now }).where("id", "=", caseId).execute();
    await trx.updateTable("job_applications").set({ withdrawn_at: now }).where("case_id", "=", caseId).execute();
    await audit(trx, null, "postulacion_retirada", { caseId, email: "(candidato)" });
    return true;
  });
}

// ——— Staff ———

export interface ApplicationFilter {
  status?: string;
  city?: string;
  q?: string;
}

const LIST_COLUMNS = [
  "job_applications.case_id as id",
  "job_applications.received_at",
  "job_applications.nombre",
  "job_applications.tipo_documento",
  "job_applications.documento",
  "job_applications.correo",
  "job_applications.celular",
  "job_applications.ciudad",
  "cases.radicado",
  "cases.status",
] as const;

/**
 * What the search box holds decides the one indexed column it reads: a radicado (cases.radicado), an
 * e-mail (job_applications.correo), a document number (job_applications.documento), or else the start
 * of a name (within the vacancy's applications).
 */
function searchOf(text: string | undefined) {
  const q = text?.trim();
  if (!q) return undefined;
  if (/^HV-\d{4}-\d{6}$/i.test(q)) return { column: "cases.radicado" as const, value: q.toUpperCase() };
  if (q.includes("@")) return { column: "job_applications.correo" as const, value: q.toLowerCase() };
  if (/^[A-Za-z0-9-]{3,20}$/.test(q) && /\d/.test(q)) return { column: "job_applications.documento" as const, value: q.toUpperCase() };
  return { column: "name" as const, value: q.replace(/[%_\\]/g, "") };
}

function filtered(db: Kysely<Database>, vacancyId: number, filter: ApplicationFilter) {
  let q = db.selectFrom("job_applications").innerJoin("cases", "cases.id", "job_applications.case_id").where("job_applications.vacancy_id", "=", vacancyId);
  if (filter.status) q = q.where("cases.status", "=", filter.status);
  if (filter.city) q = q.where("job_applications.ciudad", "=", filter.city);
  const search = searchOf(filter.q);
  if (search?.column === "name") q = q.where("job_applications.nombre", "like", `${search.value}%`);
  else if (search) q = q.where(search.column, "=", search.value);
  return q;
}

/** The count reads the applications' own indexes; it joins the cases only when a filter is on them. */
function counted(db: Kysely<Database>, vacancyId: number, filter: ApplicationFilter) {
  const search = searchOf(filter.q);
  if (filter.status || search?.column === "cases.radicado") return filtered(db, vacancyId, filter).select("job_applications.case_id");
  let q = db.selectFrom("job_applications").select("job_applications.case_id").where("job_applications.vacancy_id", "=", vacancyId);
  if (filter.city) q = q.where("job_applications.ciudad", "=", filter.city);
  if (search?.column === "name") q = q.where("job_applications.nombre", "like", `${search.value}%`);
  else if (search) q = q.where(search.column as "job_applications.documento", "=", search.value);
  return q;
}

export const APPLICATIONS_PAGE = 50;

/** One page by keyset on (received_at, case_id) through the (vacancy_id, received_at, case_id) index. */
export async function listApplications(db: Kysely<Database>, vacancyId: number, filter: ApplicationFilter, page: PageRequest) {
  const base = () => filtered(db, vacancyId, filter).select([...LIST_COLUMNS]);
  const [result, total] = await Promise.all([
    keysetPage(
      page,
      APPLICATIONS_PAGE,
      (direction, cursor, limit) => {
        const desc = direction === "older";
        const q = cursor
          ? base().where(sql<boolean>`(job_applications.received_at, job_applications.case_id) ${sql.raw(desc ? "<" : ">")} (${cursor.at}, ${cursor.id})`)
          : base();
        return q
          .orderBy("job_applications.received_at", desc ? "desc" : "asc")
          .orderBy("job_applications.case_id", desc ? "desc" : "asc")
          .limit(limit)
          .execute();
      },
      (row) => ({ tag: "", at: row.received_at, id: Number(row.id) }),
    ),
    countCapped(db, counted(db, vacancyId, filter)),
  ]);
  return { ...result, total };
}

export async function applicationCities(db: Kysely<Database>, vacancyId: number) {
  return (await db.selectFrom("job_applications").select("ciudad").distinct().where("vacancy_id", "=", vacancyId).orderBy("ciudad").limit(200).execute()).map(
    (r) => r.ciudad,
  );
}

export async function getApplication(db: Kysely<Database>, caseId: number) {
  return db
    .selectFrom("job_applications")
    .innerJoin("cases", "cases.id", "job_applications.case_id")
    .innerJoin("vacancies", "vacancies.id", "job_applications.vacancy_id")
    .selectAll("job_applications")
    .select(["cases.radicado", "cases.status", "vacancies.title as vacancy_title", "vacancies.id as vacancy_id"])
    .where("job_applications.case_id", "=", caseId)
    .where("cases.channel", "=", CHANNEL)
    .executeTakeFirst();
}

/** The résumé's bytes for a staff member, the read audited (who, which application). */
export async function readResume(
  db: Kysely<Database>,
  store: ResumeStore,
  user: User,
  caseId: number,
): Promise<{ file: Buffer; radicado: string } | undefined> {
  const row = await db
    .selectFrom("job_applications")
    .innerJoin("cases", "cases.id", "job_applications.case_id")
    .select(["resume_key", "cases.radicado"])
    .where("case_id", "=", caseId)
    .executeTakeFirst();
  if (!row) return undefined;
  const file = await store.read(db, row.resume_key);
  if (!file) return undefined;
  await audit(db, user, "ver_hoja_de_vida", { caseId, detail: row.radicado });
  return { file, radicado: row.radicado };
}

/** A status change and/or a note; a status change mails the candidate (with the note, if meant for them). */
export async function changeApplication(
  db: Kysely<Database>,
  user: User,
  caseId: number,
  input: { status?: string; note?: string; visible: boolean },
  options: Pick<ApplicationOptions, "origin" | "companyName">,
): Promise<"ok" | "not_found" | "invalid"> {
  const row = await getApplication(db, caseId);
  if (!row) return "not_found";
  if (row.status === "retirada") return "invalid";
  if (input.status === "retirada") return "invalid";
  const status = input.status && input.status !== row.status ? input.status : undefined;
  const note = input.note?.trim().slice(0, 2000) || null;
  return addEvent(
    db,
    user,
    caseId,
    { channel: applicationsChannel, status, note: note ?? undefined, visible: input.visible },
    {
      also: status
        ? (trx) =>
            queueCaseMail(
              trx,
              caseId,
              row.correo,
              statusMail({
                radicado: row.radicado,
                title: row.vacancy_title,
                status,
                note: input.visible ? note : null,
                origin: options.origin,
                companyName: options.companyName,
              }),
            )
        : undefined,
    },
  );
}

/** "No seleccionada" for every chosen application of a vacancy still open in the process: one event and one mail each. */
export async function rejectMany(
  db: Kysely<Database>,
  user: User,
  vacancyId: number,
  ids: number[],
  options: Pick<ApplicationOptions, "origin" | "companyName">,
): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .selectFrom("job_applications")
    .innerJoin("cases", "cases.id", "job_applications.case_id")
    .select(["job_applications.case_id"])
    .where("job_applications.vacancy_id", "=", vacancyId)
    .where("job_applications.case_id", "in", ids.slice(0, 500))
    .where("cases.status", "not in", [...ENDED])
    .execute();
  let done = 0;
  for (const r of rows) if ((await changeApplication(db, user, Number(r.case_id), { status: "no_seleccionada", visible: true }, options)) === "ok") done++;
  return done;
}

/** The export's rows, in (received_at, case_id) order, streamed in batches. */
export const exportQuery = (db: Kysely<Database>, vacancyId: number, filter: ApplicationFilter) => (after: { received_at: string; id: number } | undefined) => {
  const q = filtered(db, vacancyId, filter).select([...LIST_COLUMNS, "job_applications.mensaje"]);
  return (after ? q.where(sql<boolean>`(job_applications.received_at, job_applications.case_id) > (${after.received_at}, ${after.id})`) : q)
    .orderBy("job_applications.received_at")
    .orderBy("job_applications.case_id");
};

// ——— Retention and data requests ———

/** Deletes applications (case, events, mails, row) and then their résumés. */
export async function deleteApplications(db: Kysely<Database>, store: ResumeStore, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const keys = await db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom("job_applications").select("resume_key").where("case_id", "in", ids).execute();
    await trx.deleteFrom("outbox").where("case_id", "in", ids).execute();
    await trx.deleteFrom("case_events").where("case_id", "in", ids).execute();
    await trx.deleteFrom("job_applications").where("case_id", "in", ids).execute();
    await store.dropRows(
      trx,
      rows.map((r) => r.resume_key),
    );
    await trx.deleteFrom("cases").where("id", "in", ids).execute();
    return rows.map((r) => r.resume_key);
  });
  await store.dropFiles(keys);
  return ids.length;
}

/** A person's applications, by document or e-mail (the data-subject export). */
export async function applicationsOf(db: Kysely<Database>, who: { documento?: string; correo?: string }) {
  if (!who.documento && !who.correo) return [];
  return db
    .selectFrom("job_applications")
    .innerJoin("cases", "cases.id", "job_applications.case_id")
    .innerJoin("vacancies", "vacancies.id", "job_applications.vacancy_id")
    .select([
      "job_applications.case_id as id",
      "cases.radicado",
      "cases.status",
      "vacancies.title as vacante",
      "job_applications.received_at",
      "job_applications.nombre",
      "job_applications.tipo_documento",
      "job_applications.documento",
      "job_applications.correo",
      "job_applications.celular",
      "job_applications.ciudad",
      "job_applications.mensaje",
      "job_applications.resume_size",
      "job_applications.resume_sha256",
    ])
    .where((eb) =>
      eb.or([
        ...(who.documento ? [eb("job_applications.documento", "=", who.documento.toUpperCase())] : []),
        ...(who.correo ? [eb("job_applications.correo", "=", who.correo.toLowerCase())] : []),
      ]),
    )
    .orderBy("job_applications.received_at")
    .execute();
}
