/**
 * Retention of applications (ADR 028; app/platform/retention.ts, `postulaciones_no_seleccionadas`): an
 * application not selected, or withdrawn, goes six months after that status with its résumé. Its
 * `cases` row stays anonymised (radicado, kind, status and dates: a radicado is never issued again), as
 * for every channel. A selected one follows the worker's records and is never a candidate here. A hold
 * on the person (their document or e-mail) keeps it.
 */
import { sql } from "kysely";
import { getEnv } from "~/platform/env.server";
import type { PurgeCandidate, Purger } from "~/platform/purge.server";
import { ENDED } from "./channel";
import { CHANNEL } from "./applications.server";
import { resumeStore } from "./resume.server";

/** No scrypt output is all zeros: a code never opens an anonymised case. */
const NO_CODE = "0".repeat(64);

export const applicationPurger: Purger = {
  kind: "postulaciones_no_seleccionadas",
  async find(db, cutoff) {
    const rows = await db
      .selectFrom("cases")
      .innerJoin("job_applications", "job_applications.case_id", "cases.id")
      .select(["cases.id", "job_applications.documento", sql<string>`lower(job_applications.correo)`.as("correo")])
      .where("cases.channel", "=", CHANNEL)
      .where("cases.status", "in", [...ENDED])
      // The status's own event: the last one that set an ended status.
      .where((eb) =>
        eb(
          eb
            .selectFrom("case_events")
            .select((e) => e.fn.max("at").as("at"))
            .whereRef("case_events.case_id", "=", "cases.id")
            .where("case_events.status", "in", [...ENDED]),
          "<",
          cutoff,
        ),
      )
      .execute();
    return rows.map((r): PurgeCandidate => ({ id: r.id as number, subjects: [r.documento.toUpperCase(), r.correo] }));
  },
  async remove(trx, ids, now) {
    const store = resumeStore(getEnv().DATABASE_URL);
    for (let i = 0; i < ids.length; i += 500) {
      const part = ids.slice(i, i + 500);
      const keys = (await trx.selectFrom("job_applications").select("resume_key").where("case_id", "in", part).execute()).map((r) => r.resume_key);
      await trx.deleteFrom("outbox").where("case_id", "in", part).execute();
      await trx.deleteFrom("case_events").where("case_id", "in", part).execute();
      await trx.deleteFrom("job_applications").where("case_id", "in", part).execute();
      await store.dropRows(trx, keys);
      await trx.updateTable("cases").set({ contact_email: null, code_hash: NO_CODE, updated_at: now }).where("id", "in", part).execute();
      // SQLite: the files go with the rows' transaction about to commit; should it roll back, the rows
      // (already due for deletion) stay without their files, never a file without its row.
      await store.dropFiles(keys);
    }
  },
};
