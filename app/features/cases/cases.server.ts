/**
 * The case model's server side (ADR 012), for every channel: radicado and follow-up code, status
 * history and notes, the lookup by radicado + code with its shared throttle, and deletion. Channel
 * specifics (the accident report's own fields and clocks) live beside it (accidents.server.ts).
 */
import { randomInt, scrypt as scryptCallback, timingSafeEqual, randomBytes } from "node:crypto";
import { promisify } from "node:util";
import { type Kysely, type SelectQueryBuilder, sql, type Transaction } from "kysely";
import { audit, type StaffUser as User } from "~/platform/audit.server";
import type { Database } from "~/platform/db/database.server";
import { INCIDENTS_TABLE } from "~/platform/db/schema";
import { bogotaDay } from "~/platform/dates";
import { type Hit, hit } from "~/platform/rate-limit.server";
import {
  auditAction,
  type ChannelDef,
  CODE_ALPHABET,
  CODE_LENGTH,
  formatCode,
  formatRadicado,
  normalizeCode,
  normalizeRadicado,
  type PublicView,
  RADICADO_PATTERN,
  statusesFor,
} from "./model";

const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer, keylen: number, options: object) => Promise<Buffer>;
// ~16 MB and a few tens of milliseconds per check: cheap for one lookup, costly for guessing offline.
const SCRYPT = { N: 2 ** 14, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

export function newCode(): string {
  let raw = "";
  for (let i = 0; i < CODE_LENGTH; i++) raw += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return raw;
}

export async function hashCode(code: string, salt: Buffer): Promise<string> {
  return (await scrypt(normalizeCode(code), salt, 32, SCRYPT)).toString("hex");
}

// Compared against when the radicado does not exist, so both answers take the same work.
const DECOY_SALT = randomBytes(16);
const DECOY_HASH = "0".repeat(64);

export interface NewCase {
  channel: ChannelDef;
  kind: string;
  receivedAt: string;
  learnedAt?: string;
  policyVersion: string;
  sensitiveConsent: boolean;
  contactEmail: string | null;
}

/**
 * Stores a new case inside the caller's transaction: the next radicado of its prefix and year, a fresh
 * code (returned once, stored only as a salted hash), and the first "Recibido" event.
 */
export async function insertCase(trx: Transaction<Database>, input: NewCase): Promise<{ id: number; radicado: string; code: string }> {
  const { channel } = input;
  const kind = channel.kinds[input.kind];
  if (!kind) throw new Error(`tipo desconocido en el canal ${channel.id}: ${input.kind}`);
  const code = newCode();
  const salt = randomBytes(16);
  // Hashed before the number is taken: on PostgreSQL the sequence's row is locked from then to the commit.
  const codeHash = await hashCode(code, salt);
  const year = Number(bogotaDay(input.receivedAt).slice(0, 4));
  // The next number of the prefix and year, from its own row (never from the cases that remain, so a
  // deleted case's number is not issued again: docs/product.md §33). The upsert is atomic on both
  // engines; on PostgreSQL the row stays locked until the case commits, so simultaneous reports get
  // consecutive numbers, and a report that fails gives its number back.
  const next = await trx
    .insertInto("radicado_sequences")
    .values({ prefix: kind.prefix, year, last_number: 1 })
    .onConflict((oc) => oc.columns(["prefix", "year"]).doUpdateSet({ last_number: sql`radicado_sequences.last_number + 1` }))
    .returning("last_number")
    .executeTakeFirstOrThrow();
  const radicado = formatRadicado(kind.prefix, year, Number(next.last_number));
  const first = channel.statuses[0].value;
  const inserted = await trx
    .insertInto("cases")
    .values({
      channel: channel.id,
      kind: input.kind,
      radicado,
      code_salt: salt.toString("hex"),
      code_hash: codeHash,
      status: first,
      received_at: input.receivedAt,
      learned_at: input.learnedAt ?? input.receivedAt,
      consent_at: input.receivedAt,
      policy_version: input.policyVersion,
      sensitive_consent_at: input.sensitiveConsent ? input.receivedAt : null,
      contact_email: input.contactEmail,
      updated_at: input.receivedAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const id = inserted.id as number;
  await trx
    .insertInto("case_events")
    .values({ case_id: id, at: input.receivedAt, type: "estado", status: first, note: null, visible: 1, author: "sistema" })
    .execute();
  return { id, radicado, code: formatCode(code) };
}

// ——— CONSULTAR: lookup by radicado + code ———

export const LOOKUP_WINDOW_MS = 15 * 60 * 1000;
/**
 * Wrong lookups of one radicado per window, whoever asks (existing or not: the limit reveals nothing).
 * The right code passes anyway (ADR 016): five wrong codes typed by someone else must not lock the
 * reporter out; what stops guessing is the per-address limit and the code's 60 bits.
 */
export const LOOKUPS_PER_RADICADO = 5;

export type LookupResult =
  { outcome: "found"; caseId: number; channel: string } | { outcome: "not_found" } | { outcome: "limited"; retryAfterSeconds: number } | { outcome: "invalid" };

const retryAfter = (counted: Hit, now: number) => Math.max(1, Math.ceil((counted.resetAt - now) / 1000));

/**
 * Finds a case by radicado and code. An unknown radicado and a wrong code give the same outcome after
 * the same work (a scrypt against a decoy). Lookups are counted in the database's shared counters
 * (app/platform/rate-limit.server.ts): per address (keyed with a secret that is not in the database,
 * `addressKey`), which refuses further lookups from it, and per radicado, which refuses further wrong
 * codes for it but never the right one.
 */
export async function lookupCase(
  db: Kysely<Database>,
  input: {
    /** Only cases of this channel are found: each front door answers for its own. */
    channel: string;
    radicado: string;
    code: string;
    address: string;
    perAddress: number;
    /** How the address is counted: a keyed hash whose key is not in the database (never the address, nor a plain hash of it). */
    addressKey: (address: string) => string;
  },
  now = Date.now(),
): Promise<LookupResult> {
  const radicado = normalizeRadicado(input.radicado);
  const code = normalizeCode(input.code);
  if (!radicado || !code) return { outcome: "invalid" };
  const byAddress = await hit(db, `consulta:${input.channel}:direccion:${input.addressKey(input.address)}`, LOOKUP_WINDOW_MS, now);
  if (byAddress.hits > input.perAddress) return { outcome: "limited", retryAfterSeconds: retryAfter(byAddress, now) };
  const byRadicado = await hit(db, `consulta:radicado:${radicado.slice(0, 40)}`, LOOKUP_WINDOW_MS, now);
  const row = RADICADO_PATTERN.test(radicado)
    ? await db
        .selectFrom("cases")
        .select(["id", "channel", "code_salt", "code_hash"])
        .where("radicado", "=", radicado)
        .where("channel", "=", input.channel)
        .executeTakeFirst()
    : undefined;
  const hash = await hashCode(code.slice(0, 40), row ? Buffer.from(row.code_salt, "hex") : DECOY_SALT);
  const expected = Buffer.from(row?.code_hash ?? DECOY_HASH, "hex");
  const matches = timingSafeEqual(Buffer.from(hash, "hex"), expected) && row !== undefined;
  if (matches && row) return { outcome: "found", caseId: row.id as number, channel: row.channel };
  if (byRadicado.hits > LOOKUPS_PER_RADICADO) return { outcome: "limited", retryAfterSeconds: retryAfter(byRadicado, now) };
  return { outcome: "not_found" };
}

/** Opens a stored note (the ethics line seals them); identity for channels that store them in clear. */
export type NoteOpener = (note: string, caseId: number) => string;

/**
 * What the reporter reads: the case's kind and dates, every status with its date, and the visible notes
 * (theirs and the team's). A status change is always the reporter's to see, with its date; an internal
 * note only keeps its text private, so a step that happened never reads "pendiente".
 */
export async function publicView(db: Kysely<Database>, caseId: number, openNote?: NoteOpener): Promise<PublicView> {
  const c = await db.selectFrom("cases").select(["radicado", "channel", "kind", "status", "received_at"]).where("id", "=", caseId).executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom("case_events")
    .select(["at", "type", "status", "note", "author", "visible"])
    .where("case_id", "=", caseId)
    .where((eb) => eb.or([eb("visible", "=", 1), eb("status", "is not", null)]))
    .orderBy("at")
    .orderBy("id")
    .execute();
  const events = rows.map(({ author, note, visible, ...e }) => ({
    ...e,
    note: visible === 1 && note ? (openNote ? openNote(note, caseId) : note) : null,
    from: author === REPORTER ? ("reportante" as const) : ("equipo" as const),
  }));
  return { ...c, events };
}

/** The author of what the reporter adds through CONSULTAR. */
export const REPORTER = "reportante";

/** More work that must commit with an event, or not at all (a channel's notice in the outbox). */
export type AlsoInTransaction = (trx: Transaction<Database>) => Promise<void>;

/** Information the reporter adds (already validated and, where the channel seals, sealed): visible to both sides. */
export async function addReporterNote(db: Kysely<Database>, channel: ChannelDef, caseId: number, note: string, also?: AlsoInTransaction): Promise<void> {
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await trx.insertInto("case_events").values({ case_id: caseId, at: now, type: "nota", status: null, note, visible: 1, author: REPORTER }).execute();
    await trx.updateTable("cases").set({ updated_at: now }).where("id", "=", caseId).execute();
    await audit(trx, null, auditAction(channel, "nota_del_reportante"), { caseId, email: "(reportante)" });
    await also?.(trx);
  });
}

// ——— Staff ———

export async function caseEvents(db: Kysely<Database>, caseId: number, openNote?: NoteOpener) {
  const rows = await db.selectFrom("case_events").selectAll().where("case_id", "=", caseId).orderBy("at").orderBy("id").execute();
  return openNote ? rows.map((e) => ({ ...e, note: e.note ? openNote(e.note, caseId) : e.note })) : rows;
}

/** A status change and/or a note, internal or visible to the reporter; audited. */
export async function addEvent(
  db: Kysely<Database>,
  user: User,
  caseId: number,
  /** `channel`: the case must belong to it (a staff page acts on its own channel's cases only). */
  input: { channel: ChannelDef; status?: string; note?: string; visible: boolean },
  /** The ethics line: `sealNote` seals the note before it is stored; `also` queues its notice with the event. */
  options: { sealNote?: (note: string, caseId: number) => string; also?: AlsoInTransaction } = {},
): Promise<"ok" | "not_found" | "invalid"> {
  const { sealNote, also } = options;
  const c = await db
    .selectFrom("cases")
    .select(["channel", "kind", "status"])
    .where("id", "=", caseId)
    .where("channel", "=", input.channel.id)
    .executeTakeFirst();
  if (!c) return "not_found";
  const note = input.note?.trim().slice(0, 2000) || null;
  const status = input.status && input.status !== c.status ? input.status : undefined;
  if (status && !statusesFor(input.channel, c.kind).some((s) => s.value === status)) return "invalid";
  if (!status && !note) return "invalid";
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("case_events")
      .values({
        case_id: caseId,
        at: now,
        type: status ? "estado" : "nota",
        status: status ?? null,
        note: note && sealNote ? sealNote(note, caseId) : note,
        visible: input.visible ? 1 : 0,
        author: user.email,
      })
      .execute();
    await trx
      .updateTable("cases")
      .set({ updated_at: now, ...(status ? { status } : {}) })
      .where("id", "=", caseId)
      .execute();
    await audit(trx, user, auditAction(input.channel, status ? "cambiar_estado_reporte" : "nota_reporte"), {
      caseId,
      detail: [status ? `estado: ${status}` : "", note ? (input.visible ? "nota visible" : "nota interna") : ""].filter(Boolean).join(" · "),
    });
    await also?.(trx);
  });
  return "ok";
}

