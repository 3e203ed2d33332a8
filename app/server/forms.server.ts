/**
 * The two form endpoints (DECISIONS 2–8): POST /php/contacto and /php/cliente. They take JSON (the
 * contract) or an ordinary form post (visitors without JavaScript), validate with the shared schema,
 * store the message and its outbox row in one transaction, and only then answer.
 */
import { type FormName, HONEYPOT_FIELD, validateForm } from "~/forms/schemas";
import { log } from "./log.server";
import { storeMessage } from "./messages.server";
import { getServices } from "./services.server";

type Encoding = "json" | "form";

export interface ApiError {
  code: string;
  message: string;
  fields?: Record<string, string>;
}

class RequestError extends Error {
  constructor(
    public status: number,
    public body: ApiError,
  ) {
    super(body.message);
  }
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });

function resultPage(form: FormName, ok: boolean, params: Record<string, string> = {}) {
  const query = new URLSearchParams(params).toString();
  return new Response(null, {
    status: 303,
    headers: { Location: `/${form}/${ok ? "enviado" : "no-enviado"}${query ? `?${query}` : ""}`, "Cache-Control": "no-store" },
  });
}

function encodingOf(request: Request): Encoding {
  const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (type === "application/json") return "json";
  if (type === "application/x-www-form-urlencoded" || type === "multipart/form-data") return "form";
  throw new RequestError(415, {
    code: "tipo_no_soportado",
    message: "El contenido debe enviarse como JSON (application/json) o como formulario.",
  });
}

/** Refuses posts made from another site's pages (browsers always send Origin on a POST). */
function checkOrigin(request: Request) {
  const origin = request.headers.get("origin");
  const site = request.headers.get("sec-fetch-site");
  const ownHost = new URL(request.url).host;
  let foreign = site === "cross-site";
  if (origin && origin !== "null") {
    try {
      foreign ||= new URL(origin).host !== ownHost;
    } catch {
      foreign = true;
    }
  } else if (origin === "null") {
    foreign = true;
  }
  if (foreign) {
    throw new RequestError(403, { code: "origen_no_permitido", message: "No se aceptan envíos desde otros sitios." });
  }
}

async function readBody(request: Request, limit: number): Promise<string> {
  const tooLarge = () =>
    new RequestError(413, { code: "contenido_muy_grande", message: "El mensaje es demasiado grande para enviarlo." });
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw tooLarge();
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return new TextDecoder("utf-8", { fatal: false }).decode(Buffer.concat(chunks));
}

function parseBody(raw: string, encoding: Encoding, contentType: string): Record<string, unknown> {
  if (encoding === "form") {
    if (contentType.startsWith("multipart/form-data")) {
      throw new RequestError(415, { code: "tipo_no_soportado", message: "Envíe el formulario sin archivos adjuntos." });
    }
    return Object.fromEntries(new URLSearchParams(raw));
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new RequestError(400, { code: "json_invalido", message: "El cuerpo de la solicitud no es un JSON válido." });
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new RequestError(400, { code: "json_invalido", message: "El cuerpo de la solicitud debe ser un objeto JSON." });
  }
  return parsed as Record<string, unknown>;
}

export async function handleFormPost(request: Request, form: FormName): Promise<Response> {
  if (request.method !== "POST") return methodNotAllowed();
  let encoding: Encoding = "json";
  try {
    encoding = encodingOf(request);
    checkOrigin(request);
    const services = await getServices();
    const raw = await readBody(request, services.env.FORM_BODY_LIMIT_BYTES);
    const body = parseBody(raw, encoding, request.headers.get("content-type") ?? "");

    const honeypot = body[HONEYPOT_FIELD];
    if (typeof honeypot === "string" && honeypot.trim() !== "") {
      log("warn", "form-honeypot", { form });
      return encoding === "json" ? json(201, { ok: true }) : resultPage(form, true);
    }

    // API clients may name the consent in English; the page's own form sends `consentimiento`.
    if (body.consentimiento === undefined && body.consent !== undefined) body.consentimiento = body.consent;
    const result = validateForm(form, body);
    if (!result.ok || !result.data) {
      throw new RequestError(400, {
        code: "datos_invalidos",
        message: result.summary ?? "Revise los datos del formulario.",
        fields: result.fieldErrors as Record<string, string>,
      });
    }

    const data = result.data as Record<string, string>;
    const now = new Date().toISOString();
    const recipients = (form === "contacto" ? services.env.MAIL_TO_CONTACTO : services.env.MAIL_TO_CLIENTE) ?? services.env.MAIL_TO;
    const id = await storeMessage(
      services.db,
      {
        form,
        empresa: form === "cliente" ? data.empresa : null,
        cargo: form === "cliente" ? data.cargo : null,
        nombre: data.nombre,
        celular: data.celular,
        correo: data.correo,
        mensaje: data.mensaje,
        consent_at: now,
        policy_version: services.policyVersion,
        received_at: now,
        handled_at: null,
        handled_by: null,
      },
      {
        recipients: recipients.join(", "),
        status: "pending",
        attempts: 0,
        next_attempt_at: now,
        last_error: null,
        sent_at: null,
        created_at: now,
      },
    );
    services.outbox?.kick();
    log("info", "form-stored", { form, messageId: id, mail: services.outbox ? "queued" : "disabled" });
    return encoding === "json" ? json(201, { ok: true }) : resultPage(form, true);
  } catch (error) {
    if (error instanceof RequestError) {
      log("info", "form-refused", { form, status: error.status, code: error.body.code });
      if (encoding === "form") {
        return resultPage(form, false, { motivo: error.body.code, ...(error.body.fields ? { campos: Object.keys(error.body.fields).join(",") } : {}) });
      }
      return json(error.status, { error: error.body });
    }
    log("error", "form-store-failed", { form, error: String(error) });
    const body: ApiError = { code: "error_interno", message: "No pudimos guardar su mensaje en este momento. Inténtelo de nuevo en unos minutos." };
    return encoding === "form" ? resultPage(form, false, { motivo: body.code }) : json(503, { error: body }, { "Retry-After": "60" });
  }
}

export function methodNotAllowed(): Response {
  return json(405, { error: { code: "metodo_no_permitido", message: "Use POST para enviar el formulario." } }, { Allow: "POST" });
}
