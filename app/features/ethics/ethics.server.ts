/**
 * The ethics line on the case model (docs/product.md §22, ADR 013): storing a sealed report with its
 * content-free notices, the reporter's follow-up, and what the owning role reads and does. Every
 * function that reads a report takes the categories the reader may see (ethicsKindsFor) and finds
 * nothing outside them.
 */
import type { ExpressionBuilder, Kysely, Transaction } from "kysely";
import { audit, type StaffUser as User } from "~/platform/audit.server";
import type { Database } from "~/platform/db/database.server";
import { getEnv, type ServerEnv } from "~/platform/env.server";
import type { RenderedMail } from "~/platform/mail.server";
import { addEvent, addReporterNote, caseEvents, insertCase, publicView, readCasesPage } from "~/features/cases/cases.server";
import { auditAction } from "~/features/cases/model";
import {
  COMMITTEE_DAYS,
  ETHICS_OWNERS,
  ETHICS_ROLES,
  ethicsChannel,
  type EthicsKind,
  type EthicsRole,
  hasCommitteeClock,
  type Outcome,
  OUTCOMES,
} from "./channel";
import { addDays, bogotaDay, bogotaDayStart, endOfBogotaDay } from "~/platform/dates";
import { countCapped } from "~/platform/db/count.server";
import { flaggedFirst, keysetPage, type PageRequest } from "~/platform/paging";
import { queueCaseMail } from "~/features/cases/mail.server";
import type { HeldSealing } from "~/features/cases/held.server";
import { createSealer, type Sealer } from "./crypto.server";
import { ethicsKeyOf } from "./key-file.server";
import { IDENTITY_FIELDS } from "./ethics-form";
import { ownerNotice, reporterNotice } from "./mail.server";

export const CHANNEL = ethicsChannel.id;

/** The fields sealed together as one value per report. */
const SEALED_FIELDS = ["descripcion", "cuando", "donde", "involucrados", "evidencia", "vinculo", "empresa_usuaria", ...IDENTITY_FIELDS] as const;
export type EthicsReportContent = Record<(typeof SEALED_FIELDS)[number], string>;

const reportContext = (caseId: number) => `caso:${caseId}:reporte`;
const noteContext = (caseId: number) => `caso:${caseId}:nota`;
/** A reporter's e-mail waiting in the outbox is sealed too; the sender opens it (services.server.ts). */
export const recipientContext = (caseId: number) => `caso:${caseId}:destinatario`;
const outcomeContext = (caseId: number) => `caso:${caseId}:resultado`;
const heldContext = (heldId: number) => `retenido:${heldId}`;

/** A post held for review (it filled the spam trap, ADR 017) is sealed like a report. */
export const ethicsHeldSealing = (sealer: Sealer): HeldSealing => ({
  seal: (plain, id) => sealer.seal(plain, heldContext(id)),
  open: (sealed, id) => sealer.open(sealed, heldContext(id)),
});

let cachedSealer: { key: string; sealer: Sealer } | undefined;
/** The channel's sealer, or null when no key is configured (the channel is then closed). */
export function ethicsSealer(env: ServerEnv = getEnv()): Sealer | null {
  const key = ethicsKeyOf(env);
  if (!key) return null;
  if (cachedSealer?.key !== key) cachedSealer = { key, sealer: createSealer(key, env.ETHICS_PREVIOUS_KEYS) };
  return cachedSealer.sealer;
}

export const noteSealer = (sealer: Sealer) => ({
  seal: (note: string, caseId: number) => sealer.seal(note, noteContext(caseId)),
  open: (note: string, caseId: number) => sealer.open(note, noteContext(caseId)),
});

export interface EthicsStoreOptions {
  policyVersion: string;
  /**
   * Who is told that something arrived, per owning role: the role's own mailbox when configured
   * (MAIL_TO_<ROLE>); without one, the active accounts that hold the role (ownerAddresses).
   */
  recipients: Partial<Record<EthicsRole, string[]>>;
  origin: string;
  companyName: string;
}

