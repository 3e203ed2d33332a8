/**
 * The requests channel on the case model (docs/product.md §28, ADR 019): storing a validated request with
 * its legal clock and its mails, the person's side (CONSULTAR, completing a request), and what the staff
 * of each role read and do: ask to complete (the clock pauses), record the completion (it resumes or
 * restarts), extend (before the due date, within the legal maximum, the notice mailed at once), answer
 * (mailed and shown in CONSULTAR), close. Every action is audited, named per area (requestAudit).
 */
import { type Kysely, sql, type Transaction } from "kysely";
import { audit, type StaffUser as User } from "~/platform/audit.server";
import { bogotaDay, endOfBogotaDay, formatBogota, formatDay } from "~/platform/dates";
import type { Database } from "~/platform/db/database.server";
import { countCapped } from "~/platform/db/count.server";
import { keysetPage, type PageRequest, segmented } from "~/platform/paging";
import type { MailAttachment } from "~/platform/mail.server";
import { normalizeEmail } from "~/forms/fields";
import { insertCase, REPORTER } from "~/features/cases/cases.server";
import { queueCaseMail } from "~/features/cases/mail.server";
import { kindLabel, staffStatusLabel } from "~/features/cases/model";
import {
  askDeadlineDay,
  checkExtension,
  completionDeadlineDay,
  completionExtensionDay,
  pausedRule,
  dueDay,
  dueDayAfterCompletion,
  EXTENSION_REFUSALS,
  firstCountedDay,
  maxExtensionDay,
  remainingDays,
  type TermId,
  TERMS,
} from "./clock";
import { isDataClaim, isDataKind, isOpen, type RequestKind, requestAudit, requestsChannel, TERM_OF, termOf } from "./channel";
import { answerMail, completionExtensionNotice, completionRequest, extensionNotice, petitionerConfirmation, staffNotice } from "./mail.server";

export const CHANNEL = requestsChannel.id;

export interface RequestStoreOptions {
  policyVersion: string;
  /** Who is told, per owning role. */
  recipients: { pqrs: string[]; datos: string[] };
  origin: string;
  companyName: string;
}

const consultUrl = (origin: string) => `${origin}/pqrs#consultar`;
const staffLink = (origin: string, kind: string, id: number) => `${origin}/admin/${isDataKind(kind) ? "datos" : "pqrs"}/${id}`;
const recipientsOf = (options: RequestStoreOptions, kind: string) => (isDataKind(kind) ? options.recipients.datos : options.recipients.pqrs).join(", ");

/**
 * Stores one validated request, its clock and its mails in one transaction; only then does the caller
 * answer. The received instant is the real one (a filing at night or on a holiday keeps its time); the
 * clock decides from which day it counts.
 */
export async function storeRequest(db: Kysely<Database>, values: Record<string, string>, options: RequestStoreOptions, now = new Date().toISOString()) {
  const kind = values.tipo as RequestKind;
  const term = termOf(kind);
  const anonymous = values.anonimo === "si";
  const opt = (name: string) => (anonymous ? null : values[name] || null);
  const due = endOfBogotaDay(dueDay(now, term));
  const correo = opt("correo");
  return db.transaction().execute(async (trx) => {
    const created = await insertCase(trx, {
      channel: requestsChannel,
      kind,
      receivedAt: now,
      policyVersion: options.policyVersion,
      sensitiveConsent: false,
      contactEmail: correo,
    });
    await trx
      .insertInto("pqrs_requests")
      .values({
        case_id: created.id,
        term: term.id,
        anonymous: anonymous ? 1 : 0,
        nombre: opt("nombre"),
        tipo_documento: opt("tipo_documento"),
        documento: opt("documento")?.toUpperCase() ?? null,
        correo,
        celular: opt("celular"),
        descripcion: values.descripcion,
        consent_at: anonymous ? null : now,
        first_day: firstCountedDay(now, term),
        base_due_at: due,
        due_at: due,
        extended_at: null,
        extension_reason: null,
        completion_requested_at: null,
        completion_request: null,
        completion_deadline: null,
        completion_extended_at: null,
        remaining_days: null,
        completed_at: null,
        answered_at: null,
        answer: null,
        closed_at: null,
        export_json: null,
        export_at: null,
        deletion_at: null,
        deletion_summary: null,
      })
      .execute();
    await queueCaseMail(
      trx,
      created.id,
      recipientsOf(options, kind),
      staffNotice({
        event: "nueva",
        radicado: created.radicado,
        kind,
        receivedAt: now,
        dueAt: due,
        link: staffLink(options.origin, kind, created.id),
        companyName: options.companyName,
      }),
      now,
    );
    if (correo) {
      await queueCaseMail(
        trx,
        created.id,
        correo,
        petitionerConfirmation({
          radicado: created.radicado,
          code: created.code,
          kind,
          receivedAt: now,
          dueAt: due,
          consultUrl: consultUrl(options.origin),
          companyName: options.companyName,
        }),
        now,
      );
    }
    return { ...created, dueAt: due };
  });
}

