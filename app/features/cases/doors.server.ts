/**
 * A case channel's doors, as for the message forms (app/server/forms.server.ts): the JSON API
 * (POST /php/<form>), the page's own post without JavaScript (answered with the page again on a
 * refusal, or redirected to the one-time confirmation), and CONSULTAR. The incident report and the
 * ethics line (app/ethics) are two instances of the same doors. Bodies arrive already read and
 * size-checked (server.js).
 */
import { data } from "react-router";
import { CONSENT_FIELD, type FormDef, HONEYPOT_FIELD, keptValues, validate } from "~/forms/define";
import { REFUSALS } from "~/forms/errors";
import { getSiteConfig } from "~/config/site.server";
import { clientAddress } from "~/features/staff/guard.server";
import { asRefusal, checkOrigin, encodingOf, json, methodNotAllowed, RATE_LIMITED_HEADER, readFields, Refusal } from "~/forms/post.server";
import { log } from "~/platform/log.server";
import { getServices, type Services } from "~/platform/services.server";
import { CHANNEL, storeReport } from "../incidents/incidents.server";
import type { PublicView } from "./model";
import type { ReportRefusal } from "./case-form";
import { lookupCase, publicView } from "./cases.server";
import { incidentForm } from "../incidents/incident-form";

export interface CaseDoorsSpec {
  /** The form's registry; its id names the API (`/php/<id>`) and the log lines. */
  form: FormDef;
  /** Stores validated values; throws a Refusal (for example when the channel is closed). */
  store(services: Services, values: Record<string, string>): Promise<{ id: number; radicado: string; code: string }>;
  /** The one-time confirmation page that takes the post/redirect/get without JavaScript. */
  receiptPath: string;
  receiptCookie: string;
  /** What a bot that filled the honeypot is shown (nothing is stored). */
  decoy: { radicado: string; code: string };
}

export function caseDoors(spec: CaseDoorsSpec) {
  const name = spec.form.id;

  /** Validates and stores one report; throws a Refusal for anything the reporter can correct. */
  async function accept(body: Record<string, unknown>): Promise<{ radicado: string; code: string }> {
    const honeypot = body[HONEYPOT_FIELD];
    if (typeof honeypot === "string" && honeypot.trim() !== "") {
      log("warn", "form-honeypot", { form: name });
      return spec.decoy;
    }
    if (body[CONSENT_FIELD] === undefined && body.consent !== undefined) body[CONSENT_FIELD] = body.consent;
    const result = validate(spec.form, body);
    if (!result.ok || !result.data) throw new Refusal("datos_invalidos", { message: result.summary, fields: result.fieldErrors });
    const services = await getServices();
    const created = await spec.store(services, result.data as Record<string, string>);
    services.outbox?.kick();
    log("info", "report-stored", { form: name, caseId: created.id, mail: services.outbox ? "queued" : "disabled" });
    return created;
  }

  function receiptCookie(request: Request, value: string | null): string {
    const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
    return `${spec.receiptCookie}=${value ? encodeURIComponent(value) : ""}; Path=${spec.receiptPath}; HttpOnly; SameSite=Strict; Max-Age=${value ? 900 : 0}${secure}`;
  }

  return {
    /** POST /php/<form>: JSON in, `201 {ok, radicado, codigo}` or the forms' JSON refusals out. */
    async handleApiPost(request: Request): Promise<Response> {
      if (request.method !== "POST") return methodNotAllowed();
      try {
        const encoding = encodingOf(request);
        if (encoding !== "json") throw new Refusal("tipo_no_soportado");
        checkOrigin(request);
        const { radicado, code } = await accept(await readFields(request, encoding));
        return json(201, { ok: true, radicado, codigo: code });
      } catch (error) {
        const refusal = asRefusal(error, name);
        return json(refusal.status, { error: refusal.body }, refusal.status === 503 ? { "Retry-After": "60" } : {});
      }
    },

    /**
     * The report posted without JavaScript: on success a 303 to the confirmation, which shows the radicado
     * and the code once (they travel in a short-lived cookie scoped to that page, never in a URL).
     */
    async handlePagePost(request: Request, phone: string) {
      let body: Record<string, unknown> = {};
      try {
        body = await readFields(request, encodingOf(request));
        if (request.headers.get(RATE_LIMITED_HEADER)) throw new Refusal("limite_de_envios");
        checkOrigin(request);
        const { radicado, code } = await accept({ ...body });
        return new Response(null, {
          status: 303,
          headers: { Location: spec.receiptPath, "Cache-Control": "no-store", "Set-Cookie": receiptCookie(request, `${radicado} ${code}`) },
        });
      } catch (error) {
        const refusal = asRefusal(error, name);
        const summary = refusal.status === 503 ? `${refusal.body.message} Llame al siguiente número para más información: ${phone}` : refusal.body.message;
        const answer: ReportRefusal = {
          values: keptValues(spec.form, body),
          consent: body[CONSENT_FIELD] === "on",
          errors: refusal.body.fields ?? {},
          summary,
        };
        const headers: Record<string, string> = { "Cache-Control": "no-store" };
        if (refusal.code === "limite_de_envios") headers["Retry-After"] = request.headers.get(RATE_LIMITED_HEADER) ?? "60";
        if (refusal.status === 503) headers["Retry-After"] = "60";
        return data({ refusal: answer }, { status: refusal.status, headers });
      }
    },

    /** The confirmation page's loader: reads the one-time cookie and clears it. */
    readReceipt(request: Request): { receipt: { radicado: string; code: string } | null; headers: Record<string, string> } {
      const cookie = (request.headers.get("cookie") ?? "").split(";").map((c) => c.trim()).find((c) => c.startsWith(`${spec.receiptCookie}=`));
      const [radicado, code] = decodeURIComponent(cookie?.slice(spec.receiptCookie.length + 1) ?? "").split(" ");
      const headers = { "Cache-Control": "no-store", "Set-Cookie": receiptCookie(request, null) };
      return { receipt: radicado && code ? { radicado, code } : null, headers };
    },
  };
}