export function ethicsRecipients(env: ServerEnv): Partial<Record<EthicsRole, string[]>> {
  return { cumplimiento: env.MAIL_TO_CUMPLIMIENTO, convivencia: env.MAIL_TO_CONVIVENCIA, genero: env.MAIL_TO_GENERO };
}

/** The start's notice for the owner roles without a mailbox of their own (MAIL_TO_<ROLE>). */
export function ethicsMailboxNotices(env: ServerEnv): string[] {
  const configured = ethicsRecipients(env);
  const missing = ETHICS_ROLES.filter((role) => !configured[role]?.length);
  if (missing.length === 0) return [];
  const names = missing.map((role) => `MAIL_TO_${role.toUpperCase()}`).join(", ");
  return [
    `Sin ${names}: los avisos de la línea ética de ${missing.length === 1 ? "ese rol van a las cuentas activas que lo tienen" : "esos roles van a las cuentas activas que tienen cada uno"}, nunca al buzón general (MAIL_TO), que por ellos sabría qué categorías reciben reportes y cuándo.`,
  ];
}

/**
 * The addresses an owner role's notices go to. Never the general mailbox (MAIL_TO): from which notices
 * arrive there it would learn which categories receive reports and when (product rule 34). Without a
 * mailbox of its own the role's active accounts are told; with neither, nobody is (the start warns).
 */
async function ownerAddresses(db: Kysely<Database>, options: EthicsStoreOptions, role: EthicsRole): Promise<string> {
  const configured = options.recipients[role];
  if (configured?.length) return configured.join(", ");
  const holders = await db
    .selectFrom("users")
    .innerJoin("user_roles", "user_roles.user_id", "users.id")
    .select("users.email")
    .where("user_roles.role", "=", role)
    .where("users.disabled_at", "is", null)
    .orderBy("users.email")
    .execute();
  return holders.map((h) => h.email).join(", ");
}

/** Queues an owner's notice, unless the role has no mailbox and no account yet. */
async function notifyOwner(trx: Transaction<Database>, caseId: number, options: EthicsStoreOptions, role: EthicsRole, mail: RenderedMail, now?: string) {
  const to = await ownerAddresses(trx, options, role);
  if (to) await queueCaseMail(trx, caseId, to, mail, now);
}

/**
 * When a report arrived, as the ethics line keeps it: the start (00:00 in Colombia) of the Colombian day.
 * Its clocks count in days (the committee's term, COMMITTEE_DAYS; the semester's figures), and a time to
 * the second would let a proxy's access log put an address next to an anonymous report (docs/deploy.md
 * §7). Reports of one day keep their order by id, which the lists' keyset paging breaks ties with.
 */
export const receivedDay = (instant = new Date().toISOString()) => bogotaDayStart(bogotaDay(instant));

/**
 * Stores one validated report: the case (radicado, hashed code, "Recibido"), the sealed content, and the
 * notices (to the owning role; to the reporter only if identified with an e-mail), in one transaction.
 * Nothing about the sender's connection reaches this function.
 */
export async function storeEthicsReport(db: Kysely<Database>, sealer: Sealer, values: Record<string, string>, options: EthicsStoreOptions) {
  const now = receivedDay();
  const kind = values.categoria as EthicsKind;
  const identified = values.identificacion === "identificado";
  const content = Object.fromEntries(SEALED_FIELDS.map((name) => [name, identified || !IDENTITY_FIELDS.includes(name as never) ? (values[name] ?? "") : ""]));
  return db.transaction().execute(async (trx) => {
    const created = await insertCase(trx, {
      channel: ethicsChannel,
      kind,
      receivedAt: now,
      policyVersion: options.policyVersion,
      sensitiveConsent: false,
      contactEmail: null,
    });
    await trx
      .insertInto("ethics_reports")
      .values({
        case_id: created.id,
        identified: identified ? 1 : 0,
        consent_at: identified ? now : null,
        payload: sealer.seal(JSON.stringify(content), reportContext(created.id)),
      })
      .execute();
    const owner = ETHICS_OWNERS[kind];
    await notifyOwner(
      trx,
      created.id,
      options,
      owner,
      ownerNotice({ event: "nuevo", link: `${options.origin}/admin/etica`, companyName: options.companyName }),
      now,
    );
    if (identified && content.correo) {
      await queueCaseMail(
        trx,
        created.id,
        sealer.seal(content.correo, recipientContext(created.id)),
        reporterNotice({ event: "recibido", consultUrl: `${options.origin}/linea-etica#consultar`, companyName: options.companyName }),
        now,
      );
    }
    return created;
  });
}

