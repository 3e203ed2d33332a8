/**
 * The staff area at a million messages (ADR 018): the indexes its lists, details, exports and
 * data-subject searches need, and a text index of the messages on each engine, filled from the rows
 * already stored (backfill).
 *
 * - outbox.message_id: every list, detail and export joins a message to its mail.
 * - Keyset paging, newest first: (received_at, id) on messages and (channel, received_at, id) on cases
 *   replace the single-column indexes (on PostgreSQL the id is not implicit, as SQLite's rowid is);
 *   per form; and the new (unhandled) messages, few among many, in partial indexes of their own, with
 *   and without the form (handled ones are most rows: the full indexes serve them).
 * - E-mails compared without case through an index on lower(...): messages, and both e-mails of an
 *   accident report. The FURAT clock: when the fourth notice due with the FURAT was recorded, and a
 *   partial index on the reports still missing one. The PQRS requests' answer address likewise.
 * - The audit log pages by id per action and per person.
 * - Text search, accent- and case-insensitive, by words and their beginnings, over name, e-mail, phone
 *   (as typed, its digits, and its national number), company, position and message:
 *   SQLite: an FTS5 table (unicode61 with diacritics removed, prefix indexes of 2 and 3 characters)
 *     without a copy of the text (contentless, with deletes), kept by triggers.
 *   PostgreSQL: a tsvector per message in messages_busqueda with a GIN index, kept by a trigger; accents
 *     removed by translate() in an immutable function (no extension to install), the 'simple' dictionary.
 *   Both split e-mails and words at the same characters, so a search finds the same messages.
 * Literal values only: this file is frozen once released.
 */
import { sql } from "kysely";
import type { Migration } from "kysely/migration";
import type { Engine } from "./engine";

// SQLite: the phone's digits (the form accepts digits, spaces, dots, dashes, parentheses and a +), and
// the national number without the country code 57.
const DIGITS = (col: string) => `replace(replace(replace(replace(replace(replace(${col}, ' ', ''), '-', ''), '.', ''), '(', ''), ')', ''), '+', '')`;
const SQLITE_PHONE = (col: string) =>
  `${col} || ' ' || ${DIGITS(col)} || ' ' || (case when ${DIGITS(col)} like '0057%' then substr(${DIGITS(col)}, 5) when ${DIGITS(col)} like '57%' and length(${DIGITS(col)}) = 12 then substr(${DIGITS(col)}, 3) else '' end)`;
const SQLITE_FTS_COLUMNS = "nombre, correo, celular, empresa, cargo, mensaje";
const SQLITE_FTS_VALUES = (row: string) =>
  `${row}.id, ${row}.nombre, ${row}.correo, ${SQLITE_PHONE(`${row}.celular`)}, ${row}.empresa, ${row}.cargo, ${row}.mensaje`;

// PostgreSQL: the same document. Lower case, accents off (Latin letters), e-mail and URL punctuation as
// spaces, then the 'simple' dictionary (no stemming, no stop words).
// Upper case too: lower() leaves non-ASCII letters as they are under the C locale.
const PG_ACCENTED = "áàâäãåāăąéèêëēĕėęěíìîïĩīĭįóòôöõøōŏőúùûüũūŭůűųñńňçćčýÿśšźżžďđľĺłŕřťğÁÀÂÄÃÅĀĂĄÉÈÊËĒĔĖĘĚÍÌÎÏĨĪĬĮÓÒÔÖÕØŌŎŐÚÙÛÜŨŪŬŮŰŲÑŃŇÇĆČÝŸŚŠŹŻŽĎĐĽĹŁŔŘŤĞ";
const PG_PLAIN = "aaaaaaaaaeeeeeeeeeiiiiiiiiooooooooouuuuuuuuuunnncccyysszzzddlllrrtgaaaaaaaaaeeeeeeeeeiiiiiiiiooooooooouuuuuuuuuunnncccyysszzzddlllrrtg";
const PG_DOCUMENT = (row: string) =>
  `to_tsvector('simple', sitio_texto_de_busqueda(coalesce(${row}.nombre, '') || ' ' || ${row}.correo || ' ' || ${row}.celular || ' ' || ` +
  `regexp_replace(${row}.celular, '\\D', '', 'g') || ' ' || regexp_replace(regexp_replace(${row}.celular, '\\D', '', 'g'), '^(0057|57(?=\\d{10}$))', '') || ' ' || ` +
  `coalesce(${row}.empresa, '') || ' ' || coalesce(${row}.cargo, '') || ' ' || ${row}.mensaje))`;

