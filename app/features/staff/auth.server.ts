/**
 * Staff accounts and sessions (docs/product.md §1): argon2id hashes, server-side sessions behind an opaque
 * random cookie, idle and absolute expiry, and sign-in throttling per account and address (growing waits),
 * per address and per account (a cap across addresses), on the site's shared counters
 * (app/platform/rate-limit.server.ts, ADR 016 and its addendum).
 */
import { createHash, randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";

// Algorithm.Argon2id of @node-rs/argon2 (a const enum, which isolated modules cannot import).
const ARGON2ID = 2;
import type { Kysely } from "kysely";
import { normalizeEmail } from "~/forms/fields";
import type { StaffUser } from "~/platform/audit.server";
import { MIN_PASSWORD_LENGTH } from "./forms";
import type { Role } from "~/config/roles";
import type { Database } from "~/platform/db/database.server";
import { hit, peek, replaceHit, resetLimit, resetLimitsWithPrefix, unhit } from "~/platform/rate-limit.server";
import { allRoles, rolesOf, setRoles } from "./roles.server";

export type User = StaffUser;
export { normalizeEmail };

export const SESSION_COOKIE = "sesion_personal";
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
export const SESSION_MAX_MS = 12 * 60 * 60 * 1000;
/** Failures at an account from one address that cost nothing; after them each further attempt from there waits (accountWaitMs). */
export const ACCOUNT_FREE_FAILURES = 5;
/** Those failures are forgotten this long after the last attempt (or at once on a success). */
export const ACCOUNT_MEMORY_MS = 24 * 60 * 60 * 1000;
/** The longest wait between two attempts at one account from one address. */
export const ACCOUNT_MAX_WAIT_MS = 15 * 60 * 1000;
/**
 * Failures at one account from all addresses together, per window: beyond them only an address that
 * signed in to the account before (KNOWN_ADDRESS_MS) may try it until the window ends. It bounds
 * guessing spread over many addresses, which the per-address waits do not (ADR 016, addendum).
 */
export const ACCOUNT_MAX_FAILURES = 60;
export const ACCOUNT_WINDOW_MS = 60 * 60 * 1000;
/** How long an address that signed in to an account stays exempt from that account's cap. */
export const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60 * 1000;
/** Failed attempts per address and window; beyond them the address tries nothing until the window ends. */
export const ADDRESS_MAX_FAILURES = 20;
export const ADDRESS_WINDOW_MS = 15 * 60 * 1000;

/**
 * How long after its last attempt an account with `failures` failures in a row takes the next one: nothing
 * for the first five, then 2, 4, 8… seconds, at most 15 minutes. Never a lock that the right password
 * cannot pass once the wait is over (ADR 016).
 */
export function accountWaitMs(failures: number): number {
  if (failures < ACCOUNT_FREE_FAILURES) return 0;
  return Math.min(1000 * 2 ** (failures - ACCOUNT_FREE_FAILURES + 1), ACCOUNT_MAX_WAIT_MS);
}

/** How long a failed attempt's answer is held back (the `failures`-th in a row): 250 ms more each time, at most 2 s. */
export const failurePauseMs = (failures: number) => Math.min(250 * failures, 2000);

const accountKey = (email: string) => `ingreso:cuenta:${normalizeEmail(email)}`;
/** The growing wait runs per account and address: one address's failures do not hold back another's right password. */
const pairPrefix = (email: string) => `ingreso:par:${normalizeEmail(email)}|`;
const pairKey = (email: string, address: string) => `${pairPrefix(email)}${address}`;
const knownKey = (email: string, address: string) => `ingreso:conocida:${normalizeEmail(email)}|${address}`;
const addressKey = (address: string) => `ingreso:direccion:${address}`;

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
const iso = (ms: number) => new Date(ms).toISOString();

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

export function checkPasswordStrength(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `La contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres.`;
  return null;
}

// A real hash to verify against when the account does not exist, so timing reveals nothing.
let decoyHash: Promise<string> | undefined;

export async function createUser(db: Kysely<Database>, input: { email: string; name: string; roles: Role[]; password: string }): Promise<number> {
  const weak = checkPasswordStrength(input.password);
  if (weak) throw new Error(weak);
  if (input.roles.length === 0) throw new Error("Una cuenta necesita al menos un rol.");
  const now = new Date().toISOString();
  const row = await db
    .insertInto("users")
    .values({
      email: normalizeEmail(input.email),
      name: input.name.trim(),
      role: input.roles.includes("admin") ? "admin" : "staff",
      password_hash: await hashPassword(input.password),
      disabled_at: null,
      created_at: now,
      password_changed_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await setRoles(db, row.id as number, input.roles);
  return row.id as number;
}

/** Every account with its roles, for the users page. */
export async function listUsers(db: Kysely<Database>) {
  const rows = await db.selectFrom("users").select(["id", "email", "name", "disabled_at", "created_at"]).orderBy("email").execute();
  const roles = await allRoles(db);
  return rows.map((u) => ({ ...u, roles: roles.get(u.id as number) ?? [] }));
}

/** Sets a new password and ends every session of the account. */
export async function resetPassword(db: Kysely<Database>, email: string, password: string): Promise<boolean> {
  const weak = checkPasswordStrength(password);
  if (weak) throw new Error(weak);
  const user = await db.selectFrom("users").select("id").where("email", "=", normalizeEmail(email)).executeTakeFirst();
  if (!user) return false;
  await db
    .updateTable("users")
    .set({ password_hash: await hashPassword(password), password_changed_at: new Date().toISOString() })
    .where("id", "=", user.id as number)
    .execute();
  await db
    .deleteFrom("sessions")
    .where("user_id", "=", user.id as number)
    .execute();
  await resetLimit(db, accountKey(email));
  await resetLimitsWithPrefix(db, pairPrefix(email));
  return true;
}

/** Disables (or re-enables) an account; disabling ends its sessions. */
export async function setUserDisabled(db: Kysely<Database>, email: string, disabled: boolean): Promise<boolean> {
  const user = await db.selectFrom("users").select("id").where("email", "=", normalizeEmail(email)).executeTakeFirst();
  if (!user) return false;
  await db
    .updateTable("users")
    .set({ disabled_at: disabled ? new Date().toISOString() : null })
    .where("id", "=", user.id as number)
    .execute();
  if (disabled)
    await db
      .deleteFrom("sessions")
      .where("user_id", "=", user.id as number)
      .execute();
  return true;
}

export type SignInResult = { ok: true; user: User; sessionId: string } | { ok: false; reason: "credentials" | "locked"; retryAfterMs?: number };

/**
 * Checks the credentials, throttled (ADR 016 and its addendum). Per address: after ADDRESS_MAX_FAILURES
 * failures in a window it tries nothing more until the window ends. Per account and address (whether the
 * account exists or not): after ACCOUNT_FREE_FAILURES failures in a row each attempt from that address
 * must wait accountWaitMs since its previous one; an attempt before then is refused without looking at the
 * password (so it neither guesses nor lengthens the wait), and the right password after the wait signs
 * in. Another address is not held back by those failures: the rightful person elsewhere gets in at once.
 * Per account across addresses: ACCOUNT_MAX_FAILURES failures in ACCOUNT_WINDOW_MS, after which only an
 * address that signed in to it before tries it until the window ends. Attempts are claimed atomically
 * before the password is checked, so simultaneous requests cannot try several passwords in one turn.
 * Messages never reveal whether the account exists.
 */
export async function signIn(
  db: Kysely<Database>,
  input: { email: string; password: string; address: string },
  options: { now?: number; delay?: (ms: number) => Promise<void> } = {},
): Promise<SignInResult> {
  const now = options.now ?? Date.now();
  const delay = options.delay ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  const email = normalizeEmail(input.email);
  const byAddress = await hit(db, addressKey(input.address), ADDRESS_WINDOW_MS, now);
  if (byAddress.hits > ADDRESS_MAX_FAILURES) return { ok: false, reason: "locked", retryAfterMs: byAddress.resetAt - now };

  // The account's cap across addresses: an address it knows is not held back by strangers' guesses.
  const byAccount = await peek(db, accountKey(email), now);
  if (byAccount && byAccount.hits >= ACCOUNT_MAX_FAILURES && !(await peek(db, knownKey(email, input.address), now))) {
    await unhit(db, addressKey(input.address));
    return { ok: false, reason: "locked", retryAfterMs: Math.max(byAccount.resetAt - now, 1000) };
  }

  const key = pairKey(email, input.address);
  const pair = await peek(db, key, now);
  const failures = pair?.hits ?? 0;
  // The row's window end is the last failure's answer plus ACCOUNT_MEMORY_MS: the wait runs from the
  // moment that answer was given, after its pause.
  const lastAnswer = pair ? pair.resetAt - ACCOUNT_MEMORY_MS : now;
  const wait = accountWaitMs(failures) > 0 ? lastAnswer + accountWaitMs(failures) - now : 0;
  const pause = failurePauseMs(failures + 1);
  // Claimed as a failure before the password is checked (a success clears it); a request that loses the
  // claim to a simultaneous one waits like any other early attempt.
  const claimed = wait <= 0 && (await replaceHit(db, key, pair, { hits: failures + 1, resetAt: now + pause + ACCOUNT_MEMORY_MS }, now));
  if (!claimed) {
    await unhit(db, addressKey(input.address));
    return { ok: false, reason: "locked", retryAfterMs: Math.max(wait, 1000) };
  }

  const user = await db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
  decoyHash ??= hashPassword(randomBytes(16).toString("hex"));
  const valid = user ? await verifyPassword(user.password_hash, input.password) : await verifyPassword(await decoyHash, input.password);
  if (!user || !valid || user.disabled_at) {
    await hit(db, accountKey(email), ACCOUNT_WINDOW_MS, now);
    await delay(pause);
    return { ok: false, reason: "credentials" };
  }
  await resetLimit(db, key);
  await unhit(db, addressKey(input.address));
  // Remembered so that the account's cap does not hold this address back next time.
  const known = await peek(db, knownKey(email, input.address), now);
  await replaceHit(db, knownKey(email, input.address), known, { hits: 1, resetAt: now + KNOWN_ADDRESS_MS }, now);
  const sessionId = await createSession(db, user.id as number, now);
  const roles = await rolesOf(db, user.id as number);
  return { ok: true, user: { id: user.id as number, email: user.email, name: user.name, roles }, sessionId };
}

export async function createSession(db: Kysely<Database>, userId: number, now = Date.now()): Promise<string> {
  const sessionId = randomBytes(32).toString("base64url");
  await db
    .insertInto("sessions")
    .values({ id_hash: sha256(sessionId), user_id: userId, created_at: iso(now), last_seen_at: iso(now), expires_at: iso(now + SESSION_MAX_MS) })
    .execute();
  return sessionId;
}

/** The signed-in user of a session id, or null when missing, expired (idle or absolute) or disabled. */
export async function getSessionUser(db: Kysely<Database>, sessionId: string | undefined, now = Date.now()): Promise<User | null> {
  if (!sessionId) return null;
  const idHash = sha256(sessionId);
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select(["users.id", "users.email", "users.name", "users.disabled_at", "sessions.last_seen_at", "sessions.expires_at"])
    .where("sessions.id_hash", "=", idHash)
    .executeTakeFirst();
  if (!row) return null;
  const idle = now - Date.parse(row.last_seen_at) > SESSION_IDLE_MS;
  if (idle || now >= Date.parse(row.expires_at) || row.disabled_at) {
    await db.deleteFrom("sessions").where("id_hash", "=", idHash).execute();
    return null;
  }
  // Refresh the idle clock at most once a minute.
  if (now - Date.parse(row.last_seen_at) > 60_000) {
    await db
      .updateTable("sessions")
      .set({ last_seen_at: iso(now) })
      .where("id_hash", "=", idHash)
      .execute();
  }
  return { id: row.id as number, email: row.email, name: row.name, roles: await rolesOf(db, row.id as number) };
}

export async function endSession(db: Kysely<Database>, sessionId: string | undefined): Promise<void> {
  if (sessionId) await db.deleteFrom("sessions").where("id_hash", "=", sha256(sessionId)).execute();
}
