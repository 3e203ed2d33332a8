/**
 * The rows of a query as they are read, for the exports (ADR 018): never all of them in memory.
 * - SQLite through the read worker: a cursor (better-sqlite3's `iterate()`) on a connection of its own in
 *   the worker, a chunk of rows at a time.
 * - Otherwise (PostgreSQL; SQLite in the request thread, in development or a test): batches by keyset,
 *   each one short statement that continues after the last row of the one before, so a million rows are
 *   never cut by the statement timeout, hold no connection between batches, and the request thread is
 *   free between them.
 * `query(after)` is the ordered query, continuing after `after` when given (its keyset condition). The
 * rows come in batches, as read.
 */
import type { Kysely, SelectQueryBuilder } from "kysely";
import { isReadWorker } from "./read-worker.server";

// Any tables: the callers build their own typed query.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQuery<R> = SelectQueryBuilder<any, any, R>;

export async function* streamBatches<DB, R>(db: Kysely<DB>, query: (after: R | undefined) => AnyQuery<R>, batch = 500): AsyncGenerator<R[]> {
  if (isReadWorker(db)) {
    // The builder's own stream() hands rows over one by one; the executor's gives the worker's chunks.
    for await (const result of db.getExecutor().stream(query(undefined).compile(), batch)) yield result.rows as R[];
    return;
  }
  let after: R | undefined;
  for (;;) {
    const rows = (await query(after).limit(batch).execute()) as R[];
    if (rows.length) yield rows;
    if (rows.length < batch) return;
    after = rows[rows.length - 1];
  }
}
