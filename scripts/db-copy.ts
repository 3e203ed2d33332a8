/**
 * Copies a site's data from one database to another, e.g. an existing SQLite site to PostgreSQL:
 *   npm run db:copy -- --from file:data/sitio.db --to postgres://sitio:clave@db.example.com:5432/sitio
 * Both are migrated to the current schema first; the target must be empty. Everything is copied in one
 * transaction (all or nothing), ids kept, PostgreSQL's id sequences moved past them; then the rows of
 * each table are counted on both sides and printed. Stop the site (or its writes) while copying.
 */
import { parseArgs } from "node:util";
import { type Kysely, sql } from "kysely";
import { type Database, engineOfDatabase, openDatabase, redactUrl, TABLES, TABLES_WITH_ID } from "../app/platform/db/database.server";
import { INCIDENTS_TABLE } from "../app/platform/db/schema";

const BATCH = 500;

const { values } = parseArgs({ options: { from: { type: "string" }, to: { type: "string" } } });
if (!values.from || !values.to) {
  console.error("Uso: npm run db:copy -- --from file:data/sitio.db --to postgres://usuario:clave@servidor:5432/base");
  process.exit(2);
}
// Migration lines would mix with the report.
process.env.LOG_LEVEL ??= "silent";

type AnyDb = Kysely<Record<string, Record<string, unknown>>>;

async function count(db: Kysely<Database>, table: string): Promise<number> {
  const row = await (db as unknown as AnyDb)
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

let source: Kysely<Database> | undefined;
let target: Kysely<Database> | undefined;
try {
  source = await openDatabase(values.from);
  target = await openDatabase(values.to);
  for (const table of TABLES) {
    if ((await count(target, table)) > 0) throw new Error(`la base de destino no está vacía (tabla ${table}); use una base nueva.`);
  }
  const from = source as unknown as AnyDb;
  const targetEngine = engineOfDatabase(target);
  await (target as unknown as AnyDb).transaction().execute(async (trx) => {
    for (const table of TABLES) {
      const ordered = TABLES_WITH_ID.includes(table as (typeof TABLES_WITH_ID)[number]);
      for (let offset = 0; ; offset += BATCH) {
        let page = from.selectFrom(table).selectAll();
        // A stable order for paging: the id, or the table's own key.
        const key: Record<string, string[]> = {
          sessions: ["id_hash"],
          user_roles: ["user_id", "role"],
          [INCIDENTS_TABLE]: ["case_id"],
          accident_notices: ["case_id", "notice"],
          ethics_reports: ["case_id"],
          pqrs_requests: ["case_id"],
          job_leases: ["name"],
          radicado_sequences: ["prefix", "year"],
          payroll_people: ["person_key"],
          payroll_contracts: ["person_key", "contract_key"],
          certificate_codes: ["person_key"],
          job_applications: ["case_id"],
          vital_daily: ["day", "route", "device", "metric", "bucket"],
          vital_daily_targets: ["day", "route", "device", "metric", "target"],
          // No key of its own: every column, so only identical (interchangeable) rows tie.
          vital_views: [
            "day",
            "received_at",
            "route",
            "device",
            "connection",
            "navigation",
            "service_worker",
            "build",
            "lcp",
            "inp",
            "cls",
            "fcp",
            "ttfb",
            "lcp_target",
            "inp_target",
          ],
        };
        for (const column of ordered ? ["id"] : (key[table] ?? ["key"])) page = page.orderBy(column);
        const rows = await page.limit(BATCH).offset(offset).execute();
        if (rows.length === 0) break;
        await trx.insertInto(table).values(rows).execute();
        if (rows.length < BATCH) break;
      }
    }
    if (targetEngine === "postgres") {
      // Identity columns: the next id comes after the copied ones.
      for (const table of TABLES_WITH_ID) {
        await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(trx);
      }
    }
  });
  const counts = [];
  let mismatch = false;
  for (const table of TABLES) {
    const [a, b] = [await count(source, table), await count(target, table)];
    mismatch ||= a !== b;
    counts.push({ tabla: table, origen: a, destino: b, estado: a === b ? "igual" : "DIFERENTE" });
  }
  console.log(`Copia de ${redactUrl(values.from)} a ${redactUrl(values.to)}:\n`);
  console.log(`${"tabla".padEnd(16)} ${"origen".padStart(8)} ${"destino".padStart(8)}  estado`);
  for (const c of counts) console.log(`${c.tabla.padEnd(16)} ${String(c.origen).padStart(8)} ${String(c.destino).padStart(8)}  ${c.estado}`);
  console.log("");
  console.log(mismatch ? "Los conteos NO coinciden." : "Copia completa: los conteos coinciden.");
  process.exitCode = mismatch ? 1 : 0;
} catch (error) {
  console.error(`No se pudo copiar: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await source?.destroy();
  await target?.destroy();
}
