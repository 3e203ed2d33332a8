/** The staff inbox's queries: list, detail, handled state, mail retry, deletion on request, CSV. */
import { type Kysely, sql } from "kysely";
import { messageFields } from "./registry";
import { bogotaDayStart, formatBogota } from "~/platform/dates";
import { normalizeEmail } from "~/forms/fields";
import { audit, type StaffUser as User } from "~/platform/audit.server";
import { mailStateLabel } from "~/platform/outbox-status";
import type { CsvColumn } from "~/platform/csv.server";
import type { Database } from "~/platform/db/database.server";

export const PAGE_SIZE = 25;

export interface InboxFilter {
  form?: "contacto" | "cliente";
  state?: "nuevo" | "atendido";
  from?: string;
  to?: string;
  q?: string;
  page: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function parseFilter(params: URLSearchParams): InboxFilter {
  const form = params.get("formulario");
  const state = params.get("estado");
  const from = params.get("desde") ?? "";
  const to = params.get("hasta") ?? "";
  return {
    form: form === "contacto" || form === "cliente" ? form : undefined,
    state: state === "nuevo" || state === "atendido" ? state : undefined,
    from: DAY.test(from) ? from : undefined,
    to: DAY.test(to) ? to : undefined,
    q: params.get("q")?.trim().slice(0, 200) || undefined,
    page: Math.max(1, Math.min(10_000, Number.parseInt(params.get("pagina") ?? "1", 10) || 1)),
  };
}

function filtered(db: Kysely<Database>, filter: InboxFilter) {
  let query = db.selectFrom("messages").leftJoin("outbox", "outbox.message_id", "messages.id");
  if (filter.form) query = query.where("messages.form", "=", filter.form);
  if (filter.state === "nuevo") query = query.where("messages.handled_at", "is", null);
  if (filter.state === "atendido") query = query.where("messages.handled_at", "is not", null);
  if (filter.from) query = query.where("messages.received_at", ">=", bogotaDayStart(filter.from));
  if (filter.to) {
    const next = new Date(Date.parse(bogotaDayStart(filter.to)) + 86_400_000).toISOString();
    query = query.where("messages.received_at", "<", next);
  }
  if (filter.q) {
    const like = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or(
        (["nombre", "correo", "celular", "empresa", "cargo", "mensaje"] as const).map((col) =>
          // lower() on both sides: SQLite's LIKE ignores case (ASCII), PostgreSQL's does not.
          eb(sql`lower(${sql.ref(`messages.${col}`)})`, "like", sql`lower(${like}) escape '\\'`),
        ),
      ),
    );
  }
  return query;
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

export async function listMessages(db: Kysely<Database>, filter: InboxFilter) {
  const [{ total }] = await filtered(db, filter).select((eb) => eb.fn.countAll<number>().as("total")).execute();
  const rows = await filtered(db, filter)
    .select(listColumns)
    .orderBy("messages.received_at", "desc")
    .orderBy("messages.id", "desc")
    .limit(PAGE_SIZE)
    .offset((filter.page - 1) * PAGE_SIZE)
    .execute();
  return { rows, total: Number(total), pages: Math.max(1, Math.ceil(Number(total) / PAGE_SIZE)) };
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

/** Messages a person sent, by e-mail address (for a data-subject request under Ley 1581). */
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

/** The current filter's messages, as the CSV writer's columns and rows. */
export async function messagesForExport(db: Kysely<Database>, filter: InboxFilter) {
  const rows = await filtered(db, filter).select(listColumns).orderBy("messages.received_at", "desc").orderBy("messages.id", "desc").execute();
  type Row = (typeof rows)[number];
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
  return { columns, rows };
}