/** The reporter's own view through CONSULTAR: statuses, the team's visible replies and their own additions. */
export const reporterView = (db: Kysely<Database>, sealer: Sealer, caseId: number) => publicView(db, caseId, noteSealer(sealer).open);

/** Information the reporter adds through CONSULTAR: sealed, and the owning role is told (without it). */
export async function addReporterInformation(db: Kysely<Database>, sealer: Sealer, caseId: number, text: string, options: EthicsStoreOptions) {
  const c = await db.selectFrom("cases").select("kind").where("id", "=", caseId).where("channel", "=", CHANNEL).executeTakeFirstOrThrow();
  const notice = ownerNotice({ event: "informacion", link: `${options.origin}/admin/etica/${caseId}`, companyName: options.companyName });
  await addReporterNote(db, ethicsChannel, caseId, noteSealer(sealer).seal(text, caseId), (trx) =>
    notifyOwner(trx, caseId, options, ETHICS_OWNERS[c.kind as EthicsKind], notice),
  );
}

// ——— The owners' side ———

export interface EthicsFilter {
  status?: string;
  kind?: string;
}

export const ETHICS_PAGE_SIZE = 50;

/** The categories on the committee's clock (COMMITTEE_DAYS calendar days from the complaint). */
const COMMITTEE_KINDS = (Object.keys(ETHICS_OWNERS) as EthicsKind[]).filter(hasCommitteeClock);

/**
 * The reader's categories with a filter (no rows for a reader without categories); with `overdue`, only
 * the committee's open cases past their term (true) or all the others (false). Past the term means
 * received before the Colombian day COMMITTEE_DAYS before today (committeeDueAt: the end of the day
 * COMMITTEE_DAYS after the complaint's).
 */
function ethicsCases(db: Kysely<Database>, kinds: EthicsKind[], filter: EthicsFilter, overdue?: { flagged: boolean; now: string }) {
  let query = db
    .selectFrom("cases")
    .innerJoin("ethics_reports as e", "e.case_id", "cases.id")
    .where("cases.channel", "=", CHANNEL)
    .where("cases.kind", "in", kinds.length ? kinds : ["-"]);
  if (filter.status) query = query.where("cases.status", "=", filter.status);
  if (filter.kind) query = query.where("cases.kind", "=", filter.kind);
  if (overdue) {
    const receivedBefore = bogotaDayStart(addDays(bogotaDay(overdue.now), -COMMITTEE_DAYS));
    query = query.where((eb) => {
      const late = eb.and([
        eb("cases.kind", "in", COMMITTEE_KINDS.length ? COMMITTEE_KINDS : ["-"]),
        eb("cases.status", "!=", ethicsChannel.closed),
        eb("cases.received_at", "<", receivedBefore),
      ]);
      return overdue.flagged ? late : eb.not(late);
    });
  }
  return query;
}

/** Who wrote a case's last event (to know whether the reporter waits for an answer). */
const lastAuthor = (eb: ExpressionBuilder<Database & { e: Database["ethics_reports"] }, "cases" | "e">) =>
  eb.selectFrom("case_events as ev").select("ev.author").whereRef("ev.case_id", "=", "cases.id").orderBy("ev.at", "desc").orderBy("ev.id", "desc").limit(1);

/**
 * A page of the cases of the reader's categories, newest first (keyset paging); `waiting`: the last word
 * is the reporter's. Reading it is audited by the caller (ethicsListRead), on the writing connection:
 * this may run on the read-only one. Counts are capped (COUNT_CAP).
 */
