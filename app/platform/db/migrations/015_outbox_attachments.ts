/**
 * A case mail may carry one attachment (ADR 019: the export of a data subject's records, attached to the
 * answer of an access request). Like the bodies, it is dropped once the mail is delivered.
 */
import type { Migration } from "kysely/migration";
import type { Engine } from "./engine";

export const m015OutboxAttachments = (_engine: Engine): Migration => ({
  async up(db) {
    await db.schema.alterTable("outbox").addColumn("attachment_name", "text").execute();
    await db.schema.alterTable("outbox").addColumn("attachment_type", "text").execute();
    await db.schema.alterTable("outbox").addColumn("attachment_content", "text").execute();
  },
});
