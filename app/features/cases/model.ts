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
  /**
   * Seen only by its owners (the ethics line): its audit entries are named `<channel>_…`, so the general
   * audit page can leave them out.
   */
  confidential?: boolean;
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

/**
 * The ethics line (DECISIONS 22, ADR 013). Every kind shares the prefix `LE`, so a radicado does not
 * reveal the category to whoever sees it (a notification, a note on a desk).
 */
export const ethicsChannel = {
  id: "etica",
  kinds: {
    soborno: { prefix: "LE", label: "Soborno o corrupción (PTEE)" },
    lavado: { prefix: "LE", label: "Lavado de activos, financiación del terrorismo o financiamiento de la proliferación de armas de destrucción masiva (SAGRILAFT)" },
    acoso_laboral: { prefix: "LE", label: "Acoso laboral" },
    acoso_sexual: { prefix: "LE", label: "Acoso sexual" },
    discriminacion: { prefix: "LE", label: "Discriminación" },
    otro: { prefix: "LE", label: "Otro asunto ético" },
  },
  statuses: [
    { value: "recibido", label: "Recibido" },
    { value: "en_revision", label: "En revisión" },
    { value: "en_tramite", label: "En trámite" },
    { value: "cerrado", label: "Cerrado" },
  ],
  closed: "cerrado",
  confidential: true,
} as const satisfies ChannelDef;

export type EthicsKind = keyof typeof ethicsChannel.kinds;

/**
 * Who owns (and alone reads) each category: the compliance officer for SAGRILAFT and PTEE (and what
 * fits no category, which they may reclassify), the coexistence committee for harassment and
 * discrimination (Ley 1010 de 2006, Ley 2365 de 2024, Res. 3461 de 2025).
 */
export const ETHICS_OWNERS = {
  soborno: "cumplimiento",
  lavado: "cumplimiento",
  otro: "cumplimiento",
  acoso_laboral: "convivencia",
  acoso_sexual: "convivencia",
  discriminacion: "convivencia",
} as const satisfies Record<EthicsKind, "cumplimiento" | "convivencia">;

export type EthicsRole = (typeof ETHICS_OWNERS)[EthicsKind];
export const ETHICS_ROLES: EthicsRole[] = ["cumplimiento", "convivencia"];

/** The categories a person with these roles may see (none for admin, staff or sst alone). */
export const ethicsKindsFor = (roles: readonly string[]): EthicsKind[] =>
  (Object.keys(ETHICS_OWNERS) as EthicsKind[]).filter((kind) => roles.includes(ETHICS_OWNERS[kind]));

/** The accident report's legal clocks (deadlines.server.ts computes them). */
export const FURAT_BUSINESS_DAYS = 2;
export const INVESTIGATION_DAYS = 15;

export const channels: Record<string, ChannelDef> = { [incidentChannel.id]: incidentChannel, [ethicsChannel.id]: ethicsChannel };

export const statusLabel = (channel: string, status: string | null | undefined) =>
  channels[channel]?.statuses.find((s) => s.value === status)?.label ?? status ?? "";

/** An audit action's name for a case of this channel (prefixed on a confidential channel). */
export const auditAction = (channel: string, action: string) => (channels[channel]?.confidential ? `${channel}_${action}` : action);

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
  /** `from`: the team, or the reporter (information they added through CONSULTAR). */
  events: { at: string; type: string; status: string | null; note: string | null; from: "equipo" | "reportante" }[];
}
