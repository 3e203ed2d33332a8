/**
 * Multi-role accounts: `user_roles` is the source of truth. `users.role` (admin | staff, with its
 * CHECK) stays as a summary kept in step ("admin" when the account holds admin, else "staff"), so
 * older code and backups still read sensibly.
 */
import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import { type Role, ROLES } from "../lib/roles";
import type { Database } from "./db.server";

export interface UserRolesTable {
  user_id: number;
  role: Role;
}

export const rolesMigrations: Record<string, Migration> = {
  "004_user_roles": {
    async up(db) {
      await db.schema
        .createTable("user_roles")
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("role", "text", (c) => c.notNull().check(sql.raw(`role in (${ROLES.map((r) => `'${r}'`).join(", ")})`)))
        .addPrimaryKeyConstraint("user_roles_pk", ["user_id", "role"])
        .execute();
      // Every existing account keeps the role it had.
      await db
        .insertInto("user_roles" as never)
        .columns(["user_id", "role"] as never)
        .expression(db.selectFrom("users" as never).select(["id", "role"] as never))
        .execute();
    },
    async down(db) {
      await db.schema.dropTable("user_roles").execute();
    },
  },
};

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
