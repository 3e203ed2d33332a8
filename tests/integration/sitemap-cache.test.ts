/**
 * The sitemap's open vacancies are kept per instance (product rule 40): a crawler's visits cost no query,
 * yet what this instance publishes, edits or closes shows at once, what another instance changed within
 * 5 minutes, and a vacancy past its closing day leaves at Colombia's midnight. On the suite's engine, with
 * an injected clock.
 */
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeVacancy, publishVacancy, sitemapVacancyPaths } from "~/features/vacancies/vacancies.server";
import type { StaffUser } from "~/platform/audit.server";
import { type Database, openDatabase } from "~/platform/db/database.server";
import { freshDatabaseUrl } from "../support/database";

const SELECTION: StaffUser = { id: 1, email: "seleccion@example.com", name: "Selección", roles: ["seleccion"] };
const T = "2026-11-26T15:00:00.000Z";
const at = (minutes: number) => new Date(Date.parse(T) + minutes * 60_000).toISOString();

describe("the sitemap's open vacancies", () => {
  let db: Kysely<Database>;
  const ids: Record<string, number> = {};
  const paths = async (now: string) => (await sitemapVacancyPaths(db, now)).map((p) => p.path).sort();
  const vacancy = (slug: string, status: "borrador" | "publicada", closes_on: string) => ({
    slug,
    status,
    title: "Auxiliar de bodega",
    city: "Cali",
    department: "Valle del Cauca",
    sector: "Logística",
    company_name: null,
    salary_min: 1_600_000,
    salary_max: null,
    schedule: "Lunes a sábado",
    contract: "obra",
    workday: "FULL_TIME",
    places: 2,
    requirements: "Experiencia en inventarios",
    duties: "Recibir y despachar mercancía",
    closes_on,
    spe_code: `SPE-${slug}`,
    search_text: "auxiliar de bodega cali logistica",
    created_at: T,
    updated_at: T,
    published_at: status === "publicada" ? T : null,
    closed_at: null,
  });
  beforeAll(async () => {
    process.env.LOG_LEVEL = "silent";
    db = await openDatabase(await freshDatabaseUrl("sitemap-cache"));
    // "a" is open; "borrador" waits to be published here; "hoy" closes today.
    const rows = await db
      .insertInto("vacancies")
      .values([vacancy("a", "publicada", "2026-12-31"), vacancy("borrador", "borrador", "2026-12-31"), vacancy("hoy", "publicada", "2026-11-26")])
      .returning(["id", "slug"])
      .execute();
    for (const r of rows) ids[r.slug] = Number(r.id);
  });
  afterAll(() => db?.destroy());

  it("are read once and kept: another instance's vacancy shows within 5 minutes", async () => {
    expect(await paths(T)).toEqual(["/empleos/a", "/empleos/hoy"]);
    // Published by another instance, straight in the database: not read again within the 5 minutes.
    await db
      .insertInto("vacancies")
      .values(vacancy("b", "publicada", "2026-12-31"))
      .execute();
    expect(await paths(at(4))).toEqual(["/empleos/a", "/empleos/hoy"]);
    expect(await paths(at(5.1))).toEqual(["/empleos/a", "/empleos/b", "/empleos/hoy"]);
  });

  it("drop at once what this instance publishes or closes", async () => {
    expect((await publishVacancy(db, SELECTION, ids.borrador as number, at(6))).ok).toBe(true);
    expect(await paths(at(6))).toEqual(["/empleos/a", "/empleos/b", "/empleos/borrador", "/empleos/hoy"]);
    expect(await closeVacancy(db, SELECTION, ids.a as number, at(7))).toBe(true);
    expect(await paths(at(7))).toEqual(["/empleos/b", "/empleos/borrador", "/empleos/hoy"]);
  });

  it("lose a vacancy past its closing day at Colombia's midnight, within the 5 minutes", async () => {
    // 23:58 in Colombia: "hoy" closes today and is still open.
    expect(await paths("2026-11-27T04:58:00.000Z")).toContain("/empleos/hoy");
    expect(await paths("2026-11-27T05:01:00.000Z")).toEqual(["/empleos/b", "/empleos/borrador"]);
  });
});
