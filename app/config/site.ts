/**
 * The company's identity and links: the one typed, validated site configuration (docs/product.md §17).
 * Defaults are fictional. A deployment overrides them with a JSON file named by SITE_CONFIG
 * and with CONTACT_PHONE; a bad value stops the start with a message naming the field.
 * Shared by server and browser: nothing secret belongs here.
 */
import { z } from "zod";
import { DEFAULT_CALENDAR, WEEKDAYS } from "./calendar";

const httpsUrl = z.url({ protocol: /^https?$/, error: "debe ser una URL http(s) completa" });
const phone = z.string().regex(/^\+?[0-9 ()-]{7,20}$/, "debe ser un número de teléfono (dígitos, espacios, + o guiones)");
const email = z.email({ error: "debe ser una dirección de correo válida" });
const videoId = z.string().regex(/^[A-Za-z0-9_-]{6,20}$/, "debe ser un identificador de video válido");

const clockTime = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, "debe ser una hora hh:mm de 24 horas, como 18:00");
const officeHours = z
  .object({ opens: clockTime, closes: clockTime })
  .refine((h) => h.opens < h.closes, { error: "la hora de cierre debe ser posterior a la de apertura", path: ["closes"] });

/** Product rule 36: the days every legal clock counts and the office hours (app/config/calendar.ts). */
const calendar = z.object({
  workingDays: z
    .array(z.enum(WEEKDAYS, { error: `debe ser uno de: ${WEEKDAYS.join(", ")}` }))
    .min(1, "debe tener al menos un día")
    .refine((days) => new Set(days).size === days.length, "no debe repetir días"),
  officeHours: officeHours.and(z.object({ byDay: z.partialRecord(z.enum(WEEKDAYS), officeHours).optional() })),
});

const socialNetwork = z.object({
  name: z.string().min(2),
  url: httpsUrl,
  icon: z.enum(["facebook", "instagram", "linkedin", "x", "youtube", "tiktok"]),
});

const video = z.object({ id: videoId, title: z.string().min(3) });

export const siteConfigSchema = z.object({
  company: z.object({
    name: z.string().min(2),
    legalName: z.string().min(2),
    nit: z.string().regex(/^[0-9.]{5,15}-[0-9]$/, "debe tener la forma 900.123.456-7"),
    description: z.string().min(20),
    tagline: z.string().min(5),
    address: z.string().min(5),
    city: z.string().min(2),
  }),
  contact: z.object({
    phone,
    whatsapp: phone,
    email,
    privacyEmail: email,
  }),
  links: z.object({
    employeePortal: httpsUrl,
    userCompanyPortal: httpsUrl,
    /** BUSCA TRABAJO: the site's own vacancies (`/empleos`, the default, product rule 40) or an external board. */
    jobBoard: z.union([z.literal("/empleos"), httpsUrl]),
    contributionsCertificate: httpsUrl,
  }),
  /** Three networks on Home, four on the presentation screen (docs/product.md §17). */
  social: z.object({
    home: z.array(socialNetwork).length(3),
    presentation: z.array(socialNetwork).length(4),
  }),
  videos: z.object({
    sagrilaft: video,
    ptee: video,
    unClick: z.array(video).length(3),
  }),
  /** Public origin for canonical URLs, sitemap and documents. */
  origin: httpsUrl,
  /** The company's working days and office hours: every legal clock counts with them (product rule 36). */
  calendar,
  /** Field speed (ADR 023): the share of page views that send their measurements, 0 to 1. */
  fieldSpeed: z.object({ sampleRate: z.number().min(0, "debe estar entre 0 y 1").max(1, "debe estar entre 0 y 1") }),
  /**
   * Official channels besides the contact data and the sites above, for the job-offer fraud check
   * (/ofertas-falsas): other phones, every address at an e-mail domain, other web domains.
   */
  official: z
    .object({
      phones: z.array(phone).default([]),
      emailDomains: z.array(z.string().regex(/^@?[a-z0-9.-]+\.[a-z]{2,}$/i, "debe ser un dominio de correo, como empresa.com.co")).default([]),
      domains: z.array(z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, "debe ser un dominio, como empresa.com.co")).default([]),
    })
    .optional(),
  /**
   * Accident notices: the law owes the notice to the Ministerio del Trabajo's Dirección Territorial
   * for serious and fatal accidents only (Decreto 1072 de 2015 art. 2.2.4.1.7); `ministryForAll: true`
   * is the company's stricter practice of giving it for every accident (the reports page says so).
   */
  accidentNotice: z.object({ ministryForAll: z.boolean({ error: "debe ser true o false" }) }),
  /** Employment certificates (product rule 38): who signs them, and whether they name the user company of a mission. */
  certificates: z.object({
    signerName: z.string().min(3),
    signerPosition: z.string().min(3),
    showUserCompany: z.boolean({ error: "debe ser true o false" }),
  }),
});

