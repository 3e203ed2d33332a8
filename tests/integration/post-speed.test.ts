/**
 * What the fast form posts (ADR 024) must keep, on the suite's engine, with two production servers on one
 * database: the form limit is shared by both and counted exactly when many posts arrive at once (they are
 * counted together, one upsert per address); every acknowledged post is stored; and the staff search finds
 * every stored message, also one the indexer has not reached yet (on SQLite the text index is filled off
 * the post), and none that was deleted, before or after it was indexed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, signIn } from "../support/accounts";
import { countRows, execute, freshDatabaseUrl, isPostgresUrl, query } from "../support/database";
import { type ServerProcess, startServer } from "../support/server-process";

const LIMIT = 10;
let servers: ServerProcess[] = [];
let dbUrl = "";
let cookie = "";

beforeAll(async () => {
  dbUrl = await freshDatabaseUrl("rapidez");
  const env = { FORM_RATE_LIMIT: String(LIMIT), LOG_LEVEL: "silent" };
  servers = [await startServer(env, dbUrl)];
  servers.push(await startServer(env, dbUrl));
  createAccount(dbUrl, "admin@example.com", "admin");
  cookie = (await signIn(servers[0].url, "admin@example.com")).cookie;
}, 120_000);
afterAll(() => Promise.all(servers.map((s) => s.stop())));

const contact = { nombre: "Prueba Simultánea", celular: "300 123 4567", correo: "simultanea@example.org", mensaje: "Hola.", consentimiento: true };
const post = (server: ServerProcess) =>
  fetch(`${server.url}/php/contacto`, { method: "POST", headers: { "Content-Type": "application/json", Origin: server.url }, body: JSON.stringify(contact) });

/** Messages straight into the database, in one statement, as another process (a copy, an import) would store them. */
async function insert(names: string[]): Promise<number[]> {
  const now = new Date().toISOString();
  const values = names.map(() => "('contacto', ?, '3001234567', 'x@example.org', 'Texto de prueba', ?, '1.0', ?)").join(", ");
  await execute(
    dbUrl,
    `insert into messages (form, nombre, celular, correo, mensaje, consent_at, policy_version, received_at) values ${values}`,
    names.flatMap((n) => [n, now, now]),
  );
  const rows = await query<{ id: number }>(dbUrl, `select id from messages where nombre in (${names.map(() => "?").join(", ")}) order by id`, names);
  return rows.map((r) => Number(r.id));
}

async function search(q: string): Promise<number[]> {
  const res = await fetch(`${servers[1].url}/admin/mensajes?q=${encodeURIComponent(q)}`, { headers: { Cookie: cookie } });
  expect(res.status).toBe(200);
  return [...(await res.text()).matchAll(/href="\/admin\/mensajes\/(\d+)"/g)].map((m) => Number(m[1])).sort((a, b) => a - b);
}

const indexedThrough = async () => Number((await query<{ n: number }>(dbUrl, "select indexed_through as n from messages_fts_state"))[0].n);

describe("the staff search", () => {
  it("finds a message stored a moment ago, before the indexer reached it", async () => {
    const ids = await insert(["Zorzal Arrendajo", "Zorzal Pellar"]);
    // SQLite: nothing indexes rows another process wrote until a search (or a post) asks for it.
    if (!isPostgresUrl(dbUrl)) expect(await indexedThrough()).toBeLessThan(ids[0]);
    expect(await search("zorzal")).toEqual(ids);
    expect(await search("pellar")).toEqual([ids[1]]);
    if (!isPostgresUrl(dbUrl)) expect(await indexedThrough()).toBeGreaterThanOrEqual(ids[1]);
  });

  it("finds none deleted, whether it was deleted before or after it was indexed", async () => {
    const [indexed, kept] = await insert(["Tangara Azul", "Tangara Roja"]);
    expect(await search("tangara")).toEqual([indexed, kept]);
    await execute(dbUrl, "delete from messages where id = ?", [indexed]);
    const [unindexed] = await insert(["Tangara Verde"]);
    await execute(dbUrl, "delete from messages where id = ?", [unindexed]);
    expect(await search("tangara")).toEqual([kept]);
    // A changed text is searched as it now reads (migration 027's update trigger, or the indexer's first read).
    const [renamed] = await insert(["Tangara Dorada"]);
    await execute(dbUrl, "update messages set nombre = 'Cucarachero Dorado' where id = ?", [renamed]);
    expect(await search("tangara")).toEqual([kept]);
    expect(await search("cucarachero")).toEqual([renamed]);
    await execute(dbUrl, "update messages set nombre = 'Mirla Dorada' where id = ?", [renamed]);
    expect(await search("cucarachero")).toEqual([]);
    expect(await search("mirla")).toEqual([renamed]);
  });
});

// Last: its posts start the indexer, which would index the rows above on its own.
describe("the form limit, with two instances", () => {
  it("counts simultaneous posts on both exactly: the limit's number are stored, every other one gets 429", async () => {
    const answers = await Promise.all(Array.from({ length: 2 * LIMIT }, (_, i) => post(servers[i % 2])));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(LIMIT);
    expect(await countRows(dbUrl, "messages", "nombre = 'Prueba Simultánea'")).toBe(LIMIT);
    // The next one, on either instance, is over the limit too.
    expect((await post(servers[1])).status).toBe(429);
    expect((await post(servers[0])).status).toBe(429);
    expect(await countRows(dbUrl, "messages", "nombre = 'Prueba Simultánea'")).toBe(LIMIT);
  });
});
