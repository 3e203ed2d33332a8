/**
 * Retention of the field measurements (ADR 023; the data policy's §17): the raw views go 30 days after
 * the day they were received, the daily histograms and targets 13 months after their day. Neither holds
 * anything of a person (no address, identifier or path), so no hold applies; both are removed by day,
 * through the day index and the histograms' key, never by listing rows.
 */
import type { Purger } from "~/platform/purge.server";
import { bogotaDay } from "~/platform/dates";

/** The purge's lines count records; rows without an id of their own are counted, as the counters are. */
const counted = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, subjects: [] }));

export const vitalViewsPurger: Purger = {
  kind: "rendimiento_visitas",
  async find(db, cutoff) {
    const row = await db
      .selectFrom("vital_views")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("day", "<", bogotaDay(cutoff))
      .executeTakeFirstOrThrow();
    return counted(Number(row.n));
  },
  async removeByCutoff(trx, cutoff) {
    const result = await trx.deleteFrom("vital_views").where("day", "<", bogotaDay(cutoff)).executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};

export const vitalDailyPurger: Purger = {
  kind: "rendimiento_agregados",
  async find(db, cutoff) {
    const day = bogotaDay(cutoff);
    const [histograms, targets] = await Promise.all([
      db
        .selectFrom("vital_daily")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("day", "<", day)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom("vital_daily_targets")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("day", "<", day)
        .executeTakeFirstOrThrow(),
    ]);
    return counted(Number(histograms.n) + Number(targets.n));
  },
  async removeByCutoff(trx, cutoff) {
    const day = bogotaDay(cutoff);
    const results = [
      await trx.deleteFrom("vital_daily").where("day", "<", day).executeTakeFirst(),
      await trx.deleteFrom("vital_daily_targets").where("day", "<", day).executeTakeFirst(),
    ];
    return results.reduce((n, r) => n + Number(r.numDeletedRows), 0);
  },
};