// ——— Reading a request ———

const REQUEST_COLUMNS = [
  "cases.id",
  "cases.radicado",
  "cases.kind",
  "cases.status",
  "cases.received_at",
  "cases.consent_at as case_consent_at",
  "cases.policy_version",
  "r.term",
  "r.anonymous",
  "r.nombre",
  "r.tipo_documento",
  "r.documento",
  "r.correo",
  "r.celular",
  "r.descripcion",
  "r.consent_at",
  "r.first_day",
  "r.base_due_at",
  "r.due_at",
  "r.extended_at",
  "r.extension_reason",
  "r.completion_requested_at",
  "r.completion_request",
  "r.completion_deadline",
  "r.completion_extended_at",
  "r.remaining_days",
  "r.completed_at",
  "r.answered_at",
  "r.answer",
  "r.closed_at",
  "r.export_at",
  "r.deletion_at",
  "r.deletion_summary",
] as const;

const requests = (db: Kysely<Database> | Transaction<Database>) =>
  db.selectFrom("cases").innerJoin("pqrs_requests as r", "r.case_id", "cases.id").where("cases.channel", "=", CHANNEL);

/** One request of the reader's kinds (undefined if it is not theirs). */
export async function getRequest(db: Kysely<Database> | Transaction<Database>, id: number, kinds: readonly string[]) {
  if (kinds.length === 0) return undefined;
  const row = await requests(db)
    .select(REQUEST_COLUMNS)
    .where("cases.id", "=", id)
    .where("cases.kind", "in", [...kinds])
    .executeTakeFirst();
  return row ? { ...row, id: row.id as number } : undefined;
}

export type RequestRow = NonNullable<Awaited<ReturnType<typeof getRequest>>>;

/** Past the last day to complete it, a paused request is deemed withdrawn (the staff record it by closing). */
export const completionExpired = (r: Pick<RequestRow, "status" | "completion_deadline">, now: string) =>
  r.status === "por_completar" && r.completion_deadline !== null && now > endOfBogotaDay(r.completion_deadline);

export const isOverdue = (r: Pick<RequestRow, "status" | "due_at">, now: string) =>
  isOpen(r.status) && r.status !== "por_completar" && r.due_at !== null && r.due_at < now;

export interface RequestFilter {
  status?: string;
  kind?: string;
}

export const REQUESTS_PAGE_SIZE = 50;

/** The reader's kinds with a filter (no rows for a reader without kinds). */
function requestsIn(db: Kysely<Database>, kinds: readonly string[], filter: RequestFilter) {
  let query = requests(db).where("cases.kind", "in", kinds.length ? [...kinds] : ["-"]);
  if (filter.status) query = query.where("cases.status", "=", filter.status);
  if (filter.kind) query = query.where("cases.kind", "=", filter.kind);
  return query;
}

/**
 * The list's three segments, each with its sort key: the requests whose clock runs, by due date (so the
 * overdue come first); those waiting for the person, by the last day to complete them; then the
 * answered and closed, newest first. A key never null (coalesce), so that keyset paging reaches every row.
 */
const SEGMENTS = {
  a: { statuses: ["recibido", "en_tramite"], key: sql<string>`coalesce(r.due_at, '9999-12-31T23:59:59.999Z')`, ascending: true },
  p: { statuses: ["por_completar"], key: sql<string>`coalesce(r.completion_deadline, '9999-12-31')`, ascending: true },
  "": { statuses: null, key: sql<string>`cases.received_at`, ascending: false },
} as const;
type SegmentTag = keyof typeof SEGMENTS;

function inSegment<Q extends ReturnType<typeof requestsIn>>(query: Q, tag: SegmentTag): Q {
  const open = [...SEGMENTS.a.statuses, ...SEGMENTS.p.statuses];
  const statuses = SEGMENTS[tag].statuses;
  return (statuses ? query.where("cases.status", "in", [...statuses]) : query.where("cases.status", "not in", open)) as Q;
}

/**
 * A page of the reader's requests (keyset paging through the three segments of SEGMENTS), with the
 * counts of the list, of the overdue and of those not completed in time (each capped, COUNT_CAP).
 */
