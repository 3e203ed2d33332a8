/**
 * Vitest global setup: with TEST_DATABASE=postgres and no TEST_POSTGRES_URL given, starts one PostgreSQL
 * server for the run (each suite creates its own database on it) and stops it at the end.
 */
import { POSTGRES_MISSING, findPostgresBin, type PostgresServer, startPostgres } from "./postgres.ts";

let server: PostgresServer | undefined;

export async function setup() {
  if (process.env.TEST_DATABASE !== "postgres" || process.env.TEST_POSTGRES_URL) return;
  if (!findPostgresBin()) throw new Error(POSTGRES_MISSING);
  server = await startPostgres({ fast: true });
  process.env.TEST_POSTGRES_URL = server.adminUrl;
}

export async function teardown() {
  await server?.destroy();
}