export async function listEthicsCases(
  db: Kysely<Database>,
  kinds: EthicsKind[],
  filter: EthicsFilter = {},
  request: PageRequest = { kind: "first" },
  now = new Date().toISOString(),
) {
  // The committee's cases past their term first, as the accident reports' overdue FURATs (ADR 020).
  const fetch = flaggedFirst((flagged, direction, after, limit) => {
    const query = ethicsCases(db, kinds, filter, { flagged, now })
      .select(["cases.id", "cases.radicado", "cases.kind", "cases.status", "cases.received_at", "cases.updated_at", "e.identified"])
      .select((eb) => lastAuthor(eb).as("last_author"));
    return readCasesPage(query, direction, after, limit).then((rows) => rows.map((r) => ({ ...r, overdue: flagged })));
  });
  const [page, total, waiting, overdue] = await Promise.all([
    keysetPage(request, ETHICS_PAGE_SIZE, fetch, (r) => ({ tag: r.overdue ? "v" : "", at: r.received_at, id: r.id as number })),
    countCapped(db, ethicsCases(db, kinds, filter)),
    countCapped(
      db,
      ethicsCases(db, kinds, filter).where((eb) => eb(lastAuthor(eb), "=", "reportante")),
    ),
    countCapped(db, ethicsCases(db, kinds, filter, { flagged: true, now })),
  ]);
  const rows = page.rows.map(({ last_author, ...r }) => ({
    ...r,
    waiting: last_author === "reportante",
    committeeDueAt: committeeDueAt(r.kind, r.received_at),
  }));
  return { ...page, rows, total, waiting, overdue };
}

/**
 * Opening the list is audited, with how many reports the page showed: one entry per category owner role
 * the reader holds, each with its own count and read only by that role's holders (docs/product.md §34).
 */
export async function ethicsListRead(db: Kysely<Database>, user: User, shownKinds: readonly string[]) {
  for (const role of ETHICS_ROLES.filter((r) => user.roles.includes(r))) {
    const shown = shownKinds.filter((kind) => ETHICS_OWNERS[kind as EthicsKind] === role).length;
    await audit(db, user, auditAction(ethicsChannel, "ver_lista"), { detail: `${shown} reporte(s)`, audience: role });
  }
}

/** One case, opened (decrypted) for a reader of its category; the opening is audited. Null if not theirs. */
export async function openEthicsCase(db: Kysely<Database>, sealer: Sealer, user: User, id: number, kinds: EthicsKind[]) {
  if (kinds.length === 0) return null;
  const row = await db
    .selectFrom("cases")
    .innerJoin("ethics_reports as e", "e.case_id", "cases.id")
    .select([
      "cases.id",
      "cases.radicado",
      "cases.kind",
      "cases.status",
      "cases.received_at",
      "cases.policy_version",
      "e.identified",
      "e.payload",
      "e.user_committee_engaged_on",
      "e.outcome",
      "e.outcome_measure",
      "e.outcome_at",
    ])
    .where("cases.id", "=", id)
    .where("cases.channel", "=", CHANNEL)
    .where("cases.kind", "in", kinds)
    .executeTakeFirst();
  if (!row) return null;
  const { payload, outcome_measure, ...rest } = row;
  const content = JSON.parse(sealer.open(payload, reportContext(id))) as EthicsReportContent;
  const events = await caseEvents(db, id, noteSealer(sealer).open);
  await audit(db, user, auditAction(ethicsChannel, "ver_reporte"), { caseId: id, detail: row.radicado });
  const measure = outcome_measure ? sealer.open(outcome_measure, outcomeContext(id)) : null;
  return { ...rest, content, events, measure, committeeDueAt: committeeDueAt(row.kind, row.received_at) };
}

/** May this reader act on this case (its category is theirs)? */
async function owns(db: Kysely<Database>, id: number, kinds: EthicsKind[]) {
  if (kinds.length === 0) return undefined;
  return db.selectFrom("cases").select(["kind"]).where("id", "=", id).where("channel", "=", CHANNEL).where("kind", "in", kinds).executeTakeFirst();
}

/**
 * A status change, a reply the reporter reads, or an internal note (sealed). An identified reporter
 * with an e-mail is told that there is a reply, not what it says.
 */