export async function listRequests(
  db: Kysely<Database>,
  kinds: readonly string[],
  filter: RequestFilter = {},
  request: PageRequest = { kind: "first" },
  now = new Date().toISOString(),
) {
  const columns = [
    "cases.id",
    "cases.radicado",
    "cases.kind",
    "cases.status",
    "cases.received_at",
    "r.nombre",
    "r.anonymous",
    "r.due_at",
    "r.extended_at",
    "r.completion_deadline",
    "r.answered_at",
  ] as const;
  const fetch = segmented(Object.keys(SEGMENTS) as SegmentTag[], async (tag, forward, after, limit) => {
    const { key, ascending } = SEGMENTS[tag as SegmentTag];
    const up = forward === ascending;
    let query = inSegment(requestsIn(db, kinds, filter), tag as SegmentTag)
      .select(columns)
      .select(key.as("sort_key"));
    if (after) query = query.where(sql<boolean>`(${key}, cases.id) ${sql.raw(up ? ">" : "<")} (${after.at}, ${after.id})`);
    const rows = await query
      .orderBy(key, up ? "asc" : "desc")
      .orderBy("cases.id", up ? "asc" : "desc")
      .limit(limit)
      .execute();
    return rows.map((r) => ({ ...r, id: r.id as number, segment: tag }));
  });
  const today = bogotaDay(now);
  const [page, total, overdue, expired] = await Promise.all([
    keysetPage(request, REQUESTS_PAGE_SIZE, fetch, (r) => ({ tag: r.segment, at: r.sort_key, id: r.id })),
    countCapped(db, requestsIn(db, kinds, filter)),
    countCapped(db, inSegment(requestsIn(db, kinds, filter), "a").where("r.due_at", "<", now)),
    countCapped(db, inSegment(requestsIn(db, kinds, filter), "p").where("r.completion_deadline", "<", today)),
  ]);
  const rows = page.rows.map(({ sort_key: _key, segment: _segment, ...r }) => ({ ...r, overdue: isOverdue(r, now), expired: completionExpired(r, now) }));
  return { ...page, rows, total, overdue, expired };
}

/** The requests of a person (by e-mail or document number), for the data-subject tools and the access export. */
export async function requestsOfPerson(db: Kysely<Database>, person: { email?: string | null; document?: string | null }) {
  const email = person.email ? normalizeEmail(person.email) : "";
  const document = person.document?.trim().toUpperCase() ?? "";
  if (!email && !document) return [];
  return requests(db)
    .select(REQUEST_COLUMNS)
    .where((eb) => eb.or([...(email ? [eb(sql`lower(r.correo)`, "=", email)] : []), ...(document ? [eb("r.documento", "=", document)] : [])]))
    .orderBy("cases.id")
    .execute();
}

/**
 * The open data-protection reclamos (Ley 1581 art. 15) of these e-mails: while one runs, the person's
 * records carry the legend "reclamo en trámite" and its reason. Not while it waits to be completed: the
 * law asks for the legend once the reclamo is complete.
 */
export async function openDataClaims(
  db: Kysely<Database>,
  emails: readonly string[],
): Promise<Map<string, { radicado: string; reason: string; since: string }[]>> {
  const wanted = [...new Set(emails.map(normalizeEmail).filter(Boolean))];
  const claims = new Map<string, { radicado: string; reason: string; since: string }[]>();
  if (wanted.length === 0) return claims;
  const rows = await requests(db)
    .select(["cases.radicado", "cases.kind", "cases.received_at", "r.completed_at", "r.correo"])
    .where("cases.status", "in", ["recibido", "en_tramite"])
    .where("cases.kind", "in", (Object.keys(TERM_OF) as RequestKind[]).filter(isDataClaim))
    .where(sql`lower(r.correo)`, "in", wanted)
    .execute();
  for (const r of rows) {
    const email = normalizeEmail(r.correo ?? "");
    const list = claims.get(email) ?? [];
    list.push({ radicado: r.radicado, reason: kindLabel(requestsChannel, r.kind).replace(/^Datos personales: /, ""), since: r.completed_at ?? r.received_at });
    claims.set(email, list);
  }
  return claims;
}

/** Every event of a request (the staff history). */
export async function requestEvents(db: Kysely<Database>, id: number) {
  return db.selectFrom("case_events").selectAll().where("case_id", "=", id).orderBy("at").orderBy("id").execute();
}

/** The request's mails (never their bodies), for the staff page. */
export async function requestMails(db: Kysely<Database>, id: number) {
  return db
    .selectFrom("outbox")
    .select(["id", "recipients", "subject", "status", "sent_at", "last_error", "attachment_name"])
    .where("case_id", "=", id)
    .orderBy("id")
    .execute();
}

