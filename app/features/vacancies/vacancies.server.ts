/**
 * Vacancies (product rule 40, ADR 028): the staff's drafts, edits, publishing and closing, each audited;
 * the public list and page; the sitemap's open vacancies; the fraud check's "es nuestra".
 */
import { randomBytes } from "node:crypto";
import { type Kysely, sql } from "kysely";
import { audit, type StaffUser as User } from "~/platform/audit.server";
import { bogotaDay } from "~/platform/dates";
import type { Database } from "~/platform/db/database.server";
import { checkWording, foldText, type WordingFinding } from "./wording";
import { PUBLIC_PAGE_SIZE, type PublicVacancy, slugFor } from "./vacancy";

/** What staff type for a vacancy: its public fields less what the site sets (address, status, publication). */
export type VacancyInput = Omit<PublicVacancy, "slug" | "status" | "published_at">;

const searchTextOf = (v: VacancyInput) => foldText([v.title, v.city, v.department, v.sector, v.requirements, v.duties].join(" "));
/** What the wording check reads: everything a candidate reads of the offer. */
export const wordingOf = (v: VacancyInput) => checkWording([v.title, v.schedule, v.requirements, v.duties]);

export type PublishRefusal = { ok: false; message: string; findings?: WordingFinding[] };

export const VACANCY_TEXTS = {
  speRequired:
    "Para publicar escriba el código de registro de la vacante en el Servicio Público de Empleo: todo empleador registra sus vacantes ante un prestador autorizado (Ley 1636 de 2013, art. 31).",
  closesPast: "La fecha de cierre ya pasó: elija una fecha de hoy en adelante.",
  wording: "La vacante pide requisitos que la ley prohíbe en una oferta de empleo: reescríbalos y vuelva a intentarlo.",
  notFound: "La vacante no existe.",
  closed: "La vacante está cerrada: no se puede publicar de nuevo. Cree una nueva.",
} as const;

export async function createVacancy(db: Kysely<Database>, user: User, input: VacancyInput, now = new Date().toISOString()): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("vacancies")
      .values({
        ...input,
        slug: slugFor(input.title, input.city, randomBytes(3).toString("hex")),
        status: "borrador",
        search_text: searchTextOf(input),
        created_at: now,
        updated_at: now,
        published_at: null,
        closed_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    await audit(trx, user, "crear_vacante", { detail: `vacante ${id}: ${input.title.slice(0, 100)}` });
    return id;
  });
}

/**
 * An edit; a published vacancy stays published only if its new text passes the check (the edit is
 * refused otherwise, the published text unchanged). The slug never changes: links already shared keep working.
 */
export async function updateVacancy(
  db: Kysely<Database>,
  user: User,
  id: number,
  input: VacancyInput,
  now = new Date().toISOString(),
): Promise<{ ok: true } | PublishRefusal> {
  const current = await db.selectFrom("vacancies").select(["status"]).where("id", "=", id).executeTakeFirst();
  if (!current) return { ok: false, message: VACANCY_TEXTS.notFound };
  if (current.status === "publicada") {
    const refused = publishable(input, now);
    if (refused) return refused;
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("vacancies")
      .set({ ...input, search_text: searchTextOf(input), updated_at: now })
      .where("id", "=", id)
      .execute();
    await audit(trx, user, "editar_vacante", { detail: `vacante ${id}: ${input.title.slice(0, 100)}` });
  });
  forgetSitemap(db);
  return { ok: true };
}

function publishable(v: VacancyInput, now: string): PublishRefusal | null {
  const findings = wordingOf(v);
  if (findings.length) return { ok: false, message: VACANCY_TEXTS.wording, findings };
  if (!v.spe_code?.trim()) return { ok: false, message: VACANCY_TEXTS.speRequired };
  if (v.closes_on < bogotaDay(now)) return { ok: false, message: VACANCY_TEXTS.closesPast };
  return null;
}

