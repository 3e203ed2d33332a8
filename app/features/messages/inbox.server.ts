/** The staff inbox's queries: list, detail, handled state, mail retry, deletion on request, CSV. */
import { type Kysely, type SelectQueryBuilder, sql } from "kysely";
import { messageFields } from "./registry";
import { bogotaDayStart, formatBogota } from "~/platform/dates";
import { isCalendarDay, normalizeEmail } from "~/forms/fields";
import { audit, type StaffUser as User } from "~/platform/audit.server";
import { mailStateLabel } from "~/platform/outbox-status";
import type { CsvColumn } from "~/platform/csv.server";
import { type Database, engineOfDatabase } from "~/platform/db/database.server";
import { countCapped } from "~/platform/db/count.server";
import { streamBatches } from "~/platform/db/stream.server";
import { catchUpSearchIndex } from "~/platform/db/search-index.server";
import { ftsMatch, searchTerms, tsQuery } from "~/platform/db/text-search";
import { getServices } from "~/platform/services.server";
import { COUNT_CAP, keysetPage, type PageRequest } from "~/platform/paging";

export const PAGE_SIZE = 25;

export interface InboxFilter {
  form?: "contacto" | "cliente";
  state?: "nuevo" | "atendido";
  from?: string;
  to?: string;
  q?: string;
  /** The date parameters given that name no calendar day (`9999-99-99`): left out of the filter, and said. */
  ignored?: ("desde" | "hasta")[];
}

export function parseFilter(params: URLSearchParams): InboxFilter {
  const form = params.get("formulario");
  const state = params.get("estado");
  const from = params.get("desde")?.trim() ?? "";
  const to = params.get("hasta")?.trim() ?? "";
  const ignored = (["desde", "hasta"] as const).filter((name) => {
    const value = name === "desde" ? from : to;
    return value !== "" && !isCalendarDay(value);
  });
  return {
    form: form === "contacto" || form === "cliente" ? form : undefined,
    state: state === "nuevo" || state === "atendido" ? state : undefined,
    // Only a day that exists: a date like 9999-99-99 made the day's instant throw (a 500).
    from: isCalendarDay(from) ? from : undefined,
    to: isCalendarDay(to) ? to : undefined,
    q: params.get("q")?.trim().slice(0, 200) || undefined,
    ...(ignored.length > 0 ? { ignored } : {}),
  };
}

/** What the staff read when a date of the filter does not exist. */
export const ignoredDatesMessage = (ignored: readonly string[]) =>
  `${ignored.map((name) => (name === "desde" ? "«Desde»" : "«Hasta»")).join(" y ")}: la fecha no existe (use el calendario o aaaa-mm-dd, p. ej. 2026-03-31).`;

/**
 * The messages of a filter, each with its mail. Without a search: every filter is served by an index in
 * (received_at, id) order (migration 018), and pages go by that key. With a search: the rows come from
 * the engine's text index (text-search.ts) in id order — arrival order — and pages go by id, so a word
 * found in half the messages still costs one page of rows, not a sort of all of them.
 */
function filtered(db: Kysely<Database>, filter: InboxFilter) {
  const terms = searchTerms(filter.q ?? "");
  const searching = Boolean(filter.q);
  // The text index joined first (it drives the order); the filters below name only `messages`.
  let query: SelectQueryBuilder<Database, "messages", object> = !searching
    ? db.selectFrom("messages")
    : engineOfDatabase(db) === "postgres"
      ? (db
          .selectFrom("messages_busqueda")
          .innerJoin("messages", "messages.id", "messages_busqueda.message_id")
          .where("messages_busqueda.documento", "@@", sql<string>`to_tsquery('simple', ${tsQuery(terms)})`) as unknown as SelectQueryBuilder<
          Database,
          "messages",
          object
        >)
      : (db
          .selectFrom("messages_fts")
          .innerJoin("messages", "messages.id", "messages_fts.rowid")
          .where(sql.ref("messages_fts"), "match", ftsMatch(terms)) as unknown as SelectQueryBuilder<Database, "messages", object>);
  // Nothing to look for (only punctuation): nothing is found, as before.
  if (searching && terms.words.length === 0) query = query.where(sql<boolean>`1 = 0`);
  if (filter.form) query = query.where("messages.form", "=", filter.form);
  if (filter.state === "nuevo") query = query.where("messages.handled_at", "is", null);
  if (filter.state === "atendido") query = query.where("messages.handled_at", "is not", null);
  if (filter.from) query = query.where("messages.received_at", ">=", bogotaDayStart(filter.from));
  if (filter.to) {
    const next = new Date(Date.parse(bogotaDayStart(filter.to)) + 86_400_000).toISOString();
    query = query.where("messages.received_at", "<", next);
  }
  // With a search, the order is the text index's own (its row id is the message's id).
  const key = !searching ? undefined : engineOfDatabase(db) === "postgres" ? "messages_busqueda.message_id" : "messages_fts.rowid";
  return { query, key };
}

