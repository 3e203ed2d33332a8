/**
 * The requests channel (PQRS, docs/product.md §28) as the case model knows it: its kinds, each with the
 * radicado prefix `PQ` and the legal term it runs on (./clock.ts), its statuses, and which staff role
 * owns which kinds. Stored as `pqrs`, served at `/pqrs`, `requests` in code.
 */
import type { ChannelDef } from "~/features/cases/model";
import { type TermId, TERMS } from "./clock";

export const requestsChannel = {
  id: "pqrs",
  kinds: {
    peticion: { prefix: "PQ", label: "Petición" },
    peticion_documentos: { prefix: "PQ", label: "Petición de documentos o de información" },
    queja: { prefix: "PQ", label: "Queja" },
    queja_oferta_falsa: { prefix: "PQ", label: "Queja: oferta de empleo falsa a nombre de la empresa" },
    reclamo: { prefix: "PQ", label: "Reclamo" },
    sugerencia: { prefix: "PQ", label: "Sugerencia" },
    consulta: { prefix: "PQ", label: "Consulta" },
    datos_consulta: { prefix: "PQ", label: "Datos personales: consulta (conocer sus datos)" },
    datos_correccion: { prefix: "PQ", label: "Datos personales: reclamo de corrección" },
    datos_actualizacion: { prefix: "PQ", label: "Datos personales: reclamo de actualización" },
    datos_supresion: { prefix: "PQ", label: "Datos personales: reclamo de supresión" },
    datos_revocatoria: { prefix: "PQ", label: "Datos personales: revocatoria de la autorización" },
  },
  statuses: [
    { value: "recibido", label: "Recibida" },
    { value: "en_tramite", label: "En trámite" },
    { value: "por_completar", label: "Pendiente de que usted la complete", staffLabel: "Esperando a que la persona la complete" },
    { value: "respondido", label: "Respondida" },
    { value: "cerrado", label: "Cerrada" },
    { value: "desistido", label: "Desistida (no se completó a tiempo)" },
  ],
  closed: "cerrado",
  // Seen only by the roles pqrs and datos: the case model's own audit entries (a held post registered or
  // discarded) are named `pqrs_…`, like this channel's (requestAudit), so occupational health never reads them.
  confidential: true,
} as const satisfies ChannelDef;

export type RequestKind = keyof typeof requestsChannel.kinds;
export type RequestStatus = (typeof requestsChannel.statuses)[number]["value"];

export const REQUEST_KINDS = Object.keys(requestsChannel.kinds) as RequestKind[];

/** The legal term each kind runs on. */
export const TERM_OF: Record<RequestKind, TermId> = {
  peticion: "peticion",
  peticion_documentos: "documentos",
  queja: "peticion",
  queja_oferta_falsa: "peticion",
  reclamo: "peticion",
  sugerencia: "peticion",
  consulta: "consulta",
  datos_consulta: "datos_consulta",
  datos_correccion: "datos_reclamo",
  datos_actualizacion: "datos_reclamo",
  datos_supresion: "datos_reclamo",
  datos_revocatoria: "datos_reclamo",
};

export const termOf = (kind: string) => TERMS[TERM_OF[kind as RequestKind] ?? "peticion"];

/** Data-protection requests (Ley 1581 de 2012): the role `datos` owns them; the role `pqrs` owns the rest. */
export const isDataKind = (kind: string) => kind.startsWith("datos_");
export const DATA_KINDS = REQUEST_KINDS.filter(isDataKind);
export const PETITION_KINDS = REQUEST_KINDS.filter((k) => !isDataKind(k));

/** A data-protection reclamo (Ley 1581 art. 15): while it runs, the person's records carry "reclamo en trámite". */
export const isDataClaim = (kind: string) => TERM_OF[kind as RequestKind] === "datos_reclamo";

/** Quejas and sugerencias may be filed without identifying oneself; the others need an answer address. */
export const ANONYMOUS_KINDS: readonly RequestKind[] = ["queja", "queja_oferta_falsa", "sugerencia"];

/** The most a person writes when completing a request through CONSULTAR. */
export const COMPLETION_MAX = 3000;

/** Statuses in which the clock runs, and the request is still open. */
export const OPEN_STATUSES: readonly RequestStatus[] = ["recibido", "en_tramite", "por_completar"];
export const isOpen = (status: string) => (OPEN_STATUSES as readonly string[]).includes(status);
/** Statuses after which nothing more happens (answered requests can still be closed). */
export const FINAL_STATUSES: readonly RequestStatus[] = ["cerrado", "desistido"];

/** The staff area of a kind (app/config/access.ts). */
export const areaOf = (kind: string) => (isDataKind(kind) ? ("dataRequests" as const) : ("requests" as const));

/** Audit actions, named per area so the audit page shows each role its own (app/features/staff/audit.server.ts). */
export const requestAudit = (kind: string, action: string) => `${isDataKind(kind) ? "datos" : "pqrs"}_${action}`;

/**
 * What a link may preselect (`/pqrs?tipo=queja&asunto=oferta-falsa`, used by the job-offer fraud page;
 * `/pqrs?tipo=datos&solicitud=supresion`), besides a kind's own name (`/pqrs?tipo=datos_supresion`).
 */
export function kindFromQuery(params: URLSearchParams): RequestKind | undefined {
  const tipo = (params.get("tipo") ?? "").trim().toLowerCase().replace(/-/g, "_");
  const detail = (params.get("asunto") ?? params.get("solicitud") ?? "").trim().toLowerCase().replace(/-/g, "_");
  if (tipo === "queja" && detail === "oferta_falsa") return "queja_oferta_falsa";
  if (tipo === "peticion" && (detail === "documentos" || detail === "informacion")) return "peticion_documentos";
  if (tipo === "datos" && detail) {
    const kind = `datos_${detail === "acceso" ? "consulta" : detail}`;
    return kind in requestsChannel.kinds ? (kind as RequestKind) : undefined;
  }
  return tipo in requestsChannel.kinds ? (tipo as RequestKind) : undefined;
}
