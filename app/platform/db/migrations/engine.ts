import type { ColumnDefinitionBuilder } from "kysely";

export type Engine = "sqlite" | "postgres";

/** Integer keys: SQLite's rowid alias; on PostgreSQL an identity column (explicit ids allowed, for copies). */
export function idColumn(engine: Engine) {
  return (c: ColumnDefinitionBuilder) => (engine === "postgres" ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
}
