/**
 * The retention purge (ADR 019) on the suite's engine (SQLite, or PostgreSQL with TEST_DATABASE=postgres),
 * on a real migrated database: a message goes 2 years and 1 day after the last communication with its
 * sender and one a day younger stays; a held person's records stay (a hold set by staff, an open
 * request); a closed request past 10 years is anonymised; a dry run deletes nothing; counts per kind
 * reach the audit log; one run per day across instances.
 */
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeRequest } from "~/features/requests/requests.server";
import { type Database, openDatabase } from "~/platform/db/database.server";
import { setHold } from "~/platform/holds.server";
import { claimDailyJob, finishDailyJob, REMOVE_BATCH } from "~/platform/purge.server";
import { purgeNow } from "~/composition/retention.server";
import { freshDatabaseUrl } from "../support/database";

const NOW = "2026-11-24T15:00:00.000Z";
const DAY = 86_400_000;
const twoYearsBefore = Date.parse("2024-11-24T15:00:00.000Z");
const at = (ms: number) => new Date(ms).toISOString();
const OPTIONS = {
  policyVersion: "1.3",
  recipients: { pqrs: ["pqrs@example.com"], datos: ["datos@example.com"] },
  origin: "https://sitio.example",
  companyName: "Empresa",
};
const admin = { id: 0, email: "datos@example.com" };

let db: Kysely<Database>;
const ids: Record<string, number> = {};

