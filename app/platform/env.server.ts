/** Server settings from the environment (docs/product.md §20), validated once; a bad value names the variable. */
import { z } from "zod";
import { parseKey } from "./keys.server";

const positiveInt = (fallback: number) =>
  z.coerce
    .number({ error: "debe ser un número entero positivo" })
    .int({ error: "debe ser un número entero positivo" })
    .positive({ error: "debe ser un número entero positivo" })
    .default(fallback);
const port = z.coerce
  .number({ error: "debe ser un número de puerto entre 1 y 65535" })
  .int({ error: "debe ser un número de puerto entre 1 y 65535" })
  .min(1, { error: "debe ser un número de puerto entre 1 y 65535" })
  .max(65_535, { error: "debe ser un número de puerto entre 1 y 65535" });
const emailList = z
  .string()
  .transform((v) =>
    v
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.email({ error: "debe ser una lista de correos separada por comas" })).min(1));

/** A 256-bit key (the ethics line's encryption, ADR 013): its error says how to make one. */
const keyText = z.string().superRefine((value, ctx) => {
  try {
    parseKey(value);
  } catch (error) {
    ctx.addIssue({ code: "custom", message: (error as Error).message });
  }
});

/** Earlier keys, comma-separated, each checked like the current one. */
const previousKeys = z
  .string()
  .transform((v) =>
    v
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(z.array(keyText))
  .default([]);

const schema = z
  .object({
    PORT: port.default(3000),
    DATABASE_URL: z
      .string()
      .min(1)
      .default("file:data/sitio.db")
      .refine((v) => !/^postgres(ql)?:/i.test(v) || URL.canParse(v), { error: "debe ser file:RUTA, una ruta, o postgres://usuario:clave@servidor:5432/base" }),
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: "debe ser una URL smtp:// o smtps://" }).optional(),
    MAIL_FROM: z.string().min(3).default("Sitio web <no-responder@example.com>"),
    MAIL_TO: emailList.default(["contacto@example.com"]),
    MAIL_TO_CONTACTO: emailList.optional(),
    MAIL_TO_CLIENTE: emailList.optional(),
    /** Occupational health (SST): new incident and accident reports. */
    MAIL_TO_SST: emailList.optional(),
    /** The ethics line (/linea-etica): who is told that a report arrived (never what it says). */
    MAIL_TO_CUMPLIMIENTO: emailList.optional(),
    MAIL_TO_CONVIVENCIA: emailList.optional(),
    /** The gender referent (Ley 2365 de 2024 route): new sexual-harassment reports (never what they say). */
    MAIL_TO_GENERO: emailList.optional(),
    /** PQRS (/pqrs): who is told that a petition, complaint, claim, suggestion or consultation arrived. */
    MAIL_TO_PQRS: emailList.optional(),
    /** Data-protection requests of the PQRS channel (Ley 1581 de 2012): the data-protection officer. */
    MAIL_TO_DATOS: emailList.optional(),
    /** The ethics line's encryption key; without it the channel stays closed and the start says so. */
    ETHICS_KEY: keyText.optional(),
    /** Keys used before the current one, comma-separated, until `rotate-ethics-key` has re-sealed everything. */
    ETHICS_PREVIOUS_KEYS: previousKeys,
    /** The employment certificates' key (ADR 027): payroll lookups and the certificates' signature; never in the database. */
    CERTIFICATE_KEY: keyText.optional(),
    /** Earlier certificate keys, comma-separated: kept to check the certificates they signed, never to sign. */
    CERTIFICATE_KEY_PREVIOUS: previousKeys,
    /** The company's PKCS#12 (.p12/.pfx) for the PDF signature of each certificate: a file path, or the file in base64. */
    CERTIFICATE_P12_FILE: z.string().optional(),
    CERTIFICATE_P12: z.base64({ error: "debe ser el archivo .p12 en base64" }).optional(),
    CERTIFICATE_P12_PASSWORD: z.string().default(""),
    /** CONSULTAR lookups per address per 15 minutes (each radicado also allows 5). */
    LOOKUP_RATE_LIMIT: positiveInt(10),
    FORM_RATE_LIMIT: positiveInt(10),
    /** Field-speed beacons per address per minute, counted in memory (ADR 023): generous, since a carrier's NAT puts many phones behind one address. */
    VITALS_RATE_LIMIT: positiveInt(300),
    /**
     * A port for the beacon receiver (ADR 023): a process of its own, at a lower priority, that answers POST
     * /api/vitals when a proxy in front sends that path there, so a burst of beacons never queues before a form.
     */
    VITALS_PORT: port.optional(),
    MAIL_RETRY_BASE_MS: positiveInt(5_000),
    MAIL_RETRY_MAX_MS: positiveInt(300_000),
    MAIL_MAX_ATTEMPTS: positiveInt(100),
    MAIL_POLL_MS: positiveInt(1_000),
    FORM_BODY_LIMIT_BYTES: positiveInt(32 * 1024),
    DATABASE_POOL_SIZE: positiveInt(10),
    DATABASE_STATEMENT_TIMEOUT_MS: positiveInt(10_000),
    DATABASE_CONNECT_TIMEOUT_MS: positiveInt(5_000),
    /** How often the log summarises an ongoing SMTP outage. */
    MAIL_OUTAGE_SUMMARY_MS: positiveInt(60_000),
    /** The hour (Colombian time, 0–23) from which the daily retention purge runs, once a day across instances. */
    PURGE_HOUR: z.coerce
      .number({ error: "debe ser una hora entre 0 y 23" })
      .int({ error: "debe ser una hora entre 0 y 23" })
      .min(0, { error: "debe ser una hora entre 0 y 23" })
      .max(23, { error: "debe ser una hora entre 0 y 23" })
      .default(3),
    /** How long an instance holds a mail it is sending without renewing the hold (it renews it every third of this while sending); after a crash, another instance sends it once this has run out. */
    MAIL_LEASE_MS: positiveInt(15_000),
  })
  .refine((env) => env.VITALS_PORT !== env.PORT, { path: ["VITALS_PORT"], error: "debe ser un puerto distinto de PORT (el del sitio)" });

export type ServerEnv = z.infer<typeof schema>;

export class EnvError extends Error {}

export function parseEnv(env: Record<string, string | undefined>): ServerEnv {
  // Empty variables count as unset.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const result = schema.safeParse(present);
  if (!result.success) {
    throw new EnvError(`Variables de entorno inválidas:\n${result.error.issues.map((i) => `  - ${i.path.join(".")}: ${i.message}`).join("\n")}`);
  }
  return result.data;
}

let cached: ServerEnv | undefined;
export function getEnv(): ServerEnv {
  cached ??= parseEnv(process.env);
  return cached;
}