export async function respond(
  db: Kysely<Database>,
  sealer: Sealer,
  user: User,
  id: number,
  kinds: EthicsKind[],
  input: { status?: string; note?: string; visible: boolean },
  options: EthicsStoreOptions,
): Promise<"ok" | "not_found" | "invalid"> {
  if (!(await owns(db, id, kinds))) return "not_found";
  // A reply the reporter reads: an identified reporter with an e-mail is told, in the same transaction.
  const reply = input.visible && Boolean(input.note?.trim());
  const row = reply ? await db.selectFrom("ethics_reports").select(["identified", "payload"]).where("case_id", "=", id).executeTakeFirst() : undefined;
  const email = row?.identified ? (JSON.parse(sealer.open(row.payload, reportContext(id))) as EthicsReportContent).correo : "";
  return addEvent(
    db,
    user,
    id,
    { channel: ethicsChannel, ...input },
    {
      sealNote: noteSealer(sealer).seal,
      also: email
        ? (trx) =>
            queueCaseMail(
              trx,
              id,
              sealer.seal(email, recipientContext(id)),
              reporterNotice({ event: "respuesta", consultUrl: `${options.origin}/linea-etica#consultar`, companyName: options.companyName }),
            )
        : undefined,
    },
  );
}

/**
 * Moves a case to another category (a report filed under "otro" that is harassment, say). If the new
 * category belongs to the other role, the case leaves this reader's view and that role is told.
 */
export async function reclassify(
  db: Kysely<Database>,
  user: User,
  id: number,
  kinds: EthicsKind[],
  kind: string,
  options: EthicsStoreOptions,
): Promise<"ok" | "not_found" | "invalid"> {
  const c = await owns(db, id, kinds);
  if (!c) return "not_found";
  if (!(kind in ETHICS_OWNERS) || kind === c.kind) return "invalid";
  const to = kind as EthicsKind;
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("cases").set({ kind: to, updated_at: new Date().toISOString() }).where("id", "=", id).execute();
    await audit(trx, user, auditAction(ethicsChannel, "reclasificar"), { caseId: id, detail: `${c.kind} → ${to}` });
    const owner = ETHICS_OWNERS[to];
    if (owner !== ETHICS_OWNERS[c.kind as EthicsKind]) {
      await notifyOwner(
        trx,
        id,
        options,
        owner,
        ownerNotice({ event: "reasignado", link: `${options.origin}/admin/etica/${id}`, companyName: options.companyName }),
      );
    }
  });
  return "ok";
}

/** End of the committee's 65 calendar days from the complaint (Res. 3461 de 2025), for its categories only. */
export function committeeDueAt(kind: string, receivedAt: string): string | null {
  return hasCommitteeClock(kind) ? endOfBogotaDay(addDays(bogotaDay(receivedAt), COMMITTEE_DAYS)) : null;
}

/** A worker on assignment's complaint: the day the user company's committee took it (Res. 3461 de 2025). */
export async function recordUserCommittee(db: Kysely<Database>, user: User, id: number, kinds: EthicsKind[], day: string): Promise<boolean> {
  const c = await owns(db, id, kinds);
  if (!c || !hasCommitteeClock(c.kind)) return false;
  await db.updateTable("ethics_reports").set({ user_committee_engaged_on: day }).where("case_id", "=", id).execute();
  await audit(db, user, auditAction(ethicsChannel, "comite_usuaria"), { caseId: id, detail: day });
  return true;
}

/** How the case ended, with the measure taken (sealed); the sexual-harassment figures are counted from it. */
export async function recordOutcome(
  db: Kysely<Database>,
  sealer: Sealer,
  user: User,
  id: number,
  kinds: EthicsKind[],
  outcome: Outcome,
  measure: string,
): Promise<"ok" | "not_found" | "invalid"> {
  if (!(await owns(db, id, kinds))) return "not_found";
  if (outcome === "probado" && !measure.trim()) return "invalid";
  await db
    .updateTable("ethics_reports")
    .set({ outcome, outcome_measure: measure.trim() ? sealer.seal(measure.trim(), outcomeContext(id)) : null, outcome_at: new Date().toISOString() })
    .where("case_id", "=", id)
    .execute();
  await audit(db, user, auditAction(ethicsChannel, "registrar_resultado"), { caseId: id, detail: OUTCOMES[outcome] });
  return "ok";
}

