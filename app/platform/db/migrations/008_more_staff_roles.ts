/**
 * Three more staff roles (docs/product.md §27, 28): `genero` (the sexual-harassment route of Ley 2365
 * de 2024), `pqrs` (petitions, complaints, claims, suggestions) and `datos` (data-protection requests).
 * The role check is widened: PostgreSQL replaces its constraint; SQLite, which cannot alter a check,
 * rebuilds the table with its rows.
 */
import { sql } from "kysely";
import type { Migration } from "kysely/migration";
import type { Engine } from "./engine";

const ROLES = "'admin', 'staff', 'sst', 'cumplimiento', 'convivencia', 'genero', 'pqrs', 'datos'";

export const m008MoreStaffRoles = (engine: Engine): Migration => ({
  async up(db) {
    if (engine === "postgres") {
      await sql`alter table user_roles drop constraint if exists user_roles_role_check`.execute(db);
      await sql.raw(`alter table user_roles add constraint user_roles_role_check check (role in (${ROLES}))`).execute(db);
      return;
    }
    await db.schema
      .createTable("user_roles_next")
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("role", "text", (c) => c.notNull().check(sql.raw(`role in (${ROLES})`)))
      .addPrimaryKeyConstraint("user_roles_pk", ["user_id", "role"])
      .execute();
    await sql`insert into user_roles_next (user_id, role) select user_id, role from user_roles`.execute(db);
    await db.schema.dropTable("user_roles").execute();
    await db.schema.alterTable("user_roles_next").renameTo("user_roles").execute();
  },
});
