/**
 * The ethics line's doors (docs/product.md §22): the report (JSON API and the page's own post, the same doors
 * as the incident report), and CONSULTAR with the two-way follow-up. Closed, with a 503 that says so,
 * while no ETHICS_KEY is configured.
 *
 * Anonymity: nothing here stores the sender's address or browser with a report. The per-address
 * counters this channel needs (the lookups' throttle here, the posts' limit in server.js) key the
 * address with a secret that lives only in this process's memory, so a copy of the database cannot
 * tie an address to a lookup, even by its timing.
 */
import { createHmac, randomBytes } from "node:crypto";
import { data } from "react-router";
import { getSiteConfig } from "~/config/site.server";
import { REFUSALS } from "~/forms/errors";
import type { PublicView } from "~/features/cases/model";
import { caseDoors, type ConsultRefusalCode, consultCase } from "~/features/cases/doors.server";
import { asRefusal, checkOrigin, checkRateMark, encodingOf, RATE_LIMITED_HEADER, readFields, Refusal } from "~/forms/post.server";
import { log } from "~/platform/log.server";
import { getServices, type Services } from "~/platform/services.server";
import { ethicsChannel } from "./channel";
import type { Sealer } from "./crypto.server";
import { FOLLOW_UP_MAX, ethicsForm } from "./ethics-form";
import {
  addReporterInformation,
  CHANNEL,
  type EthicsStoreOptions,
  ethicsHeldSealing,
  ethicsRecipients,
  ethicsSealer,
  reporterView,
  storeEthicsReport,
} from "./ethics.server";

export const ETHICS_RECEIPT_PATH = "/linea-etica/recibido";

const ADDRESS_SECRET = randomBytes(32);
/** An address as this process counts it: keyed with a secret that is never written anywhere. */
export const anonymousAddressKey = (address: string) => createHmac("sha256", ADDRESS_SECRET).update(address).digest("hex");

function openChannel(): Sealer {
  const sealer = ethicsSealer();
  if (!sealer) throw new Refusal("canal_no_disponible");
  return sealer;
}

export function ethicsStoreOptions(services: Services): EthicsStoreOptions {
  const site = getSiteConfig();
  return {
    policyVersion: services.policyVersion,
    recipients: ethicsRecipients(services.env),
    origin: site.origin.replace(/\/$/, ""),
    companyName: site.company.name,
  };
}

export const ethicsDoors = caseDoors({
  form: ethicsForm,
  receiptPath: ETHICS_RECEIPT_PATH,
  receiptCookie: "linea_etica_recibido",
  channel: ethicsChannel,
  heldSealing: () => ethicsHeldSealing(openChannel()),
  store: (services, values) => storeEthicsReport(services.db, openChannel(), values, ethicsStoreOptions(services)),
});

/** How long the follow-up form stays usable after the radicado and code were given. */
export const ACCESS_TTL_MS = 30 * 60 * 1000;

export type EthicsConsultAnswer =
  | {
      outcome: "found";
      view: PublicView;
      /** Proof for the follow-up form (instead of the code, which is not written into the page). */
      access: string;
      notice?: string;
      error?: string;
      draft?: string;
    }
  | { outcome: "refused"; code: ConsultRefusalCode | "acceso_vencido" | "limite_de_envios"; message: string };

export const ETHICS_TEXTS = {
  added: "Agregamos su información al reporte. Las personas que lo atienden ya fueron avisadas.",
  emptyAddition: "Escriba la información que quiere agregar.",
  tooLong: `La información admite como máximo ${FOLLOW_UP_MAX} caracteres: divídala en varios envíos.`,
  expired: "Pasaron más de 30 minutos desde que consultó, o el enlace no es válido: consulte de nuevo con el radicado y el código.",
} as const;

/**
 * POST /linea-etica/consulta: `accion=consultar` (radicado + code → the conversation) or
 * `accion=agregar` (the proof from the previous answer + the text the reporter adds).
 */
export async function handleEthicsConsult(request: Request) {
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  let status = 200;
  let answer: EthicsConsultAnswer;
  try {
    checkOrigin(request);
    const body = await readFields(request, encodingOf(request));
    const limited = request.headers.get(RATE_LIMITED_HEADER);
    if (limited) {
      headers["Retry-After"] = limited;
      return data(
        { answer: { outcome: "refused", code: "limite_de_envios", message: REFUSALS.limite_de_envios.message } as EthicsConsultAnswer },
        { status: 429, headers },
      );
    }
    checkRateMark(request, "consulta-etica");
    const sealer = openChannel();
    if (body.accion === "agregar") {
      const caseId = sealer.readAccess(typeof body.acceso === "string" ? body.acceso : "");
      const services = await getServices();
      if (caseId === null) {
        status = 403;
        answer = { outcome: "refused", code: "acceso_vencido", message: ETHICS_TEXTS.expired };
      } else {
        const text = typeof body.informacion === "string" ? body.informacion.trim() : "";
        let error: string | undefined;
        if (!text) error = ETHICS_TEXTS.emptyAddition;
        else if (text.length > FOLLOW_UP_MAX) error = ETHICS_TEXTS.tooLong;
        if (error) status = 400;
        else await addReporterInformation(services.db, sealer, caseId, text, ethicsStoreOptions(services));
        if (!error) services.outbox?.kick();
        answer = {
          outcome: "found",
          view: await reporterView(services.db, sealer, caseId),
          access: sealer.mintAccess(caseId, ACCESS_TTL_MS),
          ...(error ? { error, draft: text.slice(0, FOLLOW_UP_MAX * 2) } : { notice: ETHICS_TEXTS.added }),
        };
        // No case id: the log must not tie this request's time to a report (ADR 013).
        if (!error) log("info", "report-follow-up", { form: ethicsForm.id });
      }
    } else {
      const found = await consultCase(request, body, { channel: CHANNEL, addressKey: anonymousAddressKey });
      if ("caseId" in found) {
        answer = {
          outcome: "found",
          view: await reporterView(found.services.db, sealer, found.caseId),
          access: sealer.mintAccess(found.caseId, ACCESS_TTL_MS),
        };
      } else {
        status = found.status;
        if (found.retryAfter) headers["Retry-After"] = String(found.retryAfter);
        answer = { outcome: "refused", code: found.refused, message: found.message };
      }
    }
  } catch (error) {
    const refusal = asRefusal(error, "consulta-etica");
    status = refusal.status;
    if (status === 503) headers["Retry-After"] = "60";
    answer = { outcome: "refused", code: refusal.code === "canal_no_disponible" ? "canal_no_disponible" : "datos_invalidos", message: refusal.body.message };
  }
  return data({ answer }, { status, headers });
}
