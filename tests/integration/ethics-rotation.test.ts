/** Changing the ethics line's key (docs/deploy.md §6) on the suite's engine: everything re-sealed, readable with the new key alone. */
import { spawnSync } from "node:child_process";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createSealer, newKey } from "~/features/ethics/crypto.server";
import { addReporterInformation, openEthicsCase, rotateEthicsKey, storeEthicsReport } from "~/features/ethics/ethics.server";
import type { User } from "~/features/staff/auth.server";
import { type Database, openDatabase } from "~/platform/db/database.server";
import { freshDatabaseUrl } from "../support/database";

let db: Kysely<Database>;
let url: string;
beforeAll(async () => {
  process.env.LOG_LEVEL = "silent";
  url = await freshDatabaseUrl("rotacion");
  db = await openDatabase(url);
});

/** The command docs/deploy.md §6 gives, run as an operator would. */
function rotateFromTheCommandLine(current: string, previous: string) {
  const root = path.resolve(import.meta.dirname, "../..");
  return spawnSync(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/admin.ts", "rotate-ethics-key"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url, ETHICS_KEY: current, ETHICS_PREVIOUS_KEYS: previous, LOG_LEVEL: "silent" },
    encoding: "utf8",
  });
}
afterAll(() => db?.destroy());

const options = {
  policyVersion: "1.1",
  recipients: { cumplimiento: ["o@example.com"], convivencia: ["c@example.com"], genero: ["g@example.com"] },
  origin: "https://example.com",
  companyName: "Empresa",
};

it("rotate-ethics-key re-seals reports, notes and waiting mails; the old key can then go", async () => {
  const oldKey = newKey();
  const newKeyValue = newKey();
  const before = createSealer(oldKey);
  const created = await storeEthicsReport(
    db,
    before,
    {
      categoria: "soborno",
      descripcion: "Pago a un funcionario",
      cuando: "Ayer",
      donde: "Bogotá",
      involucrados: "",
      evidencia: "",
      identificacion: "identificado",
      nombre: "Ana",
      correo: "ana@example.org",
      celular: "",
    },
    options,
  );
  await addReporterInformation(db, before, created.id, "Tengo el recibo", options);

  const rotated = rotateFromTheCommandLine(newKeyValue, oldKey);
  expect(rotated.status, rotated.stderr).toBe(0);
  expect(rotated.stdout).toContain("1 reporte(s) y 1 nota(s)");
  // Run again, nothing is left to re-seal.
  expect(await rotateEthicsKey(db, createSealer(newKeyValue, [oldKey]))).toEqual({ reports: 0, notes: 0 });

  const after = createSealer(newKeyValue);
  const officer = { id: 1, email: "oficial@example.com", name: "Oficial", roles: ["cumplimiento"] } as User;
  const opened = await openEthicsCase(db, after, officer, created.id, ["soborno", "lavado", "otro"]);
  expect(opened?.content.descripcion).toBe("Pago a un funcionario");
  expect(opened?.events.map((e) => e.note)).toContain("Tengo el recibo");
  // The reporter's mail still waiting in the outbox opens with the new key too.
  const waiting = await db.selectFrom("outbox").select("recipients").where("case_id", "=", created.id).where("recipients", "like", "v1:%").execute();
  expect(waiting).toHaveLength(1);
  expect(after.keyOf(waiting[0].recipients)).toBe(after.keyId);
  // And the old key alone no longer opens anything.
  await expect(openEthicsCase(db, createSealer(oldKey), officer, created.id, ["soborno"])).rejects.toThrow(/ETHICS_PREVIOUS_KEYS/);
});
