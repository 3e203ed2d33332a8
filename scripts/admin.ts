/**
 * Staff accounts from the command line (there is no default account):
 *   npm run admin -- create-user --email ana@empresa.co --name "Ana Pérez" [--role sst,admin]
 *   npm run admin -- set-roles --email ana@empresa.co --role staff,convivencia
 *     (a role of the ethics line is granted here without a second admin's confirmation, ADR 021: the
 *     output says so, the audit keeps it, and the role's holders are mailed)
 *   npm run admin -- reset-password --email ana@empresa.co
 *   npm run admin -- disable-user --email ana@empresa.co      (enable-user to undo)
 *   npm run admin -- list-users
 *   npm run admin -- ethics-key              (prints a new key for ETHICS_KEY; touches no database)
 *   npm run admin -- rotate-ethics-key       (re-seals the ethics line with ETHICS_KEY; see docs/deploy.md)
 *   npm run admin -- purge --dry-run         (what the retention purge would delete or anonymise, kind by kind)
 *   npm run admin -- purge                   (runs it now; the server runs it daily, ADR 019)
 * The password is asked without echo; --password-stdin reads it from standard input instead.
 */
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { parseRoles, ROLES } from "../app/config/roles";
import { normalizeEmail, resetPassword, setUserDisabled } from "../app/features/staff/auth.server";
import { openDatabase } from "../app/platform/db/database.server";
import { allRoles, isConfidential, rolesOf, setRoles } from "../app/features/staff/roles.server";
import { createUserFromShell, grantFromShell } from "../app/features/staff/shell.server";
import { getEnv } from "../app/platform/env.server";
import { newKey } from "../app/features/ethics/crypto.server";
import { ethicsSealer, rotateEthicsKey } from "../app/features/ethics/ethics.server";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    email: { type: "string" },
    name: { type: "string" },
    role: { type: "string", default: "staff" },
    "password-stdin": { type: "boolean", default: false },
    "dry-run": { type: "boolean", default: false },
  },
});

// A new key needs no database (and must not create one where it is run).
if (positionals[0] === "ethics-key") {
  console.log(newKey());
  process.exit(0);
}

async function readPassword(prompt: string): Promise<string> {
  if (values["password-stdin"] || !process.stdin.isTTY) {
    let input = "";
    for await (const chunk of process.stdin) input += chunk;
    return input.replace(/\r?\n$/, "");
  }
  // Ask without echo: the terminal shows nothing while typing.
  const ask = (question: string) =>
    new Promise<string>((resolve) => {
      const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
      const mutable = rl as unknown as { _writeToOutput: (s: string) => void };
      process.stdout.write(question);
      mutable._writeToOutput = () => {};
      rl.question("", (answer) => {
        rl.close();
        process.stdout.write("\n");
        resolve(answer);
      });
    });
  const first = await ask(prompt);
  const second = await ask("Repita la contraseña: ");
  if (first !== second) throw new Error("Las contraseñas no coinciden.");
  return first;
}

function requireEmail(): string {
  if (!values.email) throw new Error("Falta --email.");
  return values.email;
}

// A busy site holds SQLite's write lock most of the time; the command waits its turn for up to a minute.
const db = await openDatabase(getEnv().DATABASE_URL, { busyTimeoutMs: 60_000 });
try {
  const command = positionals[0];
  if (command === "create-user") {
    const email = requireEmail();
    if (!values.name) throw new Error("Falta --name.");
    const roles = parseRoles(values.role);
    const password = await readPassword("Contraseña (mínimo 12 caracteres): ");
    for (const line of await createUserFromShell(db, { email, name: values.name, roles, password })) console.log(line);
  } else if (command === "set-roles") {
    const email = requireEmail();
    const roles = parseRoles(values.role);
    const user = await db.selectFrom("users").select("id").where("email", "=", normalizeEmail(email)).executeTakeFirst();
    if (!user) throw new Error(`No existe la cuenta ${email}.`);
    const current = await rolesOf(db, user.id as number);
    const granted = roles.filter((r) => isConfidential(r) && !current.includes(r));
    await setRoles(db, user.id as number, roles.filter((r) => !granted.includes(r)).length ? roles.filter((r) => !granted.includes(r)) : roles);
    console.log(`Roles de ${email}: ${roles.join(", ")}.`);
    for (const role of granted) console.log(await grantFromShell(db, user.id as number, role));
  } else if (command === "reset-password") {
    const email = requireEmail();
    const password = await readPassword("Nueva contraseña (mínimo 12 caracteres): ");
    if (!(await resetPassword(db, email, password))) throw new Error(`No existe la cuenta ${email}.`);
    console.log(`Contraseña cambiada para ${email}; sus sesiones abiertas se cerraron.`);
  } else if (command === "disable-user" || command === "enable-user") {
    const email = requireEmail();
    if (!(await setUserDisabled(db, email, command === "disable-user"))) throw new Error(`No existe la cuenta ${email}.`);
    console.log(command === "disable-user" ? `Cuenta desactivada: ${email}; sus sesiones se cerraron.` : `Cuenta activada: ${email}.`);
  } else if (command === "list-users") {
    const users = await db.selectFrom("users").select(["id", "email", "name", "disabled_at"]).orderBy("email").execute();
    const roles = await allRoles(db);
    for (const u of users) console.log(`${u.email}\t${u.name}\t${(roles.get(u.id as number) ?? []).join(",")}\t${u.disabled_at ? "desactivada" : "activa"}`);
  } else if (command === "rotate-ethics-key") {
    const sealer = ethicsSealer();
    if (!sealer) throw new Error("ETHICS_KEY no está definida: defina la clave nueva en ETHICS_KEY y la anterior en ETHICS_PREVIOUS_KEYS.");
    const { reports, notes } = await rotateEthicsKey(db, sealer);
    console.log(`Cifrados de nuevo con la clave actual: ${reports} reporte(s) y ${notes} nota(s). Ya puede quitar la clave anterior de ETHICS_PREVIOUS_KEYS.`);
  } else if (command === "purge") {
    // Loaded only for this command: it reads every feature, and the account commands stay quick to start.
    const [{ describe }, { purgeNow }] = await Promise.all([import("../app/platform/purge.server"), import("../app/composition/retention.server")]);
    const dryRun = values["dry-run"];
    const lines = await purgeNow(db, { dryRun });
    if (!lines) throw new Error("Otra instancia está depurando en este momento: inténtelo en unos minutos.");
    console.log(dryRun ? "Depuración (simulación: no se borró nada):" : "Depuración ejecutada:");
    for (const line of lines) {
      const period = line.rule.period ? `${line.rule.periodText.toLowerCase()}; límite ${line.cutoff?.slice(0, 10)}` : "sin plazo definido";
      console.log(
        `- ${describe(line)} (${period})${line.purged.length ? `: n.º ${line.purged.slice(0, 50).join(", ")}${line.purged.length > 50 ? "…" : ""}` : ""}`,
      );
    }
    const review = lines.filter((l) => l.rule.action === "revisar");
    console.log(`Para revisión legal (no se borran): ${review.map((l) => l.rule.record.split(" (")[0]).join("; ")}.`);
  } else {
    throw new Error(
      `Uso: npm run admin -- create-user|set-roles|reset-password|disable-user|enable-user|list-users|ethics-key|rotate-ethics-key|purge [--dry-run] --email CORREO [--name NOMBRE] [--role ROL[,ROL…]] (roles: ${ROLES.join(", ")})`,
    );
  }
} catch (error) {
  console.error(`Error: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