// ——— What the person reads through CONSULTAR ———

export interface RequestView {
  radicado: string;
  kind: string;
  status: string;
  received_at: string;
  anonymous: boolean;
  term: { id: TermId; days: number; law: string; startsOn: "receipt" | "next"; extensionLaw: string };
  first_day: string;
  due_at: string | null;
  extended_at: string | null;
  extension_reason: string | null;
  completion_requested_at: string | null;
  completion_request: string | null;
  completion_deadline: string | null;
  completion_extended_at: string | null;
  completed_at: string | null;
  answered_at: string | null;
  answer: string | null;
  /** Every status change with its date; the notes only where visible (the team's and the person's additions). */
  events: { at: string; status: string | null; note: string | null; from: "equipo" | "usted" }[];
}

export async function requestView(db: Kysely<Database>, id: number): Promise<RequestView> {
  const r = await requests(db).select(REQUEST_COLUMNS).where("cases.id", "=", id).executeTakeFirstOrThrow();
  // A status change is always shown with its date; an internal note keeps only its text private.
  const rows = await db
    .selectFrom("case_events")
    .select(["at", "status", "note", "author", "visible"])
    .where("case_id", "=", id)
    .where((eb) => eb.or([eb("visible", "=", 1), eb("status", "is not", null)]))
    .orderBy("at")
    .orderBy("id")
    .execute();
  const events = rows.map((e) => ({ ...e, note: e.visible === 1 ? e.note : null }));
  const term = TERMS[r.term as TermId];
  return {
    radicado: r.radicado,
    kind: r.kind,
    status: r.status,
    received_at: r.received_at,
    anonymous: r.anonymous === 1,
    term: { id: term.id, days: term.days, law: term.law, startsOn: term.startsOn, extensionLaw: term.extensionLaw },
    first_day: r.first_day,
    due_at: r.due_at,
    extended_at: r.extended_at,
    extension_reason: r.extension_reason,
    completion_requested_at: r.completion_requested_at,
    completion_request: r.completion_request,
    completion_deadline: r.completion_deadline,
    completion_extended_at: r.completion_extended_at,
    completed_at: r.completed_at,
    answered_at: r.answered_at,
    answer: r.answer,
    events: events.map((e) => ({ at: e.at, status: e.status, note: e.note, from: e.author === REPORTER ? ("usted" as const) : ("equipo" as const) })),
  };
}

// ——— Changes ———

type Actor = { user: User } | { person: true };

/** One event (a status change and/or a note) and the case's new status, in the caller's transaction. */
async function addEventIn(
  trx: Transaction<Database>,
  id: number,
  input: { status?: string; note?: string | null; visible: boolean; author: string },
  now: string,
) {
  await trx
    .insertInto("case_events")
    .values({
      case_id: id,
      at: now,
      type: input.status ? "estado" : "nota",
      status: input.status ?? null,
      note: input.note ?? null,
      visible: input.visible ? 1 : 0,
      author: input.author,
    })
    .execute();
  await trx
    .updateTable("cases")
    .set({ updated_at: now, ...(input.status ? { status: input.status } : {}) })
    .where("id", "=", id)
    .execute();
}

export type ActionResult = { ok: true } | { ok: false; status: 400 | 404 | 409; message: string };
const ok: ActionResult = { ok: true };
const notFound: ActionResult = { ok: false, status: 404, message: "Solicitud no encontrada." };
const conflict = (message: string): ActionResult => ({ ok: false, status: 409, message });

const dueText = (iso: string) => formatBogota(iso).slice(0, 10);

/** A note (internal or visible) and/or the move from "Recibida" to "En trámite". Other statuses follow the actions. */
export async function addRequestNote(
  db: Kysely<Database>,
  user: User,
  id: number,
  kinds: readonly string[],
  input: { status?: string; note: string; visible: boolean },
): Promise<ActionResult> {
  const r = await getRequest(db, id, kinds);
  if (!r) return notFound;
  const status = input.status && input.status !== r.status ? input.status : undefined;
  if (status && !(status === "en_tramite" && r.status === "recibido")) {
    return {
      ok: false,
      status: 400,
      message: "Desde este formulario solo se pasa de «Recibida» a «En trámite»; los demás estados siguen a las acciones de abajo.",
    };
  }
  const note = input.note.trim() || null;
  if (!status && !note) return { ok: false, status: 400, message: "Escriba una nota o elija «En trámite»." };
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await addEventIn(trx, id, { status, note, visible: input.visible, author: user.email }, now);
    await audit(trx, user, requestAudit(r.kind, status ? "cambiar_estado" : "nota"), {
      caseId: id,
      detail: [status ? `estado: ${status}` : "", note ? (input.visible ? "nota visible" : "nota interna") : ""].filter(Boolean).join(" · "),
    });
  });
  return ok;
}