/** Deletes cases (their events, channel rows and queued mails go with them); the audit keeps radicados and the reference only. */
export async function deleteCases(db: Kysely<Database>, ids: number[], user: User, reference: string): Promise<string[]> {
  if (ids.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    const radicados = (await trx.selectFrom("cases").select("radicado").where("id", "in", ids).execute()).map((r) => r.radicado);
    await trx.deleteFrom("outbox").where("case_id", "in", ids).execute();
    await trx.deleteFrom("case_events").where("case_id", "in", ids).execute();
    await trx.deleteFrom(INCIDENTS_TABLE).where("case_id", "in", ids).execute();
    await trx.deleteFrom("ethics_reports").where("case_id", "in", ids).execute();
    await trx.deleteFrom("cases").where("id", "in", ids).execute();
    await audit(trx, user, "eliminar_reportes_titular", {
      detail: `${radicados.length} reporte(s) eliminado(s): ${radicados.join(", ")}${reference ? ` · solicitud: ${reference.slice(0, 200)}` : ""}`,
    });
    return radicados;
  });
}

/**
 * One keyset read of a staff case list, by (received_at, id): "older" newest first after `after`,
 * "newer" oldest first before it (app/platform/paging.ts). `query` selects from `cases` and whatever
 * the channel joins.
 */
// Any joins: each channel's list query brings its own tables.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyCasesQuery<O> = SelectQueryBuilder<any, any, O>;
export function readCasesPage<O>(
  query: AnyCasesQuery<O>,
  direction: "older" | "newer",
  after: { at: string; id: number } | undefined,
  limit: number,
): Promise<O[]> {
  const desc = direction === "older";
  const keyed = after ? query.where(sql<boolean>`(cases.received_at, cases.id) ${sql.raw(desc ? "<" : ">")} (${after.at}, ${after.id})`) : query;
  return keyed
    .orderBy(sql`cases.received_at`, desc ? "desc" : "asc")
    .orderBy(sql`cases.id`, desc ? "desc" : "asc")
    .limit(limit)
    .execute();
}
