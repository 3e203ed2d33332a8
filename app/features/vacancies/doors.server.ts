/**
 * The applications' doors (product rule 41, ADR 028), on the forms' post handling: the vacancy page's
 * own post, multipart with the résumé, without JavaScript (answered with the page again on a refusal,
 * every value kept but the file, or redirected to the one-time receipt); and CONSULTAR on
 * /empleos/consulta, where the candidate reads the statuses and may withdraw. Bodies arrive size-checked by
 * the server (server/index.js), at most APPLICATION_BODY_LIMIT_BYTES, the résumé already on disk (server/app.ts).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { readFile } from "node:fs/promises";
import { data } from "react-router";
import { getSiteConfig } from "~/config/site.server";
import { consultCase } from "~/features/cases/doors.server";
import { CONSENT_FIELD, keptValues } from "~/forms/define";
import { REFUSALS } from "~/forms/errors";
import { cleanFields } from "~/forms/fields";
import { asRefusal, checkOrigin, checkRateMark, clientAddress, RATE_LIMITED_HEADER, readSubmission, Refusal } from "~/forms/post.server";
import { readCookie, serializeCookie } from "~/platform/cookies";
import { bogotaDay } from "~/platform/dates";
import { addressToken } from "~/platform/keys.server";
import { log } from "~/platform/log.server";
import { hit } from "~/platform/rate-limit.server";
import { getServices, type Services } from "~/platform/services.server";
import type { Upload } from "~/platform/uploads.server";
import { APPLY_TEXTS, applicationForm } from "./application-form";
import { CHANNEL, candidateView, type CandidateView, storeApplication, withdrawApplication } from "./applications.server";
import { checkResume, RESUME_REFUSALS, type ResumeCheck, resumeStore } from "./resume.server";
import { isOpen } from "./vacancy";
import { vacancyBySlug } from "./vacancies.server";

export const RESUME_FIELD = "hoja_de_vida";
export const RECEIPT_PATH = "/empleos/recibido";
const RECEIPT_COOKIE = "postulacion_recibida";
/** Per address and hour, counted in the database (every instance shares it), besides the forms' per-minute limit. */
export const APPLICATIONS_PER_HOUR = 10;

export const applicationOptions = (services: Services) => {
  const site = getSiteConfig();
  return {
    policyVersion: services.policyVersion,
    origin: site.origin.replace(/\/$/, ""),
    companyName: site.company.name,
    store: resumeStore(services.env.DATABASE_URL),
  };
};

export interface ApplyRefusal {
  values: Record<string, string>;
  consent: boolean;
  errors: Record<string, string>;
  summary: string;
}

const UNREADABLE = "No pudimos leer el formulario. Recargue la página e inténtelo de nuevo.";

/**
 * The post's fields and its résumé. Served by server/app.ts, the body was streamed (`upload`): the fields
 * come with it and the file is read from its temporary file, at most 2 MB (one cut at the limit is only
 * "too large"); otherwise (the development server) the body is parsed here.
 */
async function readMultipart(request: Request, upload: Upload | null): Promise<{ body: Record<string, unknown>; file: Buffer | null; tooLarge?: boolean }> {
  if (upload) {
    if (upload.unreadable) throw new Refusal("datos_invalidos", { message: UNREADABLE });
    const body: Record<string, unknown> = {};
    for (const [name, value] of upload.fields) if (name !== RESUME_FIELD) body[name] = value;
    const file = upload.file && !upload.file.tooLarge ? await readFile(upload.file.path) : null;
    return { body: cleanFields(body), file, tooLarge: upload.file?.tooLarge };
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new Refusal("datos_invalidos", { message: UNREADABLE });
  }
  const body: Record<string, unknown> = {};
  let file: Buffer | null = null;
  for (const [name, value] of form.entries()) {
    if (typeof value === "string") body[name] = value;
    else if (name === RESUME_FIELD && value.size > 0) file = Buffer.from(await value.arrayBuffer());
    else if (name === RESUME_FIELD) file = Buffer.alloc(0);
  }
  // A file input left empty arrives as an empty file with no name: "missing", not "empty".
  const entry = form.get(RESUME_FIELD);
  if (entry && typeof entry !== "string" && entry.size === 0 && !entry.name) file = null;
  return { body: cleanFields(body), file };
}

