/**
 * The audit log's writer, shared by every feature: who (a staff account, the system, or a reporter)
 * did what to which message or case, and, for an entry only one role may read (an ethics category's
 * owner, docs/product.md §34), that role (`audience`). Reading it is the staff area's (app/features/staff/audit.server.ts).
 */
import type { Kysely } from "kysely";
import type { Role } from "~/config/roles";
import type { Database } from "./db/database.server";

/** A signed-in staff member, as every feature receives it from the staff area. */
export interface StaffUser {
  id: number;
  email: string;
  name: string;
  roles: Role[];
}

export async function audit(
  db: Kysely<Database>,
  user: Pick<StaffUser, "id" | "email"> | null,
  action: string,
  details: { messageId?: number; caseId?: number; detail?: string; email?: string; audience?: string } = {},
) {
  await db
    .insertInto("audit_log")
    .values({
      at: new Date().toISOString(),
      user_id: user?.id ?? null,
      user_email: user?.email ?? details.email ?? "(sistema)",
      action,
      message_id: details.messageId ?? null,
      case_id: details.caseId ?? null,
      detail: details.detail ?? null,
      audience: details.audience ?? null,
    })
    .execute();
}
