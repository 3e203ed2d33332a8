/**
 * Posts to a case channel that filled the spam trap (ADR 017): kept for the channel's staff to review,
 * never answered with a radicado and never announced as a case. `payload` is the validated values as
 * JSON, sealed for a confidential channel (the ethics line).
 */
import type { Migration } from "kysely/migration";
import { type Engine, idColumn } from "./engine";

export const m009HeldPosts = (engine: Engine): Migration => {
  const id = idColumn(engine);
  return {
    async up(db) {
      await db.schema
        .createTable("held_posts")
        .addColumn("id", "integer", id)
        .addColumn("channel", "text", (c) => c.notNull())
        .addColumn("received_at", "text", (c) => c.notNull())
        .addColumn("payload", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull().defaultTo("retenido"))
        .addColumn("decided_at", "text")
        .addColumn("decided_by", "text")
        .addColumn("case_id", "integer", (c) => c.references("cases.id").onDelete("set null"))
        .execute();
      await db.schema.createIndex("held_posts_channel_status").on("held_posts").columns(["channel", "status", "received_at"]).execute();
    },
  };
};
