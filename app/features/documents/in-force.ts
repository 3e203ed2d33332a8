/**
 * "Cambios vigentes": what applies today around a document published as adopted (ADR 009).
 * Shared by the server (which builds the panel from content/cambios-vigentes.yaml) and the view.
 */

/** "cambio": a later norm changed the adopted text. "revision": already at odds with the law when adopted. */
export type InForceKind = "cambio" | "revision";

export interface InForceLink {
  label: string;
  href: string;
}

export interface InForceStep {
  /** aaaa-mm-dd; absent for provisions that were already at odds with the law when adopted. */
  since?: string;
  rule: string;
}

/**
 * What a row shows between two step dates (product rule 37): the page carries the state of today and of
 * every later step, each marked with its dates, so a copy read on a later day (the service worker's,
 * offline) shows the step of that day (/js/document-tools.js), and the server renders the day's anew.
 */
export interface InForceVariant {
  /** aaaa-mm-dd from which this state holds; absent for the state of the day the page was rendered. */
  from?: string;
  /** aaaa-mm-dd from which the next state holds; absent for the last one. */
  until?: string;
  current?: InForceStep;
  earlier: InForceStep[];
  upcoming: InForceStep[];
}

export interface InForceRow {
  id: string;
  /** Element id of the row on the page (`cambio-<id>`): the articles' markers link here. */
  anchor: string;
  kind: InForceKind;
  title: string;
  norm: string;
  adopted: string;
  /** The step in force on the day of the rendering (undefined when every step is still to come). */
  current?: InForceStep;
  earlier: InForceStep[];
  upcoming: InForceStep[];
  /** Today's state first, then the state from each later step's date. */
  variants: InForceVariant[];
  note?: string;
  /** Links to the affected articles or sections of the page showing the row. */
  here: InForceLink[];
  /** The same row's places in the other documents, by document title. */
  elsewhere: { document: string; links: InForceLink[] }[];
}

export interface InForcePanel {
  /** Date the rows were last reviewed, aaaa-mm-dd. */
  reviewed: string;
  /** The day the panel was rendered for (aaaa-mm-dd, Colombia). */
  asOf: string;
  /** The first later step date of the panel: from that day on, a copy rendered for `asOf` is stale. */
  validUntil?: string;
  intro: string;
  /** Term before the links to this page's own articles or sections. */
  hereLabel: string;
  rows: InForceRow[];
}

export const IN_FORCE_SECTION_ID = "cambios-vigentes";

export const rowAnchor = (id: string) => `cambio-${id}`;

export { formatDay } from "~/platform/dates";

/** House style (content/README.md): a percent sign never wraps away from its figure. */
export function typeset(text: string): string {
  return text.replace(/(\d) %/g, "$1\u00a0%");
}
