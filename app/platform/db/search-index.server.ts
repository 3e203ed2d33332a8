/**
 * SQLite: the indexer of the messages' text index (migration 027, ADR 024). A post no longer writes its
 * FTS5 entries in its own commit; the messages after the mark (`messages_fts_state.indexed_through`)
 * are added here in batches, off the request: a moment after posts are stored, once on start (rows
 * another process wrote), and before every staff search up to the newest message at that moment, so
 * a search finds every stored message. Ids only grow, so the mark splits indexed from not yet indexed.
 * PostgreSQL: nothing to do (its trigger keeps the index).
 *
 * Written with relaxed sync (synchronous=NORMAL): the index and its mark commit together, so a power cut
 * that loses an indexer commit loses both, and the next run indexes those messages again.
 */
import { type Kysely, sql } from "kysely";
import { log } from "~/platform/log.server";
import { type Database, engineOfDatabase, withRelaxedSync } from "./database.server";

/** Messages per indexer transaction: a few milliseconds of the request thread each. */
const BATCH = 500;
/** How long after a post the indexer runs: the posts of that moment share its transactions. */
const DELAY_MS = 250;

// The document of migration 018: the phone as typed, its digits, and its national number (without 57).
const DIGITS = "replace(replace(replace(replace(replace(replace(celular, ' ', ''), '-', ''), '.', ''), '(', ''), ')', ''), '+', '')";
const DOCUMENT =
  `id, nombre, correo, celular || ' ' || ${DIGITS} || ' ' || (case when ${DIGITS} like '0057%' then substr(${DIGITS}, 5) ` +
  `when ${DIGITS} like '57%' and length(${DIGITS}) = 12 then substr(${DIGITS}, 3) else '' end), empresa, cargo, mensaje`;

interface State {
  timer?: NodeJS.Timeout;
  running?: Promise<void>;
  stopped: boolean;
}
const states = new WeakMap<Kysely<Database>, State>();
const stateOf = (db: Kysely<Database>) => {
  let state = states.get(db);
  if (!state) states.set(db, (state = { stopped: false }));
  return state;
};

/** Indexes up to BATCH messages after the mark (and at most up to `through`); returns how many. */
export async function indexPendingMessages(db: Kysely<Database>, through = Number.MAX_SAFE_INTEGER): Promise<number> {
  if (engineOfDatabase(db) === "postgres") return 0;
  return withRelaxedSync(db, (conn) =>
    conn.transaction().execute(async (trx) => {
      const { indexed_through: mark } = await trx.selectFrom("messages_fts_state").select("indexed_through").where("id", "=", 1).executeTakeFirstOrThrow();
      const { rows } = await sql<{ last: number | null; n: number }>`
        select max(id) as last, count(*) as n from (select id from messages where id > ${mark} and id <= ${through} order by id limit ${BATCH})`.execute(trx);
      const last = rows[0]?.last;
      if (last === null || last === undefined) return 0;
      await sql`insert into messages_fts (rowid, nombre, correo, celular, empresa, cargo, mensaje)
        select ${sql.raw(DOCUMENT)} from messages where id > ${mark} and id <= ${last}`.execute(trx);
      await trx.updateTable("messages_fts_state").set({ indexed_through: last }).where("id", "=", 1).execute();
      return Number(rows[0].n);
    }),
  );
}

/** Indexes every message stored so far (before a search), batch by batch. */
export async function catchUpSearchIndex(db: Kysely<Database>): Promise<void> {
  if (engineOfDatabase(db) === "postgres") return;
  const { newest } = await db
    .selectFrom("messages")
    .select((eb) => eb.fn.max("id").as("newest"))
    .executeTakeFirstOrThrow();
  if (newest === null) return;
  await stateOf(db).running;
  while ((await indexPendingMessages(db, Number(newest))) > 0);
}

/** Runs the indexer a moment from now (once, however many posts ask), until nothing is left. */
export function indexSoon(db: Kysely<Database>, delayMs = DELAY_MS): void {
  if (engineOfDatabase(db) === "postgres") return;
  const state = stateOf(db);
  if (state.timer || state.stopped) return;
  state.timer = setTimeout(() => {
    const previous = state.running ?? Promise.resolve();
    state.running = previous
      .then(async () => {
        state.timer = undefined;
        // One batch per turn of the event loop: posts are answered in between.
        while (!state.stopped && (await indexPendingMessages(db)) > 0) await new Promise((r) => setImmediate(r));
      })
      .catch((error: unknown) => log("warn", "search-index-failed", { error: String(error) }));
  }, delayMs);
  state.timer.unref();
}

/** Before the database closes: no new run, and the current one finished. */
export async function stopSearchIndexer(db: Kysely<Database>): Promise<void> {
  const state = stateOf(db);
  state.stopped = true;
  clearTimeout(state.timer);
  state.timer = undefined;
  await state.running;
}
