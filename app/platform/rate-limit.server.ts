/**
 * Fixed-window request counters in the database, so that every instance on one database shares them
 * (docs/product.md §24): a visitor cannot multiply a limit by the number of servers. One table
 * (`rate_limits`) and one atomic upsert per request (per address and turn of the event loop for form
 * posts, ADR 024), on both engines, for every limit the site keeps in the database (ADR 016): form posts
 * (`RateLimitStore`, plugged into express-rate-limit), CONSULTAR's lookups and staff sign-in (`hit`,
 * `peek`, `replaceHit`).
 *
 * On SQLite a count is written without waiting for the disk (synchronous=NORMAL: it survives a crash of
 * the process, not a power cut, which at worst forgets a few counts), so that disk syncs go to what the
 * visitors send.
 *
 * Why not rate-limiter-flexible or a PostgreSQL-only store: they keep their own tables and connections
 * outside our migrations, and we need the same limiter on SQLite too; this is one table and one query.
 */
import { type Kysely, sql } from "kysely";
import { type Database, withRelaxedSync } from "./db/database.server";
import { log } from "./log.server";

export interface Hit {
  hits: number;
  resetAt: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Counts `count` requests (one unless told) for `key` in a window of `windowMs`; a window that has ended
 * starts again at `count`.
 */
export async function hit(db: Kysely<Database>, key: string, windowMs: number, now = Date.now(), count = 1): Promise<Hit> {
  const nowIso = iso(now);
  const row = await withRelaxedSync(db, (conn) =>
    conn
      .insertInto("rate_limits")
      .values({ key, hits: count, reset_at: iso(now + windowMs) })
      .onConflict((oc) =>
        oc.column("key").doUpdateSet({
          hits: sql`case when rate_limits.reset_at <= ${nowIso} then ${count} else rate_limits.hits + ${count} end`,
          reset_at: sql`case when rate_limits.reset_at <= ${nowIso} then excluded.reset_at else rate_limits.reset_at end`,
        }),
      )
      .returning(["hits", "reset_at"])
      .executeTakeFirstOrThrow(),
  );
  return { hits: Number(row.hits), resetAt: Date.parse(row.reset_at) };
}

/** A counter as it stands, without counting: undefined when there is none or its window has ended. */
export async function peek(db: Kysely<Database>, key: string, now = Date.now()): Promise<Hit | undefined> {
  const row = await db.selectFrom("rate_limits").select(["hits", "reset_at"]).where("key", "=", key).executeTakeFirst();
  if (!row || Date.parse(row.reset_at) <= now) return undefined;
  return { hits: Number(row.hits), resetAt: Date.parse(row.reset_at) };
}

/**
 * Sets a counter to `next` only if it still stands at `expected` (as `peek` read it; undefined: none, or
 * ended). False when another request changed it first: of simultaneous attempts, exactly one wins.
 */
export async function replaceHit(db: Kysely<Database>, key: string, expected: Hit | undefined, next: Hit, now = Date.now()): Promise<boolean> {
  const values = { hits: next.hits, reset_at: iso(next.resetAt) };
  return withRelaxedSync(db, async (conn) => {
    if (expected) {
      const result = await conn
        .updateTable("rate_limits")
        .set(values)
        .where("key", "=", key)
        .where("hits", "=", expected.hits)
        .where("reset_at", "=", iso(expected.resetAt))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    }
    const ended = await conn.updateTable("rate_limits").set(values).where("key", "=", key).where("reset_at", "<=", iso(now)).executeTakeFirst();
    if (Number(ended.numUpdatedRows) === 1) return true;
    const inserted = await conn
      .insertInto("rate_limits")
      .values({ key, ...values })
      .onConflict((oc) => oc.column("key").doNothing())
      .returning("key")
      .executeTakeFirst();
    return inserted !== undefined;
  });
}

export async function unhit(db: Kysely<Database>, key: string): Promise<void> {
  await withRelaxedSync(db, (conn) =>
    conn
      .updateTable("rate_limits")
      .set({ hits: sql`case when hits > 0 then hits - 1 else 0 end` })
      .where("key", "=", key)
      .execute(),
  );
}

export async function resetLimit(db: Kysely<Database>, key: string): Promise<void> {
  await withRelaxedSync(db, (conn) => conn.deleteFrom("rate_limits").where("key", "=", key).execute());
}

/** Removes every counter whose key starts with `prefix` (an account's counters per address, on a password reset). */
export async function resetLimitsWithPrefix(db: Kysely<Database>, prefix: string): Promise<void> {
  await withRelaxedSync(db, (conn) =>
    conn
      .deleteFrom("rate_limits")
      .where(sql`substr(key, 1, ${sql.lit(prefix.length)})`, "=", prefix)
      .execute(),
  );
}

/** Removes windows that ended (they would restart at 1 anyway), whatever limit they belong to. */
export async function purgeExpired(db: Kysely<Database>, now = Date.now()): Promise<number> {
  const result = await withRelaxedSync(db, (conn) => conn.deleteFrom("rate_limits").where("reset_at", "<", iso(now)).executeTakeFirst());
  return Number(result.numDeletedRows);
}

interface Waiter {
  resolve(result: { totalHits: number; resetTime: Date }): void;
  reject(error: unknown): void;
}

/**
 * The express-rate-limit Store interface (kept structural, so this module does not import Express).
 * The posts that arrive in one turn of the event loop are counted together: one upsert per address
 * adds them all, and each post gets its own place in the count (the first n+1, the next n+2, …), exactly
 * as if they had been counted one by one; still in the database before any of them is answered, so
 * the limit stays shared by every instance (ADR 024: one upsert and two pragmas per post were a third
 * of a post's database time).
 */
export class RateLimitStore {
  /** Keys live in the shared database, not in this process. */
  localKeys = false;
  private windowMs = 60_000;
  private purgeTimer: NodeJS.Timeout | undefined;
  private pending = new Map<string, Waiter[]>();

  constructor(
    private getDb: () => Promise<Kysely<Database>>,
    public prefix: string,
  ) {}

  init(options: { windowMs: number }) {
    this.windowMs = options.windowMs;
    clearInterval(this.purgeTimer);
    this.purgeTimer = setInterval(
      () => {
        this.getDb()
          .then((db) => purgeExpired(db))
          .catch((error) => log("debug", "rate-limit-purge-failed", { error: String(error) }));
      },
      Math.max(this.windowMs, 60_000),
    );
    this.purgeTimer.unref();
  }

  increment(key: string): Promise<{ totalHits: number; resetTime: Date }> {
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) setImmediate(() => void this.countPending());
      const waiters = this.pending.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else this.pending.set(key, [{ resolve, reject }]);
    });
  }

  private async countPending(): Promise<void> {
    const pending = this.pending;
    this.pending = new Map();
    let db: Kysely<Database>;
    try {
      db = await this.getDb();
    } catch (error) {
      for (const waiters of pending.values()) for (const w of waiters) w.reject(error);
      return;
    }
    await Promise.all(
      [...pending].map(async ([key, waiters]) => {
        try {
          const { hits, resetAt } = await hit(db, this.prefix + key, this.windowMs, Date.now(), waiters.length);
          const first = hits - waiters.length;
          waiters.forEach((w, i) => w.resolve({ totalHits: first + i + 1, resetTime: new Date(resetAt) }));
        } catch (error) {
          for (const w of waiters) w.reject(error);
        }
      }),
    );
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
