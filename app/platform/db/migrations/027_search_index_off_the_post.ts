/**
 * SQLite: the messages' text index (FTS5, migration 018) is no longer written by each post (ADR 024). A
 * post stored the message, its outbox row and, through the insert trigger, some thirty FTS5 entries with
 * their 2- and 3-character prefixes, in the post's own commit: about 40 % of the post's database time.
 * Now an indexer (app/platform/db/search-index.server.ts) adds the messages after `indexed_through`, in
 * batches, off the request, and before every staff search; ids only grow (AUTOINCREMENT), so everything
 * at or below `indexed_through` is in the index and everything above it is not.
 *
 * - messages_fts_state: one row, the highest message id in the index; the rows stored so far were
 *   indexed by the trigger, so it starts at the highest id.
 * - The insert trigger goes; the update and delete triggers act only on indexed rows (a row above the
 *   mark is indexed with its current text when the indexer reaches it).
 * PostgreSQL keeps its trigger: a tsvector and a GIN entry, which its fast-update list already defers.
 * Literal values only: this file is frozen once released.
 */
import { sql } from "kysely";
import type { Migration } from "kysely/migration";
import type { Engine } from "./engine";

const COLUMNS = "nombre, correo, celular, empresa, cargo, mensaje";
// The same document as migration 018: the phone as typed, its digits, and its national number.
const DIGITS = (col: string) => `replace(replace(replace(replace(replace(replace(${col}, ' ', ''), '-', ''), '.', ''), '(', ''), ')', ''), '+', '')`;
const PHONE = (col: string) =>
  `${col} || ' ' || ${DIGITS(col)} || ' ' || (case when ${DIGITS(col)} like '0057%' then substr(${DIGITS(col)}, 5) when ${DIGITS(col)} like '57%' and length(${DIGITS(col)}) = 12 then substr(${DIGITS(col)}, 3) else '' end)`;
const VALUES = (row: string) => `${row}.id, ${row}.nombre, ${row}.correo, ${PHONE(`${row}.celular`)}, ${row}.empresa, ${row}.cargo, ${row}.mensaje`;
const INDEXED = "(select indexed_through from messages_fts_state where id = 1)";

export const m027SearchIndexOffThePost = (engine: Engine): Migration => ({
  async up(db) {
    if (engine !== "sqlite") return;
    await sql`create table messages_fts_state (id integer primary key check (id = 1), indexed_through integer not null)`.execute(db);
    await sql`insert into messages_fts_state (id, indexed_through) values (1, (select coalesce(max(id), 0) from messages))`.execute(db);
    await sql`drop trigger messages_fts_insert`.execute(db);
    await sql`drop trigger messages_fts_delete`.execute(db);
    await sql`drop trigger messages_fts_update`.execute(db);
    await sql
      .raw(`create trigger messages_fts_delete after delete on messages when old.id <= ${INDEXED} begin delete from messages_fts where rowid = old.id; end`)
      .execute(db);
    await sql
      .raw(
        `create trigger messages_fts_update after update of ${COLUMNS} on messages when old.id <= ${INDEXED} begin delete from messages_fts where rowid = old.id; ` +
          `insert into messages_fts (rowid, ${COLUMNS}) values (${VALUES("new")}); end`,
      )
      .execute(db);
  },
});
