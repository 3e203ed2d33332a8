/**
 * Vacancies and applications saved before cities came from DANE's list (ADR 028, addendum) get their
 * municipality's code at the next start when their text names exactly one, on the suite's engine; the
 * rest keep their text as typed.
 */
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fillMissingCityCodes } from "~/features/vacancies/city-codes.server";
import { type Database, openDatabase, openReadDatabase } from "~/platform/db/database.server";
import { freshDatabaseUrl } from "../support/database";

const NOW = "2026-11-20T15:00:00.000Z";

describe("city codes for rows saved before the list", () => {
  let db: Kysely<Database>;
  let readDb: Kysely<Database>;
  beforeAll(async () => {
    process.env.LOG_LEVEL = "silent";
    const url = await freshDatabaseUrl("codigos-ciudad");
    db = await openDatabase(url);
    // The staff's read connection, as the server passes it (a worker thread on SQLite).
    readDb = openReadDatabase(url, db);
  });
  afterAll(async () => {
    if (readDb !== db) await readDb?.destroy();
    await db?.destroy();
  });

  const vacancy = async (slug: string, city: string, department: string) =>
    Number(
      (
        await db
          .insertInto("vacancies")
          .values({
            slug,
            status: "publicada",
            title: "Auxiliar de bodega",
            city,
            department,
            city_code: null,
            sector: "logistica",
            company_name: null,
            salary_min: 1_423_500,
            salary_max: null,
            schedule: "Lunes a sábado",
            contract: "obra_labor",
            workday: "completa",
            places: 2,
            requirements: "Bachiller.",
            duties: "Recibir y despachar mercancía.",
            closes_on: "2026-12-31",
            spe_code: null,
            search_text: slug,
            created_at: NOW,
            updated_at: NOW,
            published_at: NOW,
            closed_at: null,
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id,
    );
  const application = async (vacancyId: number, n: number, ciudad: string) => {
    const { id } = await db
      .insertInto("cases")
      .values({
        channel: "empleos",
        kind: "postulacion",
        radicado: `PV-2026-${String(n).padStart(6, "0")}`,
        code_salt: "sal",
        code_hash: "hash",
        status: "recibida",
        received_at: NOW,
        learned_at: NOW,
        consent_at: NOW,
        policy_version: "1",
        sensitive_consent_at: null,
        contact_email: `p${n}@example.com`,
        updated_at: NOW,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("job_applications")
      .values({
        case_id: Number(id),
        vacancy_id: vacancyId,
        received_at: NOW,
        nombre: "Ana Pérez",
        tipo_documento: "CC",
        documento: String(1_000_000 + n),
        correo: `p${n}@example.com`,
        celular: "3001234567",
        ciudad,
        ciudad_code: null,
        mensaje: null,
        selection_consent_at: NOW,
        resume_key: `hv-${n}`,
        resume_size: 100,
        resume_sha256: "0".repeat(64),
        resume_updated_at: NOW,
        withdrawn_at: null,
      })
      .execute();
    return Number(id);
  };

  it("fills the code where the text names one municipality, in the department given, and leaves the rest as typed", async () => {
    const medellin = await vacancy("medellin", "medellin", "Antioquia");
    const rionegro = await vacancy("rionegro", "Rionegro", "Santander");
    const bogota = await vacancy("bogota", "Bogota", "Bogotá D. C.");
    const wrongDepartment = await vacancy("cali-en-antioquia", "Cali", "Antioquia");
    const unknown = await vacancy("gotham", "Gotham", "Cundinamarca");
    const applicants = [await application(medellin, 1, "bogotá"), await application(medellin, 2, "Rionegro"), await application(medellin, 3, "pereira")];

    expect(await fillMissingCityCodes(db, readDb)).toEqual({ vacancies: 3, applications: 2 });
    const vacancies = await db.selectFrom("vacancies").select(["id", "city", "department", "city_code"]).orderBy("id").execute();
    const byId = new Map(vacancies.map((v) => [Number(v.id), v]));
    expect(byId.get(medellin)).toMatchObject({ city: "Medellín", department: "Antioquia", city_code: "05001" });
    expect(byId.get(rionegro)).toMatchObject({ city: "Rionegro", department: "Santander", city_code: "68615" });
    expect(byId.get(bogota)).toMatchObject({ city: "Bogotá, D.C.", city_code: "11001" });
    // A city of another department, and a name not on the list, stay as typed.
    expect(byId.get(wrongDepartment)).toMatchObject({ city: "Cali", department: "Antioquia", city_code: null });
    expect(byId.get(unknown)).toMatchObject({ city: "Gotham", city_code: null });
    const rows = await db.selectFrom("job_applications").select(["case_id", "ciudad", "ciudad_code"]).orderBy("case_id").execute();
    expect(rows.map((r) => [Number(r.case_id), r.ciudad, r.ciudad_code])).toEqual([
      [applicants[0], "Bogotá, D.C.", "11001"],
      // "Rionegro" is a municipality of Antioquia and of Santander: it needs its department.
      [applicants[1], "Rionegro", null],
      [applicants[2], "Pereira (Risaralda)", "66001"],
    ]);
    // A second start finds nothing more to do.
    expect(await fillMissingCityCodes(db, readDb)).toEqual({ vacancies: 0, applications: 0 });
  });
});
