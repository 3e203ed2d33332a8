/**
 * The staff area's reads off the request thread, on SQLite (ADR 018). better-sqlite3 is
 * synchronous: a list, search or export that takes 100 ms holds the event loop for 100 ms, and every
 * public post and health check waits behind it. So the staff pages read through a Kysely instance whose
 * driver hands the compiled SQL to a worker thread with its own read-only connection (query_only, a
 * larger page cache) and gets the rows back; the query logic, its typing and its SQL stay where they are.
 *
 * - One worker, started on the first read; it runs one statement at a time, in arrival order.
 * - Streams (exports): each opens a connection of its own in the worker and reads it with `iterate()`,
 *   a chunk of rows per request from the main thread, so a slow download holds no memory and other
 *   staff reads run between the chunks.
 * - A statement that has not answered in `timeoutMs` fails its request; the worker is replaced (the old
 *   one ends when SQLite returns) and the next read starts a new one.
 * - The worker is plain JavaScript kept here as text, so it is part of the server bundle in production
 *   and works the same in development and tests; it needs only better-sqlite3.
 * PostgreSQL needs none of this: its queries are already asynchronous (the pool's connections).
 */
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from "kysely";
import { log } from "~/platform/log.server";

const WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require("node:worker_threads");
const SQLite = require(workerData.driver);

