/**
 * The ethics line's own table (DECISIONS 22, ADR 013), beside the shared case model (`cases`,
 * `case_events`): the report itself, sealed (crypto.server.ts). Nothing here can say who reported: no
 * address, no browser, no name in clear.
 */
import type { Migration } from "kysely/migration";

export interface EthicsReportsTable {
  case_id: number;
  /** 1 when the reporter chose to give a name and a contact (then inside `payload`, sealed). */
  identified: number;
  /** When an identified reporter consented to the processing of their name and contact (policy §9); null if anonymous. */
  consent_at: string | null;
  /** The report's fields as sealed JSON: what, when, where, who, evidence, and the reporter's own data if given. */
  payload: string;
}

export interface EthicsTables {
  ethics_reports: EthicsReportsTable;
}

export const ethicsMigrations: Record<string, Migration> = {
  "006_ethics": {
    async up(db) {
      await db.schema
        .createTable("ethics_reports")
        .addColumn("case_id", "integer", (c) => c.primaryKey().references("cases.id").onDelete("cascade"))
        .addColumn("identified", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("consent_at", "text")
        .addColumn("payload", "text", (c) => c.notNull())
        .execute();
    },
  },
};
