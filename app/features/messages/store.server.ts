/**
 * Storing a visitor's message with its outbox row, durably, before the 2xx (docs/product.md §4).
 *
 * SQLite: group commit. Posts that arrive together are written in one transaction, so one disk sync
 * covers all of them; each caller's promise resolves only after that sync, so an acknowledged message
 * is on disk exactly as before. (One sync per post capped a single process at a few hundred posts per
 * second, with the event loop blocked in fsync; see ADR 010.) If the shared transaction
 * fails, each message is retried alone, so one bad row cannot fail the others.
 * PostgreSQL: one transaction per message (the server groups concurrent commits itself).
 */
import type { Insertable, Kysely } from "kysely";
import { type Database, engineOfDatabase, type MessagesTable, type OutboxTable } from "~/platform/db/database.server";

export type NewMessage = Insertable<MessagesTable>;
export type NewOutboxRow = Omit<Insertable<OutboxTable>, "message_id">;

interface Pending {
  message: NewMessage;
  outbox: NewOutboxRow;
  resolve(id: number): void;
  reject(error: unknown): void;
}

/** At most this many messages share one commit. */
const MAX_BATCH = 256;

const queues = new WeakMap<Kysely<Database>, Pending[]>();

async function insertOne(db: Kysely<Database>, message: NewMessage, outbox: NewOutboxRow): Promise<number> {
  const inserted = await db.insertInto("messages").values(message).returning("id").executeTakeFirstOrThrow();
  const id = inserted.id as number;
  await db
    .insertInto("outbox")
    .values({ ...outbox, message_id: id })
    .execute();
  return id;
}

/** Stores the message and its outbox row in one commit; resolves with the message id once durable. */
export function storeMessage(db: Kysely<Database>, message: NewMessage, outbox: NewOutboxRow): Promise<number> {
  if (engineOfDatabase(db) === "postgres") return db.transaction().execute((trx) => insertOne(trx, message, outbox));
  return new Promise((resolve, reject) => {
    let queue = queues.get(db);
    if (!queue) {
      queue = [];
      queues.set(db, queue);
      // Whatever is queued by the end of this turn of the event loop shares the commit.
      setImmediate(() => void flush(db));
    }
    queue.push({ message, outbox, resolve, reject });
  });
}

async function flush(db: Kysely<Database>): Promise<void> {
  const queue = queues.get(db) ?? [];
  queues.delete(db);
  for (let i = 0; i < queue.length; i += MAX_BATCH) {
    const batch = queue.slice(i, i + MAX_BATCH);
    try {
      const ids = await db.transaction().execute(async (trx) => {
        const out: number[] = [];
        for (const p of batch) out.push(await insertOne(trx, p.message, p.outbox));
        return out;
      });
      batch.forEach((p, j) => p.resolve(ids[j]));
    } catch (error) {
      if (batch.length === 1) {
        batch[0].reject(error);
        continue;
      }
      for (const p of batch) {
        await db
          .transaction()
          .execute((trx) => insertOne(trx, p.message, p.outbox))
          .then(p.resolve, p.reject);
      }
    }
  }
}
