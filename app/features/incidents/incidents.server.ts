/**
 * The incident and accident channel on the case model: storing a validated report with its legal
 * clocks and its mails, and what the occupational-health staff read and change.
 */
import { type Kysely, sql } from "kysely";
import { bogotaInstant, formatBogota } from "~/platform/dates";
import { countCapped } from "~/platform/db/count.server";
import { streamBatches } from "~/platform/db/stream.server";
import { flaggedFirst, keysetPage, type PageRequest } from "~/platform/paging";
import { normalizeEmail } from "~/forms/fields";
import { audit, type StaffUser as User } from "~/platform/audit.server";
import type { CsvColumn } from "~/platform/csv.server";
import type { Database } from "~/platform/db/database.server";
import { INCIDENTS_TABLE } from "~/platform/db/schema";
import { insertCase, readCasesPage } from "~/features/cases/cases.server";
import { queueCaseMail } from "~/features/cases/mail.server";
import { kindLabel, statusLabel } from "~/features/cases/model";
import { getSiteConfig } from "~/config/site.server";
import { incidentChannel } from "./channel";
import { furatDueAt, furatNotices, investigationDueAt, NOTICES, type NoticeKind, SEVERITIES, type Severity } from "./deadlines";
import { HEALTH_FIELDS, incidentForm, reporterEmail } from "./incident-form";
import { reporterConfirmation, staffNotice } from "./mail.server";

export const CHANNEL = incidentChannel.id;

export interface StoreOptions {
  policyVersion: string;
  staffRecipients: string[];
  origin: string;
  companyName: string;
}

/**
 * Stores one validated report, its first status and its mails in one transaction; only then does the
 * caller answer. Health fields are stored only with their own consent (the form refuses otherwise).
 */
export async function storeIncident(db: Kysely<Database>, values: Record<string, string>, options: StoreOptions) {
  const now = new Date().toISOString();
  const health = values.consentimiento_salud === "si";
  const kind = values.tipo;
  // The FURAT's clock runs from the accident (product rule 21): a report that arrives late is overdue at once.
  const furat = furatDueAt(kind, values.fecha);
  const investigation = investigationDueAt(values.fecha);
  const opt = (name: string) => values[name] || null;
  const contactEmail = opt("reporta_correo");
  return db.transaction().execute(async (trx) => {
    const created = await insertCase(trx, {
      channel: incidentChannel,
      kind,
      receivedAt: now,
      policyVersion: options.policyVersion,
      sensitiveConsent: health,
      contactEmail: contactEmail ?? opt("trabajador_correo"),
    });
    await trx
      .insertInto(INCIDENTS_TABLE)
      .values({
        case_id: created.id,
        reporta_nombre: opt("reporta_nombre"),
        reporta_relacion: values.reporta_relacion,
        reporta_celular: opt("reporta_celular"),
        reporta_correo: contactEmail,
        trabajador_nombre: values.trabajador_nombre,
        trabajador_tipo_documento: values.trabajador_tipo_documento,
        trabajador_documento: values.trabajador_documento.toUpperCase(),
        trabajador_celular: values.trabajador_celular,
        trabajador_correo: opt("trabajador_correo"),
        empresa_usuaria: values.empresa_usuaria,
        sede: values.sede,
        fecha: values.fecha,
        hora: values.hora.slice(0, 5),
        lugar: values.lugar,
        descripcion: values.descripcion,
        testigos: opt("testigos"),
        ...Object.fromEntries(HEALTH_FIELDS.map((name) => [name, health ? opt(name) : null])),
        furat_due_at: furat,
        investigation_due_at: investigation,
        arl_filed_at: null,
        arl_number: null,
        furat_notices_filed_at: null,
        severity: kind === "incidente" ? "incidente" : null,
      })
      .execute();
    const queue = (recipients: string, mail: { subject: string; text: string; html: string }) => queueCaseMail(trx, created.id, recipients, mail, now);
    await queue(
      options.staffRecipients.join(", "),
      staffNotice({
        radicado: created.radicado,
        kind,
        receivedAt: now,
        empresaUsuaria: values.empresa_usuaria,
        sede: values.sede,
        fecha: values.fecha,
        furatDueAt: furat,
        investigationDueAt: investigation,
        link: `${options.origin}/admin/reportes/${created.id}`,
        companyName: options.companyName,
      }),
    );
    const codeTo = reporterEmail(values);
    if (codeTo) {
      await queue(
        codeTo,
        reporterConfirmation({
          radicado: created.radicado,
          code: created.code,
          kind,
          consultUrl: `${options.origin}/incidente#consultar`,
          companyName: options.companyName,
        }),
      );
    }
    return created;
  });
}