/**
 * Asks the person to complete the request (Ley 1755 art. 17; Ley 1581 art. 15): only within the legal
 * window after filing, once, before the due date and before any extension. The clock pauses today
 * (this day counts as used) and the request waits for the person.
 */
export async function askToComplete(
  db: Kysely<Database>,
  user: User,
  id: number,
  kinds: readonly string[],
  missing: string,
  options: RequestStoreOptions,
  now = new Date().toISOString(),
): Promise<ActionResult> {
  const r = await getRequest(db, id, kinds);
  if (!r) return notFound;
  const term = TERMS[r.term as TermId];
  if (r.status !== "recibido" && r.status !== "en_tramite") return conflict("Solo se puede pedir completar una solicitud en trámite.");
  if (r.completion_requested_at) return conflict("Ya se pidió completar esta solicitud una vez.");
  if (r.extended_at) return conflict("El plazo ya se amplió: pida lo que falta dentro de la respuesta.");
  const lastDay = askDeadlineDay(r.received_at, term);
  if (!term.incomplete || !lastDay)
    return conflict(`La ley no prevé pedir que se complete este tipo de solicitud (${term.law}): respóndala con la información que tiene.`);
  if (now > endOfBogotaDay(lastDay)) {
    return conflict(
      `La ley permite pedir que se complete dentro de los ${term.incomplete.askWithinDays} días ${term.incomplete.askUnit === "business" ? "hábiles" : "calendario"} siguientes al recibo (${term.incomplete.law}), y antes de que venza la respuesta; ese plazo terminó el ${formatDay(lastDay)}. Responda con lo que tiene o amplíe el plazo.`,
    );
  }
  if (!r.due_at || now > r.due_at) return conflict("El plazo para responder ya venció.");
  const deadline = completionDeadlineDay(now, term);
  const remaining = remainingDays(now, bogotaDay(r.due_at));
  const note = `Le pedimos completar su solicitud: ${missing} Tiene hasta el ${formatDay(deadline)} para hacerlo en CONSULTAR. Mientras tanto, el plazo para responder queda suspendido y se reanuda al día siguiente de recibir lo que falta; si no la completa a tiempo, se entiende que desistió (${term.incomplete.law}).`;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("pqrs_requests")
      .set({ completion_requested_at: now, completion_request: missing, completion_deadline: deadline, remaining_days: remaining, due_at: null })
      .where("case_id", "=", id)
      .execute();
    await addEventIn(trx, id, { status: "por_completar", note, visible: true, author: user.email }, now);
    await audit(trx, user, requestAudit(r.kind, "pedir_completar"), {
      caseId: id,
      detail: `hasta el ${formatDay(deadline)}; quedaban ${remaining} día(s) hábil(es)`,
    });
    if (r.correo) {
      await queueCaseMail(
        trx,
        id,
        r.correo,
        completionRequest({ radicado: r.radicado, missing, deadlineDay: deadline, consultUrl: consultUrl(options.origin), companyName: options.companyName }),
        now,
      );
    }
  });
  return ok;
}

/**
 * The missing items arrived: through CONSULTAR (the person's text, visible to both sides, and the team
 * is told) or recorded by the staff. The clock resumes with the days left the day after (Ley 1755 art.
 * 17) or, for a data-protection reclamo, restarts its 15 days (Ley 1581 art. 15; the policy's §13).
 */
