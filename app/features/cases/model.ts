/**
 * The case model shared by every reporting channel (ADR 012): what a radicado and a follow-up code
 * look like, and what a channel declares (its kinds, statuses and their labels). Each channel defines
 * its own ChannelDef in its feature folder (app/features/incidents/channel.ts, app/features/ethics/
 * channel.ts) and hands it to the functions here. No server code: the public pages, the staff pages
 * and the server read it alike.
 */
export interface ChannelDef {
  id: string;
  /** Kind → radicado prefix and label. */
  kinds: Record<string, { prefix: string; label: string }>;
  /** In order; the first is the status of a new case. `staffLabel`: how the staff read it, where the reporter's words ("usted") do not fit. */
  statuses: readonly { value: string; label: string; staffLabel?: string }[];
  closed: string;
  /** The statuses a kind goes through, in order, where a kind skips some (an incident is not reported to the ARL). */
  kindStatuses?: Record<string, readonly string[]>;
  /**
   * Seen only by its owners (the ethics line): its audit entries are named `<channel>_…`, so the general
   * audit page can leave them out.
   */
  confidential?: boolean;
}

export const statusLabel = (channel: ChannelDef, status: string | null | undefined) => channel.statuses.find((s) => s.value === status)?.label ?? status ?? "";
export const staffStatusLabel = (channel: ChannelDef, status: string | null | undefined) => {
  const found = channel.statuses.find((s) => s.value === status);
  return found?.staffLabel ?? found?.label ?? status ?? "";
};
/** The statuses as the staff pages offer them (their own labels). */
export const staffStatuses = (statuses: ChannelDef["statuses"]) => statuses.map((s) => ({ value: s.value, label: s.staffLabel ?? s.label }));

/** An audit action's name for a case of this channel (prefixed on a confidential channel). */
export const auditAction = (channel: Pick<ChannelDef, "id" | "confidential">, action: string) => (channel.confidential ? `${channel.id}_${action}` : action);

/** The steps a case of this kind goes through (the channel's statuses, less those its kind does not have). */
export const statusesFor = (channel: ChannelDef, kind: string): ChannelDef["statuses"] => {
  const own = channel.kindStatuses?.[kind];
  return own ? channel.statuses.filter((s) => own.includes(s.value)) : channel.statuses;
};

export const kindLabel = (channel: ChannelDef, kind: string) => channel.kinds[kind]?.label ?? kind;

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
