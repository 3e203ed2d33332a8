/**
 * What a vacancy is (product rule 40, ADR 028): its fields and their choices, the slug, the salary in
 * words, whether it is open, and its JobPosting structured data. No server code: the public pages and
 * the staff form read it alike.
 */
import type { VacanciesTable } from "~/platform/db/schema";
export const CONTRACTS = [
  { value: "obra_labor", label: "Por obra o labor (trabajador en misión)" },
  { value: "fijo", label: "A término fijo" },
  { value: "indefinido", label: "A término indefinido" },
  { value: "aprendizaje", label: "Contrato de aprendizaje" },
] as const;
export const WORKDAYS = [
  { value: "FULL_TIME", label: "Tiempo completo" },
  { value: "PART_TIME", label: "Medio tiempo" },
  { value: "PER_DIEM", label: "Por días" },
] as const;
export const SECTORS = [
  "Agroindustria",
  "Alimentos y bebidas",
  "Comercio",
  "Construcción",
  "Logística y transporte",
  "Manufactura",
  "Salud",
  "Servicios",
  "Tecnología",
  "Call center y atención al cliente",
  "Aseo y mantenimiento",
  "Otro",
] as const;
/** Vacancies per page of /empleos. */
export const PUBLIC_PAGE_SIZE = 20;

export const contractLabel = (value: string) => CONTRACTS.find((c) => c.value === value)?.label ?? value;
export const workdayLabel = (value: string) => WORKDAYS.find((c) => c.value === value)?.label ?? value;

/** "auxiliar-de-bodega-cali-4f2a": readable, unique by its suffix, never changed once published. */
export function slugFor(title: string, city: string, suffix: string): string {
  const base = `${title} ${city}`
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 70)
    .replace(/-$/, "");
  return `${base}-${suffix}`;
}
export const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,90}$/;

const pesos = (n: number) => `$${n.toLocaleString("es-CO").replace(/,/g, ".")}`;
export const salaryText = (min: number, max: number | null) => (max && max > min ? `Entre ${pesos(min)} y ${pesos(max)} al mes` : `${pesos(min)} al mes`);

/** What a vacancy's page and list show: the stored row without its search text and bookkeeping. */
export type PublicVacancy = Pick<
  VacanciesTable,
  | "slug"
  | "status"
  | "title"
  | "city"
  | "city_code"
  | "department"
  | "sector"
  | "company_name"
  | "salary_min"
  | "salary_max"
  | "schedule"
  | "contract"
  | "workday"
  | "places"
  | "requirements"
  | "duties"
  | "closes_on"
  | "spe_code"
  | "published_at"
>;

/** Open: published and its closing day (Colombian) not past. */
export const isOpen = (v: Pick<PublicVacancy, "status" | "closes_on">, today: string) => v.status === "publicada" && v.closes_on >= today;

/**
 * Google's JobPosting (title, description, datePosted, hiringOrganization, jobLocation required;
 * validThrough, employmentType, baseSalary, directApply recommended). The hiring organisation is this
 * company, the employer of a worker on assignment.
 */
export function jobPosting(v: PublicVacancy, site: { origin: string; companyName: string; logo: string }) {
  const html = (text: string) =>
    text
      .split(/\n+/)
      .map((line) => line.trim())
      .filter(Boolean)
      .map((line) => `<p>${line.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")}</p>`)
      .join("");
  return {
    "@context": "https://schema.org/",
    "@type": "JobPosting",
    title: v.title,
    description: `<p>Sector: ${v.sector}. Horario: ${v.schedule}. Contrato: ${contractLabel(v.contract)}. Vacantes: ${v.places}.</p><h3>Funciones</h3>${html(v.duties)}<h3>Requisitos</h3>${html(v.requirements)}<p>Este proceso es gratuito: la empresa nunca cobra por postularse, por exámenes ni por la contratación.</p>`,
    identifier: { "@type": "PropertyValue", name: "Servicio Público de Empleo", value: v.spe_code ?? "" },
    datePosted: (v.published_at ?? "").slice(0, 10),
    // The end of the closing day in Colombia (UTC−5, no daylight saving).
    validThrough: `${v.closes_on}T23:59:59-05:00`,
    employmentType: v.contract === "obra_labor" || v.contract === "fijo" ? [v.workday, "TEMPORARY"] : [v.workday],
    hiringOrganization: { "@type": "Organization", name: site.companyName, sameAs: site.origin, logo: site.logo },
    jobLocation: { "@type": "Place", address: { "@type": "PostalAddress", addressLocality: v.city, addressRegion: v.department, addressCountry: "CO" } },
    baseSalary: {
      "@type": "MonetaryAmount",
      currency: "COP",
      value:
        v.salary_max && v.salary_max > v.salary_min
          ? { "@type": "QuantitativeValue", minValue: v.salary_min, maxValue: v.salary_max, unitText: "MONTH" }
          : { "@type": "QuantitativeValue", value: v.salary_min, unitText: "MONTH" },
    },
    directApply: true,
    url: `${site.origin}/empleos/${v.slug}`,
  };
}
