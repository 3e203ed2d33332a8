/** Accounts, sessions and sign-in throttling against a real database (SQLite file, or PostgreSQL with TEST_DATABASE=postgres). */
import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  ACCOUNT_FREE_FAILURES,
  ACCOUNT_MAX_FAILURES,
  ACCOUNT_MAX_WAIT_MS,
  ACCOUNT_WINDOW_MS,
  accountWaitMs,
  ADDRESS_MAX_FAILURES,
  failurePauseMs,
  createSession,
  createUser,
  endSession,
  getSessionUser,
  hashPassword,
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
  await db.deleteFrom("rate_limits").execute();
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
  it("waits longer after each failure beyond five, and the right password signs in once the wait is over", async () => {
    const delays: number[] = [];
    const now = Date.parse("2026-01-01T10:00:00Z");
    const attempt = (password: string, at: number, address = "10.0.0.1") =>
      signIn(db, { email: "ana@example.com", password, address }, { now: at, delay: async (ms) => void delays.push(ms) });
    // Five failures cost nothing but a growing pause in the answer.
    for (let i = 0; i < ACCOUNT_FREE_FAILURES; i++) expect(await attempt("equivocada", now)).toEqual({ ok: false, reason: "credentials" });
    expect(delays).toEqual([...delays].sort((a, b) => a - b));
    expect(delays[delays.length - 1]).toBeGreaterThan(delays[0]);
    // Then that address waits 2 s from the fifth failure's answer: every attempt from it before then is
    // refused without a look at the password, the right one too, and the refusals do not make the wait
    // longer. Another address is not held back (ADR 016, addendum).
    expect(accountWaitMs(ACCOUNT_FREE_FAILURES)).toBe(2_000);
    const answered = now + failurePauseMs(ACCOUNT_FREE_FAILURES);
    for (let i = 0; i < 2; i++) expect(await attempt(PASSWORD, answered + 1_000)).toMatchObject({ ok: false, reason: "locked", retryAfterMs: 1_000 });
    expect((await attempt(PASSWORD, answered + 1_000, "10.0.0.2")).ok).toBe(true);
    // After it, the right password signs in, and the account's failures are forgotten.
    const signedIn = await attempt(PASSWORD, answered + 2_000);
    expect(signedIn.ok).toBe(true);
    for (let i = 0; i < ACCOUNT_FREE_FAILURES; i++) expect(await attempt("equivocada", answered + 3_000)).toEqual({ ok: false, reason: "credentials" });
  });

  it("doubles the wait after each further failure up to 15 minutes, so guessing stays hopeless", async () => {
    let now = Date.parse("2026-01-01T10:00:00Z");
    const attempt = (password: string) => signIn(db, { email: "ana@example.com", password, address: "10.0.0.7" }, { now, ...noDelay });
    let tried = 0;
    // Six hours of guessing at the fastest pace the waits allow.
    const hours = 6;
    const end = now + hours * 3_600_000;
    let wait = 0;
    while (now < end) {
      const r = await attempt("equivocada");
      if (r.ok === false && r.reason === "locked") {
        wait = r.retryAfterMs ?? 0;
        now += wait;
        continue;
      }
      tried += 1;
    }
    // The longest wait: 15 minutes from the answer, which a failure holds back by at most 2 s.
    expect(wait).toBe(ACCOUNT_MAX_WAIT_MS + failurePauseMs(Number.MAX_SAFE_INTEGER));
    expect(tried).toBeLessThanOrEqual(ACCOUNT_FREE_FAILURES + 10 + (hours * 3_600_000) / ACCOUNT_MAX_WAIT_MS);
    // And the right password still passes once the last wait is over.
    now += ACCOUNT_MAX_WAIT_MS + failurePauseMs(Number.MAX_SAFE_INTEGER);
    expect((await attempt(PASSWORD)).ok).toBe(true);
  });

  it("lets only one of simultaneous attempts at a waiting account try its password", async () => {
    const now = Date.parse("2026-01-01T10:00:00Z");
    for (let i = 0; i < ACCOUNT_FREE_FAILURES; i++)
      await signIn(db, { email: "ana@example.com", password: "equivocada", address: "10.0.0.1" }, { now, ...noDelay });
    const later = now + failurePauseMs(ACCOUNT_FREE_FAILURES) + accountWaitMs(ACCOUNT_FREE_FAILURES);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => signIn(db, { email: "ana@example.com", password: "equivocada", address: "10.0.0.1" }, { now: later, ...noDelay })),
    );
    expect(results.filter((r) => !r.ok && r.reason === "credentials")).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.reason === "locked")).toHaveLength(7);
  });

  it("lets the right password in from another address at the moment a wait ends, while one address guesses every 50 ms (ADR 016, addendum)", async () => {
    // Address A sends a wrong password every 50 ms for eight minutes: it takes each of its slots the
    // moment its wait ends. B, the rightful person, tries the right password exactly when A's
    // Retry-After says, racing A's next guess for the slot.
    const start = Date.parse("2026-01-01T10:00:00Z");
    const A = "198.51.100.10";
    let lastRetry = 0;
    let counted = 0;
    let refused = 0;
    for (let t = start; t < start + 8 * 60_000; t += 50) {
      const r = await signIn(db, { email: "ana@example.com", password: "equivocada", address: A }, { now: t, ...noDelay });
      if (!r.ok && r.reason === "credentials") counted += 1;
      if (!r.ok && r.reason === "locked") {
        refused += 1;
        lastRetry = t + (r.retryAfterMs ?? 0);
      }
    }
    // A is slowed down: a handful of guesses in eight minutes, the rest refused unseen.
    expect(counted).toBeLessThanOrEqual(ACCOUNT_FREE_FAILURES + 9);
    expect(refused).toBeGreaterThan(9_000);
    // B's right password at the moment A's wait ends, A's guess first: B gets in.
    const atSlot = lastRetry;
    const aGuess = await signIn(db, { email: "ana@example.com", password: "equivocada", address: A }, { now: atSlot, ...noDelay });
    expect(aGuess).toEqual({ ok: false, reason: "credentials" });
    const b = await signIn(db, { email: "ana@example.com", password: PASSWORD, address: "203.0.113.20" }, { now: atSlot, ...noDelay });
    expect(b.ok).toBe(true);
    // And A still waits.
    expect(await signIn(db, { email: "ana@example.com", password: PASSWORD, address: A }, { now: atSlot + 50, ...noDelay })).toMatchObject({
      ok: false,
      reason: "locked",
    });
  }, 300_000);

  it("caps guesses at an account from many addresses, except from an address that signed in to it before", async () => {
    const now = Date.parse("2026-01-01T10:00:00Z");
    // The rightful person signed in from the office earlier.
    expect((await signIn(db, { email: "ana@example.com", password: PASSWORD, address: "192.0.2.1" }, { now: now - 3_600_000, ...noDelay })).ok).toBe(true);
    // Guessing spread over many addresses, each within its own free failures.
    let counted = 0;
    for (let i = 0; i < 40; i++) {
      for (let k = 0; k < ACCOUNT_FREE_FAILURES; k++) {
        const r = await signIn(db, { email: "ana@example.com", password: "equivocada", address: `100.64.${i}.1` }, { now, ...noDelay });
        if (!r.ok && r.reason === "credentials") counted += 1;
      }
    }
    expect(counted).toBe(ACCOUNT_MAX_FAILURES);
    // A new address, even with the right password, waits for the window's end; the office does not.
    const stranger = await signIn(db, { email: "ana@example.com", password: PASSWORD, address: "100.64.99.1" }, { now, ...noDelay });
    expect(stranger).toMatchObject({ ok: false, reason: "locked" });
    expect((stranger as { retryAfterMs: number }).retryAfterMs).toBeLessThanOrEqual(ACCOUNT_WINDOW_MS);
    expect((await signIn(db, { email: "ana@example.com", password: PASSWORD, address: "192.0.2.1" }, { now, ...noDelay })).ok).toBe(true);
    // After the window, the new address signs in too.
    expect((await signIn(db, { email: "ana@example.com", password: PASSWORD, address: "100.64.99.1" }, { now: now + ACCOUNT_WINDOW_MS, ...noDelay })).ok).toBe(
      true,
    );
  });

  it("forgets an account's waits at every address on a password reset", async () => {
    const now = Date.now();
    for (const address of ["10.9.0.1", "10.9.0.2"])
      for (let i = 0; i <= ACCOUNT_FREE_FAILURES; i++) await signIn(db, { email: "ana@example.com", password: "equivocada", address }, { now, ...noDelay });
    expect(await resetPassword(db, "ana@example.com", "otra-clave-muy-larga")).toBe(true);
    for (const address of ["10.9.0.1", "10.9.0.2"])
      expect((await signIn(db, { email: "ana@example.com", password: "otra-clave-muy-larga", address }, { now: now + 10, ...noDelay })).ok).toBe(true);
  });

  it("answers a non-existent account exactly like an existing one", async () => {
    const outcomes = async (email: string) => {
      const list = [];
      for (let i = 0; i < ACCOUNT_FREE_FAILURES + 2; i++) {
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