const listColumns = [
  "messages.id",
  "messages.form",
  "messages.empresa",
  "messages.cargo",
  "messages.nombre",
  "messages.celular",
  "messages.correo",
  "messages.mensaje",
  "messages.received_at",
  "messages.handled_at",
  "messages.handled_by",
  "outbox.status as mail_status",
] as const;

/**
 * The filter's rows in one direction from a row (or from an end), with their mail's state.
 * `fewHits`: a search known to match few rows (at most COUNT_CAP). PostgreSQL cannot tell from its
 * statistics how many rows a word's beginning matches; left alone it may walk the whole table backwards
 * by id looking for a rare word. Told that the hits are few, the query orders by an expression no index
 * provides, so the plan is the text index's bitmap and a sort of those few rows. Many hits: walking back
 * by id finds a page of them soon. (SQLite's FTS5 reads its own index in id order either way.)
 */
function ordered(db: Kysely<Database>, filter: InboxFilter, direction: "older" | "newer", after?: { at: string; id: number }, fewHits = false) {
  const { query, key } = filtered(db, filter);
  const desc = direction === "older";
  const cmp = desc ? "<" : ">";
  let rows = query.leftJoin("outbox", "outbox.message_id", "messages.id").select(listColumns);
  if (key) {
    if (after) rows = rows.where(sql.ref(key), cmp, after.id);
    const order = fewHits && engineOfDatabase(db) === "postgres" ? sql`${sql.ref(key)} + 0` : sql.ref(key);
    return rows.orderBy(order, desc ? "desc" : "asc");
  }
  if (after) rows = rows.where((eb) => eb(eb.refTuple("messages.received_at", "messages.id"), cmp, eb.tuple(after.at, after.id)));
  return rows.orderBy("messages.received_at", desc ? "desc" : "asc").orderBy("messages.id", desc ? "desc" : "asc");
}

export type InboxRow = Awaited<ReturnType<ReturnType<typeof ordered>["execute"]>>[number];

/**
 * A page of the filter's messages (keyset paging: any page costs one index read, and every message is
 * reachable down to the oldest) and how many there are, counted up to COUNT_CAP + 1 only.
 */
export async function listMessages(db: Kysely<Database>, filter: InboxFilter, request: PageRequest = { kind: "first" }) {
  await readyToSearch(filter);
  const total = await countMessages(db, filter);
  const fewHits = await fewTextHits(db, filter, total);
  const page = await keysetPage(
    request,
    PAGE_SIZE,
    (direction, cursor, limit) => ordered(db, filter, direction, cursor, fewHits).limit(limit).execute(),
    (row) => ({ tag: "", at: row.received_at, id: row.id as number }),
  );
  return { ...page, total };
}

/**
 * PostgreSQL, with a search: does the text index alone find at most COUNT_CAP messages (see ordered)?
 * `total` is the count with every filter; without other filters it is the answer.
 */
async function fewTextHits(db: Kysely<Database>, filter: InboxFilter, total: number): Promise<boolean> {
  if (!filter.q || engineOfDatabase(db) !== "postgres") return false;
  const alone = filter.form || filter.state || filter.from || filter.to ? await countMessages(db, { q: filter.q }) : total;
  return alone <= COUNT_CAP;
}

/**
 * A search reads the text index, which on SQLite is filled off the post (ADR 024): first every message
 * stored until now goes into it, so the search finds them all.
 */
async function readyToSearch(filter: InboxFilter): Promise<void> {
  if (filter.q) await catchUpSearchIndex((await getServices()).db);
}

