/**
 * A multipart post read as it arrives (ADR 028, addendum 2026-11-27): its fields kept (small, bounded),
 * its one file written to a temporary file under a generated name in the data folder, never held whole in
 * memory, and cut at the file's own limit while it streams (what follows is read and discarded, so the page
 * can still answer with its message and the values typed). The action gets the fields as a plain form and
 * the file through the router's context (`uploadContext`); the temporary file is removed when the request
 * ends, whatever happened (refusal, error, client gone), and leftovers of a crashed process at start.
 */
import { createHash, randomBytes } from "node:crypto";
import { createWriteStream, mkdirSync, readdirSync, statSync, unlinkSync } from "node:fs";
import { unlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { Busboy } from "@fastify/busboy";
import { createContext } from "react-router";
import { engineOf, sqlitePathFromUrl } from "~/platform/db/database.server";

export interface UploadedFile {
  /** The temporary file (removed when the request ends); empty when the file was cut. */
  path: string;
  size: number;
  /** Longer than the limit: cut while streaming, its bytes not kept. */
  tooLarge: boolean;
}

export interface Upload {
  fields: [string, string][];
  /** The one file of `fileField`; null when the post had none (or an empty input with no name). */
  file: UploadedFile | null;
  /** The body was not a multipart form the parser could read. */
  unreadable: boolean;
}

/** What the action reads of a multipart post the server streamed; null for any other request. */
export const uploadContext = createContext<Upload | null>(null);

const FIELD_BYTES = 16 * 1024;
const MAX_FIELDS = 30;
/** Older than this, a temporary file belongs to no request still running (a crashed process's). */
const STALE_MS = 60 * 60 * 1000;

/**
 * The temporary files' folder: beside the SQLite database (the data folder); on PostgreSQL, which has no
 * data folder here, one in the system's temporary folder per database (so that sites sharing a machine
 * never sweep each other's uploads).
 */
export function uploadFolder(databaseUrl: string): string {
  if (engineOf(databaseUrl) !== "postgres") return path.join(path.dirname(path.resolve(sqlitePathFromUrl(databaseUrl))), "subidas");
  return path.join(tmpdir(), `sitio-subidas-${createHash("sha256").update(databaseUrl).digest("hex").slice(0, 16)}`);
}

const swept = new Set<string>();
function prepareFolder(folder: string) {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  if (swept.has(folder)) return;
  swept.add(folder);
  const now = Date.now();
  for (const name of readdirSync(folder)) {
    const file = path.join(folder, name);
    try {
      if (/^[0-9a-f]{32}\.subida$/.test(name) && now - statSync(file).mtimeMs > STALE_MS) unlinkSync(file);
    } catch {
      // Removed meanwhile.
    }
  }
}

/**
 * Reads `body` (the request's bytes, already counted against the body limit by the server) as
 * multipart/form-data. Resolves with the fields and the file once the body has ended; rejects when the
 * client goes away or the body stops (the temporary file is then removed). `done()` removes the file.
 */
export function receiveUpload(
  body: Readable,
  headers: Record<string, string | string[] | undefined>,
  options: { folder: string; fileField: string; maxFileBytes: number },
): Promise<Upload & { done: () => Promise<void> }> {
  const temporary = path.join(options.folder, `${randomBytes(16).toString("hex")}.subida`);
  let written = false;
  const done = async () => {
    if (written) await unlink(temporary).catch(() => undefined);
  };
  return new Promise((resolve, reject) => {
    let parser: ReturnType<typeof Busboy>;
    try {
      parser = Busboy({
        headers: headers as { "content-type": string },
        limits: { fileSize: options.maxFileBytes, files: 1, fields: MAX_FIELDS, parts: MAX_FIELDS + 1, fieldSize: FIELD_BYTES },
      });
    } catch {
      // No boundary, or not multipart at all: the action says it could not read the form.
      body.resume();
      body.once("end", () => resolve({ fields: [], file: null, unreadable: true, done }));
      body.once("error", reject);
      body.once("close", () => {
        if (!body.readableEnded) reject(new Error("upload aborted"));
      });
      return;
    }
    const fields: [string, string][] = [];
    let file: UploadedFile | null = null;
    let writing: Promise<void> = Promise.resolve();
    let settled = false;
    let unreadable = false;
    /** The file's part as it arrives, and its temporary file: both stopped when the body is gone. */
    let open: { part: Readable; out: ReturnType<typeof createWriteStream> } | null = null;
    /** Once the body is over (or gone) and the file closed: the answer, or the file removed and the error. */
    const settle = (error?: unknown) => {
      if (settled) return;
      settled = true;
      const closed = writing.catch(() => undefined);
      if (error) closed.then(done).finally(() => reject(error));
      else if (unreadable) closed.then(done).finally(() => resolve({ fields: [], file: null, unreadable: true, done }));
      else closed.finally(() => resolve({ fields, file, unreadable: false, done }));
    };
    parser.on("field", (name, value) => fields.push([name, value]));
    parser.on("file", (name, stream, filename) => {
      if (name !== options.fileField || file) return stream.resume();
      prepareFolder(options.folder);
      const entry: UploadedFile = { path: temporary, size: 0, tooLarge: false };
      file = entry;
      stream.on("data", (chunk: Buffer) => (entry.size += chunk.length));
      stream.on("limit", () => {
        entry.tooLarge = true;
      });
      written = true;
      open = { part: stream, out: createWriteStream(temporary, { flags: "wx", mode: 0o600 }) };
      writing = pipeline(open.part, open.out).then(async () => {
        // An empty input with no name is no file at all ("missing", not "empty").
        if (entry.size === 0 && !filename) file = null;
        // Cut at the limit: the part kept is of no use, and its disk space is given back now.
        if (entry.tooLarge) await unlink(temporary).catch(() => undefined);
      });
      writing.catch(settle);
    });
    // A malformed body (a part without its boundary, a cut header): read to its end and discarded, then
    // the action says it could not read the form, as it says of any unreadable post.
    parser.on("error", () => {
      unreadable = true;
      body.unpipe(parser);
      body.resume();
    });
    parser.on("finish", () => writing.then(() => settle(), settle));
    body.on("end", () => {
      if (unreadable) settle();
    });
    body.on("error", settle);
    // The client gone before the end of its body (or the server's 413 past the body limit).
    body.on("close", () => {
      if (!body.readableEnded) {
        body.unpipe(parser);
        const gone = new Error("upload aborted");
        open?.part.destroy(gone);
        open?.out.destroy(gone);
        settle(gone);
      }
    });
    body.pipe(parser);
  });
}
