/**
 * Multi-role accounts: `user_roles` is the source of truth. `users.role` (admin | staff, with its
 * CHECK) stays as a summary kept in step ("admin" when the account holds admin, else "staff"), so
 * older code and backups still read sensibly.
 */
import type { Kysely, Transaction } from "kysely";
import { type Role, ROLE_LABELS, ROLES } from "~/config/roles";
import { audit } from "~/platform/audit.server";
import type { Database } from "~/platform/db/database.server";
import { type RenderedMail, renderMail } from "~/platform/mail.server";

export async function rolesOf(db: Kysely<Database>, userId: number): Promise<Role[]> {
  const rows = await db.selectFrom("user_roles").select("role").where("user_id", "=", userId).execute();
  return ROLES.filter((r) => rows.some((row) => row.role === r));
}

/** Replaces an account's roles (at least one). */
export async function setRoles(db: Kysely<Database>, userId: number, roles: readonly Role[]): Promise<void> {
  if (roles.length === 0) throw new Error("Una cuenta necesita al menos un rol.");
  await db.transaction().execute((trx) => setRolesIn(trx, userId, roles));
}

async function setRolesIn(trx: Transaction<Database>, userId: number, roles: readonly Role[]): Promise<void> {
  await trx.deleteFrom("user_roles").where("user_id", "=", userId).execute();
  await trx
    .insertInto("user_roles")
    .values([...new Set(roles)].map((role) => ({ user_id: userId, role })))
    .execute();
  await trx
    .updateTable("users")
    .set({ role: roles.includes("admin") ? "admin" : "staff" })
    .where("id", "=", userId)
    .execute();
}

/** Every account's roles, for the users page and the CLI. */
export async function allRoles(db: Kysely<Database>): Promise<Map<number, Role[]>> {
  const rows = await db.selectFrom("user_roles").select(["user_id", "role"]).execute();
  const map = new Map<number, Role[]>();
  for (const r of ROLES) for (const row of rows) if (row.role === r) map.set(row.user_id, [...(map.get(row.user_id) ?? []), r]);
  return map;
}

// ——— Confidential roles: two admins, or the server's command line (docs/product.md §34, ADR 021) ———

/** The roles that open an ethics category: granting one takes a second admin's confirmation. */
export const CONFIDENTIAL_ROLES: readonly Role[] = ["convivencia", "cumplimiento", "genero"];
export const isConfidential = (role: Role) => CONFIDENTIAL_ROLES.includes(role);

/** How long a grant waits for the second admin. */
export const GRANT_DAYS = 7;

export interface Actor {
  id: number;
  email: string;
}

export interface GrantMailOptions {
  origin: string;
  companyName: string;
}

export type RolesChange = { ok: true; applied: Role[]; pending: Role[] } | { ok: false; error: string; status: 400 | 404 };

/**
 * An admin changes another account's roles from the web: removals and the roles that are not confidential
 * apply at once; each confidential role added waits as a pending grant for a different admin. No account
 * changes its own roles.
 */
export async function changeRoles(db: Kysely<Database>, actor: Actor, targetEmail: string, roles: readonly Role[], now = new Date()): Promise<RolesChange> {
  const target = await db.selectFrom("users").select(["id", "email"]).where("email", "=", targetEmail.trim().toLowerCase()).executeTakeFirst();
  if (!target) return { ok: false, error: "No existe una cuenta con ese correo.", status: 404 };
  if ((target.id as number) === actor.id) return { ok: false, error: SELF_REFUSAL, status: 400 };
  const current = await rolesOf(db, target.id as number);
  const wanted = [...new Set(roles)];
  const waiting = wanted.filter((r) => isConfidential(r) && !current.includes(r));
  const next = wanted.filter((r) => !waiting.includes(r));
  if (next.length === 0) {
    return {
      ok: false,
      error: "La cuenta quedaría sin roles mientras se confirma el rol confidencial: deje marcado también el rol que tiene hoy.",
      status: 400,
    };
  }
  if (!sameRoles(next, current)) await setRoles(db, target.id as number, next);
  const pending: Role[] = [];
  for (const role of waiting) if (await requestGrant(db, actor, target.id as number, role, now)) pending.push(role);
  return { ok: true, applied: next, pending };
}

export const SELF_REFUSAL = "Nadie puede cambiar sus propios roles: pídaselo a otra persona con el rol de administración.";

const sameRoles = (a: readonly Role[], b: readonly Role[]) => a.length === b.length && a.every((r) => b.includes(r));

/** Files a pending grant (none twice: an open one for the same account and role is kept). */
async function requestGrant(db: Kysely<Database>, actor: Actor, userId: number, role: Role, now: Date): Promise<boolean> {
  const open = await openGrants(db, now).where("user_id", "=", userId).where("role", "=", role).executeTakeFirst();
  if (open) return true;
  await db
    .insertInto("pending_role_grants")
    .values({
      user_id: userId,
      role,
      requested_by: actor.id,
      requested_at: now.toISOString(),
      expires_at: new Date(now.getTime() + GRANT_DAYS * 86_400_000).toISOString(),
      decided_by: null,
      decided_at: null,
      decision: null,
    })
    .execute();
  await audit(db, actor, "pedir_rol_confidencial", { detail: `${await emailOf(db, userId)}: ${role} (espera la confirmación de otra persona administradora)` });
  return true;
}

const openGrants = (db: Kysely<Database>, now: Date) =>
  db.selectFrom("pending_role_grants").selectAll().where("decided_at", "is", null).where("expires_at", ">", now.toISOString());

const emailOf = async (db: Kysely<Database>, userId: number) =>
  (await db.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirst())?.email ?? `cuenta n.º ${userId}`;

