/**
 * Multi-role accounts: `user_roles` is the source of truth. `users.role` (admin | staff, with its
 * CHECK) stays as a summary kept in step ("admin" when the account holds admin, else "staff"), so
 * older code and backups still read sensibly.
 */
import type { Kysely } from "kysely";
import { type Role, ROLES } from "~/config/roles";
import type { Database } from "~/platform/db/database.server";

export async function rolesOf(db: Kysely<Database>, userId: number): Promise<Role[]> {
  const rows = await db.selectFrom("user_roles").select("role").where("user_id", "=", userId).execute();
  return ROLES.filter((r) => rows.some((row) => row.role === r));
}

/** Replaces an account's roles (at least one). */
export async function setRoles(db: Kysely<Database>, userId: number, roles: readonly Role[]): Promise<void> {
  if (roles.length === 0) throw new Error("Una cuenta necesita al menos un rol.");
  await db.transaction().execute(async (trx) => {
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
  });
}

/** Every account's roles, for the users page and the CLI. */
export async function allRoles(db: Kysely<Database>): Promise<Map<number, Role[]>> {
  const rows = await db.selectFrom("user_roles").select(["user_id", "role"]).execute();
  const map = new Map<number, Role[]>();
  for (const r of ROLES) for (const row of rows) if (row.role === r) map.set(row.user_id, [...(map.get(row.user_id) ?? []), r]);
  return map;
}
