/**
 * Storing a visitor's message with its outbox row, durably, before the 2xx (docs/product.md §4).
 *
 * Group commit, on both engines: posts that arrive together are written in one transaction, two
 * statements for all of them (the messages, then their outbox rows), so one disk sync and one statement
 * compilation cover them all; each caller's promise resolves only after that commit, so an acknowledged
 * message is on disk exactly as before. (One sync per post capped a single process at a few hundred
 * posts per second, with the event loop blocked in fsync; see ADR 010 and ADR 024.) If the shared
 * transaction fails, each message is retried alone, so one bad row cannot fail the others.
 * SQLite's text index is written afterwards, off the request (search-index.server.ts, ADR 024).
 */
import type { Insertable, Kysely } from "kysely";
import { commitDurably, type Database, NotDurableError, type MessagesTable, type OutboxTable } from "~/platform/db/database.server";
import { indexSoon } from "~/platform/db/search-index.server";

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

/**
 * The batch's messages in one statement, then their outbox rows in another. Ids are handed out in the
 * order of the rows (and only grow), so the returned ids, sorted, are the rows' in order.
 */
async function insertBatch(db: Kysely<Database>, batch: readonly Pick<Pending, "message" | "outbox">[]): Promise<number[]> {
  const inserted = await db
    .insertInto("messages")
    .values(batch.map((p) => p.message))
    .returning("id")
    .execute();
  const ids = inserted.map((row) => Number(row.id)).sort((a, b) => a - b);
  await db
    .insertInto("outbox")
    .values(batch.map((p, i) => ({ ...p.outbox, message_id: ids[i] })))
    .execute();
  return ids;
}

/** Stores the message and its outbox row in one commit; resolves with the message id once durable. */
export function storeMessage(db: Kysely<Database>, message: NewMessage, outbox: NewOutboxRow): Promise<number> {
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
      const ids = await commitDurably(db, (trx) => insertBatch(trx, batch));
      batch.forEach((p, j) => p.resolve(ids[j]));
      indexSoon(db);
    } catch (error) {
      // Committed but not confirmed on disk: no 2xx, and no second copy either.
      if (batch.length === 1 || error instanceof NotDurableError) {
        for (const p of batch) p.reject(error);
        continue;
      }
      for (const p of batch) {
        await commitDurably(db, (trx) => insertBatch(trx, [p])).then(([id]) => {
          p.resolve(id);
          indexSoon(db);
        }, p.reject);
      }
    }
  }
}
