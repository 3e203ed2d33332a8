/**
 * The engine the integration suite runs on (TEST_DATABASE=sqlite|postgres) and small helpers to read a
 * database from outside the server, on either engine. The PostgreSQL server is started once per run
 * (tests/support/postgres-global-setup.ts) and each suite gets its own empty database on it.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { createDatabase } from "./postgres.ts";

export const TEST_ENGINE: "sqlite" | "postgres" = process.env.TEST_DATABASE === "postgres" ? "postgres" : "sqlite";

let counter = 0;

/** A URL for an empty database on the suite's engine. */
export async function freshDatabaseUrl(label = "sitio"): Promise<string> {
  if (TEST_ENGINE === "postgres") {
    const admin = process.env.TEST_POSTGRES_URL;
    if (!admin) throw new Error("TEST_DATABASE=postgres sin TEST_POSTGRES_URL: ejecute las pruebas con vitest (su configuración arranca PostgreSQL).");
    counter += 1;
    const name = `${label}_${process.pid}_${counter}_${Math.random().toString(36).slice(2, 8)}`.replace(/[^a-z0-9_]/gi, "_").toLowerCase();
    return createDatabase(admin, name);
  }
  return `file:${path.join(mkdtempSync(path.join(tmpdir(), `${label}-`)), "sitio.db")}`;
}

/** `file:PATH`, a plain path, or a postgres:// URL. */
export function toDatabaseUrl(database: string): string {
  return /^(file:|postgres(ql)?:\/\/)/.test(database) ? database : `file:${database}`;
}

export const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//.test(url);

/** Runs one read-only query on either engine (`?` placeholders); returns the rows. */
export async function query<T = Record<string, unknown>>(url: string, text: string, params: unknown[] = []): Promise<T[]> {
  if (isPostgresUrl(url)) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      let i = 0;
      const result = await client.query(
        text.replace(/\?/g, () => `$${++i}`),
        params,
      );
      return result.rows as T[];
    } finally {
      await client.end();
    }
  }
  const db = new SQLite(url.replace(/^file:/, ""), { readonly: true });
  try {
    return db.prepare(text).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** Runs one statement that writes (`?` placeholders), on either engine: for tests that move a row in time. */
export async function execute(url: string, text: string, params: unknown[] = []): Promise<void> {
  if (isPostgresUrl(url)) {
    await query(url, text, params);
    return;
  }
  const db = new SQLite(url.replace(/^file:/, ""));
  try {
    db.pragma("busy_timeout = 5000");
    db.prepare(text).run(...params);
  } finally {
    db.close();
  }
}

export async function countRows(url: string, table = "messages", where = ""): Promise<number> {
  const [row] = await query<{ n: number | string }>(url, `select count(*) as n from ${table}${where ? ` where ${where}` : ""}`);
  return Number(row.n);
}
