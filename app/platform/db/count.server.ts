/**
 * Counts for the staff lists that stop at a cap (ADR 018): `count(*)` over the first `cap` rows
 * only, so a count never reads a million rows to say "más de 10.000" (paging.ts, countLabel).
 */
import { type Kysely, type SelectQueryBuilder, sql } from "kysely";
import { COUNT_CAP } from "~/platform/paging";

// Any tables: the callers pass their own filtered query, without a select list.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQuery = SelectQueryBuilder<any, any, object>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function countCapped(db: Kysely<any>, query: AnyQuery, cap = COUNT_CAP + 1): Promise<number> {
  const row = await db
    .selectFrom(
      query
        .select(sql<number>`1`.as("one"))
        .limit(cap)
        .as("found"),
    )
    .select(sql<number | string>`count(*)`.as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