export const m018StaffAreaAtScale = (engine: Engine): Migration => ({
  async up(db) {
    await db.schema.createIndex("outbox_message").on("outbox").column("message_id").execute();

    await db.schema.createIndex("messages_received_id").on("messages").columns(["received_at", "id"]).execute();
    await db.schema.dropIndex("messages_received_at").execute();
    await db.schema.createIndex("messages_form_received_id").on("messages").columns(["form", "received_at", "id"]).execute();
    await db.schema.createIndex("messages_new_received_id").on("messages").columns(["received_at", "id"]).where(sql.ref("handled_at"), "is", null).execute();
    await db.schema
      .createIndex("messages_new_form_received_id")
      .on("messages")
      .columns(["form", "received_at", "id"])
      .where(sql.ref("handled_at"), "is", null)
      .execute();
    await db.schema
      .createIndex("messages_correo_lower")
      .on("messages")
      .expression(sql`lower(correo)`)
      .execute();

    await db.schema.createIndex("cases_channel_received_id").on("cases").columns(["channel", "received_at", "id"]).execute();
    await db.schema.dropIndex("cases_channel_received").execute();
    // The FURAT clock: when the fourth of the notices due with the FURAT (ARL, EPS, worker's copy,
    // Dirección Territorial) was recorded, filled from the notices already given; the reports still
    // missing one in a partial index (the list's overdue segment).
    await db.schema.alterTable("accident_reports").addColumn("furat_notices_filed_at", "text").execute();
    await sql`
      update accident_reports set furat_notices_filed_at = (
        select max(n.recorded_at) from accident_notices n
        where n.case_id = accident_reports.case_id and n.notice in ('arl', 'eps', 'trabajador', 'territorial'))
      where (select count(*) from accident_notices n
        where n.case_id = accident_reports.case_id and n.notice in ('arl', 'eps', 'trabajador', 'territorial')) = 4`.execute(db);
    await db.schema
      .createIndex("accident_reports_furat_pending")
      .on("accident_reports")
      .column("furat_due_at")
      .where(sql<boolean>`furat_notices_filed_at is null and furat_due_at is not null`)
      .execute();
    await db.schema
      .createIndex("accident_reports_reporta_correo_lower")
      .on("accident_reports")
      .expression(sql`lower(reporta_correo)`)
      .execute();
    await db.schema
      .createIndex("accident_reports_trabajador_correo_lower")
      .on("accident_reports")
      .expression(sql`lower(trabajador_correo)`)
      .execute();

    await db.schema
      .createIndex("pqrs_requests_correo_lower")
      .on("pqrs_requests")
      .expression(sql`lower(correo)`)
      .execute();

    await db.schema.createIndex("audit_log_action_id").on("audit_log").columns(["action", "id"]).execute();
    await db.schema.createIndex("audit_log_user_id").on("audit_log").columns(["user_id", "id"]).execute();

    if (engine === "sqlite") {
      await sql
        .raw(
          `create virtual table messages_fts using fts5(${SQLITE_FTS_COLUMNS}, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2', prefix='2 3')`,
        )
        .execute(db);
      await sql.raw(`insert into messages_fts (rowid, ${SQLITE_FTS_COLUMNS}) select ${SQLITE_FTS_VALUES("messages")} from messages`).execute(db);
      await sql
        .raw(
          `create trigger messages_fts_insert after insert on messages begin insert into messages_fts (rowid, ${SQLITE_FTS_COLUMNS}) values (${SQLITE_FTS_VALUES("new")}); end`,
        )
        .execute(db);
      await sql.raw("create trigger messages_fts_delete after delete on messages begin delete from messages_fts where rowid = old.id; end").execute(db);
      await sql
        .raw(
          `create trigger messages_fts_update after update of ${SQLITE_FTS_COLUMNS} on messages begin delete from messages_fts where rowid = old.id; ` +
            `insert into messages_fts (rowid, ${SQLITE_FTS_COLUMNS}) values (${SQLITE_FTS_VALUES("new")}); end`,
        )
        .execute(db);
      // Statistics for the planner on the tables the staff read, never on the text index's own tables:
      // stale figures there (two rows, say, read when the site was new) lead SQLite to plans for FTS5's
      // internal statements that grow with the index, until every post takes seconds.
      for (const table of ["messages", "outbox", "cases", "accident_reports", "audit_log"]) await sql.raw(`analyze ${table}`).execute(db);
      await sql`delete from sqlite_stat1 where tbl like 'messages_fts%'`.execute(db);
      return;
    }

    await sql
      .raw(
        `create function sitio_texto_de_busqueda(text) returns text language sql immutable parallel safe as $$ select translate(lower($1), '${PG_ACCENTED}@._+-/:', '${PG_PLAIN}       ') $$`,
      )
      .execute(db);
    await sql`create table messages_busqueda (message_id integer primary key references messages (id) on delete cascade, documento tsvector not null)`.execute(
      db,
    );
    await sql.raw(`insert into messages_busqueda (message_id, documento) select messages.id, ${PG_DOCUMENT("messages")} from messages`).execute(db);
    await sql`create index messages_busqueda_documento on messages_busqueda using gin (documento)`.execute(db);
    await sql
      .raw(
        `create function messages_busqueda_guardar() returns trigger language plpgsql as $$ begin ` +
          `insert into messages_busqueda (message_id, documento) values (new.id, ${PG_DOCUMENT("new")}) ` +
          `on conflict (message_id) do update set documento = excluded.documento; return null; end $$`,
      )
      .execute(db);
    await sql`create trigger messages_busqueda_guardar after insert or update of nombre, correo, celular, empresa, cargo, mensaje on messages for each row execute function messages_busqueda_guardar()`.execute(
      db,
    );
    await sql`analyze messages, messages_busqueda, outbox, cases, accident_reports, audit_log`.execute(db);
  },
});
