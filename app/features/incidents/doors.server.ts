/**
 * The incident and accident report's doors (product decisions 11 and 21, docs/product.md): the case
 * model's doors with the incident registry, and CONSULTAR on /incidente/consulta.
 */
import { data } from "react-router";
import { getSiteConfig } from "~/config/site.server";
import { caseDoors, type ConsultRefusalCode, consultCase } from "~/features/cases/doors.server";
import { publicView } from "~/features/cases/cases.server";
import type { PublicView } from "~/features/cases/model";
import { plainHeld } from "~/features/cases/held.server";
import { asRefusal, checkOrigin, checkRateMark, encodingOf, readFields } from "~/forms/post.server";
import { incidentChannel } from "./channel";
import { incidentForm } from "./incident-form";
import { CHANNEL, storeIncident } from "./incidents.server";

export const RECEIPT_PATH = "/incidente/recibido";

export const incidentDoors = caseDoors({
  form: incidentForm,
  receiptPath: RECEIPT_PATH,
  receiptCookie: "reporte_recibido",
  channel: incidentChannel,
  heldSealing: () => plainHeld,
  store(services, values) {
    const site = getSiteConfig();
    return storeIncident(services.db, values, {
      policyVersion: services.policyVersion,
      staffRecipients: services.env.MAIL_TO_SST ?? services.env.MAIL_TO,
      origin: site.origin.replace(/\/$/, ""),
      companyName: site.company.name,
    });
  },
});

export type ConsultAnswer = { outcome: "found"; view: PublicView } | { outcome: "refused"; code: ConsultRefusalCode; message: string };

/** CONSULTAR on /incidente/consulta. */
export async function handleConsult(request: Request) {
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  let answer: ConsultAnswer;
  let status = 200;
  try {
    checkRateMark(request, "consulta");
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
