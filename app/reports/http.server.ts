/**
 * The report's doors, as for the message forms (app/server/forms.server.ts): the JSON API
 * (POST /php/incidente), the page's own post without JavaScript (POST /incidente, answered with the
 * page again on a refusal, or redirected to the one-time confirmation), and CONSULTAR
 * (POST /incidente/consulta). Bodies arrive already read and size-checked (server.js).
 */
import { data } from "react-router";
import { CONSENT_FIELD, HONEYPOT_FIELD, keptValues, validate } from "~/forms/define";
import { REFUSALS } from "~/forms/errors";
import { getSiteConfig } from "~/config/site.server";
import { clientAddress } from "~/server/admin.server";
import { asRefusal, checkOrigin, encodingOf, json, methodNotAllowed, RATE_LIMITED_HEADER, readFields, Refusal } from "~/server/forms.server";
import { log } from "~/server/log.server";
import { getServices } from "~/server/services.server";
import { storeReport } from "./accidents.server";
import type { PublicView } from "./case-model";
import { lookupCase, publicView } from "./cases.server";
import { incidentForm } from "./incident-form";
import type { ReportRefusal } from "./report-form";

const FORM = "incidente";

/** Validates and stores one report; throws a Refusal for anything the reporter can correct. */
async function accept(body: Record<string, unknown>): Promise<{ radicado: string; code: string } | "honeypot"> {
  const honeypot = body[HONEYPOT_FIELD];
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    log("warn", "form-honeypot", { form: FORM });
    return "honeypot";
  }
  if (body[CONSENT_FIELD] === undefined && body.consent !== undefined) body[CONSENT_FIELD] = body.consent;
  const result = validate(incidentForm, body);
  if (!result.ok || !result.data) throw new Refusal("datos_invalidos", { message: result.summary, fields: result.fieldErrors });
  const services = await getServices();
  const site = getSiteConfig();
  const created = await storeReport(services.db, result.data as Record<string, string>, {
    policyVersion: services.policyVersion,
    staffRecipients: services.env.MAIL_TO_SST ?? services.env.MAIL_TO,
    origin: site.origin.replace(/\/$/, ""),
    companyName: site.company.name,
  });
  services.outbox?.kick();
  log("info", "report-stored", { caseId: created.id, mail: services.outbox ? "queued" : "disabled" });
  return created;
}

/** A bot that filled the honeypot gets an answer that looks like success, and nothing is stored. */
const DECOY = { radicado: "IN-0000-000000", code: "XXXX-XXXX-XXXX" };

export async function handleReportPost(request: Request): Promise<Response> {
  if (request.method !== "POST") return methodNotAllowed();
  try {
    const encoding = encodingOf(request);
    if (encoding !== "json") throw new Refusal("tipo_no_soportado");
    checkOrigin(request);
    const stored = await accept(await readFields(request, encoding));
    const { radicado, code } = stored === "honeypot" ? DECOY : stored;
    return json(201, { ok: true, radicado, codigo: code });
  } catch (error) {
    const refusal = asRefusal(error, FORM);
    return json(refusal.status, { error: refusal.body }, refusal.status === 503 ? { "Retry-After": "60" } : {});
  }
}

export const RECEIPT_COOKIE = "reporte_recibido";
export const RECEIPT_PATH = "/incidente/recibido";

function receiptCookie(request: Request, value: string | null): string {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `${RECEIPT_COOKIE}=${value ? encodeURIComponent(value) : ""}; Path=${RECEIPT_PATH}; HttpOnly; SameSite=Strict; Max-Age=${value ? 900 : 0}${secure}`;
}

/**
 * The report posted without JavaScript: on success a 303 to the confirmation, which shows the radicado
 * and the code once (they travel in a short-lived cookie scoped to that page, never in a URL).
 */
export async function handleReportPage(request: Request, phone: string) {
  let body: Record<string, unknown> = {};
  try {
    body = await readFields(request, encodingOf(request));
    if (request.headers.get(RATE_LIMITED_HEADER)) throw new Refusal("limite_de_envios");
    checkOrigin(request);
    const stored = await accept({ ...body });
    const { radicado, code } = stored === "honeypot" ? DECOY : stored;
    return new Response(null, {
      status: 303,
      headers: { Location: RECEIPT_PATH, "Cache-Control": "no-store", "Set-Cookie": receiptCookie(request, `${radicado} ${code}`) },
    });
  } catch (error) {
    const refusal = asRefusal(error, FORM);
    const summary =
      refusal.code === "error_interno" ? `${refusal.body.message} Llame al siguiente número para más información: ${phone}` : refusal.body.message;
    const answer: ReportRefusal = {
      values: keptValues(incidentForm, body),
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

/** The confirmation page's loader: reads the one-time cookie and clears it. */
export function readReceipt(request: Request): { receipt: { radicado: string; code: string } | null; headers: Record<string, string> } {
  const cookie = (request.headers.get("cookie") ?? "").split(";").map((c) => c.trim()).find((c) => c.startsWith(`${RECEIPT_COOKIE}=`));
  const [radicado, code] = decodeURIComponent(cookie?.slice(RECEIPT_COOKIE.length + 1) ?? "").split(" ");
  const headers = { "Cache-Control": "no-store", "Set-Cookie": receiptCookie(request, null) };
  return { receipt: radicado && code ? { radicado, code } : null, headers };
}

export type ConsultAnswer =
  | { outcome: "found"; view: PublicView }
  | { outcome: "refused"; code: "limite_de_consultas" | "consulta_sin_resultado" | "datos_invalidos"; message: string };

/**
 * CONSULTAR: radicado + code → the public view. An unknown radicado and a wrong code get the same
 * status and the same page (nothing typed is echoed back), after the same work.
 */
export async function handleConsult(request: Request) {
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  let answer: ConsultAnswer;
  let status = 200;
  try {
    checkOrigin(request);
    const body = await readFields(request, encodingOf(request));
    const radicado = typeof body.radicado === "string" ? body.radicado : "";
    const code = typeof body.codigo === "string" ? body.codigo : "";
    const services = await getServices();
    const result = await lookupCase(services.db, { radicado, code, address: clientAddress(request), perAddress: services.env.LOOKUP_RATE_LIMIT });
    if (result.outcome === "found") {
      answer = { outcome: "found", view: await publicView(services.db, result.caseId) };
    } else if (result.outcome === "limited") {
      status = 429;
      headers["Retry-After"] = String(result.retryAfterSeconds);
      answer = { outcome: "refused", code: "limite_de_consultas", message: REFUSALS.limite_de_consultas.message };
    } else if (result.outcome === "invalid") {
      status = 400;
      answer = { outcome: "refused", code: "datos_invalidos", message: "Escriba el radicado y el código de seguimiento." };
    } else {
      status = 404;
      answer = { outcome: "refused", code: "consulta_sin_resultado", message: REFUSALS.consulta_sin_resultado.message };
    }
  } catch (error) {
    const refusal = asRefusal(error, "consulta");
    status = refusal.status;
    answer = { outcome: "refused", code: "datos_invalidos", message: refusal.body.message };
  }
  return data({ answer }, { status, headers });
}
