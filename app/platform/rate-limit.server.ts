/**
 * Fixed-window request counters in the database, so that every instance on one database shares them
 * (docs/product.md §24): a visitor cannot multiply a limit by the number of servers. One atomic upsert per
 * request on both engines. `RateLimitStore` plugs them into express-rate-limit (the form limiter);
 * `hit` serves any other limit (the reports' lookups, when they come).
 *
 * Why not rate-limiter-flexible or a PostgreSQL-only store: they keep their own tables and connections
 * outside our migrations, and we need the same limiter on SQLite too; this is one table and one query.
 */
import { type Kysely, sql } from "kysely";
import type { Database } from "./db/database.server";
import { log } from "./log.server";

export interface Hit {
  hits: number;
  resetAt: number;
}

/** Counts one request for `key` in a window of `windowMs`; a window that has ended starts again at 1. */
export async function hit(db: Kysely<Database>, key: string, windowMs: number, now = Date.now()): Promise<Hit> {
  const nowIso = new Date(now).toISOString();
  const row = await db
    .insertInto("rate_limits")
    .values({ key, hits: 1, reset_at: new Date(now + windowMs).toISOString() })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        hits: sql`case when rate_limits.reset_at <= ${nowIso} then 1 else rate_limits.hits + 1 end`,
        reset_at: sql`case when rate_limits.reset_at <= ${nowIso} then excluded.reset_at else rate_limits.reset_at end`,
      }),
    )
    .returning(["hits", "reset_at"])
    .executeTakeFirstOrThrow();
  return { hits: Number(row.hits), resetAt: Date.parse(row.reset_at) };
}

export async function unhit(db: Kysely<Database>, key: string): Promise<void> {
  await db.updateTable("rate_limits").set({ hits: sql`case when hits > 0 then hits - 1 else 0 end` }).where("key", "=", key).execute();
}

export async function resetLimit(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom("rate_limits").where("key", "=", key).execute();
}

/** Removes windows that ended (they would restart at 1 anyway). */
export async function purgeExpired(db: Kysely<Database>, now = Date.now()): Promise<number> {
  const result = await db.deleteFrom("rate_limits").where("reset_at", "<", new Date(now).toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The express-rate-limit Store interface (kept structural, so this module does not import Express). */
export class RateLimitStore {
  /** Keys live in the shared database, not in this process. */
  localKeys = false;
  private windowMs = 60_000;
  private purgeTimer: NodeJS.Timeout | undefined;

  constructor(
    private getDb: () => Promise<Kysely<Database>>,
    public prefix: string,
  ) {}

  init(options: { windowMs: number }) {
    this.windowMs = options.windowMs;
    clearInterval(this.purgeTimer);
    this.purgeTimer = setInterval(() => {
      this.getDb()
        .then((db) => purgeExpired(db))
        .catch((error) => log("debug", "rate-limit-purge-failed", { error: String(error) }));
    }, Math.max(this.windowMs, 60_000));
    this.purgeTimer.unref();
  }

  async increment(key: string) {
    const { hits, resetAt } = await hit(await this.getDb(), this.prefix + key, this.windowMs);
    return { totalHits: hits, resetTime: new Date(resetAt) };
  }

  async decrement(key: string) {
    await unhit(await this.getDb(), this.prefix + key);
  }

  async resetKey(key: string) {
    await resetLimit(await this.getDb(), this.prefix + key);
  }

  shutdown() {
    clearInterval(this.purgeTimer);
  }
}
