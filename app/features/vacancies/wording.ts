/**
 * The wording check before a vacancy is published (product rule 40, ADR 028): requirements the law
 * forbids in a job offer, each with its reason and norm. Staff may rephrase; a vacancy whose text still
 * matches cannot be published. Matching reads the text in lower case without accents, on whole words,
 * so "edad" inside another word does not trip it and "Buena presencia" and "buena  presencia" both do.
 * No server code: the staff form shows the same findings the server refuses with.
 */
export interface WordingFinding {
  rule: string;
  /** The words that matched, as typed. */
  found: string;
  reason: string;
  norm: string;
}

interface Rule {
  rule: string;
  pattern: RegExp;
  reason: string;
  norm: string;
}

const DISCRIMINATION = "Ley 1482 de 2011, art. 3 (Código Penal, art. 134A), modificada por la Ley 1752 de 2015";

const RULES: readonly Rule[] = [
  {
    rule: "edad",
    pattern:
      /\b(?:(?<!mayor de )(?<!ser mayor de )edad|anos de edad|entre \d{2} y \d{2} anos|de \d{2} a \d{2} anos|mayor(?:es)? de \d{2}|menor(?:es)? de \d{2}|maximo \d{2} anos|hasta \d{2} anos|\d{2} anos (?:maximo|o menos|en adelante)|joven(?:es|)|joven(?:es)? (?:entre|de)|rango de edad)\b/,
    // "Mayor de edad" is not refused: a minor may work only with a permit (Ley 1098 de 2006), so adulthood is a lawful requirement.
    reason:
      "Pide una edad o un rango de edad: los requisitos de un empleo se refieren a méritos, calidades, experiencia, profesión u ocupación, nunca a la edad.",
    norm: "Ley 931 de 2004, art. 2",
  },
  {
    rule: "sexo",
    pattern:
      /\b(?:solo (?:hombres|mujeres)|unicamente (?:hombres|mujeres)|(?:sexo|genero) (?:masculino|femenino)|(?:hombre|mujer|hombres|mujeres|caballero(?:s|)|dama(?:s|)|senorita(?:s|)) (?:para|con|que|entre|de)|se requiere (?:hombre|mujer|senorita|caballero|dama)(?:s|)|sexo:)\b/,
    reason: "Pide un sexo o un género: la oferta debe estar abierta a cualquier persona que cumpla el perfil.",
    norm: `Ley 931 de 2004 (las convocatorias no pueden contemplar limitantes de sexo) y ${DISCRIMINATION}`,
  },
  {
    rule: "estado_civil",
    pattern: /\b(?:estado civil|solter[oa](?:s|)|casad[oa](?:s|)|sin hijos|con hijos|union libre|madre cabeza de familia excluida)\b/,
    reason: "Pide un estado civil o una situación familiar, que no tiene que ver con el trabajo.",
    norm: `Constitución Política, arts. 13 y 42, y ${DISCRIMINATION}`,
  },
  {
    rule: "embarazo",
    pattern: /\b(?:embarazo|embarazada|no embarazada|prueba de embarazo|test de embarazo|gravidez)\b/,
    reason:
      "Menciona el embarazo o una prueba de embarazo: la ley prohíbe exigirla para acceder a un empleo (solo puede pedirse, con el consentimiento de la candidata, si el trabajo implica riesgos para el embarazo, y nunca en la oferta), y excluir por embarazo es discriminación por sexo.",
    norm: `Código Sustantivo del Trabajo, art. 241A, num. 1 (adicionado por la Ley 2114 de 2021, 29 de julio de 2021), y ${DISCRIMINATION}`,
  },
  {
    rule: "buena_presencia",
    pattern:
      /\b(?:buena presencia|excelente presencia|buena apariencia|apariencia fisica|presentacion personal impecable|buen fisico|contextura|estatura minima|delgad[oa](?:s|)|sin tatuajes)\b/,
    reason: "Pide una apariencia física («buena presencia»): no es un mérito ni una calidad del oficio y abre la puerta a la discriminación.",
    norm: `Ley 931 de 2004, art. 2 (solo méritos y calidades) y ${DISCRIMINATION}`,
  },
  {
    rule: "religion",
    pattern: /\b(?:religion|religios[oa]|catolic[oa](?:s|)|cristian[oa](?:s|)|evangelic[oa](?:s|)|creyente(?:s|))\b/,
    reason: "Pide o menciona una religión.",
    norm: `Constitución Política, arts. 13 y 19, Ley 931 de 2004 y ${DISCRIMINATION}`,
  },
  {
    rule: "opinion_politica",
    pattern: /\b(?:partido politico|afiliacion politica|opinion politica|ideologia politica|simpatizante)\b/,
    reason: "Pide una opinión o una afiliación política.",
    norm: `Constitución Política, art. 13, Ley 931 de 2004 y ${DISCRIMINATION}`,
  },
  {
    rule: "origen",
    pattern:
      /\b(?:nacionalidad (?:colombiana|venezolana)|solo colombianos|no extranjeros|sin extranjeros|no venezolanos|raza|etnia|color de piel|tez|oriundo de|nacid[oa](?:s|) en)\b/,
    reason: "Pide un origen nacional, familiar o étnico, o un color de piel. (Un permiso de trabajo vigente sí puede pedirse: escríbalo así.)",
    norm: `Ley 931 de 2004 (origen nacional o familiar) y ${DISCRIMINATION} (raza, etnia, nacionalidad)`,
  },
  {
    rule: "discapacidad",
    pattern:
      /\b(?:sin discapacidad|no discapacitad[oa](?:s|)|ninguna discapacidad|persona(?:s|) sana(?:s|)|sin limitaciones fisicas|perfecto estado de salud|sin enfermedades)\b/,
    reason:
      "Excluye a las personas con discapacidad o pide «salud perfecta»: describa las tareas del cargo, y la aptitud la define el examen médico ocupacional.",
    norm: `Ley 361 de 1997, art. 26, Ley 1618 de 2013 y ${DISCRIMINATION}`,
  },
  {
    rule: "cobro",
    pattern:
      /\b(?:costo|cobro|pago|pagar|consignar|consignacion|cuota|valor) (?:de |del |por |el |la |una |un )?(?:inscripcion|examen(?:es)?|examenes medicos|curso|capacitacion|carnet|uniforme|dotacion|tramite|proceso|seleccion|postulacion|entrevista|estudio de seguridad|poligrafo)|\b(?:debe|deberan|debera) (?:pagar|consignar|cancelar)\b|\binversion inicial\b/,
    reason: "Menciona un cobro al candidato: el proceso de selección y los exámenes de ingreso son siempre gratuitos para quien busca empleo.",
    norm: "Decreto 1072 de 2015, art. 2.2.6.1.2.1 (Decreto 2852 de 2013, art. 2: los servicios de gestión y colocación son siempre gratuitos para el trabajador), y Ley 50 de 1990, art. 95",
  },
];

/** Lower case, no accents, spaces collapsed: what the rules read. */
export const foldText = (value: string) =>
  value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\s+/g, " ");

/** Every forbidden requirement found in the texts (title, requirements, duties…), once per rule. */
export function checkWording(texts: readonly string[]): WordingFinding[] {
  const folded = foldText(texts.join(" \n "));
  const findings: WordingFinding[] = [];
  for (const r of RULES) {
    const match = r.pattern.exec(folded);
    if (match) findings.push({ rule: r.rule, found: match[0], reason: r.reason, norm: r.norm });
  }
  return findings;
}
