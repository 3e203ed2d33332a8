/**
 * Ley 2365 de 2024 asks for the semester figures of sexual-harassment complaints processed and sanctions
 * imposed through every channel the company has, not only the ethics line:
 * - `gender_figures_other`: per semester and channel, what the gender referent records from the other
 *   channels (a complaint processed by e-mail, in person, by telephone), with no personal data.
 * - `published_figures.detail`: what each publication added up (the ethics line's count and each other
 *   channel), as JSON; null on the rows published before, which counted complaints received on the line.
 */
import type { Migration } from "kysely/migration";
import { type Engine, idColumn } from "./engine";

export const m025GenderFiguresByChannel = (engine: Engine): Migration => {
  const id = idColumn(engine);
  return {
    async up(db) {
      await db.schema
        .createTable("gender_figures_other")
        .addColumn("id", "integer", id)
        .addColumn("semester", "text", (c) => c.notNull())
        .addColumn("source", "text", (c) => c.notNull())
        .addColumn("complaints", "integer", (c) => c.notNull())
        .addColumn("sanctions", "integer", (c) => c.notNull())
        .addColumn("recorded_by", "text", (c) => c.notNull())
        .addColumn("recorded_at", "text", (c) => c.notNull())
        .addUniqueConstraint("gender_figures_other_semester_source", ["semester", "source"])
        .execute();
      await db.schema.alterTable("published_figures").addColumn("detail", "text").execute();
    },
  };
};