/** January–June is aaaa-1, July–December aaaa-2, in Colombia. */
export function semesterBounds(semester: string): { from: string; to: string; lastTenDaysFrom: string } {
  const [year, half] = semester.split("-");
  const from = half === "1" ? `${year}-01-01` : `${year}-07-01`;
  const last = half === "1" ? `${year}-06-30` : `${year}-12-31`;
  return { from: bogotaDayStart(from), to: endOfBogotaDay(last), lastTenDaysFrom: bogotaDayStart(addDays(last, -9)) };
}

/** What a channel other than the ethics line contributed to a semester's figures (entered by the gender referent). */
export interface ChannelFigures {
  source: string;
  complaints: number;
  sanctions: number;
}

export interface SemesterFigures {
  semester: string;
  /** Complaints processed and sanctions imposed on the ethics line, counted from its cases. */
  line: { complaints: number; sanctions: number };
  /** The other channels, as recorded for the semester. */
  others: (ChannelFigures & { id: number })[];
  complaints: number;
  sanctions: number;
}

/**
 * Ley 2365 de 2024: each semester, the number of sexual-harassment complaints processed (tramitadas)
 * and of sanctions imposed, through every channel, with no other detail. On the ethics line they are
 * counted from the cases themselves, never typed by hand:
 * - a complaint is processed in the semester when the staff acted on it in it (a status change or a
 *   note, or its outcome recorded), whenever it arrived; one archived without processing (outcome
 *   «archivado») and one nobody has acted on yet are not;
 * - a sanction is imposed in the semester when the outcome «probado» (facts proven, a measure or a
 *   sanction applied) was recorded in it.
 * The other channels' figures are added as the gender referent recorded them, each with its source.
 */
export async function sexualHarassmentFigures(db: Kysely<Database>, semester: string): Promise<SemesterFigures> {
  const { from, to } = semesterBounds(semester);
  const base = () =>
    db
      .selectFrom("cases")
      .innerJoin("ethics_reports as e", "e.case_id", "cases.id")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("cases.channel", "=", CHANNEL)
      .where("cases.kind", "=", "acoso_sexual");
  const processed = await base()
    .where((eb) => eb.or([eb("e.outcome", "is", null), eb("e.outcome", "!=", "archivado")]))
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom("case_events as ev")
            .select("ev.id")
            .whereRef("ev.case_id", "=", "cases.id")
            .where("ev.author", "not in", ["reportante", "sistema"])
            .where("ev.at", ">=", from)
            .where("ev.at", "<=", to),
        ),
        eb.and([eb("e.outcome_at", ">=", from), eb("e.outcome_at", "<=", to)]),
      ]),
    )
    .executeTakeFirstOrThrow();
  const sanctions = await base().where("e.outcome", "=", "probado").where("e.outcome_at", ">=", from).where("e.outcome_at", "<=", to).executeTakeFirstOrThrow();
  const others = await otherChannelFigures(db, semester);
  const line = { complaints: Number(processed.n), sanctions: Number(sanctions.n) };
  return {
    semester,
    line,
    others,
    complaints: line.complaints + others.reduce((sum, o) => sum + o.complaints, 0),
    sanctions: line.sanctions + others.reduce((sum, o) => sum + o.sanctions, 0),
  };
}

/** The other channels' figures recorded for a semester, by source. */
export async function otherChannelFigures(db: Kysely<Database>, semester: string) {
  return db
    .selectFrom("gender_figures_other")
    .select(["id", "source", "complaints", "sanctions"])
    .where("semester", "=", semester)
    .orderBy("source")
    .execute() as Promise<(ChannelFigures & { id: number })[]>;
}

