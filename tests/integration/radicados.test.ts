/**
 * A radicado names one case forever (docs/product.md §33): numbering never goes back, even when
 * the newest case of a prefix and year is deleted, and simultaneous reports get distinct consecutive
 * numbers. Runs on the suite's engine (SQLite, or PostgreSQL with TEST_DATABASE=postgres).
 */
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteCases } from "~/features/cases/cases.server";
import { type Database, openDatabase } from "~/platform/db/database.server";
import { type ServerProcess, startServer } from "../support/server-process";
import { INCIDENT_REPORT, today } from "../support/reports";

const year = today.slice(0, 4);
const REPORT = INCIDENT_REPORT;

let server: ServerProcess;
let db: Kysely<Database>;
beforeAll(async () => {
  server = await startServer({ FORM_RATE_LIMIT: "1000" });
  db = await openDatabase(server.databaseUrl, { skipMigrations: true });
});
afterAll(async () => {
  await db?.destroy();
  await server?.stop();
});

async function report(): Promise<{ status: number; radicado?: string }> {
  const res = await fetch(`${server.url}/php/incidente`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.url },
    body: JSON.stringify(REPORT),
  });
  const body = (await res.json()) as { radicado?: string };
  return { status: res.status, radicado: body.radicado };
}

const number = (radicado: string | undefined) => Number(radicado?.slice(-6));
const admin = { id: 1, email: "titulares@example.com" };

async function deleteByRadicado(radicado: string) {
  const row = await db.selectFrom("cases").select("id").where("radicado", "=", radicado).executeTakeFirstOrThrow();
  expect(await deleteCases(db, [row.id as number], { ...admin, name: "Titulares", roles: ["admin"] }, "prueba")).toEqual([radicado]);
}

describe("radicados", () => {
  it("are never issued again after their case is deleted, even the newest one", async () => {
    const first = await report();
    expect(first).toEqual({ status: 201, radicado: `IN-${year}-000001` });
    await deleteByRadicado(first.radicado as string);
    const second = await report();
    expect(second).toEqual({ status: 201, radicado: `IN-${year}-000002` });
    await deleteByRadicado(second.radicado as string);
    const third = await report();
    expect(third.radicado).toBe(`IN-${year}-000003`);
    const [row] = await db.selectFrom("radicado_sequences").selectAll().where("prefix", "=", "IN").execute();
    expect(Number(row.last_number)).toBe(3);
  });

  it("are distinct and consecutive for simultaneous reports", async () => {
    const before = number((await report()).radicado);
    const answers = await Promise.all(Array.from({ length: 10 }, () => report()));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    const numbers = answers.map((a) => number(a.radicado)).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 10 }, (_, i) => before + 1 + i));
    const stored = await db.selectFrom("cases").select("radicado").execute();
    expect(new Set(stored.map((r) => r.radicado)).size).toBe(stored.length);
  });
});
