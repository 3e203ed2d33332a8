/**
 * Migrations move an existing database forward without loss: a SQLite file created by the site as it
 * was on 23 November 2026 (tests/fixtures, one account, a message, an accident report and an ethics
 * report) opens with today's code, keeps every row, seeds the radicado sequences from its cases, and
 * ends with the same schema as a new database.
 */
import { copyFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { Kysely, SqliteDialect } from "kysely";
import { Migrator } from "kysely/migration";
import { type Database, openDatabase } from "~/platform/db/database.server";
import { migrationsFor } from "~/platform/db/migrations";
import { TEST_ENGINE } from "../support/database.ts";

const FIXTURE = path.resolve(import.meta.dirname, "../fixtures/sqlite-created-by-main-2026-11-23.db");

function schemaOf(file: string): string[] {
  const db = new SQLite(file, { readonly: true });
  try {
    return (
      db.prepare("select type, name, sql from sqlite_master where name not like 'sqlite_%' order by type, name").all() as {
        type: string;
        name: string;
        sql: string | null;
      }[]
    ).map((r) => `${r.type} ${r.name}: ${(r.sql ?? "").replace(/\s+/g, " ").replace(/"/g, "")}`);
  } finally {
    db.close();
  }
}

describe.skipIf(TEST_ENGINE !== "sqlite")("migrations on a database created by an earlier version", () => {
  it("keep every row and reach the schema of a new database", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "sitio-migraciones-"));
    const old = path.join(dir, "antigua.db");
    copyFileSync(FIXTURE, old);
    const migrated = await openDatabase(`file:${old}`);
    const counts = Object.fromEntries(
      await Promise.all(
        (["users", "user_roles", "messages", "cases", "ethics_reports"] as const).map(async (t) => [
          t,
          Number(
            (
              await migrated
                .selectFrom(t)
                .select((eb) => eb.fn.countAll().as("n"))
                .executeTakeFirstOrThrow()
            ).n,
          ),
        ]),
      ),
    );
    expect(counts).toEqual({ users: 1, user_roles: 1, messages: 1, cases: 2, ethics_reports: 1 });
    // The sexual-harassment report moved to the gender route (product rule 27), and the audit says so.
    const moved = await migrated.selectFrom("audit_log").select(["action", "case_id"]).where("action", "=", "etica_reasignar_ruta").execute();
    expect(moved.map((m) => Number(m.case_id))).toEqual([2]);
    const message = await migrated.selectFrom("messages").selectAll().executeTakeFirstOrThrow();
    expect(message).toMatchObject({ nombre: "Luis", correo: "luis@example.com", mensaje: "Hola" });
    // The radicado sequences start after the numbers the existing cases hold (docs/product.md §33).
    const radicados = (await migrated.selectFrom("cases").select("radicado").execute()).map((r) => r.radicado);
    const sequences = (await migrated.selectFrom("radicado_sequences").selectAll().orderBy("prefix").execute()).map(
      (r) => `${r.prefix}-${r.year}-${String(r.last_number).padStart(6, "0")}`,
    );
    expect(sequences).toEqual([...radicados].sort());
    await migrated.destroy();

    const fresh = path.join(dir, "nueva.db");
    await (await openDatabase(`file:${fresh}`)).destroy();
    expect(schemaOf(old)).toEqual(schemaOf(fresh));
  });

  it("start the radicado sequences after the radicados the audit trail records as deleted, too", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "sitio-secuencias-")), "sitio.db");
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(file) }) });
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrationsFor("sqlite") } });
    expect((await migrator.migrateTo("006_ethics")).error).toBeUndefined();
    await db
      .insertInto("audit_log")
      .values({
        at: "2026-11-20T10:00:00.000Z",
        user_id: 1,
        user_email: "a@example.com",
        action: "eliminar_reportes_titular",
        message_id: null,
        case_id: null,
        detail: "2 reporte(s) eliminado(s): AT-2026-000007, IN-2026-000003 · solicitud: PQR-9",
      })
      .execute();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const sequences = (await db.selectFrom("radicado_sequences").selectAll().orderBy("prefix").execute()).map((r) => [
      r.prefix,
      Number(r.year),
      Number(r.last_number),
    ]);
    expect(sequences).toEqual([
      ["AT", 2026, 7],
      ["IN", 2026, 3],
    ]);
    await db.destroy();
  });

  it("reserve the old ethics entries whose category cannot be told (docs/product.md §34, ADR 021)", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "sitio-auditoria-")), "sitio.db");
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(file) }) });
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrationsFor("sqlite") } });
    expect((await migrator.migrateTo("019_completion_extension")).error).toBeUndefined();
    const entry = (action: string, caseId: number | null, detail: string | null) => ({
      at: "2026-11-20T10:00:00.000Z",
      user_id: null,
      user_email: "x@example.com",
      action,
      message_id: null,
      case_id: caseId,
      detail,
    });
    await db
      .insertInto("audit_log")
      .values([
        entry("etica_ver_lista", null, "3 reporte(s)"),
        entry("etica_ver_reporte", 5, "LE-2026-000005"),
        entry("depurar_retencion", null, "linea_etica_convivencia: 3 para revisión legal"),
        entry("depurar_retencion", null, "mensajes: 2 suprimido(s)"),
        entry("ver_reporte", 4, null),
      ])
      .execute();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const audiences = (await db.selectFrom("audit_log").select("audience").orderBy("id").execute()).map((r) => r.audience);
    // No case tells the list opening's or the purge line's category: no one reads them on the staff pages.
    // The case's entry is read by its category's owner; the others by area, as before.
    expect(audiences).toEqual(["reservado", null, "reservado", null, null]);
    await db.destroy();
  });
});