/** Records (or corrects) what a channel other than the ethics line processed and sanctioned in a semester; audited. */
export async function recordOtherChannelFigures(db: Kysely<Database>, user: User, semester: string, figures: ChannelFigures): Promise<void> {
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("gender_figures_other").where("semester", "=", semester).where("source", "=", figures.source).execute();
    await trx
      .insertInto("gender_figures_other")
      .values({ semester, ...figures, recorded_by: user.email, recorded_at: now })
      .execute();
    await audit(trx, user, auditAction(ethicsChannel, "cifras_otro_canal"), {
      detail: `${semester}, ${figures.source}: ${figures.complaints} queja(s), ${figures.sanctions} sanción(es)`,
      audience: ETHICS_OWNERS.acoso_sexual,
    });
  });
}

/** Removes a channel's entry for a semester (entered by mistake); audited. False when there is none. */
export async function removeOtherChannelFigures(db: Kysely<Database>, user: User, id: number): Promise<boolean> {
  const row = await db.selectFrom("gender_figures_other").select(["semester", "source"]).where("id", "=", id).executeTakeFirst();
  if (!row) return false;
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("gender_figures_other").where("id", "=", id).execute();
    await audit(trx, user, auditAction(ethicsChannel, "cifras_otro_canal"), {
      detail: `${row.semester}, ${row.source}: eliminada`,
      audience: ETHICS_OWNERS.acoso_sexual,
    });
  });
  return true;
}

/** Publishes (or corrects) a semester's figures on /linea-etica/cifras, with where they come from; audited. */
export async function publishFigures(db: Kysely<Database>, user: User, semester: string) {
  const figures = await sexualHarassmentFigures(db, semester);
  const now = new Date().toISOString();
  const detail = JSON.stringify({ line: figures.line, others: figures.others.map(({ source, complaints, sanctions }) => ({ source, complaints, sanctions })) });
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("published_figures").where("semester", "=", semester).execute();
    await trx
      .insertInto("published_figures")
      .values({ semester, complaints: figures.complaints, sanctions: figures.sanctions, published_at: now, published_by: user.email, detail })
      .execute();
    await audit(trx, user, auditAction(ethicsChannel, "publicar_cifras"), {
      detail: `${semester}: ${figures.complaints} queja(s), ${figures.sanctions} sanción(es)`,
      audience: ETHICS_OWNERS.acoso_sexual,
    });
  });
  return figures;
}

export interface PublishedFigures {
  semester: string;
  complaints: number;
  sanctions: number;
  published_at: string;
  /** Null for a publication made before the count followed the law's words (it counted complaints received on the ethics line). */
  detail: { line: { complaints: number; sanctions: number }; others: ChannelFigures[] } | null;
}

export async function publishedFigures(db: Kysely<Database>): Promise<PublishedFigures[]> {
  const rows = await db
    .selectFrom("published_figures")
    .select(["semester", "complaints", "sanctions", "published_at", "detail"])
    .orderBy("semester", "desc")
    .execute();
  return rows.map((r) => ({ ...r, detail: r.detail ? (JSON.parse(r.detail) as PublishedFigures["detail"]) : null }));
}

/** "2026-2": the half-year of a moment, in Colombia (January–June is 1, July–December is 2). */
export const halfYearOf = (iso: string) => {
  const day = bogotaDay(iso);
  return `${day.slice(0, 4)}-${Number(day.slice(5, 7)) <= 6 ? 1 : 2}`;
};

/**
 * Counts per half-year, category and status (Ley 2365 de 2024 asks for half-yearly figures): no
 * personal data, only the reader's categories. Viewing them is audited.
 */
export async function ethicsStatistics(db: Kysely<Database>, user: User, kinds: EthicsKind[]) {
  const rows = kinds.length
    ? await db.selectFrom("cases").select(["kind", "status", "received_at"]).where("channel", "=", CHANNEL).where("kind", "in", kinds).execute()
    : [];
  const table = new Map<string, Map<string, Record<string, number>>>();
  for (const r of rows) {
    const period = halfYearOf(r.received_at);
    const byKind = table.get(period) ?? new Map<string, Record<string, number>>();
    table.set(period, byKind);
    const counts = byKind.get(r.kind) ?? {};
    byKind.set(r.kind, counts);
    counts[r.status] = (counts[r.status] ?? 0) + 1;
  }
  for (const role of ETHICS_ROLES.filter((r) => user.roles.includes(r)))
    await audit(db, user, auditAction(ethicsChannel, "ver_estadisticas"), { audience: role });
  return [...table.entries()]
    .sort(([a], [b]) => b.localeCompare(a))
    .map(([period, byKind]) => ({
      period,
      rows: kinds
        .filter((k) => byKind.has(k))
        .map((kind) => {
          const counts = byKind.get(kind)!;
          return { kind, counts, total: Object.values(counts).reduce((a, b) => a + b, 0) };
        }),
    }));
}

