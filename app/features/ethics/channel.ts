import type { ChannelDef } from "~/features/cases/model";

/**
 * The ethics line (docs/product.md §22, ADR 013). Every kind shares the prefix `LE`, so a radicado does not
 * reveal the category to whoever sees it (a notification, a note on a desk).
 */
export const ethicsChannel = {
  id: "etica",
  kinds: {
    soborno: { prefix: "LE", label: "Soborno o corrupción (PTEE)" },
    lavado: {
      prefix: "LE",
      label: "Lavado de activos, financiación del terrorismo o financiamiento de la proliferación de armas de destrucción masiva (SAGRILAFT)",
    },
    acoso_laboral: { prefix: "LE", label: "Acoso laboral" },
    acoso_sexual: { prefix: "LE", label: "Acoso sexual" },
    discriminacion: { prefix: "LE", label: "Discriminación" },
    desconexion: { prefix: "LE", label: "Desconexión laboral" },
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
 * Who owns (and alone reads) each category:
 * - the compliance officer: SAGRILAFT and PTEE (Circular Básica Jurídica de Supersociedades, ch. X and
 *   XIII), and what fits no category, which they may reclassify;
 * - the Comité de Convivencia Laboral: workplace harassment and discrimination (Ley 1010 de 2006; its
 *   procedure under Res. 3461 de 2025 of the Ministerio del Trabajo) and complaints about the right to
 *   disconnect (Ley 2191 de 2022; the company's policy sends them to the committee);
 * - the gender referent (role `genero`): sexual harassment, which Res. 3461 de 2025 leaves outside the
 *   committee's competence and Ley 2365 de 2024 gives a route of its own (product rule 27).
 */
export const ETHICS_OWNERS = {
  soborno: "cumplimiento",
  lavado: "cumplimiento",
  otro: "cumplimiento",
  acoso_laboral: "convivencia",
  acoso_sexual: "genero",
  discriminacion: "convivencia",
  desconexion: "convivencia",
} as const satisfies Record<EthicsKind, "cumplimiento" | "convivencia" | "genero">;

export type EthicsRole = (typeof ETHICS_OWNERS)[EthicsKind];
export const ETHICS_ROLES: EthicsRole[] = ["cumplimiento", "convivencia", "genero"];

/**
 * The Comité de Convivencia Laboral's procedure lasts at most 65 calendar days from the complaint
 * (Res. 3461 de 2025; docs/legal-rules.md §B): the committee's cases show that deadline and sort by it.
 */
export const COMMITTEE_DAYS = 65;
export const hasCommitteeClock = (kind: string) => ETHICS_OWNERS[kind as EthicsKind] === "convivencia";

/** How a case ended, recorded by its owner; Ley 2365 de 2024's semester figures count the sanctions. */
export const OUTCOMES = {
  archivado: "Archivado (sin trámite, desistido o fuera de competencia)",
  no_probado: "Tramitado: los hechos no se comprobaron",
  probado: "Tramitado: los hechos se comprobaron y se aplicó una medida o sanción",
} as const;
export type Outcome = keyof typeof OUTCOMES;

/** The categories a person with these roles may see (none for admin, staff or sst alone). */
export const ethicsKindsFor = (roles: readonly string[]): EthicsKind[] =>
  (Object.keys(ETHICS_OWNERS) as EthicsKind[]).filter((kind) => roles.includes(ETHICS_OWNERS[kind]));