/** The grants waiting for a second admin, for the users page. */
export async function pendingGrants(db: Kysely<Database>, now = new Date()) {
  return db
    .selectFrom("pending_role_grants as g")
    .innerJoin("users as target", "target.id", "g.user_id")
    .innerJoin("users as asker", "asker.id", "g.requested_by")
    .select(["g.id", "g.role", "g.requested_by", "g.requested_at", "g.expires_at", "target.email as target_email", "asker.email as asker_email"])
    .where("g.decided_at", "is", null)
    .where("g.expires_at", ">", now.toISOString())
    .orderBy("g.requested_at")
    .execute();
}

export type GrantDecision = { ok: true; role: Role; targetEmail: string } | { ok: false; error: string; status: 400 | 404 };

/**
 * A second admin decides a pending grant. Confirmed: the role is added, the accounts that already held it
 * are mailed and see it in their audit. The admin who asked cannot confirm, nor the account it is for.
 */
export async function decideGrant(
  db: Kysely<Database>,
  actor: Actor,
  grantId: number,
  confirm: boolean,
  mail: GrantMailOptions,
  now = new Date(),
): Promise<GrantDecision> {
  const grant = await openGrants(db, now).where("id", "=", grantId).executeTakeFirst();
  if (!grant) return { ok: false, error: "Esa solicitud de rol ya no está pendiente (se decidió o venció).", status: 404 };
  if (confirm && grant.requested_by === actor.id)
    return { ok: false, error: "Quien pidió el rol no puede confirmarlo: debe hacerlo otra persona con el rol de administración.", status: 400 };
  if (confirm && grant.user_id === actor.id) return { ok: false, error: SELF_REFUSAL, status: 400 };
  const targetEmail = await emailOf(db, grant.user_id);
  const askerEmail = await emailOf(db, grant.requested_by);
  const decided = await db
    .updateTable("pending_role_grants")
    .set({ decided_by: actor.id, decided_at: now.toISOString(), decision: confirm ? "confirmado" : "rechazado" })
    .where("id", "=", grantId)
    .where("decided_at", "is", null)
    .executeTakeFirst();
  if (Number(decided.numUpdatedRows) === 0) return { ok: false, error: "Esa solicitud de rol ya no está pendiente (se decidió o venció).", status: 404 };
  if (!confirm) {
    await audit(db, actor, "rechazar_rol_confidencial", { detail: `${targetEmail}: ${grant.role} (pedido por ${askerEmail})` });
    return { ok: true, role: grant.role, targetEmail };
  }
  await grantConfidentialRole(db, grant.user_id, grant.role, { asked: askerEmail, confirmed: actor.email, by: actor }, mail, now);
  return { ok: true, role: grant.role, targetEmail };
}

/**
 * Adds a confidential role (confirmed by a second admin, or from the server's command line), tells every
 * account that already holds it by e-mail through the outbox (who got it, who asked, who confirmed; no
 * case), and writes the grant to the audit twice: for the admins (accounts area) and for the role's holders.
 */
export async function grantConfidentialRole(
  db: Kysely<Database>,
  userId: number,
  role: Role,
  who: { asked: string; confirmed: string | null; by: Actor | null },
  mail: GrantMailOptions,
  now = new Date(),
): Promise<number> {
  const targetEmail = await emailOf(db, userId);
  const holders = await db
    .selectFrom("user_roles")
    .innerJoin("users", "users.id", "user_roles.user_id")
    .select("users.email")
    .where("user_roles.role", "=", role)
    .where("users.disabled_at", "is", null)
    .where("users.id", "!=", userId)
    .execute();
  const how = who.confirmed
    ? `pedido por ${who.asked}, confirmado por ${who.confirmed}`
    : "concedido desde la línea de comandos del servidor, sin segunda confirmación";
  const detail = `${targetEmail}: ${role} (${how})`;
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const current = await rolesOf(trx, userId);
    if (!current.includes(role)) await setRolesIn(trx, userId, [...current, role]);
    const email = who.by ? undefined : "(línea de comandos)";
    await audit(trx, who.by, "conceder_rol_confidencial", { detail, ...(email ? { email } : {}) });
    await audit(trx, who.by, "conceder_rol_confidencial", { detail, audience: role, ...(email ? { email } : {}) });
    const notice = grantNotice({ targetEmail, role, asked: who.asked, confirmed: who.confirmed, ...mail });
    for (const holder of holders) {
      await trx
        .insertInto("outbox")
        .values({
          message_id: null,
          case_id: null,
          recipients: holder.email,
          subject: notice.subject,
          body_text: notice.text,
          body_html: notice.html,
          status: "pending",
          attempts: 0,
          next_attempt_at: at,
          last_error: null,
          sent_at: null,
          created_at: at,
        })
        .execute();
    }
  });
  return holders.length;
}

/** The mail to the holders of a confidential role: who got it and how; nothing of any case. */
export function grantNotice(input: {
  targetEmail: string;
  role: Role;
  asked: string;
  confirmed: string | null;
  origin: string;
  companyName: string;
}): RenderedMail {
  return renderMail(
    `Se concedió el rol «${ROLE_LABELS[input.role]}» a otra cuenta`,
    [
      ["Cuenta", input.targetEmail],
      ["Rol", ROLE_LABELS[input.role]],
      ["Pedido por", input.asked],
      ["Confirmado por", input.confirmed ?? "Nadie: se concedió desde la línea de comandos del servidor, sin segunda confirmación"],
    ],
    [
      "Desde ahora esa cuenta lee los reportes de la línea ética que usted lee. Si no lo esperaba, avise de inmediato a la administración del sitio.",
      `Lo verá también en la auditoría: ${input.origin}/admin/auditoria`,
      `Correo automático del sitio de ${input.companyName}.`,
    ],
  );
}
