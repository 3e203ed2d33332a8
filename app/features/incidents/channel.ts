/** The incident and accident channel as the case model knows it (ADR 012): kinds with their radicado prefixes, statuses. */
import type { ChannelDef } from "~/features/cases/model";

export const incidentChannel = {
  id: "incidentes",
  kinds: {
    accidente: { prefix: "AT", label: "Accidente de trabajo" },
    incidente: { prefix: "IN", label: "Incidente de trabajo" },
  },
  statuses: [
    { value: "recibido", label: "Recibido" },
    { value: "en_revision", label: "En revisión" },
    { value: "reportado_arl", label: "Reportado a la ARL" },
    { value: "en_investigacion", label: "En investigación" },
    { value: "cerrado", label: "Cerrado" },
  ],
  closed: "cerrado",
  /** The FURAT to the ARL is an accident's duty (Decreto-ley 1295 de 1994 art. 62; docs/legal-rules.md §A.1), not an incident's. */
  kindStatuses: {
    accidente: ["recibido", "en_revision", "reportado_arl", "en_investigacion", "cerrado"],
    incidente: ["recibido", "en_revision", "en_investigacion", "cerrado"],
  },
} as const satisfies ChannelDef;

/** The accident report's legal clocks (deadlines.ts computes them; docs/legal-rules.md §A). */
export const FURAT_BUSINESS_DAYS = 2;
export const INVESTIGATION_DAYS = 15;
