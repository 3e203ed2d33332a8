/**
 * A case channel's doors, on the forms' post handling (app/forms/post.server.ts): the JSON API
 * (POST /php/<form>), the page's own post without JavaScript (answered with the page again on a
 * refusal, or redirected to the one-time confirmation), and CONSULTAR. The incident report
 * (app/features/incidents) and the ethics line (app/features/ethics) are instances of the same doors.
 * Bodies arrive already read and size-checked (server/index.js).
 */
import type { FormDef } from "~/forms/define";
import { REFUSALS } from "~/forms/errors";
import {
  asRefusal,
  checkOrigin,
  checkRateMark,
  clientAddress,
  encodingOf,
  json,
  methodNotAllowed,
  readFields,
  readSubmission,
  Refusal,
  refusedPage,
} from "~/forms/post.server";
import { readCookie, serializeCookie } from "~/platform/cookies";
import { bogotaDay } from "~/platform/dates";
import { addressToken } from "~/platform/keys.server";
import { log } from "~/platform/log.server";
import { getServices, type Services } from "~/platform/services.server";
import { HELD_MESSAGE } from "./held-notice";
import { decideHeld, getHeld, holdPost, type HeldSealing } from "./held.server";
import type { StaffUser } from "~/platform/audit.server";
import type { ChannelDef } from "./model";

/** The receipt cookie's value for a held post. */
const HELD = "retenido";
import { lookupCase } from "./cases.server";

export interface CaseDoorsSpec {
  /** The form's registry; its id names the API (`/php/<id>`) and the log lines. */
  form: FormDef;
  /** Stores validated values; throws a Refusal (for example when the channel is closed). */
  store(services: Services, values: Record<string, string>): Promise<{ id: number; radicado: string; code: string; dueAt?: string | null }>;
  /** The one-time confirmation page that takes the post/redirect/get without JavaScript. */
  receiptPath: string;
  receiptCookie: string;
  /**
   * The channel: its posts held because they filled the spam trap (ADR 017); a confidential one (the
   * ethics line, ADR 013) names no case in its log lines, so that no log read next to a proxy's access
   * log can tie a connection to a report by its time.
   */
  channel: ChannelDef;
  /** How a held post is kept: in clear, or sealed (throws a Refusal when the channel is closed). */
  heldSealing(): HeldSealing;
}

type Accepted = { held: false; id: number; radicado: string; code: string; dueAt?: string | null } | { held: true };

/** The last day to answer, as CONSULTAR shows it (the Colombian day of the due instant), for a channel with a legal term. */
const dueDayOf = (accepted: { dueAt?: string | null }) => (accepted.dueAt ? bogotaDay(accepted.dueAt) : undefined);
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function caseDoors(spec: CaseDoorsSpec) {
  const name = spec.form.id;

  /** Validates and stores one report; throws a Refusal for anything the reporter can correct. */
  async function accept(body: Record<string, unknown>): Promise<Accepted> {
    const submission = readSubmission(spec.form, body, { trap: "validate" });
    const services = await getServices();
    if (submission.trapped && submission.values) {
      await holdPost(services.db, spec.channel, submission.values, spec.heldSealing());
      log("warn", "report-held", { form: name });
      return { held: true };
    }
    const created = await spec.store(services, submission.values as Record<string, string>);
    services.outbox?.kick();
    log("info", "report-stored", { form: name, ...(spec.channel.confidential ? {} : { caseId: created.id }), mail: services.outbox ? "queued" : "disabled" });
    return { held: false, ...created };
  }

  /**
   * A held post registered as a case by the channel's staff, after review: stored as any report (with
   * its notices and the reporter's code by mail when an e-mail was given), and marked as decided.
   */
  async function registerHeld(
    user: StaffUser,
    heldId: number,
    visible: (values: Record<string, string>) => boolean = () => true,
  ): Promise<{ id: number; radicado: string } | undefined> {
    const services = await getServices();
    const post = await getHeld(services.db, spec.channel, heldId, spec.heldSealing());
    if (!post || post.status !== "retenido" || !visible(post.values)) return undefined;
    const created = await spec.store(services, post.values);
    await decideHeld(services.db, spec.channel, user, heldId, { caseId: created.id });
    services.outbox?.kick();
    return { id: created.id, radicado: created.radicado };
  }

  const receiptCookie = (request: Request, value: string | null) =>
    serializeCookie(request, spec.receiptCookie, value, { path: spec.receiptPath, sameSite: "Strict", maxAgeSeconds: 900 });

  return {
    registerHeld,
    /** POST /php/<form>: JSON in, `201 {ok, radicado, codigo}` (and `vence`, aaaa-mm-dd, where a legal term runs) or the forms' JSON refusals out. */
    async handleApiPost(request: Request): Promise<Response> {
      if (request.method !== "POST") return methodNotAllowed();
      try {
        checkRateMark(request, name);
        const encoding = encodingOf(request);
        if (encoding !== "json") throw new Refusal("tipo_no_soportado");
        checkOrigin(request);
        const accepted = await accept(await readFields(request, encoding));
        if (accepted.held) return json(202, { ok: true, retenido: true, mensaje: HELD_MESSAGE });
        const vence = dueDayOf(accepted);
        return json(201, { ok: true, radicado: accepted.radicado, codigo: accepted.code, ...(vence ? { vence } : {}) });
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
        checkRateMark(request, name);
        checkOrigin(request);
        const accepted = await accept({ ...body });
        const cookie = accepted.held ? HELD : [accepted.radicado, accepted.code, dueDayOf(accepted)].filter(Boolean).join(" ");
        return new Response(null, {
          status: 303,
          headers: { Location: spec.receiptPath, "Cache-Control": "no-store", "Set-Cookie": receiptCookie(request, cookie) },
        });
      } catch (error) {
        return refusedPage(request, spec.form, body, error, phone);
      }
    },

    /** The confirmation page's loader: reads the one-time cookie and clears it. */
    readReceipt(request: Request): { receipt: { radicado: string; code: string; dueDay?: string } | null; held: boolean; headers: Record<string, string> } {
      const value = readCookie(request, spec.receiptCookie) ?? "";
      const [radicado, code, due] = value.split(" ");
      const headers = { "Cache-Control": "no-store", "Set-Cookie": receiptCookie(request, null) };
      const receipt = value !== HELD && radicado && code ? { radicado, code, ...(due && DAY.test(due) ? { dueDay: due } : {}) } : null;
      return { receipt, held: value === HELD, headers };
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
  /** `addressKey`: how the address is counted; by default a keyed hash with this process's secret (app/platform/keys.server.ts). */
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
    addressKey: options.addressKey ?? addressToken,
  });
  if (result.outcome === "found") return { caseId: result.caseId, services };
  if (result.outcome === "limited")
    return { refused: "limite_de_consultas", status: 429, message: REFUSALS.limite_de_consultas.message, retryAfter: result.retryAfterSeconds };
  if (result.outcome === "invalid") return { refused: "datos_invalidos", status: 400, message: "Escriba el radicado y el código de seguimiento." };
  return { refused: "consulta_sin_resultado", status: 404, message: REFUSALS.consulta_sin_resultado.message };
}
