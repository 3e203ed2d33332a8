/** Storing messages (group commit on SQLite) on the suite's engine. */
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "~/platform/db/database.server";
import { type NewMessage, storeMessage } from "~/features/messages/store.server";
import { freshDatabaseUrl } from "../support/database";

let db: Kysely<Database>;
beforeAll(async () => {
  process.env.LOG_LEVEL = "silent";
  db = await openDatabase(await freshDatabaseUrl("guardar"));
});
afterAll(() => db?.destroy());

const now = new Date().toISOString();
const message = (nombre: string, form: string = "contacto"): NewMessage => ({
  form: form as NewMessage["form"],
  empresa: null,
  cargo: null,
  nombre,
  celular: "3001234567",
  correo: "a@example.org",
  mensaje: "Hola",
  consent_at: now,
  policy_version: "1.0",
  received_at: now,
  handled_at: null,
  handled_by: null,
});
const outbox = {
  recipients: "equipo@example.com",
  status: "pending" as const,
  attempts: 0,
  next_attempt_at: now,
  last_error: null,
  sent_at: null,
  created_at: now,
};

describe("storeMessage", () => {
  it("stores concurrent messages, each with its own id and outbox row", async () => {
    const ids = await Promise.all(Array.from({ length: 300 }, (_, i) => storeMessage(db, message(`Persona ${i}`), outbox)));
    expect(new Set(ids).size).toBe(300);
    const rows = await db.selectFrom("messages").innerJoin("outbox", "outbox.message_id", "messages.id").select(["messages.id", "messages.nombre"]).execute();
    expect(rows).toHaveLength(300);
    for (const [i, id] of ids.entries()) expect(rows.find((r) => r.id === id)?.nombre).toBe(`Persona ${i}`);
  });

  it("a message the database refuses fails alone; the others of the same moment are stored", async () => {
    const before = (await db.selectFrom("messages").select("id").execute()).length;
    const results = await Promise.allSettled([
      storeMessage(db, message("Buena 1"), outbox),
      storeMessage(db, message("Mala", "otro"), outbox),
      storeMessage(db, message("Buena 2"), outbox),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((await db.selectFrom("messages").select("id").execute()).length).toBe(before + 2);
  });
});
