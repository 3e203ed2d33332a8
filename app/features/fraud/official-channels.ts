/**
 * Job-offer fraud (product rule 31): is a phone number, an e-mail address or a web address one of the
 * company's? The official channels come from the site configuration only (contact phones, WhatsApp,
 * e-mail addresses, the site's and portals' domains, and the extra ones it lists under `official`).
 * Compared after normalising what people type: spaces, dashes, "+57", case, "www.", a scheme or a path.
 * No server code: the server answers the check (it works without JavaScript), and tests call it directly.
 */
import type { SiteConfig } from "~/config/site";

export type ChannelKind = "telefono" | "correo" | "web";

export interface CheckResult {
  kind: ChannelKind;
  /** What was compared, as normalised (shown back to the visitor). */
  normalized: string;
  official: boolean;
}

/** A Colombian number as its ten national digits (mobile 3xx…, landline 60x…), or the digits as typed. */
export function normalizePhoneNumber(value: string): string {
  let digits = value.replace(/\D/g, "");
  if (digits.startsWith("0057")) digits = digits.slice(4);
  if (digits.length === 12 && digits.startsWith("57")) digits = digits.slice(2);
  return digits;
}

/** A host name without scheme, "www.", port, path, query or a trailing dot, in lower case. */
export function normalizeHost(value: string): string {
  let text = value.trim().toLowerCase();
  text = text.replace(/^[a-z][a-z0-9+.-]*:\/\//, "");
  text = text.split(/[/?#]/)[0].replace(/:\d+$/, "").replace(/\.$/, "");
  return text.replace(/^www\./, "");
}

export const normalizeEmailAddress = (value: string) =>
  value
    .trim()
    .toLowerCase()
    .replace(/^mailto:/, "");

/** What kind of channel a typed value is: an e-mail (has @), a web address (letters and a dot), else a phone. */
export function kindOf(value: string): ChannelKind | null {
  const text = value.trim();
  if (!text) return null;
  if (text.includes("@")) return "correo";
  if (/[a-z]/i.test(text) && text.includes(".")) return "web";
  if (normalizePhoneNumber(text).length >= 7) return "telefono";
  return null;
}

export interface OfficialChannels {
  phones: string[];
  emails: string[];
  emailDomains: string[];
  domains: string[];
}

export function officialChannels(site: SiteConfig): OfficialChannels {
  const hostOf = (url: string) => normalizeHost(url);
  return {
    phones: [...new Set([site.contact.phone, site.contact.whatsapp, ...(site.official?.phones ?? [])].map(normalizePhoneNumber))],
    emails: [...new Set([site.contact.email, site.contact.privacyEmail].map(normalizeEmailAddress))],
    emailDomains: [...new Set((site.official?.emailDomains ?? []).map((d) => d.trim().toLowerCase().replace(/^@/, "")))],
    // A link to a page of this site (`/empleos`) is on the origin's host already.
    domains: [...new Set([site.origin, ...Object.values(site.links).filter((l) => !l.startsWith("/")), ...(site.official?.domains ?? [])].map(hostOf))],
  };
}

/** A host is ours when it is one of the official hosts or a subdomain of one (never merely containing it). */
const ownsHost = (host: string, domains: string[]) => domains.some((d) => host === d || host.endsWith(`.${d}`));

export function checkChannel(value: string, channels: OfficialChannels): CheckResult | null {
  const kind = kindOf(value);
  if (!kind) return null;
  if (kind === "telefono") {
    const normalized = normalizePhoneNumber(value);
    return { kind, normalized, official: channels.phones.includes(normalized) };
  }
  if (kind === "correo") {
    const normalized = normalizeEmailAddress(value);
    const domain = normalized.split("@").pop() ?? "";
    return { kind, normalized, official: channels.emails.includes(normalized) || channels.emailDomains.includes(domain) };
  }
  const normalized = normalizeHost(value);
  return { kind, normalized, official: ownsHost(normalized, channels.domains) };
}
