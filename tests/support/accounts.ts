/** Creates staff accounts through the real command-line tool. */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { toDatabaseUrl } from "./database.ts";

export const TEST_PASSWORD = "clave-de-prueba-segura";

/** `database`: a SQLite file path or a database URL. `role`: one role or several separated by commas ("sst,admin"). */
export function createAccount(database: string, email: string, role: string, password = TEST_PASSWORD): void {
  const root = path.resolve(import.meta.dirname, "../..");
  const result = spawnSync(
    process.execPath,
    [
      path.join(root, "node_modules/tsx/dist/cli.mjs"),
      "scripts/admin.ts",
      "create-user",
      "--email",
      email,
      "--name",
      email.split("@")[0],
      "--role",
      role,
      "--password-stdin",
    ],
    { cwd: root, input: `${password}\n`, env: { ...process.env, DATABASE_URL: toDatabaseUrl(database), LOG_LEVEL: "silent" }, encoding: "utf8" },
  );
  if (result.status !== 0) throw new Error(`no se pudo crear ${email}: ${result.stderr}${result.stdout}`);
}

/** Several accounts at once (`[email, role]` pairs), in one process: what `createAccount` does for each. */
export function createAccounts(database: string, accounts: readonly (readonly [email: string, role: string])[], password = TEST_PASSWORD): void {
  const root = path.resolve(import.meta.dirname, "../..");
  const result = spawnSync(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "tests/support/create-accounts.ts"], {
    cwd: root,
    input: JSON.stringify({ password, accounts: accounts.map(([email, role]) => ({ email, role })) }),
    env: { ...process.env, DATABASE_URL: toDatabaseUrl(database), LOG_LEVEL: "silent" },
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`no se pudieron crear las cuentas: ${result.stderr}${result.stdout}`);
}

/** Signs in over HTTP as the sign-in page's form does; `cookie` is the session's "name=value" for later requests. */
export async function signIn(baseUrl: string, email: string, password = TEST_PASSWORD) {
  const response = await fetch(`${baseUrl}/admin/ingresar`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseUrl },
    body: new URLSearchParams({ correo: email, clave: password }),
  });
  const setCookie = response.headers.get("set-cookie") ?? "";
  return { response, setCookie, cookie: setCookie.split(";")[0] };
}