// ——— Staff ———

export interface IncidentFilter {
  status?: string;
  kind?: string;
}

export const INCIDENTS_PAGE_SIZE = 50;

/** The channel's reports with a filter, in one segment: the overdue ones, or all the others. */
function reportsIn(db: Kysely<Database>, filter: IncidentFilter, overdue: boolean, now: string) {
  let query = db
    .selectFrom("cases")
    .innerJoin(`${INCIDENTS_TABLE} as a` as const, "a.case_id", "cases.id")
    .where("cases.channel", "=", CHANNEL)
    .where((eb) => {
      // Overdue: the FURAT's deadline passed and one of the notices due with it (deadlines.ts furatNotices) is
      // still missing. furat_notices_filed_at is set when the last one owed is recorded, so these come from the
      // partial index of the reports still missing one (migration 018): few, however many reports there are.
      const due = eb.and([eb("a.furat_notices_filed_at", "is", null), eb("a.furat_due_at", "is not", null), eb("a.furat_due_at", "<", now)]);
      return overdue ? due : eb.not(due);
    });
  if (filter.status) query = query.where("cases.status", "=", filter.status);
  if (filter.kind) query = query.where("cases.kind", "=", filter.kind);
  return query;
}

function incidentRows(
  db: Kysely<Database>,
  filter: IncidentFilter,
  now: string,
  overdue: boolean,
  direction: "older" | "newer",
  after: { at: string; id: number } | undefined,
  limit: number,
) {
  const query = reportsIn(db, filter, overdue, now).select([
    "cases.id",
    "cases.radicado",
    "cases.kind",
    "cases.status",
    "cases.received_at",
    "a.trabajador_nombre",
    "a.empresa_usuaria",
    "a.sede",
    "a.furat_due_at",
    "a.investigation_due_at",
    "a.arl_filed_at",
  ]);
  return readCasesPage(query, direction, after, limit).then((rows) => rows.map((r) => ({ ...r, overdue: overdue ? 1 : 0 })));
}

export type IncidentRow = Awaited<ReturnType<typeof incidentRows>>[number];

/**
 * Overdue FURATs first (accidents whose deadline passed with one of the four notices missing), then the newest;
 * every report reachable by keyset paging through both segments (a cursor's tag says which: "v" for
 * the overdue ones). Counts are capped (COUNT_CAP).
 */
export async function listIncidents(db: Kysely<Database>, filter: IncidentFilter, request: PageRequest = { kind: "first" }, now = new Date().toISOString()) {
  // The list is the overdue segment, newest first, followed by the rest, newest first.
  const fetch = flaggedFirst((overdue, direction, after, limit) => incidentRows(db, filter, now, overdue, direction, after, limit));
  const [page, others, overdue] = await Promise.all([
    keysetPage(request, INCIDENTS_PAGE_SIZE, fetch, (r) => ({ tag: r.overdue ? "v" : "", at: r.received_at, id: r.id as number })),
    countCapped(db, reportsIn(db, filter, false, now)),
    countCapped(db, reportsIn(db, filter, true, now)),
  ]);
  return { ...page, total: others + overdue, overdue };
}

export async function getIncident(db: Kysely<Database>, id: number) {
  return db
    .selectFrom("cases")
    .innerJoin(`${INCIDENTS_TABLE} as a` as const, "a.case_id", "cases.id")
    .selectAll("a")
    .select([
      "cases.id",
      "cases.radicado",
      "cases.kind",
      "cases.status",
      "cases.received_at",
      "cases.learned_at",
      "cases.consent_at",
      "cases.policy_version",
      "cases.sensitive_consent_at",
    ])
    .where("cases.id", "=", id)
    .where("cases.channel", "=", CHANNEL)
    .executeTakeFirst();
}