export async function completeRequest(
  db: Kysely<Database>,
  actor: Actor,
  id: number,
  kinds: readonly string[],
  text: string,
  options: RequestStoreOptions,
  now = new Date().toISOString(),
): Promise<ActionResult> {
  const r = await getRequest(db, id, kinds);
  if (!r) return notFound;
  if (r.status !== "por_completar") return conflict("Esta solicitud no está esperando información.");
  if (completionExpired(r, now))
    return conflict(`El plazo para completar la solicitud terminó el ${formatDay(r.completion_deadline ?? "")}: puede presentarla de nuevo.`);
  const term = TERMS[r.term as TermId];
  const rule = pausedRule(term);
  const base = endOfBogotaDay(dueDayAfterCompletion(now, term, r.remaining_days ?? term.days));
  const resumed =
    rule.onComplete === "restart"
      ? `El plazo de ${term.days} días hábiles corre de nuevo desde el día siguiente (${rule.law}): vence el ${dueText(base)}.`
      : `El plazo se reanuda el día siguiente con los ${r.remaining_days} día(s) hábil(es) que quedaban (${rule.law}): vence el ${dueText(base)}.`;
  const person = "person" in actor;
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("pqrs_requests").set({ completed_at: now, base_due_at: base, due_at: base }).where("case_id", "=", id).execute();
    if (person) await addEventIn(trx, id, { note: text, visible: true, author: REPORTER }, now);
    await addEventIn(
      trx,
      id,
      {
        status: "en_tramite",
        note: person ? `Recibimos la información que faltaba. ${resumed}` : `Recibimos la información que faltaba: ${text} ${resumed}`,
        visible: true,
        author: person ? "sistema" : actor.user.email,
      },
      now,
    );
    await audit(trx, person ? null : actor.user, requestAudit(r.kind, person ? "completada_por_titular" : "registrar_completada"), {
      caseId: id,
      detail: `vence el ${dueText(base)}`,
      ...(person ? { email: "(quien la presentó)" } : {}),
    });
    if (person) {
      await queueCaseMail(
        trx,
        id,
        recipientsOf(options, r.kind),
        staffNotice({
          event: "completada",
          radicado: r.radicado,
          kind: r.kind,
          receivedAt: r.received_at,
          dueAt: base,
          link: staffLink(options.origin, r.kind, id),
          companyName: options.companyName,
        }),
        now,
      );
    }
  });
  return ok;
}

/**
 * The person asked, before the window to complete ended, for as long again (Ley 1755 art. 17: "salvo que
 * antes de vencer el plazo concedido solicite prórroga hasta por un término igual"): recorded by the
 * staff, once; the new last day is mailed and shown in CONSULTAR. Not for a data-protection reclamo
 * (Ley 1581 art. 15 gives none).
 */
export async function extendCompletion(
  db: Kysely<Database>,
  user: User,
  id: number,
  kinds: readonly string[],
  options: RequestStoreOptions,
  now = new Date().toISOString(),
): Promise<ActionResult> {
  const r = await getRequest(db, id, kinds);
  if (!r) return notFound;
  const term = TERMS[r.term as TermId];
  if (r.status !== "por_completar" || !r.completion_deadline) return conflict("Esta solicitud no está esperando información.");
  const rule = pausedRule(term);
  if (!rule.extensionOnRequest) return conflict(`La ley no prevé prórroga para completar este tipo de solicitud (${rule.law}).`);
  if (r.completion_extended_at) return conflict("El plazo para completar ya se prorrogó una vez.");
  if (completionExpired(r, now)) return conflict(`El plazo para completar terminó el ${formatDay(r.completion_deadline)}: la prórroga debía pedirse antes.`);
  const deadline = completionExtensionDay(r.completion_deadline, term);
  const note = `A su solicitud, prorrogamos hasta el ${formatDay(deadline)} el plazo para completar su solicitud (vencía el ${formatDay(r.completion_deadline)}; ${rule.law}). Mientras tanto, el plazo para responder sigue suspendido.`;
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("pqrs_requests").set({ completion_deadline: deadline, completion_extended_at: now }).where("case_id", "=", id).execute();
    await addEventIn(trx, id, { note, visible: true, author: user.email }, now);
    await audit(trx, user, requestAudit(r.kind, "prorrogar_completar"), {
      caseId: id,
      detail: `${formatDay(r.completion_deadline ?? "")} → ${formatDay(deadline)}`,
    });
    if (r.correo) {
      await queueCaseMail(
        trx,
        id,
        r.correo,
        completionExtensionNotice({
          radicado: r.radicado,
          previousDay: r.completion_deadline ?? "",
          newDay: deadline,
          consultUrl: consultUrl(options.origin),
          companyName: options.companyName,
        }),
        now,
      );
    }
  });
  return ok;
}

/**
 * Extends the term (Ley 1755 art. 14 parágrafo; Ley 1581 arts. 14–15): before the due date, once, with
 * the reason and the new date, no later than the law allows; the person is mailed at once and reads it
 * in CONSULTAR.
 */
