/** The shared request counters (app/server/rate-limit.server.ts) on the suite's engine. */
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "~/platform/db/database.server";
import { hit, purgeExpired, RateLimitStore, resetLimit, unhit } from "~/platform/rate-limit.server";
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