export async function publishVacancy(db: Kysely<Database>, user: User, id: number, now = new Date().toISOString()): Promise<{ ok: true } | PublishRefusal> {
  const v = await db.selectFrom("vacancies").selectAll().where("id", "=", id).executeTakeFirst();
  if (!v) return { ok: false, message: VACANCY_TEXTS.notFound };
  if (v.status === "cerrada") return { ok: false, message: VACANCY_TEXTS.closed };
  const refused = publishable(v, now);
  if (refused) {
    await audit(db, user, "publicacion_rechazada", {
      detail: `vacante ${id}: ${refused.findings?.map((f) => f.rule).join(", ") || refused.message.slice(0, 80)}`,
    });
    return refused;
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("vacancies")
      .set({ status: "publicada", published_at: v.published_at ?? now, updated_at: now })
      .where("id", "=", id)
      .execute();
    await audit(trx, user, "publicar_vacante", { detail: `vacante ${id} (SPE ${v.spe_code})` });
  });
  forgetSitemap(db);
  return { ok: true };
}

export async function closeVacancy(db: Kysely<Database>, user: User, id: number, now = new Date().toISOString()): Promise<boolean> {
  const closed = await db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable("vacancies")
      .set({ status: "cerrada", closed_at: now, updated_at: now })
      .where("id", "=", id)
      .where("status", "!=", "cerrada")
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) return false;
    await audit(trx, user, "cerrar_vacante", { detail: `vacante ${id}` });
    return true;
  });
  if (closed) forgetSitemap(db);
  return closed;
}

export const getVacancy = (db: Kysely<Database>, id: number) => db.selectFrom("vacancies").selectAll().where("id", "=", id).executeTakeFirst();

/** The staff list: every vacancy, newest first, with its applications counted. */
export async function listVacancies(db: Kysely<Database>) {
  return db
    .selectFrom("vacancies")
    .select(["id", "slug", "status", "title", "city", "closes_on", "published_at", "spe_code"])
    .select((eb) =>
      eb
        .selectFrom("job_applications")
        .select(eb.fn.countAll<number>().as("n"))
        .whereRef("job_applications.vacancy_id", "=", "vacancies.id")
        .as("applications"),
    )
    .orderBy("id", "desc")
    .limit(500)
    .execute();
}

// ——— Public ———

const PUBLIC_COLUMNS = [
  "slug",
  "status",
  "title",
  "city",
  "city_code",
  "department",
  "sector",
  "company_name",
  "salary_min",
  "salary_max",
  "schedule",
  "contract",
  "workday",
  "places",
  "requirements",
  "duties",
  "closes_on",
  "spe_code",
  "published_at",
] as const;

/**
 * The open vacancies, newest first, by city (its DANE code), sector and words (each word must appear in the vacancy's
 * folded text); a page of 20. The table holds the company's own vacancies (hundreds, not millions), read
 * through the (status, closes_on, published_at) index; ADR 028 says why a text index is not needed here.
 */
export async function listOpenVacancies(
  db: Kysely<Database>,
  filter: { city?: string; sector?: string; q?: string; page: number },
  now = new Date().toISOString(),
) {
  const today = bogotaDay(now);
  let query = db.selectFrom("vacancies").where("status", "=", "publicada").where("closes_on", ">=", today);
  if (filter.city) query = query.where("city_code", "=", filter.city);
  if (filter.sector) query = query.where("sector", "=", filter.sector);
  const words = foldText(filter.q ?? "")
    .split(/[^a-z0-9ñ]+/)
    .filter((w) => w.length > 1)
    .slice(0, 6);
  for (const w of words) query = query.where("search_text", "like", `%${w.replace(/[%_\\]/g, "")}%`);
  const [rows, total, cities] = await Promise.all([
    query
      .select([...PUBLIC_COLUMNS])
      .orderBy("published_at", "desc")
      .orderBy("id", "desc")
      .limit(PUBLIC_PAGE_SIZE)
      .offset((filter.page - 1) * PUBLIC_PAGE_SIZE)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    db
      .selectFrom("vacancies")
      .select(["city_code", "city", "department"])
      .distinct()
      .where("status", "=", "publicada")
      .where("closes_on", ">=", today)
      .where("city_code", "is not", null)
      .orderBy("city")
      .orderBy("department")
      .execute(),
  ]);
  return {
    rows: rows as PublicVacancy[],
    total: Number(total.n),
    cities: cities.map((c) => ({ code: c.city_code as string, label: c.city_code === "11001" ? c.city : `${c.city} (${c.department})` })),
  };
}