export type SiteConfig = z.infer<typeof siteConfigSchema>;

export const defaultSiteConfig: SiteConfig = {
  company: {
    name: "Puente Laboral",
    legalName: "Puente Laboral Servicios Temporales S.A.S.",
    nit: "900.000.000-0",
    description:
      "Somos una empresa de servicios temporales que selecciona y contrata el personal idóneo para cada necesidad. Somos el puente entre los colombianos que buscan un trabajo digno y las empresas que necesitan trabajadores calificados.",
    tagline: "El puente entre el talento y el trabajo digno",
    address: "Calle 00 # 00-00, oficina 000",
    city: "Bogotá D.C.",
  },
  contact: {
    phone: "+57 601 000 0000",
    whatsapp: "+57 300 000 0000",
    email: "contacto@example.com",
    privacyEmail: "datospersonales@example.com",
  },
  links: {
    employeePortal: "https://portal-empleados.example.com/",
    userCompanyPortal: "https://portal-empresas.example.com/",
    jobBoard: "/empleos",
    contributionsCertificate: "https://certificados.example.com/aportes",
  },
  social: {
    home: [
      { name: "Facebook", url: "https://www.facebook.com/example", icon: "facebook" },
      { name: "Instagram", url: "https://www.instagram.com/example", icon: "instagram" },
      { name: "LinkedIn", url: "https://www.linkedin.com/company/example", icon: "linkedin" },
    ],
    presentation: [
      { name: "Facebook", url: "https://www.facebook.com/example", icon: "facebook" },
      { name: "Instagram", url: "https://www.instagram.com/example", icon: "instagram" },
      { name: "LinkedIn", url: "https://www.linkedin.com/company/example", icon: "linkedin" },
      { name: "YouTube", url: "https://www.youtube.com/@example", icon: "youtube" },
    ],
  },
  videos: {
    sagrilaft: { id: "M7lc1UVf-VE", title: "SAGRILAFT: autocontrol y gestión del riesgo de lavado de activos" },
    ptee: { id: "aqz-KE-bpKQ", title: "PTEE: programa de transparencia y ética empresarial" },
    unClick: [
      { id: "ScMzIvxBSi4", title: "Cómo consultar su desprendible de nómina" },
      { id: "jNQXAC9IVRw", title: "Cómo descargar su certificado laboral" },
      { id: "LXb3EKWsInQ", title: "Cómo actualizar sus datos personales" },
    ],
  },
  origin: "https://www.example.com",
  accidentNotice: { ministryForAll: false },
  calendar: DEFAULT_CALENDAR,
  fieldSpeed: { sampleRate: 1 },
  certificates: { signerName: "Laura Gómez Rincón", signerPosition: "Directora de Gestión Humana", showUserCompany: true },
};

export class SiteConfigError extends Error {
  constructor(public readonly issues: string[]) {
    super(`Configuración del sitio inválida:\n${issues.map((i) => `  - ${i}`).join("\n")}`);
    this.name = "SiteConfigError";
  }
}

type DeepPartial<T> = T extends readonly unknown[] ? T : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;

function merge<T>(base: T, override: DeepPartial<T> | undefined): T {
  if (override === undefined) return base;
  if (Array.isArray(base) || typeof base !== "object" || base === null) return override as T;
  if (typeof override !== "object" || override === null || Array.isArray(override)) return override as T;
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(override)) {
    out[key] = merge((base as Record<string, unknown>)[key], value as never);
  }
  return out as T;
}

/** Validates defaults + overrides; throws SiteConfigError naming every bad field. */
export function parseSiteConfig(overrides: unknown = {}, env: { CONTACT_PHONE?: string } = {}): SiteConfig {
  const merged = merge(defaultSiteConfig, overrides as DeepPartial<SiteConfig>);
  // Office hours given are the whole schedule: a default day's own hours must not linger under them.
  const hours = (overrides as DeepPartial<SiteConfig> | undefined)?.calendar?.officeHours;
  if (hours) merged.calendar = { ...merged.calendar, officeHours: hours as SiteConfig["calendar"]["officeHours"] };
  const withEnv = env.CONTACT_PHONE ? { ...merged, contact: { ...merged.contact, phone: env.CONTACT_PHONE } } : merged;
  const result = siteConfigSchema.safeParse(withEnv);
  if (!result.success) {
    throw new SiteConfigError(result.error.issues.map((issue) => `${issue.path.join(".") || "(raíz)"}: ${issue.message}`));
  }
  return result.data;
}
