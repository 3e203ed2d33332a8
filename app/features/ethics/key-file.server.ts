/**
 * The ethics line on the embedded default (product rule 29): with SQLite and no ETHICS_KEY, the key
 * lives in a file in the data folder, created on the first start with owner-only permissions, so
 * `npm start` runs every channel. With PostgreSQL (several instances, each with its own disk) there is
 * no shared folder: ETHICS_KEY is required there, and without it the channel stays closed.
 */
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { engineOf, sqlitePathFromUrl } from "~/platform/db/database.server";
import type { ServerEnv } from "~/platform/env.server";
import { parseKey } from "~/platform/keys.server";
import { newKey } from "./crypto.server";

export const ETHICS_KEY_FILE = "clave-linea-etica.txt";

/** Where the key file lives for this database, or null where there is none (PostgreSQL, an in-memory database). */
export function ethicsKeyFilePath(env: Pick<ServerEnv, "DATABASE_URL">): string | null {
  if (engineOf(env.DATABASE_URL) !== "sqlite") return null;
  const file = sqlitePathFromUrl(env.DATABASE_URL);
  return file === ":memory:" ? null : path.join(path.dirname(path.resolve(file)), ETHICS_KEY_FILE);
}

/** The key in force: ETHICS_KEY, else the data folder's file (read, never created here). */
export function ethicsKeyOf(env: Pick<ServerEnv, "DATABASE_URL" | "ETHICS_KEY">): string | undefined {
  if (env.ETHICS_KEY) return env.ETHICS_KEY;
  const file = ethicsKeyFilePath(env);
  if (!file || !existsSync(file)) return undefined;
  const key = readFileSync(file, "utf8").trim();
  parseKey(key); // a damaged file stops here with a message that says how to make a key
  return key;
}

/**
 * At start: creates the key file when the embedded default has none, and says what the ethics line
 * runs on. The file is written once (never replaced: losing a key loses the reports it sealed).
 */
export function prepareEthicsKey(env: Pick<ServerEnv, "DATABASE_URL" | "ETHICS_KEY">): string[] {
  if (env.ETHICS_KEY) return [];
  const file = ethicsKeyFilePath(env);
  if (!file) {
    return [
      "ETHICS_KEY no está definida: con PostgreSQL (varias instancias) es obligatoria, así que la línea ética (/linea-etica) no recibe reportes y responde que no está disponible. Genere una clave con `npm run admin -- ethics-key` y defínala en ETHICS_KEY en todas las instancias (ver docs/deploy.md §6).",
    ];
  }
  if (existsSync(file)) {
    ethicsKeyOf(env);
    // A key copied or restored readable by others is closed again: only the site's user reads it.
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
    return [
      `La línea ética cifra con la clave del archivo ${file}. Para más seguridad, muévala al gestor de secretos del servidor y defínala en ETHICS_KEY (docs/deploy.md §6).`,
    ];
  }
  writeFileSync(file, `${newKey()}\n`, { mode: 0o600, flag: "wx" });
  return [
    `ATENCIÓN: se creó una clave nueva para la línea ética en ${file} (solo la puede leer el usuario que ejecuta el sitio). Sin esa clave los reportes de la línea ética no se pueden leer: guarde una copia fuera del servidor, lejos de los respaldos de la base de datos, y, cuando pueda, muévala a ETHICS_KEY en el gestor de secretos (docs/deploy.md §6).`,
  ];
}
