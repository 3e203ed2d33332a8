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
import { type FormName, messageFields, messageForms } from "~/features/messages/registry.ts";
import type { FormRefusal } from "~/features/messages/message-form";
import { log } from "../platform/log.server";
import { storeMessage } from "../features/messages/store.server";
import { getServices } from "../platform/services.server";

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

/**
 * What the form endpoints read of a post, without the Fetch API: the router's Request (fromRequest) and
 * the server's fast path for the JSON API (server/app.ts, straight from Express) both give this.
 */
export interface PlainPost {
  method: string;
  contentType: string | null;
  origin: string | null;
  secFetchSite: string | null;
  /** The Host the request was made to. */
  host: string;
  body: string;
}

export async function fromRequest(request: Request): Promise<PlainPost> {
  const header = (name: string) => request.headers.get(name);
  return {
    method: request.method,
    contentType: header("content-type"),
    origin: header("origin"),
    secFetchSite: header("sec-fetch-site"),
    host: new URL(request.url).host,
    body: request.method === "GET" || request.method === "HEAD" ? "" : await request.text(),
  };
}

export function encodingOfType(contentType: string | null): Encoding {
  const type = (contentType ?? "").split(";")[0].trim().toLowerCase();
  if (type === "application/json") return "json";
  if (type === "application/x-www-form-urlencoded") return "form";
  throw new Refusal("tipo_no_soportado");
}
export const encodingOf = (request: Request) => encodingOfType(request.headers.get("content-type"));

/** Refuses posts made from another site's pages (browsers always send Origin on a POST). */
export function checkPostOrigin(post: Pick<PlainPost, "origin" | "secFetchSite" | "host">) {
  const { origin } = post;
  let foreign = post.secFetchSite === "cross-site" || origin === "null";
  if (origin && origin !== "null") {
    try {
      foreign ||= new URL(origin).host !== post.host;
    } catch {
      foreign = true;
    }
  }
  if (foreign) throw new Refusal("origen_no_permitido");
}
export const checkOrigin = (request: Request) =>
  checkPostOrigin({ origin: request.headers.get("origin"), secFetchSite: request.headers.get("sec-fetch-site"), host: new URL(request.url).host });

export function parseFields(raw: string, encoding: Encoding): Record<string, unknown> {
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
export const readFields = async (request: Request, encoding: Encoding) => parseFields(await request.text(), encoding);

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

/** An answer as plain data, for either adapter (a Fetch Response, or Express directly). */
export interface PlainAnswer {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

const NO_STORE = { "Cache-Control": "no-store" };
const jsonAnswer = (status: number, body: unknown, headers: Record<string, string> = {}): PlainAnswer => ({
  status,
  headers: { ...NO_STORE, "Content-Type": "application/json", ...headers },
  body: JSON.stringify(body),
});

/** The JSON API (and ordinary posts from API clients), framework-free: the router and the fast path share it. */
export async function answerApiPost(post: PlainPost, form: FormName): Promise<PlainAnswer> {
  if (post.method !== "POST") return jsonAnswer(405, { error: apiError("metodo_no_permitido") }, { Allow: "POST" });
  let encoding: Encoding = "json";
  try {
    encoding = encodingOfType(post.contentType);
    checkPostOrigin(post);
    await accept(form, parseFields(post.body, encoding));
    return encoding === "json" ? jsonAnswer(201, { ok: true }) : { status: 303, headers: { ...NO_STORE, Location: `/${form}/enviado` }, body: null };
  } catch (error) {
    const refusal = asRefusal(error, form);
    // A form post lands on the page, which answers it with the errors and the values (307 keeps the body).
    if (encoding === "form" && refusal.code !== "tipo_no_soportado") return { status: 307, headers: { ...NO_STORE, Location: `/${form}` }, body: null };
    return jsonAnswer(refusal.status, { error: refusal.body }, refusal.status === 503 ? { "Retry-After": "60" } : {});
  }
}

/** The JSON API through the router (the server's fast path answers the same posts before it; see server.js). */
export async function handleFormPost(request: Request, form: FormName): Promise<Response> {
  const answer = await answerApiPost(await fromRequest(request), form);
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
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
