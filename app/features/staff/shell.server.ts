/**
 * What the server's command line does with accounts, shared by `npm run admin` and the test support that
 * creates many accounts in one process. A confidential role granted here needs no second admin's
 * confirmation: the line says so, the audit keeps it and the role's holders are mailed (ADR 021).
 */
import type { Kysely } from "kysely";
import type { Role } from "~/config/roles";
import { getSiteConfig } from "~/config/site.server";
import type { Database } from "~/platform/db/database.server";
import { createUser } from "./auth.server";
import { grantConfidentialRole, isConfidential } from "./roles.server";

/** A confidential role granted from the server's shell; returns the line the command prints. */
export async function grantFromShell(db: Kysely<Database>, userId: number, role: Role): Promise<string> {
  const site = getSiteConfig();
  const told = await grantConfidentialRole(
    db,
    userId,
    role,
    { asked: "(línea de comandos del servidor)", confirmed: null, by: null },
    { origin: site.origin.replace(/\/$/, ""), companyName: site.company.name },
  );
  return `Rol ${role} concedido desde la línea de comandos del servidor, sin segunda confirmación. Queda en la auditoría; se avisó por correo a ${told} cuenta(s) que ya tenían el rol.`;
}

/** `create-user`: the account, then each confidential role granted as from the shell; returns the lines to print. */
export async function createUserFromShell(db: Kysely<Database>, input: { email: string; name: string; roles: Role[]; password: string }): Promise<string[]> {
  const id = await createUser(db, input);
  const lines = [`Cuenta creada: ${input.email} (${input.roles.join(", ")}).`];
  for (const role of input.roles.filter(isConfidential)) lines.push(await grantFromShell(db, id, role));
  return lines;
}