/** How many messages the filter has, up to COUNT_CAP + 1 (past it the page says "más de 10.000"). */
export async function countMessages(db: Kysely<Database>, filter: InboxFilter, cap = COUNT_CAP + 1): Promise<number> {
  return countCapped(db, filtered(db, filter).query, cap);
}

export async function getMessage(db: Kysely<Database>, id: number) {
  return db
    .selectFrom("messages")
    .leftJoin("outbox", "outbox.message_id", "messages.id")
    .selectAll("messages")
    .select([
      "outbox.status as mail_status",
      "outbox.attempts as mail_attempts",
      "outbox.last_error as mail_last_error",
      "outbox.sent_at as mail_sent_at",
      "outbox.next_attempt_at as mail_next_attempt_at",
      "outbox.recipients as mail_recipients",
    ])
    .where("messages.id", "=", id)
    .executeTakeFirst();
}

export async function setHandled(db: Kysely<Database>, id: number, user: User, handled: boolean): Promise<boolean> {
  const result = await db
    .updateTable("messages")
    .set(handled ? { handled_at: new Date().toISOString(), handled_by: user.email } : { handled_at: null, handled_by: null })
    .where("id", "=", id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await audit(db, user, handled ? "marcar_atendido" : "marcar_no_atendido", { messageId: id });
  return true;
}

/** Puts the message's mail back in the queue, due now. */
export async function retryMail(db: Kysely<Database>, id: number, user: User): Promise<boolean> {
  const result = await db
    .updateTable("outbox")
    .set({ status: "pending", next_attempt_at: new Date().toISOString() })
    .where("message_id", "=", id)
    .where("status", "!=", "sent")
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await audit(db, user, "reintentar_correo", { messageId: id });
  return true;
}

/**
 * Messages a person sent, by e-mail address (for a data-subject request under Ley 1581): addresses are
 * stored as typed and compared in lower case, through the index on lower(correo) (migration 018).
 */
export async function messagesOfPerson(db: Kysely<Database>, email: string) {
  return db
    .selectFrom("messages")
    .select(["id", "form", "received_at"])
    .where(sql`lower(correo)`, "=", normalizeEmail(email))
    .orderBy("id")
    .execute();
}

/** Deletes them; the audit trail keeps the count, ids and request reference, not the content or address. */
export async function deletePerson(db: Kysely<Database>, email: string, user: User, reference: string): Promise<number> {
  const ids = (await messagesOfPerson(db, email)).map((m) => m.id as number);
  if (ids.length === 0) return 0;
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("outbox").where("message_id", "in", ids).execute();
    await trx.deleteFrom("messages").where("id", "in", ids).execute();
    await audit(trx, user, "eliminar_datos_titular", {
      detail: `${ids.length} mensaje(s) eliminado(s): n.º ${ids.join(", ")}${reference ? ` · solicitud: ${reference.slice(0, 200)}` : ""}`,
    });
  });
  return ids.length;
}

/**
 * The current filter's messages as the CSV writer's columns and rows, newest first. The rows are read as
 * the download goes (streamBatches: a cursor on SQLite, batches by keyset on PostgreSQL), never all at once;
 * `count` is how many there are, for the audit entry.
 */
export async function messagesForExport(db: Kysely<Database>, filter: InboxFilter) {
  await readyToSearch(filter);
  const count = await countMessages(db, filter, Number.MAX_SAFE_INTEGER);
  const fewHits = await fewTextHits(db, filter, count);
  const rows = {
    batches: streamBatches(db, (after: InboxRow | undefined) =>
      ordered(db, filter, "older", after ? { at: after.received_at, id: after.id as number } : undefined, fewHits),
    ),
  };
  type Row = InboxRow;
  const columns: CsvColumn<Row>[] = [
    ["N.º", (r) => r.id],
    ["Recibido", (r) => formatBogota(r.received_at)],
    ["Formulario", (r) => (r.form === "cliente" ? "Cliente" : "Contacto")],
    ...messageFields.map((f): CsvColumn<Row> => [f.staffLabel, (r) => r[f.name as keyof Row]]),
    ["Estado", (r) => (r.handled_at ? "Atendido" : "Nuevo")],
    ["Atendido por", (r) => r.handled_by],
    ["Atendido el", (r) => formatBogota(r.handled_at)],
    ["Correo a la empresa", (r) => mailStateLabel(r.mail_status)],
  ];
  return { columns, rows, count };
}