export async function extendRequest(
  db: Kysely<Database>,
  user: User,
  id: number,
  kinds: readonly string[],
  input: { reason: string; newDay: string },
  options: RequestStoreOptions,
  now = new Date().toISOString(),
): Promise<ActionResult> {
  const r = await getRequest(db, id, kinds);
  if (!r) return notFound;
  if (!isOpen(r.status)) return conflict("La solicitud ya se respondió o se cerró.");
  const term = TERMS[r.term as TermId];
  const paused = r.status === "por_completar";
  const baseDay = bogotaDay(r.base_due_at ?? r.due_at ?? now);
  const refusal = checkExtension({ now, dueAt: r.due_at ?? now, baseDueDay: baseDay, extended: Boolean(r.extended_at), paused, newDay: input.newDay, term });
  if (refusal) {
    const detail = refusal === "excede" ? ` Lo máximo es el ${formatDay(maxExtensionDay(baseDay, term))} (${term.extensionLaw}).` : "";
    return conflict(EXTENSION_REFUSALS[refusal] + detail);
  }
  const newDue = endOfBogotaDay(input.newDay);
  const previous = r.due_at as string;
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("pqrs_requests").set({ extended_at: now, extension_reason: input.reason, due_at: newDue }).where("case_id", "=", id).execute();
    await addEventIn(
      trx,
      id,
      {
        note: `Ampliamos el plazo para responder hasta el ${formatDay(input.newDay)} (vencía el ${dueText(previous)}). Motivo: ${input.reason}`,
        visible: true,
        author: user.email,
      },
      now,
    );
    await audit(trx, user, requestAudit(r.kind, "ampliar_plazo"), { caseId: id, detail: `${dueText(previous)} → ${formatDay(input.newDay)}` });
    if (r.correo) {
      await queueCaseMail(
        trx,
        id,
        r.correo,
        extensionNotice({
          radicado: r.radicado,
          reason: input.reason,
          previousDueAt: previous,
          newDueAt: newDue,
          consultUrl: consultUrl(options.origin),
          companyName: options.companyName,
        }),
        now,
      );
    }
  });
  return ok;
}

/** The answer: stored, shown in CONSULTAR and mailed to the answer address (with the access export attached, if chosen). */
export async function answerRequest(
  db: Kysely<Database>,
  user: User,
  id: number,
  kinds: readonly string[],
  input: { answer: string; attachExport: boolean },
  options: RequestStoreOptions,
  now = new Date().toISOString(),
): Promise<ActionResult> {
  const r = await getRequest(db, id, kinds);
  if (!r) return notFound;
  if (!isOpen(r.status)) return conflict("La solicitud ya se respondió o se cerró.");
  let attachment: MailAttachment | undefined;
  if (input.attachExport) {
    const stored = await db.selectFrom("pqrs_requests").select(["export_json"]).where("case_id", "=", id).executeTakeFirst();
    if (!stored?.export_json) return conflict("Primero genere la exportación de los datos de la persona.");
    if (!r.correo) return conflict("La solicitud no tiene un correo al cual enviar la exportación.");
    attachment = { name: `datos-${r.radicado}.json`, type: "application/json", content: stored.export_json };
  }
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("pqrs_requests").set({ answered_at: now, answer: input.answer }).where("case_id", "=", id).execute();
    await addEventIn(trx, id, { status: "respondido", note: input.answer, visible: true, author: user.email }, now);
    await audit(trx, user, requestAudit(r.kind, "responder"), {
      caseId: id,
      detail: [r.due_at && now > r.due_at ? "fuera de plazo" : "dentro del plazo", attachment ? `con ${attachment.name}` : ""].filter(Boolean).join(" · "),
    });
    if (r.correo) {
      await queueCaseMail(
        trx,
        id,
        r.correo,
        answerMail({
          radicado: r.radicado,
          kind: r.kind,
          answer: input.answer,
          consultUrl: consultUrl(options.origin),
          companyName: options.companyName,
          attachment,
        }),
        now,
      );
    }
  });
  return ok;
}

/**
 * Closes a request: once answered, or as withdrawn when the person did not complete it in time (Ley 1755
 * art. 17; Ley 1581 art. 15). The access export, a copy of the person's records, is dropped.
 */
export async function closeRequest(
  db: Kysely<Database>,
  user: User,
  id: number,
  kinds: readonly string[],
  reason: "respondida" | "desistimiento",
  now = new Date().toISOString(),
): Promise<ActionResult> {
  const r = await getRequest(db, id, kinds);
  if (!r) return notFound;
  if (reason === "respondida" && r.status !== "respondido") return conflict("Responda la solicitud antes de cerrarla.");
  if (reason === "desistimiento" && !completionExpired(r, now))
    return conflict("Solo se cierra por desistimiento una solicitud que no se completó dentro de su plazo.");
  const term = TERMS[r.term as TermId];
  const status = reason === "respondida" ? "cerrado" : "desistido";
  const note =
    reason === "desistimiento"
      ? `La solicitud no se completó hasta el ${formatDay(r.completion_deadline ?? "")}: se entiende que desistió de ella (${pausedRule(term).law}). Puede presentarla de nuevo.`
      : null;
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("pqrs_requests").set({ closed_at: now, export_json: null }).where("case_id", "=", id).execute();
    await addEventIn(trx, id, { status, note, visible: true, author: user.email }, now);
    await audit(trx, user, requestAudit(r.kind, reason === "respondida" ? "cerrar" : "cerrar_desistida"), { caseId: id });
  });
  return ok;
}