export type Incident = NonNullable<Awaited<ReturnType<typeof getIncident>>>;

/** The outbox rows of a report, for the detail page (never their bodies). */
export async function incidentMails(db: Kysely<Database>, id: number) {
  return db.selectFrom("outbox").select(["id", "recipients", "status", "attempts", "sent_at", "last_error"]).where("case_id", "=", id).orderBy("id").execute();
}

/** The notices given so far for a report (date and number of each). */
export async function incidentNotices(db: Kysely<Database>, id: number) {
  return db.selectFrom("accident_notices").selectAll().where("case_id", "=", id).execute();
}

/**
 * Records a notice (the FURAT to the ARL or the EPS, the worker's copy, the Dirección Territorial, the
 * investigation report): the day it was filed and the number or reference it got. Recording it again
 * corrects it. The ARL filing also stays on the report's row, which the lists read, and so does the moment
 * the last of the notices due with the FURAT was recorded (the list's overdue segment reads it).
 */
export async function recordNotice(
  db: Kysely<Database>,
  user: User,
  id: number,
  notice: NoticeKind,
  filedOn: string,
  reference: string,
  ministryForAll = getSiteConfig().accidentNotice.ministryForAll,
): Promise<boolean> {
  const report = await db.selectFrom("cases").select("kind").where("id", "=", id).where("channel", "=", CHANNEL).executeTakeFirst();
  if (!report || report.kind !== "accidente") return false;
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("accident_notices").where("case_id", "=", id).where("notice", "=", notice).execute();
    await trx
      .insertInto("accident_notices")
      .values({ case_id: id, notice, filed_on: filedOn, reference: reference || null, recorded_by: user.email, recorded_at: now })
      .execute();
    if (notice === "arl")
      await trx
        .updateTable(INCIDENTS_TABLE)
        .set({ arl_filed_at: bogotaInstant(filedOn, "12:00"), arl_number: reference })
        .where("case_id", "=", id)
        .execute();
    await markFuratNotices(trx, id, now, ministryForAll);
    await audit(trx, user, notice === "arl" ? "registrar_furat" : "registrar_aviso", {
      caseId: id,
      detail: `${NOTICES[notice]}: ${filedOn}${reference ? `, ${reference}` : ""}`,
    });
  });
  return true;
}

/**
 * Whether every notice the accident owes with the FURAT is recorded (which ones depends on its severity
 * and the company's practice, deadlines.ts furatNotices): sets the moment they were, or clears it when
 * a new severity owes one more (a serious accident owes the Dirección Territorial notice).
 */
async function markFuratNotices(trx: Kysely<Database>, id: number, now: string, ministryForAll: boolean) {
  const row = await trx.selectFrom(INCIDENTS_TABLE).select("severity").where("case_id", "=", id).executeTakeFirst();
  if (!row) return;
  const owed = furatNotices(row.severity, ministryForAll);
  const filed = await trx
    .selectFrom("accident_notices")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("case_id", "=", id)
    .where("notice", "in", owed)
    .executeTakeFirstOrThrow();
  if (Number(filed.n) === owed.length) {
    await trx.updateTable(INCIDENTS_TABLE).set({ furat_notices_filed_at: now }).where("case_id", "=", id).where("furat_notices_filed_at", "is", null).execute();
  } else {
    await trx.updateTable(INCIDENTS_TABLE).set({ furat_notices_filed_at: null }).where("case_id", "=", id).execute();
  }
}

/** Res. 1401 de 2007 art. 3: the severity occupational health gives an accident (grave and mortal add duties). */
export async function setSeverity(
  db: Kysely<Database>,
  user: User,
  id: number,
  severity: Severity,
  ministryForAll = getSiteConfig().accidentNotice.ministryForAll,
): Promise<boolean> {
  const report = await db.selectFrom("cases").select("kind").where("id", "=", id).where("channel", "=", CHANNEL).executeTakeFirst();
  if (!report || (report.kind === "incidente") !== (severity === "incidente")) return false;
  await db.transaction().execute(async (trx) => {
    await trx.updateTable(INCIDENTS_TABLE).set({ severity }).where("case_id", "=", id).execute();
    if (report.kind === "accidente") await markFuratNotices(trx, id, new Date().toISOString(), ministryForAll);
    await audit(trx, user, "clasificar_gravedad", { caseId: id, detail: SEVERITIES[severity] });
  });
  return true;
}