export type ConsultRefusalCode = "limite_de_consultas" | "consulta_sin_resultado" | "datos_invalidos" | "canal_no_disponible";

/**
 * CONSULTAR's lookup for a channel: radicado + code → the case id, or the refusal with its status. An
 * unknown radicado and a wrong code get the same status and the same page (nothing typed is echoed
 * back), after the same work.
 */
export async function consultCase(
  request: Request,
  body: Record<string, unknown>,
  options: { channel: string; addressKey?: (address: string) => string },
): Promise<{ caseId: number; services: Services } | { refused: ConsultRefusalCode; status: number; message: string; retryAfter?: number }> {
  const radicado = typeof body.radicado === "string" ? body.radicado : "";
  const code = typeof body.codigo === "string" ? body.codigo : "";
  const services = await getServices();
  const result = await lookupCase(services.db, {
    channel: options.channel,
    radicado,
    code,
    address: clientAddress(request),
    perAddress: services.env.LOOKUP_RATE_LIMIT,
    addressKey: options.addressKey,
  });
  if (result.outcome === "found") return { caseId: result.caseId, services };
  if (result.outcome === "limited") return { refused: "limite_de_consultas", status: 429, message: REFUSALS.limite_de_consultas.message, retryAfter: result.retryAfterSeconds };
  if (result.outcome === "invalid") return { refused: "datos_invalidos", status: 400, message: "Escriba el radicado y el código de seguimiento." };
  return { refused: "consulta_sin_resultado", status: 404, message: REFUSALS.consulta_sin_resultado.message };
}

// ——— The incident and accident report (DECISIONS 11, 21) ———

export const RECEIPT_PATH = "/incidente/recibido";

export const incidentDoors = caseDoors({
  form: incidentForm,
  receiptPath: RECEIPT_PATH,
  receiptCookie: "reporte_recibido",
  decoy: { radicado: "IN-0000-000000", code: "XXXX-XXXX-XXXX" },
  store(services, values) {
    const site = getSiteConfig();
    return storeReport(services.db, values, {
      policyVersion: services.policyVersion,
      staffRecipients: services.env.MAIL_TO_SST ?? services.env.MAIL_TO,
      origin: site.origin.replace(/\/$/, ""),
      companyName: site.company.name,
    });
  },
});

export type ConsultAnswer =
  | { outcome: "found"; view: PublicView }
  | { outcome: "refused"; code: ConsultRefusalCode; message: string };

/** CONSULTAR on /incidente/consulta. */
export async function handleConsult(request: Request) {
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  let answer: ConsultAnswer;
  let status = 200;
  try {
    checkOrigin(request);
    const found = await consultCase(request, await readFields(request, encodingOf(request)), { channel: CHANNEL });
    if ("caseId" in found) {
      answer = { outcome: "found", view: await publicView(found.services.db, found.caseId) };
    } else {
      status = found.status;
      if (found.retryAfter) headers["Retry-After"] = String(found.retryAfter);
      answer = { outcome: "refused", code: found.refused, message: found.message };
    }
  } catch (error) {
    const refusal = asRefusal(error, "consulta");
    status = refusal.status;
    answer = { outcome: "refused", code: "datos_invalidos", message: refusal.body.message };
  }
  return data({ answer }, { status, headers });
}
