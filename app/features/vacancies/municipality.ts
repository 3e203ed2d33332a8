/**
 * A city is one of DANE's municipalities (DIVIPOLA, municipalities.ts): what the forms offer, what the
 * server accepts and stores (its code and its name), and what /empleos filters by (the code). No server
 * code: the staff form renders the whole list; the public form gets it from its script (ADR 028, addendum).
 */
import { type Municipality, MUNICIPALITIES } from "./municipalities";
import { foldText } from "./wording";

export type { Municipality };
export const MUNICIPALITY_REFUSAL = "Elija un municipio de la lista.";

/** What the list shows and the input carries: "Rionegro (Antioquia)"; Bogotá is its own department. */
export const municipalityLabel = (m: Municipality) => (m.code === "11001" ? m.name : `${m.name} (${m.department})`);

/** Letters and digits only: "Bogotá D. C.", "bogota, dc" and "BOGOTÁ D.C." are one. */
const fold = (value: string) => foldText(value).replace(/[^a-z0-9ñ]+/g, "");
const byCode = new Map(MUNICIPALITIES.map((m) => [m.code, m]));
const byLabel = new Map(MUNICIPALITIES.map((m) => [fold(municipalityLabel(m)), m]));
const byName = new Map<string, Municipality[]>();
for (const m of MUNICIPALITIES) {
  // DANE writes "Bogotá, D.C."; people write "Bogotá": the name before the comma is the city's name too.
  for (const name of new Set([m.name, m.name.split(",")[0] as string])) byName.set(fold(name), [...(byName.get(fold(name)) ?? []), m]);
}

export const municipalityByCode = (code: string) => byCode.get(code) ?? null;

/**
 * The municipality a visitor typed or picked: its label from the list, its DANE code, or its bare name
 * when only one municipality has it (accents, case and dots optional: "bogota dc", "bogotá", "medellin"). A name
 * several departments share ("San Pedro") needs its department, as the list writes it.
 */
export function findMunicipality(typed: string): Municipality | null {
  const value = typed.trim().slice(0, 120);
  if (/^\d{5}$/.test(value)) return byCode.get(value) ?? null;
  const folded = fold(value);
  const named = byName.get(folded);
  return byLabel.get(folded) ?? (named?.length === 1 ? named[0] : null);
}
