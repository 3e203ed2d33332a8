/**
 * Applications to a vacancy as a case channel (product rule 41, ADR 028): radicado HV-…, a follow-up
 * code, the statuses the candidate reads in CONSULTAR. No server code.
 */
import type { ChannelDef } from "~/features/cases/model";

export const applicationsChannel = {
  id: "postulaciones",
  kinds: { postulacion: { prefix: "HV", label: "Postulación a una vacante" } },
  statuses: [
    { value: "recibida", label: "Recibida" },
    { value: "en_revision", label: "En revisión" },
    { value: "remitida", label: "Remitida a la empresa usuaria" },
    { value: "seleccionada", label: "Seleccionada" },
    { value: "no_seleccionada", label: "No seleccionada" },
    { value: "retirada", label: "Retirada por usted", staffLabel: "Retirada por el candidato" },
  ],
  closed: "no_seleccionada",
  // Its audit entries are named `postulaciones_…`, so the audit page shows them only to the area that sees
  // applications (vacancies), not to whoever reads incident reports.
  confidential: true,
} as const satisfies ChannelDef;

export type ApplicationStatus = (typeof applicationsChannel.statuses)[number]["value"];
/** The statuses staff set (withdrawal is the candidate's own). */
export const STAFF_STATUSES = applicationsChannel.statuses.filter((s) => s.value !== "retirada");
/** Ended: no more changes, and the retention period of a not-selected application runs from here. */
export const ENDED: readonly string[] = ["no_seleccionada", "retirada"];