function open(cacheKib) {
  const db = new SQLite(workerData.file, { fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  db.pragma("query_only = 1");
  db.pragma("cache_size = -" + cacheKib);
  return db;
}

const main = open(workerData.cacheKib);
const statements = new Map();
function prepare(sql) {
  let statement = statements.get(sql);
  if (statement) statements.delete(sql);
  else {
    statement = main.prepare(sql);
    // Rows as arrays, the column names apart: copying them to the main thread costs a fifth of objects.
    if (statement.reader) statement.raw(true);
    if (statements.size >= 256) statements.delete(statements.keys().next().value);
  }
  statements.set(sql, statement);
  return statement;
}
const columnsOf = (statement) => statement.columns().map((c) => c.name);

const streams = new Map();
function closeStream(id) {
  const stream = streams.get(id);
  if (!stream) return;
  streams.delete(id);
  try { stream.iterator.return(); } catch {}
  try { stream.db.close(); } catch {}
}
function pull(id) {
  const stream = streams.get(id);
  if (!stream) return parentPort.postMessage({ id, rows: [], done: true });
  const rows = [];
  let done = false;
  while (rows.length < stream.size) {
    const next = stream.iterator.next();
    if (next.done) { done = true; break; }
    rows.push(next.value);
  }
  if (done) closeStream(id);
  parentPort.postMessage({ id, columns: stream.columns, rows, done });
}

parentPort.on("message", (m) => {
  try {
    if (m.type === "query") {
      const statement = prepare(m.sql);
      if (statement.reader) parentPort.postMessage({ id: m.id, columns: columnsOf(statement), rows: statement.all(m.params) });
      else {
        const result = statement.run(m.params);
        parentPort.postMessage({ id: m.id, rows: [], changes: result.changes });
      }
    } else if (m.type === "stream") {
      const db = open(2048);
      const statement = db.prepare(m.sql).raw(true);
      streams.set(m.id, { db, columns: columnsOf(statement), iterator: statement.iterate(m.params), size: m.size });
      pull(m.id);
    } else if (m.type === "next") {
      pull(m.id);
    } else if (m.type === "close") {
      closeStream(m.id);
    }
  } catch (error) {
    if (m.type !== "query") closeStream(m.id);
    parentPort.postMessage({ id: m.id, error: { message: String(error && error.message || error), code: error && error.code } });
  }
});
`;

interface Reply {
  id: number;
  /** The result's column names; `rows` are arrays in this order. */
  columns?: string[];
  rows?: unknown[][];
  done?: boolean;
  changes?: number;
  error?: { message: string; code?: string };
}

interface Pending {
  resolve(reply: Reply): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

export interface ReadWorkerOptions {
  /** Page cache of the worker's connection, in KiB. */
  cacheKib?: number;
  /** A read that has not answered by then fails, and the worker is replaced. */
  timeoutMs?: number;
}

class ReadWorker {
  #worker: Worker | undefined;
  #pending = new Map<number, Pending>();
  #nextId = 1;
  #closed = false;
  readonly #driver = createRequire(import.meta.url).resolve("better-sqlite3");

  constructor(
    readonly file: string,
    readonly options: Required<ReadWorkerOptions>,
  ) {}

  #start(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file: this.file, driver: this.#driver, cacheKib: this.options.cacheKib } });
    worker.unref();
    worker.on("message", (reply: Reply) => {
      const pending = this.#pending.get(reply.id);
      if (!pending) return;
      this.#pending.delete(reply.id);
      clearTimeout(pending.timer);
      if (reply.error) {
        const error = new Error(reply.error.message) as Error & { code?: string };
        error.code = reply.error.code;
        pending.reject(error);
      } else pending.resolve(reply);
    });
    const fail = (error: Error) => {
      if (this.#worker === worker) this.#worker = undefined;
      this.#rejectAll(error);
    };
    worker.on("error", (error) => {
      log("error", "read-worker-error", { error: error.message });
      fail(error);
    });
    worker.on("exit", (code) => {
      if (!this.#closed && this.#worker === worker) fail(new Error(`el lector de la base de datos terminó (código ${code})`));
    });
    this.#worker = worker;
    return worker;
  }

  #rejectAll(error: Error) {
    const pending = [...this.#pending.values()];
    this.#pending.clear();
    for (const p of pending) {
      clearTimeout(p.timer);
      p.reject(error);
    }
  }

  /** Sends one message and waits for its answer (or the time limit). */
  request(message: Record<string, unknown> & { id?: number }): Promise<Reply> {
    if (this.#closed) return Promise.reject(new Error("la base de datos está cerrada"));
    const worker = this.#start();
    const id = message.id ?? this.#nextId++;
    return new Promise<Reply>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(id);
        log("warn", "read-worker-timeout", { timeoutMs: this.options.timeoutMs });
        // The statement cannot be interrupted from here: this worker ends when SQLite returns, and the
        // next read gets a new one; whoever else was waiting on it is told now.
        if (this.#worker === worker) this.#worker = undefined;
        void worker.terminate();
        this.#rejectAll(new Error("la lectura tardó demasiado"));
        reject(new Error(`la lectura tardó más de ${this.options.timeoutMs} ms`));
      }, this.options.timeoutMs);
      this.#pending.set(id, { resolve, reject, timer });
      worker.postMessage({ ...message, id });
    });
  }

  async query(sql: string, params: readonly unknown[]): Promise<Reply> {
    return this.request({ type: "query", sql, params });
  }

  async *stream(sql: string, params: readonly unknown[], size: number): AsyncGenerator<Record<string, unknown>[]> {
    const id = this.#nextId++;
    let reply = await this.request({ type: "stream", id, sql, params, size });
    let done = false;
    try {
      for (;;) {
        done = Boolean(reply.done);
        if (reply.rows?.length) yield asObjects(reply);
        if (done) return;
        reply = await this.request({ type: "next", id });
      }
    } finally {
      if (!done && this.#worker) this.#worker.postMessage({ type: "close", id });
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#rejectAll(new Error("la base de datos está cerrada"));
    await this.#worker?.terminate();
    this.#worker = undefined;
  }
}

/** The worker's rows (arrays) as the objects Kysely returns, keyed by column name (a later name wins, as in better-sqlite3). */
function asObjects(reply: Reply): Record<string, unknown>[] {
  const columns = reply.columns ?? [];
  const rows = reply.rows ?? [];
  const out = new Array<Record<string, unknown>>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    const object: Record<string, unknown> = {};
    for (let j = 0; j < columns.length; j++) object[columns[j]] = row[j];
    out[i] = object;
  }
  return out;
}

class WorkerConnection implements DatabaseConnection {
  constructor(readonly worker: ReadWorker) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const reply = await this.worker.query(compiled.sql, compiled.parameters);
    return reply.changes === undefined ? { rows: asObjects(reply) as R[] } : { rows: [], numAffectedRows: BigInt(reply.changes) };
  }

  async *streamQuery<R>(compiled: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    for await (const rows of this.worker.stream(compiled.sql, compiled.parameters, chunkSize ?? 1000)) yield { rows: rows as R[] };
  }
}

class WorkerDriver implements Driver {
  readonly #connection: WorkerConnection;
  constructor(readonly worker: ReadWorker) {
    this.#connection = new WorkerConnection(worker);
  }
  async init() {}
  async acquireConnection() {
    return this.#connection;
  }
  async beginTransaction(): Promise<void> {
    throw new Error("las lecturas del personal no abren transacciones");
  }
  async commitTransaction() {}
  async rollbackTransaction() {}
  async releaseConnection() {}
  async destroy() {
    await this.worker.close();
  }
}

const readers = new WeakSet<object>();

/** Is this a database opened by openReadWorker (its streams read a cursor in the worker)? */
export const isReadWorker = (db: object) => readers.has(db);

/** A read-only Kysely over `file`, its statements run by a worker thread (see above). */
export function openReadWorker<DB>(file: string, options: ReadWorkerOptions = {}): Kysely<DB> {
  const worker = new ReadWorker(file, { cacheKib: options.cacheKib ?? 32_768, timeoutMs: options.timeoutMs ?? 30_000 });
  const db = new Kysely<DB>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new WorkerDriver(worker),
      createIntrospector: (k) => new SqliteIntrospector(k),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  });
  readers.add(db);
  return db;
}
