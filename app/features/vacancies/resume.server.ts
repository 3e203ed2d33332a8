/**
 * Résumés (product rule 41, ADR 028): checked by their content, stored where every instance reads them,
 * never under a name taken from the upload nor at a guessable URL.
 *
 * - The check: at most 2 MB, not empty, a PDF by its first bytes (`%PDF-`), whatever its name says; and
 *   refused if it carries JavaScript, an action run on opening, a launch action or embedded files — in
 *   its plain text or inside its compressed streams (inflated up to a bound), with names written in
 *   `#xx` escapes decoded first.
 * - The storage: with SQLite a file in the data folder (beside the database, outside any public path),
 *   `hojas-de-vida/<32 hex>.pdf`, written and synced before the application's row commits; with
 *   PostgreSQL a row of `resume_files`, in the application's own transaction.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { open, readFile, rename, unlink } from "node:fs/promises";
import path from "node:path";
import { inflateSync } from "node:zlib";
import type { Kysely, Transaction } from "kysely";
import { type Database, engineOf, sqlitePathFromUrl } from "~/platform/db/database.server";

export const RESUME_MAX_BYTES = 2 * 1024 * 1024;
const INFLATE_BUDGET = 20 * 1024 * 1024;

export const RESUME_REFUSALS = {
  missing: "Adjunte su hoja de vida en PDF.",
  empty: "El archivo está vacío: adjunte su hoja de vida en PDF.",
  tooLarge: "La hoja de vida pesa más de 2 MB: guárdela de nuevo en PDF con menos imágenes, o escanéela en menor resolución.",
  notPdf: "El archivo no es un PDF (aunque su nombre termine en .pdf): guarde su hoja de vida como PDF desde su editor de texto y adjúntela de nuevo.",
  active:
    "El PDF trae contenido activo (JavaScript, acciones al abrirse o archivos incrustados), que no recibimos por seguridad: guárdelo de nuevo como PDF simple (por ejemplo, «Imprimir» → «Guardar como PDF») y adjúntelo.",
} as const;

const ACTIVE = /\/(?:JavaScript|JS|OpenAction|Launch|EmbeddedFile(?:s|))(?![A-Za-z0-9])/;
const decodeNames = (text: string) => text.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

const WINDOW = 64 * 1024;
/** Longer than any active name written in `#xx` escapes: a name cut by one window is whole in the next. */
const OVERLAP = 256;

/** Whether bytes name an active feature, read as text a window at a time (no string of the whole file). */
function namesActive(bytes: Buffer): boolean {
  for (let at = 0; at < bytes.length; at += WINDOW) {
    if (ACTIVE.test(decodeNames(bytes.toString("latin1", Math.max(0, at - OVERLAP), Math.min(bytes.length, at + WINDOW))))) return true;
  }
  return false;
}

/** Whether the PDF's text, or any of its compressed streams, names an active feature. */
function hasActiveContent(pdf: Buffer): boolean {
  if (namesActive(pdf)) return true;
  let budget = INFLATE_BUDGET;
  for (let at = pdf.indexOf("stream"); at >= 0; at = pdf.indexOf("stream", at + 1)) {
    // "stream" then a line break (CR LF or LF) opens a stream's bytes; "endstream" closes them (and is
    // no opening: read as one, it would hide the next stream's bytes).
    if (at >= 3 && pdf.toString("latin1", at - 3, at) === "end") continue;
    let start = at + "stream".length;
    if (pdf[start] === 0x0d) start++;
    if (pdf[start] !== 0x0a) continue;
    start++;
    const end = pdf.indexOf("endstream", start);
    if (end < 0) break;
    try {
      const out = inflateSync(pdf.subarray(start, end), { maxOutputLength: Math.max(1, budget) });
      budget -= out.length;
      if (namesActive(out)) return true;
    } catch {
      // Not a Flate stream (an image, a font in another filter), or over the budget: nothing to read.
    }
    if (budget <= 0) return true;
    at = end + "endstream".length - 1;
  }
  return false;
}

export type ResumeCheck = { ok: true } | { ok: false; message: string };

export function checkResume(file: Buffer | null): ResumeCheck {
  if (!file) return { ok: false, message: RESUME_REFUSALS.missing };
  if (file.length === 0) return { ok: false, message: RESUME_REFUSALS.empty };
  if (file.length > RESUME_MAX_BYTES) return { ok: false, message: RESUME_REFUSALS.tooLarge };
  if (file.subarray(0, 5).toString("latin1") !== "%PDF-") return { ok: false, message: RESUME_REFUSALS.notPdf };
  if (hasActiveContent(file)) return { ok: false, message: RESUME_REFUSALS.active };
  return { ok: true };
}

export const resumeDigest = (file: Buffer) => createHash("sha256").update(file).digest("hex");
export const newResumeKey = () => randomBytes(16).toString("hex");
const KEY = /^[0-9a-f]{32}$/;

/** The folder of the résumé files on SQLite: beside the database file. */
export function resumeFolder(databaseUrl: string): string {
  return path.join(path.dirname(path.resolve(sqlitePathFromUrl(databaseUrl))), "hojas-de-vida");
}

/**
 * Where a résumé goes. SQLite: `prepare` writes and syncs the file before the transaction (a crash
 * before the commit leaves an orphan file, never a row without its file), `discard` removes it if the
 * transaction fails; PostgreSQL: `inTransaction` stores the bytes with the row.
 */
export interface ResumeStore {
  prepare(key: string, file: Buffer): Promise<void>;
  inTransaction(trx: Transaction<Database>, key: string, file: Buffer, now: string): Promise<void>;
  discard(key: string): Promise<void>;
  read(db: Kysely<Database>, key: string): Promise<Buffer | undefined>;
  /** Removal: the rows in the deleting transaction (PostgreSQL), the files once it committed (SQLite). */
  dropRows(trx: Kysely<Database>, keys: string[]): Promise<void>;
  dropFiles(keys: string[]): Promise<void>;
}

/** The store for the database at `databaseUrl` (its engine decides; a transaction cannot tell its own). */
export function resumeStore(databaseUrl: string): ResumeStore {
  if (engineOf(databaseUrl) === "postgres") {
    return {
      prepare: async () => undefined,
      inTransaction: async (trx, key, file, now) => {
        await trx.insertInto("resume_files").values({ key, content: file, created_at: now }).execute();
      },
      discard: async () => undefined,
      read: async (db, key) => (await db.selectFrom("resume_files").select("content").where("key", "=", key).executeTakeFirst())?.content,
      dropRows: async (trx, keys) => {
        if (keys.length) await trx.deleteFrom("resume_files").where("key", "in", keys).execute();
      },
      dropFiles: async () => undefined,
    };
  }
  const folder = resumeFolder(databaseUrl);
  const fileOf = (key: string) => {
    if (!KEY.test(key)) throw new Error("clave de hoja de vida inválida");
    return path.join(folder, `${key}.pdf`);
  };
  return {
    async prepare(key, file) {
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      const target = fileOf(key);
      const temporary = `${target}.tmp`;
      const handle = await open(temporary, "wx", 0o600);
      try {
        await handle.writeFile(file);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporary, target);
      const dir = await open(folder, "r");
      try {
        await dir.sync();
      } finally {
        await dir.close();
      }
    },
    inTransaction: async () => undefined,
    discard: async (key) => {
      await unlink(fileOf(key)).catch(() => undefined);
    },
    read: async (_db, key) => readFile(fileOf(key)).catch(() => undefined),
    dropRows: async () => undefined,
    dropFiles: async (keys) => {
      for (const key of keys) await unlink(fileOf(key)).catch(() => undefined);
    },
  };
}
