/**
 * The admin's audit page reads the newest entries by walking the ids, on SQLite too: the query's plan has no
 * sort of its own. With "no audience" tested on the column, SQLite read the OR through the audience index
 * (nearly every row has none) and sorted them all: 2 s for the first page at a million entries.
 */
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase, sqlitePathFromUrl } from "~/platform/db/database.server";
import { type AuditScope, listAudit } from "~/features/staff/audit.server";
import { parsePageRequest } from "~/platform/paging";
import { freshDatabaseUrl, TEST_ENGINE } from "../support/database";

const ENTRIES = 20_000;

describe.skipIf(TEST_ENGINE !== "sqlite")("the audit page's plan on SQLite", () => {
  let file: string;
  beforeAll(async () => {
    process.env.LOG_LEVEL = "silent";
    const url = await freshDatabaseUrl("auditoria-plan");
    const migrated = await openDatabase(url);
    await migrated.destroy();
    file = sqlitePathFromUrl(url);
    const sqlite = new SQLite(file);
    const insert = sqlite.prepare("insert into audit_log (at, user_id, user_email, action, audience) values (?, 1, 'admin@example.org', ?, ?)");
    sqlite.transaction(() => {
      for (let i = 0; i < ENTRIES; i++)
        insert.run(
          new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
          i % 50 === 0 ? "conceder_rol_confidencial" : "marcar_atendido",
          i % 500 === 0 ? "etica_genero" : null,
        );
    })();
    // The statistics the site's sampled ANALYZE (analysis_limit) wrote at a million entries (bench:staff):
    // about 480 entries per audience, though nearly all have none.
    sqlite.exec("analyze audit_log");
    sqlite.prepare("update sqlite_stat1 set stat = ? where idx = ?").run("1000000 480 1", "audit_log_audience_id");
    sqlite.prepare("update sqlite_stat1 set stat = ? where idx in ('audit_log_user_id', 'audit_log_action_id')").run("1000000 501 1");
    sqlite.close();
  });
  let db: Kysely<Database> | undefined;
  afterAll(() => db?.destroy());

  it("walks the ids from the newest for the admin, first and last page, and finds the page", async () => {
    const queries: { sql: string; parameters: readonly unknown[] }[] = [];
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(file) }), log: (event) => void queries.push(event.query) });
    const scope: AuditScope = { user: { id: 1, roles: ["admin"] }, ethicsKinds: [], ethicsPrefix: "etica", ethicsActions: [] };
    const first = await listAudit(db, parsePageRequest(new URLSearchParams()), scope);
    expect(first.rows).toHaveLength(50);
    const last = await listAudit(db, parsePageRequest(new URLSearchParams("ultima=1")), scope);
    expect(last.rows.length).toBeGreaterThan(0);
    const sqlite = new SQLite(file, { readonly: true });
    try {
      const reads = queries.filter((q) => q.sql.includes('from "audit_log"'));
      expect(reads.length).toBeGreaterThanOrEqual(2);
      for (const q of reads) {
        const plan = sqlite
          .prepare(`explain query plan ${q.sql}`)
          .all(...(q.parameters as unknown[]))
          .map((row) => (row as { detail: string }).detail);
        expect(plan.join(" · "), q.sql).not.toMatch(/TEMP B-TREE|MULTI-INDEX OR/);
      }
    } finally {
      sqlite.close();
    }
  });
});