async function message(key: string, correo: string, receivedAt: string, handledAt: string | null = null) {
  const row = await db
    .insertInto("messages")
    .values({
      form: "contacto",
      empresa: null,
      cargo: null,
      nombre: key,
      celular: "3001234567",
      correo,
      mensaje: `Mensaje ${key}`,
      consent_at: receivedAt,
      policy_version: "1.2",
      received_at: receivedAt,
      handled_at: handledAt,
      handled_by: handledAt ? "personal@example.com" : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  ids[key] = row.id as number;
  await db
    .insertInto("outbox")
    .values({
      message_id: ids[key],
      case_id: null,
      recipients: "contacto@example.com",
      subject: null,
      body_text: null,
      body_html: null,
      status: "sent",
      attempts: 1,
      next_attempt_at: receivedAt,
      last_error: null,
      sent_at: receivedAt,
      created_at: receivedAt,
    })
    .execute();
}

const exists = async (key: string) => (await db.selectFrom("messages").select("id").where("id", "=", ids[key]).executeTakeFirst()) !== undefined;

beforeAll(async () => {
  db = await openDatabase(await freshDatabaseUrl("retencion"));
  await message("viejo", "viejo@example.org", at(twoYearsBefore - DAY));
  await message("joven", "joven@example.org", at(twoYearsBefore + DAY));
  // Per person: an old message of someone who wrote again this year stays, and one attended recently too.
  await message("viejo-que-volvio", "volvio@example.org", at(twoYearsBefore - 30 * DAY));
  await message("nuevo-del-que-volvio", "Volvio@Example.org", at(Date.parse(NOW) - 30 * DAY));
  await message("atendido-hace-poco", "atendido@example.org", at(twoYearsBefore - 30 * DAY), at(twoYearsBefore + 10 * DAY));
  // Held: a hold set by staff, and a person with an open request.
  await message("retenido", "retenido@example.org", at(twoYearsBefore - 90 * DAY));
  await setHold(db, admin, "retenido@example.org", "Requerimiento de la Fiscalía: conservar.");
  await message("con-solicitud", "solicitud@example.org", at(twoYearsBefore - 90 * DAY));
  await storeRequest(
    db,
    { tipo: "datos_consulta", descripcion: "¿Qué datos tienen?", nombre: "Sol", tipo_documento: "CC", documento: "123456", correo: "solicitud@example.org" },
    OPTIONS,
    at(Date.parse(NOW) - 3 * DAY),
  );
  // A request closed eleven years ago, and one closed a year ago.
  for (const [key, years] of [
    ["solicitud-antigua", 11],
    ["solicitud-reciente", 1],
  ] as const) {
    const created = await storeRequest(
      db,
      { tipo: "queja", descripcion: `Queja ${key}`, nombre: key, tipo_documento: "CC", documento: `9${years}9999`, correo: `${key}@example.org` },
      OPTIONS,
      at(Date.parse(NOW) - years * 366 * DAY),
    );
    await db.updateTable("cases").set({ status: "cerrado" }).where("id", "=", created.id).execute();
    ids[key] = created.id;
  }
});
afterAll(() => db?.destroy());

describe("the retention purge", () => {
  it("a dry run lists what would go and deletes nothing", async () => {
    const lines = await purgeNow(db, { dryRun: true, now: NOW });
    const messages = lines?.find((l) => l.kind === "mensajes");
    expect(messages?.purged).toEqual([ids.viejo]);
    expect(messages?.held).toBe(2);
    expect(lines?.find((l) => l.kind === "solicitudes_pqrs")?.purged).toEqual([ids["solicitud-antigua"]]);
    expect(await exists("viejo")).toBe(true);
    expect(await db.selectFrom("audit_log").select("id").where("action", "=", "depurar_retencion").execute()).toHaveLength(0);
  });

  it("deletes a message 2 years and 1 day after the last communication, keeps one a day younger, and keeps held records", async () => {
    const lines = await purgeNow(db, { dryRun: false, now: NOW });
    expect(lines).not.toBeNull();
    expect(await exists("viejo")).toBe(false);
    expect(await db.selectFrom("outbox").select("id").where("message_id", "=", ids.viejo).execute()).toHaveLength(0);
    for (const key of ["joven", "viejo-que-volvio", "nuevo-del-que-volvio", "atendido-hace-poco", "retenido", "con-solicitud"])
      expect(await exists(key), key).toBe(true);
  });

  it("anonymises a request closed more than 10 years ago: the radicado stays, the person and the text go", async () => {
    const old = await db.selectFrom("cases").selectAll().where("id", "=", ids["solicitud-antigua"]).executeTakeFirstOrThrow();
    expect(old.radicado).toMatch(/^PQ-/);
    expect(old.contact_email).toBeNull();
    expect(old.code_hash).toBe("0".repeat(64));
    expect(await db.selectFrom("pqrs_requests").select("case_id").where("case_id", "=", ids["solicitud-antigua"]).execute()).toHaveLength(0);
    expect(await db.selectFrom("case_events").select("id").where("case_id", "=", ids["solicitud-antigua"]).execute()).toHaveLength(0);
    expect(await db.selectFrom("pqrs_requests").select("case_id").where("case_id", "=", ids["solicitud-reciente"]).execute()).toHaveLength(1);
  });

  it("writes its counts per kind to the audit log", async () => {
    const entries = (
      await db.selectFrom("audit_log").select(["action", "detail", "user_email"]).where("action", "=", "depurar_retencion").orderBy("id").execute()
    ).map((e) => e.detail ?? "");
    expect(entries).toContain("mensajes: 1 suprimido(s), 2 retenido(s) por una obligación legal");
    expect(entries).toContain("solicitudes_pqrs: 1 anonimizado(s)");
    expect(entries.at(-1)).toContain("Depuración del 2026-11-24: 2 registro(s) suprimido(s) o anonimizado(s)");
    expect(entries.at(-1)).toContain("auditoria:");
  });
});

describe("a first purge of years of records", () => {
  it("removes them in short batches (more than one), all of them, counted in one audit line", async () => {
    const count = REMOVE_BATCH * 2 + 50;
    for (let i = 0; i < count; i++) await message(`lote-${i}`, `lote${i}@example.org`, at(twoYearsBefore - (40 + i) * DAY));
    const lines = await purgeNow(db, { dryRun: false, now: NOW });
    expect(lines?.find((l) => l.kind === "mensajes")?.purged).toHaveLength(count);
    for (const i of [0, REMOVE_BATCH - 1, REMOVE_BATCH, count - 1]) expect(await exists(`lote-${i}`), `lote-${i}`).toBe(false);
    const [left] = await db
      .selectFrom("messages")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("correo", "like", "lote%")
      .execute();
    expect(Number(left.n)).toBe(0);
    const entries = (await db.selectFrom("audit_log").select("detail").where("action", "=", "depurar_retencion").orderBy("id").execute()).map(
      (e) => e.detail ?? "",
    );
    expect(entries).toContain(`mensajes: ${count} suprimido(s), 2 retenido(s) por una obligación legal`);
  });
});

describe("one run per day across instances", () => {
  it("claims today's run once; a live lease is never taken, an expired one is", async () => {
    const job = "prueba-diaria";
    const now = "2026-11-24T08:00:00.000Z";
    expect(await claimDailyJob(db, job, 60_000, { now })).toBe(true);
    // Another instance, a minute later: the lease is live.
    expect(await claimDailyJob(db, job, 60_000, { now: "2026-11-24T08:00:30.000Z" })).toBe(false);
    expect(await claimDailyJob(db, job, 60_000, { now: "2026-11-24T08:00:30.000Z", force: true })).toBe(false);
    // The instance died: after its lease, the run is taken over.
    expect(await claimDailyJob(db, job, 60_000, { now: "2026-11-24T08:05:00.000Z" })).toBe(true);
    await finishDailyJob(db, job, { now: "2026-11-24T08:06:00.000Z", completed: true });
    // Done for today (Colombian day), whoever asks.
    expect(await claimDailyJob(db, job, 60_000, { now: "2026-11-24T20:00:00.000Z" })).toBe(false);
    // 05:00 UTC on the 25th is still the 24th in Colombia.
    expect(await claimDailyJob(db, job, 60_000, { now: "2026-11-25T04:59:00.000Z" })).toBe(false);
    expect(await claimDailyJob(db, job, 60_000, { now: "2026-11-25T05:00:00.000Z" })).toBe(true);
  });

  it("two instances claiming at the same moment: exactly one wins", async () => {
    const job = "prueba-simultanea";
    const now = "2026-11-24T09:00:00.000Z";
    const results = await Promise.all(Array.from({ length: 5 }, () => claimDailyJob(db, job, 60_000, { now })));
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});
