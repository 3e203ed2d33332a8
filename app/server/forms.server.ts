/**
 * The message forms' endpoints (DECISIONS 2–8, 23). Two doors to one path:
 * - POST /php/contacto and /php/cliente: the JSON API (also an ordinary form post from API clients);
 * - POST /contacto and /cliente: the page's own form without JavaScript, answered with the page again
 *   (errors next to the fields, every value kept, a 4xx) or, on success, redirected to the confirmation.
 * Both validate with the form's registry, store the message and its outbox row in one transaction,
 * and only then answer. Bodies arrive already read and size-checked by the server (server.js).
 */
import { data } from "react-router";
import { CONSENT_FIELD, HONEYPOT_FIELD, keptValues, validate } from "~/forms/define";
import { type ApiError, apiError, REFUSALS, type RefusalCode } from "~/forms/errors";
import { type FormName, messageFields, messageForms } from "~/forms";
import type { FormRefusal } from "~/components/message-form";
import { log } from "./log.server";
import { storeMessage } from "./messages.server";
import { getServices } from "./services.server";

/** Set by the server's rate limiter (server.js) on a page post over the limit: seconds to wait. */
export const RATE_LIMITED_HEADER = "x-sitio-limite";

export type Encoding = "json" | "form";

export class Refusal extends Error {
  constructor(
    public code: RefusalCode,
    public extra: { message?: string; fields?: Record<string, string> } = {},
  ) {
    super(code);
  }
  get status() {
    return REFUSALS[this.code].status;
  }
  get body(): ApiError {
    return apiError(this.code, this.extra);
  }
}

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });

export function encodingOf(request: Request): Encoding {
  const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (type === "application/json") return "json";
  if (type === "application/x-www-form-urlencoded") return "form";
  throw new Refusal("tipo_no_soportado");
}

/** Refuses posts made from another site's pages (browsers always send Origin on a POST). */
export function checkOrigin(request: Request) {
  const origin = request.headers.get("origin");
  let foreign = request.headers.get("sec-fetch-site") === "cross-site" || origin === "null";
  if (origin && origin !== "null") {
    try {
      foreign ||= new URL(origin).host !== new URL(request.url).host;
    } catch {
      foreign = true;
    }
  }
  if (foreign) throw new Refusal("origen_no_permitido");
}

export async function readFields(request: Request, encoding: Encoding): Promise<Record<string, unknown>> {
  const raw = await request.text();
  if (encoding === "form") return Object.fromEntries(new URLSearchParams(raw));
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Refusal("json_invalido");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new Refusal("json_invalido");
  return parsed as Record<string, unknown>;
}

/** Validates and stores one message; throws a Refusal for anything the visitor can correct. */
async function accept(form: FormName, body: Record<string, unknown>): Promise<"stored" | "honeypot"> {
  const honeypot = body[HONEYPOT_FIELD];
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    log("warn", "form-honeypot", { form });
    return "honeypot";
  }
  // API clients may name the consent in English; the page's own form sends `consentimiento`.
  if (body[CONSENT_FIELD] === undefined && body.consent !== undefined) body[CONSENT_FIELD] = body.consent;
  const result = validate(messageForms[form], body);
  if (!result.ok || !result.data) throw new Refusal("datos_invalidos", { message: result.summary, fields: result.fieldErrors });

  const services = await getServices();
  const values = result.data as Record<string, string>;
  const now = new Date().toISOString();
  const recipients = (form === "contacto" ? services.env.MAIL_TO_CONTACTO : services.env.MAIL_TO_CLIENTE) ?? services.env.MAIL_TO;
  // Columns are named after the registry's fields; a field the form lacks is stored as null.
  const columns = Object.fromEntries(messageFields.map((f) => [f.name, values[f.name] ?? null])) as Record<
    "empresa" | "cargo" | "nombre" | "celular" | "correo" | "mensaje",
    string
  >;
  const id = await storeMessage(
    services.db,
    { form, ...columns, consent_at: now, policy_version: services.policyVersion, received_at: now, handled_at: null, handled_by: null },
    { recipients: recipients.join(", "), status: "pending", attempts: 0, next_attempt_at: now, last_error: null, sent_at: null, created_at: now },
  );
  services.outbox?.kick();
  log("info", "form-stored", { form, messageId: id, mail: services.outbox ? "queued" : "disabled" });
  return "stored";
}

const confirmation = (form: FormName) =>
  new Response(null, { status: 303, headers: { Location: `/${form}/enviado`, "Cache-Control": "no-store" } });

/** The JSON API (and ordinary posts from API clients). */
export async function handleFormPost(request: Request, form: FormName): Promise<Response> {
  if (request.method !== "POST") return methodNotAllowed();
  let encoding: Encoding = "json";
  try {
    encoding = encodingOf(request);
    checkOrigin(request);
    await accept(form, await readFields(request, encoding));
    return encoding === "json" ? json(201, { ok: true }) : confirmation(form);
  } catch (error) {
    const refusal = asRefusal(error, form);
    // A form post lands on the page, which answers it with the errors and the values (307 keeps the body).
    if (encoding === "form" && refusal.code !== "tipo_no_soportado") {
      return new Response(null, { status: 307, headers: { Location: `/${form}`, "Cache-Control": "no-store" } });
    }
    return json(refusal.status, { error: refusal.body }, refusal.status === 503 ? { "Retry-After": "60" } : {});
  }
}

/** The page's own form without JavaScript (DECISIONS 23): the confirmation, or the page again with what went wrong. */
export async function handleFormPage(request: Request, form: FormName, phone: string) {
  let body: Record<string, unknown> = {};
  try {
    const encoding = encodingOf(request);
    body = await readFields(request, encoding);
    const wait = request.headers.get(RATE_LIMITED_HEADER);
    if (wait) throw new Refusal("limite_de_envios");
    checkOrigin(request);
    await accept(form, { ...body });
    return confirmation(form);
  } catch (error) {
    const refusal = asRefusal(error, form);
    const summary =
      refusal.code === "error_interno" ? `${refusal.body.message} Llame al siguiente número para más información: ${phone}` : refusal.body.message;
    const answer: FormRefusal = {
      values: keptValues(messageForms[form], body),
      consent: body[CONSENT_FIELD] === "on",
      errors: refusal.body.fields ?? {},
      summary,
    };
    const headers: Record<string, string> = { "Cache-Control": "no-store" };
    if (refusal.code === "limite_de_envios") headers["Retry-After"] = request.headers.get(RATE_LIMITED_HEADER) ?? "60";
    if (refusal.code === "error_interno") headers["Retry-After"] = "60";
    return data({ refusal: answer }, { status: refusal.status, headers });
  }
}

export function asRefusal(error: unknown, form: string): Refusal {
  if (error instanceof Refusal) {
    log("info", "form-refused", { form, status: error.status, code: error.code });
    return error;
  }
  log("error", "form-store-failed", { form, error: String(error) });
  return new Refusal("error_interno");
}

export function methodNotAllowed(): Response {
  return json(405, { error: apiError("metodo_no_permitido") }, { Allow: "POST" });
}