export async function vacancyBySlug(db: Kysely<Database>, slug: string) {
  const row = await db
    .selectFrom("vacancies")
    .select(["id", ...PUBLIC_COLUMNS])
    .where("slug", "=", slug)
    .executeTakeFirst();
  return row as (PublicVacancy & { id: number }) | undefined;
}

/**
 * The sitemap's open vacancies, kept per instance so a crawler's visits cost no query: dropped when this
 * instance publishes, edits or closes a vacancy, at Colombia's midnight (a vacancy past its closing day
 * leaves), and after 5 minutes at most, the delay for what another instance on the same database changed.
 */
const SITEMAP_TTL_MS = 5 * 60_000;
const sitemapCache = new WeakMap<Kysely<Database>, { day: string; until: number; value: Promise<{ path: string; lastmod: string }[]> }>();
const forgetSitemap = (db: Kysely<Database>) => sitemapCache.delete(db);

export function sitemapVacancyPaths(db: Kysely<Database>, now = new Date().toISOString()): Promise<{ path: string; lastmod: string }[]> {
  const day = bogotaDay(now);
  const nowMs = Date.parse(now);
  const kept = sitemapCache.get(db);
  if (kept && kept.day === day && kept.until > nowMs) return kept.value;
  const entry = { day, until: nowMs + SITEMAP_TTL_MS, value: openVacancyPaths(db, now) };
  sitemapCache.set(db, entry);
  // A failed read is not kept.
  entry.value.catch(() => {
    if (sitemapCache.get(db) === entry) sitemapCache.delete(db);
  });
  return entry.value;
}

/** The sitemap: open vacancies only. */
export async function openVacancyPaths(db: Kysely<Database>, now = new Date().toISOString()): Promise<{ path: string; lastmod: string }[]> {
  const rows = await db
    .selectFrom("vacancies")
    .select(["slug", "updated_at"])
    .where("status", "=", "publicada")
    .where("closes_on", ">=", bogotaDay(now))
    .execute();
  return rows.map((r) => ({ path: `/empleos/${r.slug}`, lastmod: r.updated_at.slice(0, 10) }));
}

/**
 * The fraud check (product rule 41): a vacancy's address on this site, or its Servicio Público de Empleo
 * code. A published or closed vacancy is ours (a closed one was ours too); a draft is nobody's yet, and an
 * address under /empleos/ that names no vacancy is not ours, though the domain is. Undefined: the value is
 * neither a vacancy address of this site nor a known code (the channel check answers it).
 */
export async function checkVacancy(
  db: Kysely<Database>,
  value: string,
  origin: string,
  now = new Date().toISOString(),
): Promise<{ official: true; title: string; slug: string; open: boolean } | { official: false; address: string } | undefined> {
  const text = value.trim();
  if (!text || text.length > 300) return undefined;
  let slug: string | undefined;
  let address = "";
  try {
    const url = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
    const host = (h: string) => h.toLowerCase().replace(/^www\./, "");
    if (host(url.hostname) === host(new URL(origin).hostname) && /^\/empleos\/[^/]+\/?$/i.test(url.pathname)) {
      slug = url.pathname.split("/")[2].toLowerCase();
      address = `${host(url.hostname)}${url.pathname}`;
    }
  } catch {
    // Not an address: maybe a code.
  }
  const row = await db
    .selectFrom("vacancies")
    .select(["title", "slug", "status", "closes_on"])
    .where("status", "!=", "borrador")
    .where((eb) => (slug ? eb("slug", "=", slug) : eb(sql<string>`upper(spe_code)`, "=", text.toUpperCase().replace(/\s+/g, ""))))
    .executeTakeFirst();
  if (row) return { official: true, title: row.title, slug: row.slug, open: row.status === "publicada" && row.closes_on >= bogotaDay(now) };
  return slug ? { official: false, address } : undefined;
}