/**
 * When the company learned of the event: kept for the record and for a late report's justification.
 * It never moves the FURAT's deadline, which runs from the accident (product rule 21).
 */
export async function setLearnedAt(db: Kysely<Database>, user: User, id: number, learnedAt: string): Promise<boolean> {
  const c = await db.selectFrom("cases").select("kind").where("id", "=", id).where("channel", "=", CHANNEL).executeTakeFirst();
  if (!c) return false;
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("cases").set({ learned_at: learnedAt, updated_at: new Date().toISOString() }).where("id", "=", id).execute();
    await audit(trx, user, "cambiar_conocimiento", { caseId: id, detail: formatBogota(learnedAt) });
  });
  return true;
}

/** Reports that concern a person: by e-mail (reporter or worker) or the worker's document number. */
export async function incidentsOfPerson(db: Kysely<Database>, who: string) {
  const value = who.trim();
  if (!value) return [];
  const email = normalizeEmail(value);
  return db
    .selectFrom("cases")
    .innerJoin(`${INCIDENTS_TABLE} as a` as const, "a.case_id", "cases.id")
    .select(["cases.id", "cases.radicado", "cases.kind", "cases.received_at"])
    .where((eb) =>
      eb.or([
        eb(sql`lower(a.reporta_correo)`, "=", email),
        eb(sql`lower(a.trabajador_correo)`, "=", email),
        eb("a.trabajador_documento", "=", value.toUpperCase()),
      ]),
    )
    .orderBy("cases.id")
    .execute();
}

/** Every report with its clocks, newest first, as the CSV writer's columns and rows read as the download goes (streamBatches). */
export async function incidentsForExport(db: Kysely<Database>) {
  const query = (after?: { received_at: string; id: number }) => {
    let q = db
      .selectFrom("cases")
      .innerJoin(`${INCIDENTS_TABLE} as a` as const, "a.case_id", "cases.id")
      .selectAll("a")
      .select(["cases.id", "cases.radicado", "cases.kind", "cases.status", "cases.received_at", "cases.learned_at", "cases.sensitive_consent_at"])
      .where("cases.channel", "=", CHANNEL);
    if (after) q = q.where((eb) => eb(eb.refTuple("cases.received_at", "cases.id"), "<", eb.tuple(after.received_at, after.id)));
    return q.orderBy("cases.received_at", "desc").orderBy("cases.id", "desc");
  };
  type Row = Awaited<ReturnType<ReturnType<typeof query>["execute"]>>[number];
  const rows = {
    batches: streamBatches(db, (after: Row | undefined) => query(after ? { received_at: after.received_at, id: after.id as number } : undefined)),
  };
  const columns: CsvColumn<Row>[] = [
    ["Radicado", (r) => r.radicado],
    ["Tipo", (r) => kindLabel(incidentChannel, r.kind)],
    ["Estado", (r) => statusLabel(incidentChannel, r.status)],
    ["Recibido", (r) => formatBogota(r.received_at)],
    ["Conocido por la empresa", (r) => formatBogota(r.learned_at)],
    ["Plazo FURAT", (r) => formatBogota(r.furat_due_at)],
    ["FURAT radicado en la ARL", (r) => formatBogota(r.arl_filed_at)],
    ["N.º ARL", (r) => r.arl_number],
    ["Plazo investigación", (r) => formatBogota(r.investigation_due_at)],
    ...incidentForm.fields
      .filter((f) => f.name !== "tipo" && f.name !== "consentimiento_salud")
      .map((f): CsvColumn<Row> => [f.staffLabel, (r) => r[f.name as keyof Row]]),
    ["Autorización de datos de salud", (r) => formatBogota(r.sensitive_consent_at)],
  ];
  return { columns, rows };
}
