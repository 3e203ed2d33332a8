/** Accounts, sessions and sign-in throttling against a real database (SQLite file, or PostgreSQL with TEST_DATABASE=postgres). */
import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  ACCOUNT_MAX_FAILURES,
  ADDRESS_MAX_FAILURES,
  createSession,
  createUser,
  endSession,
  getSessionUser,
  hashPassword,
  LOCK_MS,
  resetPassword,
  SESSION_IDLE_MS,
  SESSION_MAX_MS,
  setUserDisabled,
  signIn,
  verifyPassword,
} from "~/features/staff/auth.server";
import { type Database, openDatabase } from "~/platform/db/database.server";
import { freshDatabaseUrl } from "../support/database";

const PASSWORD = "una-clave-muy-larga";
const noDelay = { delay: async () => {} };
let db: Kysely<Database>;

beforeAll(async () => {
  process.env.LOG_LEVEL = "silent";
  db = await openDatabase(await freshDatabaseUrl("auth"));
});
afterAll(() => db.destroy());
beforeEach(async () => {
  await db.deleteFrom("sessions").execute();
  await db.deleteFrom("login_attempts").execute();
  await db.deleteFrom("users").execute();
  await createUser(db, { email: "Ana@Example.com", name: "Ana", roles: ["admin"], password: PASSWORD });
});

describe("password hashing", () => {
  it("uses argon2id and verifies only the right password", async () => {
    const hash = await hashPassword(PASSWORD);
    expect(hash.startsWith("$argon2id$")).toBe(true);
    expect(await verifyPassword(hash, PASSWORD)).toBe(true);
    expect(await verifyPassword(hash, "otra-clave-muy-larga")).toBe(false);
    expect(await verifyPassword("no-es-un-hash", PASSWORD)).toBe(false);
  });

  it("refuses short passwords and duplicate accounts", async () => {
    await expect(createUser(db, { email: "b@example.com", name: "B", roles: ["staff"], password: "corta" })).rejects.toThrow(/12 caracteres/);
    await expect(createUser(db, { email: "ana@example.com", name: "Otra", roles: ["staff"], password: PASSWORD })).rejects.toThrow(/UNIQUE|duplicate key/);
  });
});

describe("sessions", () => {
  it("signs in with a case-insensitive e-mail and keeps the user", async () => {
    const result = await signIn(db, { email: " ANA@example.com ", password: PASSWORD, address: "1.1.1.1" }, noDelay);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.sessionId.length).toBeGreaterThan(40);
    expect(await getSessionUser(db, result.sessionId)).toMatchObject({ email: "ana@example.com", roles: ["admin"] });
    // Only a hash of the id is stored.
    const row = await db.selectFrom("sessions").selectAll().executeTakeFirstOrThrow();
    expect(row.id_hash).not.toBe(result.sessionId);
  });

  it("expires after the idle time", async () => {
    const t0 = Date.parse("2026-01-01T10:00:00Z");
    const user = await db.selectFrom("users").select("id").executeTakeFirstOrThrow();
    const session = await createSession(db, user.id as number, t0);
    expect(await getSessionUser(db, session, t0 + SESSION_IDLE_MS - 1000)).not.toBeNull();
    // It was used just now, so the idle time counts from here.
    expect(await getSessionUser(db, session, t0 + 2 * SESSION_IDLE_MS - 2000)).not.toBeNull();
    expect(await getSessionUser(db, session, t0 + 3 * SESSION_IDLE_MS)).toBeNull();
    expect(await db.selectFrom("sessions").select("id_hash").execute()).toHaveLength(0);
  });

  it("expires at the absolute limit even when in use", async () => {
    const t0 = Date.parse("2026-01-01T10:00:00Z");
    const user = await db.selectFrom("users").select("id").executeTakeFirstOrThrow();
    const session = await createSession(db, user.id as number, t0);
    for (let t = t0; t < t0 + SESSION_MAX_MS; t += SESSION_IDLE_MS / 2) {
      expect(await getSessionUser(db, session, t)).not.toBeNull();
    }
    expect(await getSessionUser(db, session, t0 + SESSION_MAX_MS + 1)).toBeNull();
  });

  it("ends on sign-out, on password reset and when the account is disabled", async () => {
    const user = await db.selectFrom("users").select("id").executeTakeFirstOrThrow();
    const a = await createSession(db, user.id as number);
    await endSession(db, a);
    expect(await getSessionUser(db, a)).toBeNull();
    const b = await createSession(db, user.id as number);
    const c = await createSession(db, user.id as number);
    await resetPassword(db, "ana@example.com", "nueva-clave-muy-larga");
    expect(await getSessionUser(db, b)).toBeNull();
    expect(await getSessionUser(db, c)).toBeNull();
    const d = await createSession(db, user.id as number);
    await setUserDisabled(db, "ana@example.com", true);
    expect(await getSessionUser(db, d)).toBeNull();
    const refused = await signIn(db, { email: "ana@example.com", password: "nueva-clave-muy-larga", address: "1.1.1.1" }, noDelay);
    expect(refused).toEqual({ ok: false, reason: "credentials" });
  });

  it("treats a missing or unknown cookie as signed out", async () => {
    expect(await getSessionUser(db, undefined)).toBeNull();
    expect(await getSessionUser(db, "inventado")).toBeNull();
  });
});