/** Stores the access export on a data-protection request (what the staff review and attach to the answer). */
export async function saveExport(
  db: Kysely<Database>,
  user: User,
  id: number,
  kinds: readonly string[],
  json: string,
  summary: string,
  now = new Date().toISOString(),
): Promise<ActionResult> {
  const r = await getRequest(db, id, kinds);
  if (!r || !isDataKind(r.kind)) return notFound;
  if (!isOpen(r.status)) return conflict("La solicitud ya se respondió o se cerró.");
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("pqrs_requests").set({ export_json: json, export_at: now }).where("case_id", "=", id).execute();
    await addEventIn(trx, id, { note: `Exportación de los datos de la persona generada: ${summary}`, visible: false, author: user.email }, now);
    await audit(trx, user, requestAudit(r.kind, "exportar_datos"), { caseId: id, detail: summary });
  });
  return ok;
}

/** The stored export (null if none); reading it is audited. */
export async function readExport(db: Kysely<Database>, user: User, id: number, kinds: readonly string[]) {
  const r = await getRequest(db, id, kinds);
  if (!r || !isDataKind(r.kind)) return null;
  const row = await db.selectFrom("pqrs_requests").select(["export_json"]).where("case_id", "=", id).executeTakeFirst();
  if (!row?.export_json) return null;
  await audit(db, user, requestAudit(r.kind, "descargar_exportacion"), { caseId: id });
  return { radicado: r.radicado, json: row.export_json };
}

/**
 * Records on the request what the deletion run from it did, or why it was refused; `toPerson`, what was
 * kept and why, becomes a note the person reads at CONSULTAR (product rule 35: the person is told why).
 */
export async function recordDeletion(
  db: Kysely<Database>,
  user: User,
  id: number,
  summary: string,
  refused: boolean,
  now = new Date().toISOString(),
  toPerson?: string,
) {
  const r = await db.selectFrom("cases").select(["kind"]).where("id", "=", id).executeTakeFirstOrThrow();
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("pqrs_requests").set({ deletion_at: now, deletion_summary: summary }).where("case_id", "=", id).execute();
    await addEventIn(trx, id, { note: `${refused ? "Supresión rechazada" : "Supresión ejecutada"}: ${summary}`, visible: false, author: user.email }, now);
    if (toPerson) await addEventIn(trx, id, { note: toPerson, visible: true, author: user.email }, now);
    await audit(trx, user, requestAudit(r.kind, refused ? "supresion_rechazada" : "suprimir_datos"), { caseId: id, detail: summary.slice(0, 500) });
  });
}

/** For the staff pages: the clock's figures in words. */
export function clockSummary(r: RequestRow, now = new Date().toISOString()) {
  const term = TERMS[r.term as TermId];
  return {
    term,
    overdue: isOverdue(r, now),
    expired: completionExpired(r, now),
    askUntil: askDeadlineDay(r.received_at, term),
    maxExtension: r.base_due_at ? maxExtensionDay(bogotaDay(r.base_due_at), term) : null,
    statusLabel: staffStatusLabel(requestsChannel, r.status),
  };
}

// ——— Retention (ADR 019) ———

/** The persons of these requests (lower-case e-mail, upper-case document): a hold on any keeps the request. */
export async function requestSubjects(db: Kysely<Database>, ids: number[]): Promise<Map<number, string[]>> {
  const map = new Map<number, string[]>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom("pqrs_requests")
      .select(["case_id", "correo", "documento"])
      .where("case_id", "in", ids.slice(i, i + 500))
      .execute();
    for (const r of rows) map.set(r.case_id, [r.correo ? normalizeEmail(r.correo) : "", r.documento?.toUpperCase() ?? ""].filter(Boolean));
  }
  return map;
}

/** Every person with a request not yet closed: an open request is a legal hold on their records. */
export async function openRequestSubjects(db: Kysely<Database>): Promise<string[]> {
  const rows = await requests(db).select(["r.correo", "r.documento"]).where("cases.status", "not in", ["cerrado", "desistido"]).execute();
  return rows.flatMap((r) => [r.correo ? normalizeEmail(r.correo) : "", r.documento?.toUpperCase() ?? ""]).filter(Boolean);
}