/**
 * POST /empleos/<slug>: the application; null when no vacancy has that address. Without JavaScript the
 * answer is a page (303 to the receipt, or the page again with the errors); the page's script
 * (public/js/postulacion.js) sends the same post to `/empleos/<slug>/postulacion` and gets 201 with the
 * receipt's cookie, or the refusal as JSON, so that the page keeps everything typed and the file.
 */
export async function handleApplyPost(request: Request, slug: string, answer: "page" | "json" = "page", upload: Upload | null = null) {
  let body: Record<string, unknown> = {};
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  const wantsJson = answer === "json";
  const refuse = (status: number, answer: ApplyRefusal) =>
    wantsJson
      ? Response.json({ error: { message: answer.summary, fields: answer.errors } }, { status, headers })
      : data({ refusal: answer }, { status, headers });
  try {
    checkRateMark(request, "postulacion");
    checkOrigin(request);
    const services = await getServices();
    const vacancy = await vacancyBySlug(services.db, slug);
    if (!vacancy) return null;
    const read = await readMultipart(request, upload);
    body = read.body;
    if (!isOpen(vacancy, bogotaDay(new Date().toISOString()))) {
      return refuse(410, { values: keptValues(applicationForm, body), consent: body[CONSENT_FIELD] === "on", errors: {}, summary: APPLY_TEXTS.closed });
    }
    // Every field's error and the file's together, so the page lists them all at once.
    let values: Record<string, string> | undefined;
    let fieldErrors: Record<string, string> = {};
    let summary = "";
    try {
      const submission = readSubmission(applicationForm, { ...body }, { trap: "discard" });
      if (submission.trapped) {
        log("warn", "application-trapped", { slug });
        return wantsJson
          ? Response.json({ ok: true }, { status: 201, headers })
          : new Response(null, { status: 303, headers: { Location: RECEIPT_PATH, ...headers } });
      }
      values = submission.values;
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      fieldErrors = error.extra.fields ?? {};
      summary = error.extra.message ?? REFUSALS.datos_invalidos.message;
    }
    const resume: ResumeCheck = read.tooLarge ? { ok: false, message: RESUME_REFUSALS.tooLarge } : checkResume(read.file);
    if (!resume.ok) {
      fieldErrors[RESUME_FIELD] = resume.message;
      summary ||= resume.message;
    }
    if (!values || !resume.ok) throw new Refusal("datos_invalidos", { message: summary, fields: fieldErrors });
    const counted = await hit(services.db, `postulacion:direccion:${addressToken(clientAddress(request))}`, 3_600_000);
    if (counted.hits > APPLICATIONS_PER_HOUR) {
      headers["Retry-After"] = String(Math.max(1, Math.ceil((counted.resetAt - Date.now()) / 1000)));
      return refuse(429, { values: keptValues(applicationForm, body), consent: true, errors: {}, summary: APPLY_TEXTS.tooMany });
    }
    const stored = await storeApplication(services.db, vacancy, values, read.file as Buffer, applicationOptions(services));
    services.outbox?.kick();
    log("info", "application-stored", { caseId: stored.id, updated: stored.updated, mail: services.outbox ? "queued" : "disabled" });
    const cookie = serializeCookie(request, RECEIPT_COOKIE, [stored.radicado, stored.code ?? "-", stored.updated ? "actualizada" : "nueva"].join(" "), {
      path: RECEIPT_PATH,
      sameSite: "Strict",
      maxAgeSeconds: 900,
    });
    // With the script: the receipt page is opened next, and reads the same one-time cookie.
    if (wantsJson) return Response.json({ ok: true, recibo: RECEIPT_PATH }, { status: 201, headers: { ...headers, "Set-Cookie": cookie } });
    return new Response(null, { status: 303, headers: { Location: RECEIPT_PATH, ...headers, "Set-Cookie": cookie } });
  } catch (error) {
    const refusal = asRefusal(error, "postulacion");
    if (refusal.code === "limite_de_envios") headers["Retry-After"] = request.headers.get(RATE_LIMITED_HEADER) ?? "60";
    if (refusal.status === 503) headers["Retry-After"] = "60";
    return refuse(refusal.status, {
      values: keptValues(applicationForm, body),
      consent: body[CONSENT_FIELD] === "on",
      errors: refusal.body.fields ?? {},
      summary: refusal.status === 503 ? `${refusal.body.message} Llame al ${getSiteConfig().contact.phone}.` : refusal.body.message,
    });
  }
}

