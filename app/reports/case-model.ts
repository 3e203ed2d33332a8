/**
 * The case model shared by every reporting channel (ADR 012): what a radicado and a follow-up code
 * look like, and each channel's kinds, statuses and their labels. No server code: the public pages,
 * the staff pages and the server read it alike. The ethics line (DECISIONS 22) adds a channel here.
 */
export interface ChannelDef {
  id: string;
  /** Kind → radicado prefix and label. */
  kinds: Record<string, { prefix: string; label: string }>;
  /** In order; the first is the status of a new case. */
  statuses: readonly { value: string; label: string }[];
  closed: string;
}

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
} as const satisfies ChannelDef;

/** The accident report's legal clocks (deadlines.server.ts computes them). */
export const FURAT_BUSINESS_DAYS = 2;
export const INVESTIGATION_DAYS = 15;

export const channels: Record<string, ChannelDef> = { [incidentChannel.id]: incidentChannel };

export const statusLabel = (channel: string, status: string | null | undefined) =>
  channels[channel]?.statuses.find((s) => s.value === status)?.label ?? status ?? "";

export const kindLabel = (channel: string, kind: string) => channels[channel]?.kinds[kind]?.label ?? kind;

/** AT-2026-000123: prefix, year of reception (Colombian time), six-digit sequence per prefix and year. */
export const RADICADO_PATTERN = /^[A-Z]{2}-\d{4}-\d{6}$/;
export const formatRadicado = (prefix: string, year: number, sequence: number) => `${prefix}-${year}-${String(sequence).padStart(6, "0")}`;
/** What a person types: spaces and case do not matter. */
export const normalizeRadicado = (value: string) => value.trim().toUpperCase().replace(/\s+/g, "");

/** Follow-up codes: 12 characters without look-alikes (no 0/O, 1/I/L), shown as XXXX-XXXX-XXXX (60 bits). */
export const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const CODE_LENGTH = 12;
export const normalizeCode = (value: string) => value.toUpperCase().replace(/[^A-Z0-9]/g, "");
export const formatCode = (raw: string) => raw.match(/.{1,4}/g)?.join("-") ?? raw;

/** What a reporter reads through CONSULTAR: the case, its statuses reached and the visible notes. */
export interface PublicView {
  radicado: string;
  channel: string;
  kind: string;
  status: string;
  received_at: string;
  events: { at: string; type: string; status: string | null; note: string | null }[];
}
