/**
 * Staff accounts and sessions (docs/product.md §1): argon2id hashes, server-side sessions behind an opaque
 * random cookie, idle and absolute expiry, and sign-in throttling per account and per address.
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
import { allRoles, rolesOf, setRoles } from "./roles.server";

export type User = StaffUser;
export { normalizeEmail };
export { audit } from "~/platform/audit.server";

export const SESSION_COOKIE = "sesion_personal";
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
export const SESSION_MAX_MS = 12 * 60 * 60 * 1000;
/** After this many failures in the window the account (or address) is locked for LOCK_MS. */
export const ACCOUNT_MAX_FAILURES = 5;
export const ADDRESS_MAX_FAILURES = 20;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const LOCK_MS = 15 * 60 * 1000;

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
  await db.deleteFrom("sessions").where("user_id", "=", user.id as number).execute();
  await db.deleteFrom("login_attempts").where("key", "=", `cuenta:${normalizeEmail(email)}`).execute();
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
  if (disabled) await db.deleteFrom("sessions").where("user_id", "=", user.id as number).execute();
  return true;
}

export type SignInResult = { ok: true; user: User; sessionId: string } | { ok: false; reason: "credentials" | "locked"; retryAfterMs?: number };

async function lockState(db: Kysely<Database>, key: string, now: number) {
  const row = await db.selectFrom("login_attempts").selectAll().where("key", "=", key).executeTakeFirst();
  if (!row) return { failures: 0, lockedFor: 0 };
  const lockedFor = row.locked_until ? Date.parse(row.locked_until) - now : 0;
  const fresh = now - Date.parse(row.first_failure_at) <= FAILURE_WINDOW_MS;
  return { failures: fresh ? row.failures : 0, lockedFor: Math.max(0, lockedFor) };
}

async function recordFailure(db: Kysely<Database>, key: string, max: number, now: number) {
  const row = await db.selectFrom("login_attempts").selectAll().where("key", "=", key).executeTakeFirst();
  const fresh = row && now - Date.parse(row.first_failure_at) <= FAILURE_WINDOW_MS;
  const failures = fresh ? row.failures + 1 : 1;
  const values = {
    key,
    failures,
    first_failure_at: fresh ? row.first_failure_at : iso(now),
    locked_until: failures >= max ? iso(now + LOCK_MS) : null,
  };
  await db.insertInto("login_attempts").values(values).onConflict((oc) => oc.column("key").doUpdateSet(values)).execute();
  return failures;
}

/**
 * Checks the credentials, throttled: each failure adds a growing delay, and too many lock the account
 * name (whether it exists or not) and the address for a while. Messages never reveal which.
 */
export async function signIn(
  db: Kysely<Database>,
  input: { email: string; password: string; address: string },
  options: { now?: number; delay?: (ms: number) => Promise<void> } = {},
): Promise<SignInResult> {
  const now = options.now ?? Date.now();
  const delay = options.delay ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  const email = normalizeEmail(input.email);
  const accountKey = `cuenta:${email}`;
  const addressKey = `direccion:${input.address}`;
  const [account, address] = await Promise.all([lockState(db, accountKey, now), lockState(db, addressKey, now)]);
  const lockedFor = Math.max(account.lockedFor, address.lockedFor);
  if (lockedFor > 0) return { ok: false, reason: "locked", retryAfterMs: lockedFor };

  const user = await db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
  decoyHash ??= hashPassword(randomBytes(16).toString("hex"));
  const valid = user ? await verifyPassword(user.password_hash, input.password) : await verifyPassword(await decoyHash, input.password);
  if (!user || !valid || user.disabled_at) {
    const failures = await recordFailure(db, accountKey, ACCOUNT_MAX_FAILURES, now);
    await recordFailure(db, addressKey, ADDRESS_MAX_FAILURES, now);
    await delay(Math.min(250 * failures, 2000));
    if (failures >= ACCOUNT_MAX_FAILURES) return { ok: false, reason: "locked", retryAfterMs: LOCK_MS };
    return { ok: false, reason: "credentials" };
  }
  await db.deleteFrom("login_attempts").where("key", "=", accountKey).execute();
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
    await db.updateTable("sessions").set({ last_seen_at: iso(now) }).where("id_hash", "=", idHash).execute();
  }
  return { id: row.id as number, email: row.email, name: row.name, roles: await rolesOf(db, row.id as number) };
}

export async function endSession(db: Kysely<Database>, sessionId: string | undefined): Promise<void> {
  if (sessionId) await db.deleteFrom("sessions").where("id_hash", "=", sha256(sessionId)).execute();
}
