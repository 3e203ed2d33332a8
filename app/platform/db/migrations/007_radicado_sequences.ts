/**
 * A radicado names one case forever (docs/product.md §33): each prefix and year keeps its last number in
 * a row of its own, which only ever goes up, instead of reading the highest radicado that remains (a
 * deleted case's number was issued again). Seeded from the cases there are and from the radicados the
 * audit trail records as deleted, so no number issued before this migration comes back either.
 */
import type { Migration } from "kysely/migration";
import type { Engine } from "./engine";

// The radicado's form and the audit action of a deletion as they were on the day of this migration.
const RADICADO = /\b([A-Z]{2})-(\d{4})-(\d{6})\b/g;

export const m007RadicadoSequences = (_engine: Engine): Migration => {
  return {
    async up(db) {
      await db.schema
        .createTable("radicado_sequences")
        .addColumn("prefix", "text", (c) => c.notNull())
        .addColumn("year", "integer", (c) => c.notNull())
        .addColumn("last_number", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("radicado_sequences_pk", ["prefix", "year"])
        .execute();
      const last = new Map<string, { prefix: string; year: number; last_number: number }>();
      const seen = (text: string | null) => {
        for (const [, prefix, year, number] of (text ?? "").matchAll(RADICADO)) {
          const key = `${prefix}-${year}`;
          const current = last.get(key);
          if (!current || Number(number) > current.last_number) last.set(key, { prefix, year: Number(year), last_number: Number(number) });
        }
      };
      for (const row of await db.selectFrom("cases").select("radicado").execute()) seen(row.radicado as string);
      for (const row of await db.selectFrom("audit_log").select("detail").where("action", "=", "eliminar_reportes_titular").execute())
        seen(row.detail as string | null);
      if (last.size > 0)
        await db
          .insertInto("radicado_sequences")
          .values([...last.values()])
          .execute();
    },
    async down(db) {
      await db.schema.dropTable("radicado_sequences").execute();
    },
  };
};
