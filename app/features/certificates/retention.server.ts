/**
 * Retention of the certificates' records (ADR 027; the data policy's §17): the imported payroll of a
 * person goes ten years after the cut-off of the last import that included them (with the imports'
 * own rows of that age); a certificate issued goes ten years after its issue, unless its holder is under
 * a hold. The payroll rows hold no document number (only its keyed hash), so they are removed by day.
 */
import { bogotaDay } from "~/platform/dates";
import type { Purger } from "~/platform/purge.server";

const counted = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, subjects: [] }));

export const payrollPurger: Purger = {
  kind: "nomina_certificados",
  async find(db, cutoff) {
    const day = bogotaDay(cutoff);
    const [people, imports] = await Promise.all([
      db
        .selectFrom("payroll_people")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("cutoff_day", "<", day)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom("payroll_imports")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("imported_at", "<", cutoff)
        .executeTakeFirstOrThrow(),
    ]);
    return counted(Number(people.n) + Number(imports.n));
  },
  async removeByCutoff(trx, cutoff) {
    const day = bogotaDay(cutoff);
    const stale = trx.selectFrom("payroll_people").select("person_key").where("cutoff_day", "<", day);
    await trx.deleteFrom("payroll_contracts").where("person_key", "in", stale).execute();
    const people = await trx.deleteFrom("payroll_people").where("cutoff_day", "<", day).executeTakeFirst();
    const imports = await trx.deleteFrom("payroll_imports").where("imported_at", "<", cutoff).executeTakeFirst();
    return Number(people.numDeletedRows) + Number(imports.numDeletedRows);
  },
};

export const certificatesPurger: Purger = {
  kind: "certificados_expedidos",
  async find(db, cutoff) {
    const rows = await db.selectFrom("certificates").select(["id", "document_number"]).where("issued_at", "<", cutoff).execute();
    return rows.map((r) => ({ id: Number(r.id), subjects: [r.document_number.toUpperCase()] }));
  },
  async remove(trx, ids) {
    for (let i = 0; i < ids.length; i += 500)
      await trx
        .deleteFrom("certificates")
        .where("id", "in", ids.slice(i, i + 500))
        .execute();
  },
};