describe("sign-in throttling", () => {
  it("slows repeated failures and then locks the account, even for the right password", async () => {
    const delays: number[] = [];
    const now = Date.parse("2026-01-01T10:00:00Z");
    for (let i = 0; i < ACCOUNT_MAX_FAILURES - 1; i++) {
      const r = await signIn(db, { email: "ana@example.com", password: "equivocada", address: `10.0.0.${i}` }, { now, delay: async (ms) => void delays.push(ms) });
      expect(r).toEqual({ ok: false, reason: "credentials" });
    }
    const last = await signIn(db, { email: "ana@example.com", password: "equivocada", address: "10.0.0.9" }, { now, ...noDelay });
    expect(last).toMatchObject({ ok: false, reason: "locked" });
    expect(delays).toEqual([...delays].sort((a, b) => a - b));
    expect(delays[delays.length - 1]).toBeGreaterThan(delays[0]);
    const locked = await signIn(db, { email: "ana@example.com", password: PASSWORD, address: "10.0.0.10" }, { now: now + 1000, ...noDelay });
    expect(locked).toMatchObject({ ok: false, reason: "locked" });
    const later = await signIn(db, { email: "ana@example.com", password: PASSWORD, address: "10.0.0.10" }, { now: now + LOCK_MS + 1000, ...noDelay });
    expect(later.ok).toBe(true);
  });

  it("answers a non-existent account exactly like an existing one", async () => {
    const outcomes = async (email: string) => {
      const list = [];
      for (let i = 0; i < ACCOUNT_MAX_FAILURES + 1; i++) {
        list.push((await signIn(db, { email, password: "equivocada", address: `10.1.${email.length}.${i}` }, noDelay)) as { reason: string });
      }
      return list.map((r) => r.reason);
    };
    expect(await outcomes("nadie@example.com")).toEqual(await outcomes("ana@example.com"));
  });

  it("locks an address that tries many accounts", async () => {
    for (let i = 0; i < ADDRESS_MAX_FAILURES; i++) {
      await signIn(db, { email: `persona${i}@example.com`, password: "equivocada", address: "203.0.113.7" }, noDelay);
    }
    const r = await signIn(db, { email: "ana@example.com", password: PASSWORD, address: "203.0.113.7" }, noDelay);
    expect(r).toMatchObject({ ok: false, reason: "locked" });
    const elsewhere = await signIn(db, { email: "ana@example.com", password: PASSWORD, address: "198.51.100.1" }, noDelay);
    expect(elsewhere.ok).toBe(true);
  });
});