/** The one-time receipt: radicado, code (or "-" when an earlier application was updated), and which. */
export function readApplyReceipt(request: Request) {
  const value = readCookie(request, RECEIPT_COOKIE) ?? "";
  const [radicado, code, kind] = value.split(" ");
  const headers = {
    "Cache-Control": "no-store",
    "Set-Cookie": serializeCookie(request, RECEIPT_COOKIE, null, { path: RECEIPT_PATH, sameSite: "Strict", maxAgeSeconds: 900 }),
  };
  const receipt = radicado && code ? { radicado, code: code === "-" ? null : code, updated: kind === "actualizada" } : null;
  return { receipt, headers };
}

// ——— CONSULTAR ———

/** A 30-minute proof of the lookup for the withdrawal form (the code is never written into a page), keyed with the case's code hash. */
const ACCESS_TTL_MS = 30 * 60 * 1000;
const sign = (codeHash: string, payload: string) =>
  createHmac("sha256", Buffer.from(codeHash, "hex")).update(`postulacion-acceso:${payload}`).digest("base64url");
const codeHashOf = async (services: Services, caseId: number) =>
  (await services.db.selectFrom("cases").select("code_hash").where("id", "=", caseId).where("channel", "=", CHANNEL).executeTakeFirst())?.code_hash;
async function mintAccess(services: Services, caseId: number) {
  const payload = `${caseId}.${Date.now() + ACCESS_TTL_MS}`;
  return `${payload}.${sign((await codeHashOf(services, caseId)) ?? "", payload)}`;
}
async function readAccess(services: Services, token: string): Promise<number | null> {
  const match = /^(\d{1,12})\.(\d{13})\.([\w-]{43})$/.exec(token);
  if (!match || Number(match[2]) < Date.now()) return null;
  const codeHash = await codeHashOf(services, Number(match[1]));
  if (!codeHash) return null;
  const expected = Buffer.from(sign(codeHash, `${match[1]}.${match[2]}`));
  const given = Buffer.from(match[3]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? Number(match[1]) : null;
}

export const CONSULT_TEXTS = {
  notFound:
    "No encontramos una postulación con ese radicado y ese código. Revise los dos datos, tal como aparecen en su confirmación o en el correo que le enviamos.",
  expired: "Pasaron más de 30 minutos desde que consultó: consulte de nuevo con el radicado y el código.",
  withdrawn: "Retiramos su postulación. Sus datos y su hoja de vida se borran al cumplirse el plazo de la política de datos.",
} as const;

export type ApplicationConsultAnswer = { outcome: "found"; view: CandidateView; access: string; notice?: string } | { outcome: "refused"; message: string };

/** POST /empleos/consulta: `accion=consultar` (radicado + code) or `accion=retirar` (the proof from the previous answer). */
export async function handleApplicationConsult(request: Request) {
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  let status = 200;
  let answer: ApplicationConsultAnswer;
  try {
    checkOrigin(request);
    const body = cleanFields(Object.fromEntries(new URLSearchParams(await request.text())));
    if (body.accion === "retirar") {
      const services = await getServices();
      const caseId = await readAccess(services, typeof body.acceso === "string" ? body.acceso : "");
      if (caseId === null) {
        status = 403;
        answer = { outcome: "refused", message: CONSULT_TEXTS.expired };
      } else {
        const done = await withdrawApplication(services.db, caseId);
        answer = {
          outcome: "found",
          view: await candidateView(services.db, caseId),
          access: await mintAccess(services, caseId),
          ...(done ? { notice: CONSULT_TEXTS.withdrawn } : {}),
        };
      }
    } else {
      const found = await consultCase(request, body, { channel: CHANNEL });
      if ("caseId" in found) {
        answer = { outcome: "found", view: await candidateView(found.services.db, found.caseId), access: await mintAccess(found.services, found.caseId) };
      } else {
        status = found.status;
        if (found.retryAfter) headers["Retry-After"] = String(found.retryAfter);
        answer = { outcome: "refused", message: found.refused === "consulta_sin_resultado" ? CONSULT_TEXTS.notFound : found.message };
      }
    }
  } catch (error) {
    const refusal = asRefusal(error, "consulta-postulacion");
    status = refusal.status;
    answer = { outcome: "refused", message: refusal.body.message };
  }
  return data({ answer }, { status, headers });
}
