/**
 * The ethics line keeps when a report arrived to the Colombian day only (its clocks count in days): a
 * new report, the rows stored before (migration 022), and the owners' list, which still pages through
 * every report of one day in order. Also: the 404 page says how it may be cached. Runs on the suite's engine.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Kysely, sql } from "kysely";
import { listEthicsCases, receivedDay } from "~/features/ethics/ethics.server";
import { bogotaDay, bogotaDayStart } from "~/platform/dates";
import { type Database, engineOfDatabase, openDatabase } from "~/platform/db/database.server";
import { m022EthicsReceivedDay } from "~/platform/db/migrations/022_ethics_received_day";
import type { PageRequest } from "~/platform/paging";
import { freshDatabaseUrl, query } from "../support/database";
import { rawRequest } from "../support/raw-http";
import { type ServerProcess, startServer } from "../support/server-process";

const DAY_START = /^\d{4}-\d{2}-\d{2}T05:00:00\.000Z$/;
const today = () => bogotaDayStart(bogotaDay(new Date().toISOString()));

describe("a new ethics report", () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServer({
      ETHICS_KEY: Buffer.alloc(32, 7).toString("base64"),
      MAIL_TO: "etica@example.com",
      MAIL_TO_CONVIVENCIA: "comite@example.com",
      MAIL_TO_CUMPLIMIENTO: "oficial@example.com",
    });
  }, 120_000);
  afterAll(() => server?.stop());

  it("is stored with the start of its Colombian day, in every column written when it arrived", async () => {
    const post = (body: Record<string, unknown>) =>
      fetch(`${server.url}/php/linea-etica`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: server.url },
        body: JSON.stringify(body),
      });
    const report = {
      descripcion: "El supervisor me insulta y me amenaza cada noche.",
      cuando: "Desde octubre",
      donde: "Planta de Yumbo",
      involucrados: "El supervisor de turno",
    };
    const anonymous = await post({ ...report, categoria: "acoso_laboral", identificacion: "anonimo" });
    expect(anonymous.status, await anonymous.clone().text()).toBe(201);
    const identified = await post({
      ...report,
      categoria: "soborno",
      identificacion: "identificado",
      nombre: "Patricia Salas",
      correo: "patricia@example.org",
      consentimiento: true,
    });
    expect(identified.status).toBe(201);

    const cases = await query<Record<string, string>>(
      server.databaseUrl,
      "select id, received_at, learned_at, consent_at, updated_at from cases where channel = 'etica' order by id",
    );
    expect(cases).toHaveLength(2);
    for (const c of cases) {
      for (const column of ["received_at", "learned_at", "consent_at", "updated_at"]) expect(c[column], column).toBe(today());
    }
    const events = await query<{ at: string }>(
      server.databaseUrl,
      "select at from case_events where case_id in (select id from cases where channel = 'etica')",
    );
    expect(events.map((e) => e.at)).toEqual([today(), today()]);
    const consent = await query<{ consent_at: string | null }>(server.databaseUrl, "select consent_at from ethics_reports order by case_id");
    expect(consent.map((r) => r.consent_at)).toEqual([null, today()]);
    const mails = await query<{ created_at: string; next_attempt_at: string }>(
      server.databaseUrl,
      "select created_at, next_attempt_at from outbox where case_id is not null",
    );
    expect(mails.length).toBeGreaterThanOrEqual(3);
    for (const m of mails) expect([m.created_at, m.next_attempt_at]).toEqual([today(), today()]);
  });

  it("the 404 page says how it may be cached", async () => {
    for (const target of ["/no-existe", "/nosotros/no-existe", "/assets/no-existe-123.js"]) {
      const res = await rawRequest(server.url, "GET", target);
      expect(res.status, target).toBe(404);
      expect(res.headers["cache-control"], target).toBe("no-cache");
    }
    // The staff area's is never stored.
    expect((await rawRequest(server.url, "GET", "/admin/no-existe")).headers["cache-control"]).toBe("no-store");
  });
});

describe("the ethics list and the rows stored before", () => {
  let db: Kysely<Database>;
  beforeAll(async () => {
    db = await openDatabase(await freshDatabaseUrl("etica_dia"));
  });
  afterAll(() => db?.destroy());

  let sequence = 0;
  async function insertReport(receivedAt: string, kind = "acoso_laboral"): Promise<number> {
    sequence += 1;
    const [row] = await db
      .insertInto("cases")
      .values({
        channel: "etica",
        kind,
        radicado: `LE-2026-${String(900_000 + sequence)}`,
        code_salt: "00",
        code_hash: "00",
        status: "recibido",
        received_at: receivedAt,
        learned_at: receivedAt,
        consent_at: receivedAt,
        policy_version: "1.0",
        sensitive_consent_at: null,
        contact_email: null,
        updated_at: receivedAt,
      })
      .returning("id")
      .execute();
    const id = Number(row.id);
    await db.insertInto("ethics_reports").values({ case_id: id, identified: 1, consent_at: receivedAt, payload: "v1:sellado" }).execute();
    await db
      .insertInto("case_events")
      .values({ case_id: id, at: receivedAt, type: "estado", status: "recibido", note: null, visible: 1, author: "sistema" })
      .execute();
    return id;
  }

  it("migration 022 keeps each old report's Colombian day and drops its time", async () => {
    // 23:30 in Bogotá on 14 March is 04:30 UTC on the 15th: the report's day is the 14th.
    const late = await insertReport("2026-03-15T04:30:12.345Z");
    const noon = await insertReport("2026-03-15T17:01:02.003Z");
    const touched = await insertReport("2026-03-16T15:00:00.999Z");
    await db.updateTable("cases").set({ updated_at: "2026-03-20T10:11:12.131Z" }).where("id", "=", touched).execute();
    await db
      .insertInto("case_events")
      .values({ case_id: touched, at: "2026-03-20T10:11:12.131Z", type: "estado", status: "en_revision", note: null, visible: 1, author: "genero@example.com" })
      .execute();
    const other = await db
      .insertInto("cases")
      .values({
        channel: "incidentes",
        kind: "incidente",
        radicado: "IN-2026-999999",
        code_salt: "00",
        code_hash: "00",
        status: "recibido",
        received_at: "2026-03-15T17:01:02.003Z",
        learned_at: "2026-03-15T17:01:02.003Z",
        consent_at: "2026-03-15T17:01:02.003Z",
        policy_version: "1.0",
        sensitive_consent_at: null,
        contact_email: null,
        updated_at: "2026-03-15T17:01:02.003Z",
      })
      .returning("id")
      .executeTakeFirstOrThrow();

    await m022EthicsReceivedDay(engineOfDatabase(db)).up(db);

    const read = async (id: number) =>
      db.selectFrom("cases").select(["received_at", "learned_at", "consent_at", "updated_at"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(await read(late)).toEqual({
      received_at: "2026-03-14T05:00:00.000Z",
      learned_at: "2026-03-14T05:00:00.000Z",
      consent_at: "2026-03-14T05:00:00.000Z",
      updated_at: "2026-03-14T05:00:00.000Z",
    });
    expect((await read(noon)).received_at).toBe("2026-03-15T05:00:00.000Z");
    // A staff change afterwards is the staff's, and stays.
    expect(await read(touched)).toEqual({
      received_at: "2026-03-16T05:00:00.000Z",
      learned_at: "2026-03-16T05:00:00.000Z",
      consent_at: "2026-03-16T05:00:00.000Z",
      updated_at: "2026-03-20T10:11:12.131Z",
    });
    const events = await db.selectFrom("case_events").select(["at"]).where("case_id", "=", touched).orderBy("id").execute();
    expect(events.map((e) => e.at)).toEqual(["2026-03-16T05:00:00.000Z", "2026-03-20T10:11:12.131Z"]);
    const consent = await db.selectFrom("ethics_reports").select("consent_at").where("case_id", "=", late).executeTakeFirstOrThrow();
    expect(consent.consent_at).toBe("2026-03-14T05:00:00.000Z");
    // Another channel keeps its instant.
    expect((await read(Number(other.id))).received_at).toBe("2026-03-15T17:01:02.003Z");
    await sql`delete from case_events`.execute(db);
    await sql`delete from ethics_reports`.execute(db);
    await sql`delete from cases`.execute(db);
  });

  it("pages through 120 reports of one day, each once, in arrival order, both ways", async () => {
    const day = receivedDay();
    expect(day).toMatch(DAY_START);
    const ids: number[] = [];
    for (let i = 0; i < 120; i++) ids.push(await insertReport(day));
    const newestFirst = [...ids].reverse();

    const seen: number[] = [];
    let request: PageRequest = { kind: "first" };
    for (let pages = 0; pages < 10; pages++) {
      const page = await listEthicsCases(db, ["acoso_laboral"], {}, request);
      seen.push(...page.rows.map((r) => Number(r.id)));
      if (!page.older) break;
      request = { kind: "older", cursor: page.older };
    }
    expect(seen).toEqual(newestFirst);

    // From the oldest page back up (the page next to the first is the first, full: they may overlap).
    const back = new Set<number>();
    request = { kind: "last" };
    for (let pages = 0; pages < 10; pages++) {
      const page = await listEthicsCases(db, ["acoso_laboral"], {}, request);
      const rows = page.rows.map((r) => Number(r.id));
      expect(rows).toEqual(newestFirst.slice(newestFirst.indexOf(rows[0]), newestFirst.indexOf(rows[0]) + rows.length));
      for (const id of rows) back.add(id);
      if (!page.newer) break;
      request = { kind: "newer", cursor: page.newer };
    }
    expect([...back].sort((a, b) => b - a)).toEqual(newestFirst);
  });
});
