/**
 * The requests channel's doors (docs/product.md §28): the case model's doors with the PQRS registry (JSON
 * API, the page's own post, the one-time receipt), and CONSULTAR on /pqrs/consulta, where the person
 * reads the status, the term and its due date, any extension, any request to complete and the answer,
 * and completes the request when asked.
 *
 * The completion form carries a 30-minute proof of the case instead of the code (the code is never
 * written into a page): an HMAC keyed with the case's own code hash, which every instance can check
 * and nobody can mint without the database.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { data } from "react-router";
import { getSiteConfig } from "~/config/site.server";
import { caseDoors, type ConsultRefusalCode, consultCase } from "~/features/cases/doors.server";
import { plainHeld } from "~/features/cases/held.server";
import { REFUSALS } from "~/forms/errors";
import { asRefusal, checkOrigin, checkRateMark, encodingOf, RATE_LIMITED_HEADER, readFields } from "~/forms/post.server";
import { log } from "~/platform/log.server";
import { getServices, type Services } from "~/platform/services.server";
import type { ServerEnv } from "~/platform/env.server";
import { COMPLETION_MAX, REQUEST_KINDS, requestsChannel } from "./channel";
import { requestForm } from "./request-form";
import { CHANNEL, completeRequest, type RequestStoreOptions, requestView, type RequestView, storeRequest } from "./requests.server";

export const REQUEST_RECEIPT_PATH = "/pqrs/recibido";

export function requestRecipients(env: ServerEnv): RequestStoreOptions["recipients"] {
  return { pqrs: env.MAIL_TO_PQRS ?? env.MAIL_TO, datos: env.MAIL_TO_DATOS ?? env.MAIL_TO };
}

export function requestStoreOptions(services: Services): RequestStoreOptions {
  const site = getSiteConfig();
  return {
    policyVersion: services.policyVersion,
    recipients: requestRecipients(services.env),
    origin: site.origin.replace(/\/$/, ""),
    companyName: site.company.name,
  };
}

export const requestDoors = caseDoors({
  form: requestForm,
  receiptPath: REQUEST_RECEIPT_PATH,
  receiptCookie: "pqrs_recibida",
  channel: requestsChannel,
  heldSealing: () => plainHeld,
  store: (services, values) => storeRequest(services.db, values, requestStoreOptions(services)),
});

/** How long the completion form stays usable after the radicado and code were given. */
export const ACCESS_TTL_MS = 30 * 60 * 1000;

async function codeHashOf(services: Services, caseId: number) {
  const row = await services.db.selectFrom("cases").select("code_hash").where("id", "=", caseId).where("channel", "=", CHANNEL).executeTakeFirst();
  return row?.code_hash;
}

const sign = (codeHash: string, payload: string) => createHmac("sha256", Buffer.from(codeHash, "hex")).update(`pqrs-acceso:${payload}`).digest("base64url");

async function mintAccess(services: Services, caseId: number, now = Date.now()): Promise<string> {
  const payload = `${caseId}.${now + ACCESS_TTL_MS}`;
  return `${payload}.${sign((await codeHashOf(services, caseId)) ?? "", payload)}`;
}

async function readAccess(services: Services, token: string, now = Date.now()): Promise<number | null> {
  const match = /^(\d{1,12})\.(\d{13})\.([\w-]{43})$/.exec(token);
  if (!match) return null;
  const [, id, expires, mac] = match;
  if (Number(expires) < now) return null;
  const codeHash = await codeHashOf(services, Number(id));
  if (!codeHash) return null;
  const expected = Buffer.from(sign(codeHash, `${id}.${expires}`));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given) ? Number(id) : null;
}

export const REQUEST_TEXTS = {
  completed: "Recibimos la información. El plazo para responder se reanudó: vea la nueva fecha abajo.",
  empty: "Escriba la información que le pedimos.",
  tooLong: `La información admite como máximo ${COMPLETION_MAX} caracteres: resúmala o envíe lo esencial.`,
  expired: "Pasaron más de 30 minutos desde que consultó, o el enlace no es válido: consulte de nuevo con el radicado y el código.",
  // The same answer for an unknown radicado and a wrong code (nothing typed is echoed back).
  notFound:
    "No encontramos una solicitud con ese radicado y ese código. Revise los dos datos, tal como aparecen en su confirmación o en el correo que le enviamos.",
} as const;

export type RequestConsultAnswer =
  | { outcome: "found"; view: RequestView; access: string; notice?: string; error?: string; draft?: string }
  | { outcome: "refused"; code: ConsultRefusalCode | "acceso_vencido" | "limite_de_envios"; message: string };

/**
 * POST /pqrs/consulta: `accion=consultar` (radicado + code → the request) or `accion=completar` (the proof
 * from the previous answer + the missing information).
 */
export async function handleRequestConsult(request: Request) {
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  let status = 200;
  let answer: RequestConsultAnswer;
  try {
    checkOrigin(request);
    const body = await readFields(request, encodingOf(request));
    if (body.accion === "completar") {
      checkRateMark(request, "consulta-pqrs");
      const services = await getServices();
      const caseId = await readAccess(services, typeof body.acceso === "string" ? body.acceso : "");
      if (caseId === null) {
        status = 403;
        answer = { outcome: "refused", code: "acceso_vencido", message: REQUEST_TEXTS.expired };
      } else {
        const text = typeof body.informacion === "string" ? body.informacion.trim() : "";
        let error: string | undefined;
        if (!text) error = REQUEST_TEXTS.empty;
        else if (text.length > COMPLETION_MAX) error = REQUEST_TEXTS.tooLong;
        else {
          const done = await completeRequest(services.db, { person: true }, caseId, REQUEST_KINDS, text, requestStoreOptions(services));
          if (!done.ok) error = done.message;
        }
        if (error) status = 400;
        else {
          services.outbox?.kick();
          log("info", "request-completed", { caseId });
        }
        answer = {
          outcome: "found",
          view: await requestView(services.db, caseId),
          access: await mintAccess(services, caseId),
          ...(error ? { error, draft: text.slice(0, COMPLETION_MAX * 2) } : { notice: REQUEST_TEXTS.completed }),
        };
      }
    } else {
      const found = await consultCase(request, body, { channel: CHANNEL });
      if ("caseId" in found) {
        answer = { outcome: "found", view: await requestView(found.services.db, found.caseId), access: await mintAccess(found.services, found.caseId) };
      } else {
        status = found.status;
        if (found.retryAfter) headers["Retry-After"] = String(found.retryAfter);
        answer = { outcome: "refused", code: found.refused, message: found.refused === "consulta_sin_resultado" ? REQUEST_TEXTS.notFound : found.message };
      }
    }
  } catch (error) {
    const refusal = asRefusal(error, "consulta-pqrs");
    status = refusal.status;
    if (refusal.code === "limite_de_envios") headers["Retry-After"] = request.headers.get(RATE_LIMITED_HEADER) ?? "60";
    if (status === 503) headers["Retry-After"] = "60";
    answer = {
      outcome: "refused",
      code: refusal.code === "limite_de_envios" ? "limite_de_envios" : "datos_invalidos",
      message: refusal.code === "limite_de_envios" ? REFUSALS.limite_de_envios.message : refusal.body.message,
    };
  }
  return data({ answer }, { status, headers });
}
