/**
 * The one way a form post is handled, for every form of the site (the message forms, every case
 * channel): read the body (JSON or an ordinary form post), refuse a foreign origin, spot the trap,
 * validate with the form's registry, and answer a refusal the same way everywhere: a JSON error for API
 * clients, or the page again with the errors by the fields and every value kept (product decision 23).
 * What a valid submission becomes is the feature's own (app/features/*). Bodies arrive already read
 * and size-checked by the server (server/index.js).
 */
import { data } from "react-router";
import { CONSENT_FIELD, type FormDef, HONEYPOT_FIELD, keptValues, validate } from "~/forms/define";
import { type ApiError, apiError, type FormRefusal, REFUSALS, type RefusalCode } from "~/forms/errors";
import { cleanFields } from "~/forms/fields";
import { log } from "~/platform/log.server";

/** Set by the server's rate limiter (server/index.js) on a post over the limit: seconds to wait. */
export const RATE_LIMITED_HEADER = "x-sitio-limite";
/**
 * Set by the server (server/index.js) on every post it recognised as a form's submission and counted
 * against its limit. The server removes both headers from what clients send.
 */
export const COUNTED_HEADER = "x-sitio-envio";

let countedOnly = false;
/**
 * Called by the production server, which counts every submission before it reaches a form (server/app.ts
 * `submissionAt`): from then on a submission that arrives without the server's mark was not counted, by a
 * path the server did not recognise, and is refused instead of stored. (The development server has no
 * limiter and never calls this.)
 */
export function requireCountedSubmissions(): void {
  countedOnly = true;
}

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
 * What the form endpoints read of a post, without the Fetch API: the message forms' JSON API is answered
 * straight from Express (server/app.ts) and, in development, from Vite's server (vite/dev-message-api.ts).
 */
export interface PlainPost {
  method: string;
  contentType: string | null;
  origin: string | null;
  secFetchSite: string | null;
  /** The Host the request was made to. */
  host: string;
  body: string;
  /** The server's marks (RATE_LIMITED_HEADER, COUNTED_HEADER); absent in development. */
  marks?: SubmissionMarks;
}

export interface SubmissionMarks {
  limited: string | null;
  counted: string | null;
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

/** A post's fields, their text cleaned of control characters (cleanText). */
export function parseFields(raw: string, encoding: Encoding): Record<string, unknown> {
  if (encoding === "form") return cleanFields(Object.fromEntries(new URLSearchParams(raw)));
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Refusal("json_invalido");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new Refusal("json_invalido");
  return cleanFields(parsed as Record<string, unknown>);
}
export const readFields = async (request: Request, encoding: Encoding) => parseFields(await request.text(), encoding);

/**
 * A submission's body read against its form: the valid values, and whether the trap was filled (a bot,
 * or a browser's autofill); anything the sender can correct throws a Refusal with the errors by field.
 * `trap: "discard"` (the message forms) stops at a filled trap without validating; `trap: "validate"`
 * (the case channels, which hold such a post for review, ADR 017) validates it like any other. API
 * clients may name the consent in English (`consent`); the page's own form sends `consentimiento`.
 */
export function readSubmission(
  form: FormDef,
  body: Record<string, unknown>,
  options: { trap: "discard" | "validate" } = { trap: "discard" },
): { trapped: true; values?: Record<string, string> } | { trapped: false; values: Record<string, string> } {
  const trap = body[HONEYPOT_FIELD];
  const trapped = typeof trap === "string" && trap.trim() !== "";
  if (trapped) log("warn", "form-honeypot", { form: form.id });
  if (trapped && options.trap === "discard") return { trapped: true };
  if (body[CONSENT_FIELD] === undefined && body.consent !== undefined) body[CONSENT_FIELD] = body.consent;
  const result = validate(form, body);
  if (!result.ok || !result.data) throw new Refusal("datos_invalidos", { message: result.summary, fields: result.fieldErrors });
  const values = result.data as Record<string, string>;
  return trapped ? { trapped: true, values } : { trapped: false, values };
}

/** The page posted without JavaScript, refused: the page again with the errors, the values kept, and a 4xx (or 503). */
export function refusedPage(request: Request, form: FormDef, body: Record<string, unknown>, error: unknown, phone: string) {
  const refusal = asRefusal(error, form.id);
  const summary = refusal.status === 503 ? `${refusal.body.message} Llame al siguiente número para más información: ${phone}` : refusal.body.message;
  const answer: FormRefusal = {
    values: keptValues(form, body),
    consent: body[CONSENT_FIELD] === "on",
    errors: refusal.body.fields ?? {},
    summary,
  };
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (refusal.code === "limite_de_envios") headers["Retry-After"] = request.headers.get(RATE_LIMITED_HEADER) ?? "60";
  if (refusal.status === 503) headers["Retry-After"] = "60";
  return data({ refusal: answer }, { status: refusal.status, headers });
}

/**
 * Every store path calls this before storing: refuses a submission the server's limiter marked as over
 * the limit, and one the server did not count (see requireCountedSubmissions).
 */
export function checkMarks(marks: SubmissionMarks, form: string) {
  if (marks.limited) throw new Refusal("limite_de_envios");
  if (countedOnly && !marks.counted) {
    log("error", "form-not-counted", { form });
    throw new Refusal("metodo_no_permitido");
  }
}
export const marksOf = (request: Request): SubmissionMarks => ({
  limited: request.headers.get(RATE_LIMITED_HEADER),
  counted: request.headers.get(COUNTED_HEADER),
});
/** checkMarks for a request that went through the router. */
export const checkRateMark = (request: Request, form: string) => checkMarks(marksOf(request), form);

/** An answer as plain data, for either adapter (a Fetch Response, or Express directly). */
export interface PlainAnswer {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

export const NO_STORE = { "Cache-Control": "no-store" };
export const jsonAnswer = (status: number, body: unknown, headers: Record<string, string> = {}): PlainAnswer => ({
  status,
  headers: { ...NO_STORE, "Content-Type": "application/json", ...headers },
  body: JSON.stringify(body),
});

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

/** The visitor's address, as the server saw it (TRUST_PROXY_HOPS decides which hop); never a header the client sent. */
export function clientAddress(request: Request): string {
  // Set by the Express adapter from req.ip, which honours TRUST_PROXY_HOPS.
  return request.headers.get("x-sitio-client-ip") ?? "desconocida";
}
