/**
 * Creates several staff accounts in one process, as `npm run admin -- create-user` does for one (the same
 * function): starting the command once per account cost about two seconds each on a loaded machine.
 * Reads {"password": "...", "accounts": [{"email": "...", "role": "a,b"}]} from standard input.
 */
import { parseRoles } from "../../app/config/roles";
import { createUserFromShell } from "../../app/features/staff/shell.server";
import { openDatabase } from "../../app/platform/db/database.server";
import { getEnv } from "../../app/platform/env.server";

let input = "";
for await (const chunk of process.stdin) input += chunk;
const { password, accounts } = JSON.parse(input) as { password: string; accounts: { email: string; role: string }[] };
const db = await openDatabase(getEnv().DATABASE_URL, { busyTimeoutMs: 60_000 });
try {
  for (const { email, role } of accounts) await createUserFromShell(db, { email, name: email.split("@")[0], roles: parseRoles(role), password });
} finally {
  await db.destroy();
}
