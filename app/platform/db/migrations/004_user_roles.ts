/** Several roles per account. The roles are the ones of that day, written out: a later role is added by a migration of its own, so a new database and a migrated one agree. */
import { sql } from "kysely";
import type { Migration } from "kysely/migration";
import type { Engine } from "./engine";

export const m004UserRoles = (_engine: Engine): Migration => {
  return {
    async up(db) {
      await db.schema
        .createTable("user_roles")
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("role", "text", (c) => c.notNull().check(sql`role in ('admin', 'staff', 'sst', 'cumplimiento', 'convivencia')`))
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
  };
};
