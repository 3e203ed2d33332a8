/** The shared request counters (app/platform/rate-limit.server.ts) on the suite's engine. */
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "~/platform/db/database.server";
import { hit, peek, purgeExpired, RateLimitStore, replaceHit, resetLimit, unhit } from "~/platform/rate-limit.server";
import { freshDatabaseUrl } from "../support/database";

let db: Kysely<Database>;
beforeAll(async () => {
  process.env.LOG_LEVEL = "silent";
  db = await openDatabase(await freshDatabaseUrl("limites"));
});
afterAll(() => db?.destroy());

describe("rate-limit counters", () => {
  it("count within a window and start again when it ends", async () => {
    const t = Date.parse("2026-01-01T00:00:00Z");
    expect(await hit(db, "k1", 60_000, t)).toEqual({ hits: 1, resetAt: t + 60_000 });
    expect((await hit(db, "k1", 60_000, t + 1_000)).hits).toBe(2);
    expect((await hit(db, "k1", 60_000, t + 59_999)).hits).toBe(3);
    expect((await hit(db, "k2", 60_000, t + 1_000)).hits).toBe(1);
    expect(await hit(db, "k1", 60_000, t + 60_000)).toEqual({ hits: 1, resetAt: t + 120_000 });
    await unhit(db, "k1");
    expect((await hit(db, "k1", 60_000, t + 61_000)).hits).toBe(1);
    await resetLimit(db, "k1");
    expect((await hit(db, "k1", 60_000, t + 62_000)).hits).toBe(1);
    expect(await purgeExpired(db, t + 200_000)).toBe(2);
  });

  it("never lose a hit under concurrent requests", async () => {
    const results = await Promise.all(Array.from({ length: 40 }, () => hit(db, "concurrente", 60_000)));
    expect(results.map((r) => r.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it("read without counting, and replace a counter only if it still stands as read: one of simultaneous writers wins", async () => {
    const t = Date.parse("2026-01-02T00:00:00Z");
    expect(await peek(db, "cas", t)).toBeUndefined();
    // Absent: exactly one of the writers creates it.
    const created = await Promise.all(Array.from({ length: 6 }, (_, i) => replaceHit(db, "cas", undefined, { hits: 1, resetAt: t + 1_000 + i }, t)));
    expect(created.filter(Boolean)).toHaveLength(1);
    const read = await peek(db, "cas", t);
    expect(read?.hits).toBe(1);
    // Present: exactly one of the writers that read it replaces it; a stale read loses.
    const replaced = await Promise.all(Array.from({ length: 6 }, () => replaceHit(db, "cas", read, { hits: 2, resetAt: t + 5_000 }, t)));
    expect(replaced.filter(Boolean)).toHaveLength(1);
    expect(await peek(db, "cas", t)).toEqual({ hits: 2, resetAt: t + 5_000 });
    expect(await replaceHit(db, "cas", read, { hits: 9, resetAt: t + 9_000 }, t)).toBe(false);
    // Ended: it reads as absent, and is replaced as absent.
    expect(await peek(db, "cas", t + 5_000)).toBeUndefined();
    expect(await replaceHit(db, "cas", undefined, { hits: 1, resetAt: t + 20_000 }, t + 6_000)).toBe(true);
    expect((await peek(db, "cas", t + 6_000))?.hits).toBe(1);
  });

  it("serve express-rate-limit as a store", async () => {
    const store = new RateLimitStore(async () => db, "prueba:");
    store.init({ windowMs: 60_000 });
    expect((await store.increment("1.2.3.4")).totalHits).toBe(1);
    const second = await store.increment("1.2.3.4");
    expect(second.totalHits).toBe(2);
    expect(second.resetTime.getTime()).toBeGreaterThan(Date.now());
    await store.decrement("1.2.3.4");
    expect((await store.increment("1.2.3.4")).totalHits).toBe(2);
    await store.resetKey("1.2.3.4");
    expect((await store.increment("1.2.3.4")).totalHits).toBe(1);
    store.shutdown();
  });
});
