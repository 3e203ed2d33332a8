/**
 * Vacancies and applications saved before cities came from DANE's list (migration 031) have a city as it
 * was typed and no code, so /empleos's city filter and the staff's filter by city miss them. At each start
 * (in the background) the ones whose text names exactly one municipality get its code and its name as the
 * list writes it; the rest keep their text as typed, shown as before, and are tried again at the next start.
 * Idempotent and safe with several instances: every update reads "where the code is still null".
 */
import type { Kysely } from "kysely";
import type { Database } from "~/platform/db/database.server";
import { MUNICIPALITIES } from "./municipalities";
import { findMunicipality, municipalityLabel } from "./municipality";

/**
 * `readDb` (the staff's read connection: off the request thread on SQLite) finds the distinct texts without
 * a code, a scan of both tables at every start; `db` writes only the rows a text matches.
 */
export async function fillMissingCityCodes(db: Kysely<Database>, readDb: Kysely<Database>): Promise<{ vacancies: number; applications: number }> {
  let vacancies = 0;
  const places = await readDb.selectFrom("vacancies").select(["city", "department"]).distinct().where("city_code", "is", null).execute();
  for (const place of places) {
    // "Rionegro" with "Antioquia" is the list's "Rionegro (Antioquia)"; a department with one municipality
    // (Bogotá D. C.) names it whatever the city says; a name only one municipality has must be in the
    // department the vacancy gave, or the row is left as typed.
    const alone = MUNICIPALITIES.filter((m) => m.department === place.department);
    const byName = findMunicipality(place.city);
    const found =
      findMunicipality(`${place.city} (${place.department})`) ?? (alone.length === 1 ? alone[0] : byName?.department === place.department ? byName : null);
    if (!found) continue;
    const result = await db
      .updateTable("vacancies")
      .set({ city_code: found.code, city: found.name, department: found.department })
      .where("city_code", "is", null)
      .where("city", "=", place.city)
      .where("department", "=", place.department)
      .executeTakeFirst();
    vacancies += Number(result.numUpdatedRows);
  }
  let applications = 0;
  const typed = await readDb.selectFrom("job_applications").select("ciudad").distinct().where("ciudad_code", "is", null).execute();
  for (const { ciudad } of typed) {
    const found = findMunicipality(ciudad);
    if (!found) continue;
    const result = await db
      .updateTable("job_applications")
      .set({ ciudad_code: found.code, ciudad: municipalityLabel(found) })
      .where("ciudad_code", "is", null)
      .where("ciudad", "=", ciudad)
      .executeTakeFirst();
    applications += Number(result.numUpdatedRows);
  }
  return { vacancies, applications };
}