/**
 * Re-seals every report and note of the channel that an older key sealed (after ETHICS_KEY changed and
 * the old key went to ETHICS_PREVIOUS_KEYS). Row by row, each in its own transaction: it can be run again.
 */
export async function rotateEthicsKey(db: Kysely<Database>, sealer: Sealer): Promise<{ reports: number; notes: number }> {
  let reports = 0;
  let notes = 0;
  // Counted per owner role too: each role's audit entry says only its own categories' counts (docs/product.md §34).
  const perRole = Object.fromEntries(ETHICS_ROLES.map((r) => [r, { reports: 0, notes: 0 }])) as Record<EthicsRole, { reports: number; notes: number }>;
  const ownerOf = (kind: string) => perRole[ETHICS_OWNERS[kind as EthicsKind]] ?? { reports: 0, notes: 0 };
  const stale = (value: string) => sealer.keyOf(value) !== sealer.keyId;
  for (const row of await db
    .selectFrom("ethics_reports")
    .innerJoin("cases", "cases.id", "ethics_reports.case_id")
    .select(["ethics_reports.case_id", "ethics_reports.payload", "cases.kind"])
    .execute()) {
    if (!stale(row.payload)) continue;
    const payload = sealer.seal(sealer.open(row.payload, reportContext(row.case_id)), reportContext(row.case_id));
    await db.updateTable("ethics_reports").set({ payload }).where("case_id", "=", row.case_id).execute();
    reports += 1;
    ownerOf(row.kind).reports += 1;
  }
  const events = await db
    .selectFrom("case_events")
    .innerJoin("cases", "cases.id", "case_events.case_id")
    .select(["case_events.id", "case_events.case_id", "case_events.note", "cases.kind"])
    .where("cases.channel", "=", CHANNEL)
    .where("case_events.note", "is not", null)
    .execute();
  for (const e of events) {
    if (!e.note || !stale(e.note)) continue;
    const note = sealer.seal(sealer.open(e.note, noteContext(e.case_id)), noteContext(e.case_id));
    await db.updateTable("case_events").set({ note }).where("id", "=", e.id).execute();
    notes += 1;
    ownerOf(e.kind).notes += 1;
  }
  // Posts held for review.
  for (const h of await db.selectFrom("held_posts").select(["id", "payload"]).where("channel", "=", CHANNEL).execute()) {
    const id = h.id as number;
    if (!stale(h.payload)) continue;
    await db
      .updateTable("held_posts")
      .set({ payload: sealer.seal(sealer.open(h.payload, heldContext(id)), heldContext(id)) })
      .where("id", "=", id)
      .execute();
  }
  // Notices to identified reporters still waiting in the outbox.
  const waiting = await db
    .selectFrom("outbox")
    .select(["id", "case_id", "recipients"])
    .where("recipients", "like", "v1:%")
    .where("case_id", "is not", null)
    .execute();
  for (const m of waiting) {
    if (!stale(m.recipients) || m.case_id === null) continue;
    const caseId = m.case_id;
    await db
      .updateTable("outbox")
      .set({ recipients: sealer.seal(sealer.open(m.recipients, recipientContext(caseId)), recipientContext(caseId)) })
      .where("id", "=", m.id)
      .execute();
  }
  for (const role of ETHICS_ROLES) {
    const counted = perRole[role];
    await audit(db, null, auditAction(ethicsChannel, "rotar_clave"), {
      detail: `${counted.reports} reporte(s), ${counted.notes} nota(s)`,
      email: "(consola)",
      audience: role,
    });
  }
  return { reports, notes };
}
