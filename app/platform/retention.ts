/**
 * How long the site keeps each kind of record it stores, in one table (ADR 019): the data policy's §17
 * renders its list of the site's records from it (content/privacidad.md, `{{retencion.plazos}}`), and the
 * daily purge (./purge.server.ts) applies it. Each period names its source: the policy itself, or the law
 * that obliges keeping the record (docs/legal-rules.md §F). A kind whose period cannot be stated has
 * `period: null`: it is never purged and the purge lists it for legal review (content/README.md).
 *
 * No server code and no feature: the features hand the purge what finds and removes each kind
 * (app/composition/retention.server.ts).
 */

import { bogotaDay, formatDay } from "./dates";

export type RecordKind =
  | "mensajes"
  | "envios_retenidos"
  | "solicitudes_pqrs"
  | "reportes_incidentes"
  | "linea_etica_sagrilaft_ptee"
  | "linea_etica_convivencia"
  | "sesiones_y_contadores"
  | "cuentas_personal"
  | "auditoria"
  | "bloqueos"
  | "rendimiento_visitas"
  | "rendimiento_agregados"
  | "nomina_certificados"
  | "certificados_expedidos"
  | "postulaciones_no_seleccionadas";

export interface Period {
  years?: number;
  months?: number;
  days?: number;
}

export interface RetentionRule {
  kind: RecordKind;
  /** What the record is, as the policy names it. */
  record: string;
  /** null: no period can be stated today; the record is kept and listed for legal review. */
  period: Period | null;
  /** The period in words, as the policy says it. */
  periodText: string;
  /** From when it counts. */
  counted: string;
  /**
   * What the daily purge does past the period: delete the record, anonymise it (the content goes, the
   * radicado, kind and dates stay, so a radicado is never reused and the counts hold), or only list it
   * for review (the site cannot know when the period ends, or no period can be stated).
   */
  action: "suprimir" | "anonimizar" | "revisar";
  source: string;
  /**
   * The norm that obliges keeping the record while its period runs; null when the period is only the most
   * the site keeps (the person may ask for the record to go sooner). A deletion yields to it (deletability).
   */
  keptBy: string | null;
}

export const RETENTION: readonly RetentionRule[] = [
  {
    kind: "mensajes",
    record: "Mensajes de los formularios de contacto y de clientes, con su registro de autorización",
    period: { years: 2 },
    periodText: "Dos (2) años",
    counted: "Desde la última comunicación con la persona (el último mensaje suyo o la última vez que se atendió)",
    action: "suprimir",
    source:
      "Esta política; Ley 1581 de 2012, art. 4, literal b (finalidad), y Decreto 1377 de 2013, art. 11 (compilado en el Decreto 1074 de 2015): se conservan mientras sean necesarios para responder. Si el mensaje da origen a una relación contractual, se siguen las reglas de esa relación.",
    keptBy: null,
  },
  {
    kind: "envios_retenidos",
    record: "Envíos a un canal de reportes o de PQRS retenidos por el filtro de envíos automáticos y descartados por el personal",
    period: { years: 2 },
    periodText: "Dos (2) años",
    counted: "Desde que el personal lo descartó (uno que se registró como caso sigue las reglas de ese caso)",
    action: "suprimir",
    source: "Esta política: es un mensaje recibido por un formulario del sitio, con la misma regla que los mensajes.",
    keptBy: null,
  },
  {
    kind: "solicitudes_pqrs",
    record: "Peticiones, quejas, reclamos, sugerencias, consultas y solicitudes sobre datos personales, con su respuesta",
    period: { years: 10 },
    periodText: "Diez (10) años",
    counted: "Desde el cierre de la solicitud; luego se anonimiza (se conservan el radicado, el tipo y las fechas)",
    action: "anonimizar",
    source:
      "Ley 962 de 2005, art. 28: los papeles del comerciante se conservan diez años desde el último asiento. Se aplica como prueba de que la solicitud se respondió a tiempo; ninguna norma fija un plazo propio para las peticiones ante particulares (pendiente de confirmación legal).",
    keptBy: "Ley 962 de 2005, art. 28",
  },
  {
    kind: "reportes_incidentes",
    record: "Reportes de incidentes y accidentes de trabajo, con su seguimiento",
    period: { years: 20 },
    periodText: "Veinte (20) años",
    counted:
      "Desde el fin de la relación laboral del trabajador. El sitio no conoce esa fecha: no los borra por sí mismo, y pasados veinte años desde el evento los presenta para revisión",
    action: "revisar",
    source:
      "Decreto 1072 de 2015, art. 2.2.4.6.13 (registros del Sistema de Gestión de la Seguridad y Salud en el Trabajo), y Resolución 1401 de 2007, art. 4, num. 10 (archivo de las investigaciones).",
    keptBy: "Decreto 1072 de 2015, art. 2.2.4.6.13, y Resolución 1401 de 2007, art. 4, num. 10",
  },
  {
    kind: "linea_etica_sagrilaft_ptee",
    record: "Reportes de la línea ética de soborno, corrupción, lavado de activos y otros asuntos éticos, con sus respuestas",
    period: { years: 10 },
    periodText: "Diez (10) años",
    counted: "Desde el cierre del reporte; luego se anonimiza (se conservan el radicado, la categoría y las fechas)",
    action: "anonimizar",
    source:
      "Ley 962 de 2005, art. 28, que la Superintendencia de Sociedades (Circular Externa 100-000016 de 2020, num. 5.5) aplica a los documentos del SAGRILAFT; para el PTEE no hay un plazo propio y se aplica el mismo.",
    keptBy: "Ley 962 de 2005, art. 28, y Circular Externa 100-000016 de 2020 de la Superintendencia de Sociedades, num. 5.5",
  },
  {
    kind: "linea_etica_convivencia",
    record: "Reportes de la línea ética de acoso laboral, acoso sexual, discriminación y desconexión laboral",
    period: null,
    periodText: "Sin plazo definido",
    counted: "Se conservan mientras la empresa define el plazo en su revisión legal; no se borran",
    action: "revisar",
    source:
      "Ninguna norma revisada fija un plazo (Ley 1010 de 2006, Ley 2365 de 2024, Resolución 3461 de 2025). Las acciones por acoso laboral prescriben a los tres años (Ley 2209 de 2022).",
    keptBy: "Resolución 3461 de 2025, art. 5, par. 2 (custodia de los expedientes del comité)",
  },
  {
    kind: "sesiones_y_contadores",
    record: "Sesiones del personal y contadores de seguridad (intentos de ingreso, límites de envíos y de consultas)",
    period: { days: 1 },
    periodText: "Un (1) día",
    counted: "Desde que vencen",
    action: "suprimir",
    source: "Ley 1581 de 2012, art. 4, literal b (finalidad): solo sirven mientras están vigentes.",
    keptBy: null,
  },
  {
    kind: "cuentas_personal",
    record: "Cuentas del personal que usa la bandeja del sitio",
    period: null,
    periodText: "Sin plazo definido",
    counted: "Mientras la persona tenga acceso; una cuenta desactivada se conserva porque el registro de auditoría la nombra",
    action: "revisar",
    source: "Sigue al registro de auditoría (siguiente fila).",
    keptBy: "el registro de auditoría, que la nombra",
  },
  {
    kind: "auditoria",
    record: "Registro de auditoría (quién abrió, cambió, exportó o eliminó qué)",
    period: null,
    periodText: "Sin plazo definido",
    counted: "Se conserva mientras la empresa define el plazo en su revisión legal; no se borra",
    action: "revisar",
    source:
      "No se encontró una norma colombiana general sobre registros de seguridad; debe cubrir el registro más largo que prueba (diez años de las PQRS) sin exceder lo necesario (Ley 1581 de 2012, art. 4).",
    keptBy: "la prueba de lo que registra",
  },
  {
    kind: "bloqueos",
    record: "Retenciones por obligación legal que el personal registra sobre los datos de una persona",
    period: null,
    periodText: "Sin plazo definido",
    counted: "Una retención vigente se conserva; una levantada, con el registro de auditoría",
    action: "revisar",
    source: "Sigue al registro de auditoría.",
    keptBy: "la obligación legal que motivó la retención",
  },
  {
    kind: "rendimiento_visitas",
    record: "Mediciones de velocidad de cada visita (ruta, tipo de dispositivo y tiempos; sin cookies, dirección IP ni identificador)",
    period: { days: 30 },
    periodText: "Treinta (30) días",
    counted: "Desde el día en que se recibieron",
    action: "suprimir",
    keptBy: null,
    source: "Esta política: solo sirven para revisar y rehacer los resúmenes diarios; no identifican a nadie.",
  },
  {
    kind: "rendimiento_agregados",
    record: "Resúmenes diarios de velocidad por ruta y tipo de dispositivo (conteos, sin datos de visitantes)",
    period: { months: 13 },
    periodText: "Trece (13) meses",
    counted: "Desde el día que resumen",
    action: "suprimir",
    keptBy: null,
    source: "Esta política: permiten comparar un mes con el mismo mes del año anterior.",
  },
  {
    kind: "nomina_certificados",
    record:
      "Datos de nómina importados para expedir certificados laborales (nombre, correo, celular y contratos; el número de documento solo como huella con clave), y el registro de cada importación",
    period: { years: 10 },
    periodText: "Diez (10) años",
    counted: "Desde la fecha de corte de la última importación que incluyó a la persona",
    action: "suprimir",
    keptBy: null,
    source:
      "Esta política: el certificado laboral se pide a menudo años después del retiro (Código Sustantivo del Trabajo, art. 57, num. 7, no fija un plazo para pedirlo), y diez años es el plazo de los papeles del comerciante (Ley 962 de 2005, art. 28). La nómina misma la conserva la empresa en su sistema de nómina, no en el sitio.",
  },
  {
    kind: "certificados_expedidos",
    record: "Certificados laborales expedidos: lo que dice cada uno, su huella y su firma, cuántas veces se verificó y su anulación",
    period: { years: 10 },
    periodText: "Diez (10) años",
    counted: "Desde la expedición del certificado",
    action: "suprimir",
    keptBy: "Ley 962 de 2005, art. 28",
    source:
      "Ley 962 de 2005, art. 28 (diez años para los papeles del comerciante): prueba de lo que la empresa certificó y de que el certificado que alguien presenta es el expedido. Un mensaje de datos es prueba (Ley 527 de 1999, art. 10) y la Superintendencia de Sociedades aplica ese plazo a los mensajes de datos de la empresa (Oficio 220-12958 de 2007).",
  },
  {
    kind: "postulaciones_no_seleccionadas",
    record: "Postulaciones a las vacantes del sitio no seleccionadas o retiradas por la persona, con su hoja de vida",
    period: { months: 6 },
    periodText: "Seis (6) meses",
    counted:
      "Desde que la postulación se marcó como no seleccionada o la persona la retiró; las seleccionadas siguen las reglas de la historia laboral del trabajador",
    action: "suprimir",
    source:
      "Esta política; Ley 1581 de 2012, art. 4, literal b (finalidad), y Decreto 1377 de 2013, art. 11 (compilado en el Decreto 1074 de 2015): ninguna norma obliga a conservar la hoja de vida de quien no fue vinculado. Seis meses cubren una queja o reclamación sobre el proceso y una vacante igual que se abra de nuevo; después, la hoja de vida ya no sirve a la finalidad para la que se entregó.",
    keptBy: null,
  },
];

export const ruleOf = (kind: RecordKind) => RETENTION.find((r) => r.kind === kind) as RetentionRule;

/** The instant `period` before `nowIso`: a record whose period counts from before it is past its period. */
export function cutoffFor(nowIso: string, period: Period): string {
  const d = new Date(nowIso);
  if (period.years) d.setUTCFullYear(d.getUTCFullYear() - period.years);
  if (period.months) d.setUTCMonth(d.getUTCMonth() - period.months);
  if (period.days) d.setUTCDate(d.getUTCDate() - period.days);
  return d.toISOString();
}

/** A record some path wants to delete: a person's request, the data-subject tools, or the purge. */
export interface DeletionCandidate {
  kind: RecordKind;
  /** How a person reads it: "el reporte AT-2026-000002". */
  label: string;
  /** When its period starts counting (ISO), or, when the site cannot know that, the earliest it could (an event's date). */
  countsFrom: string | null;
  /** In process: a case not yet closed is kept while it runs, whatever its period. */
  open?: boolean;
}

/** Why a suppression request does not reach what the law keeps, as the person reads it. */
export const SUPPRESSION_YIELDS =
  "La supresión no procede mientras la ley obligue a conservar el dato (Decreto 1377 de 2013, art. 9; Ley 1581 de 2012, art. 15).";

export type Deletability = { deletable: true } | { deletable: false; norm: string; until: string; reason: string };

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * The one rule every deletion path applies (product rule 35; ADR 019): a record the law obliges keeping
 * is not deleted while its period runs — suppression does not proceed while a legal duty to keep the
 * data holds (Decreto 1377 de 2013 art. 9; Ley 1581 de 2012 art. 15; art. 11 of the decree) (docs/legal-rules.md §F) —; one whose period is only the policy's
 * own maximum may go whenever its owner asks. A refusal names the record, the norm and until when.
 */
export function deletability(record: DeletionCandidate, now = new Date().toISOString()): Deletability {
  const rule = ruleOf(record.kind);
  if (!rule.keptBy) return { deletable: true };
  const norm = rule.keptBy;
  let until: string;
  if (!rule.period) {
    until = "sin plazo definido: se conserva mientras la empresa lo define en su revisión legal";
  } else {
    const end = record.countsFrom ? addPeriod(record.countsFrom, rule.period) : null;
    const endDay = end ? formatDay(bogotaDay(end)) : null;
    // "revisar" with a period: it counts from a date the site does not know (the end of the employment).
    const startKnown = rule.action !== "revisar";
    if (startKnown && end && !record.open && end <= now) return { deletable: true };
    const from = lowerFirst(inline(rule.counted).split(/[.;]/)[0]);
    until = startKnown
      ? `${rule.periodText.toLowerCase()} ${from}${endDay && !record.open ? `, hasta el ${endDay}` : ""}`
      : `${rule.periodText.toLowerCase()} ${from}, fecha que el sitio no conoce${end && end > now ? `; no antes del ${endDay}` : ""}`;
  }
  const open = record.open ? " Además está en trámite." : "";
  return {
    deletable: false,
    norm,
    until,
    reason: `No se suprime ${record.label}: se conserva por obligación legal ${until} (${norm}).${open} ${SUPPRESSION_YIELDS}`,
  };
}

/** `iso` plus `period`. */
export function addPeriod(iso: string, period: Period): string {
  const d = new Date(iso);
  if (period.years) d.setUTCFullYear(d.getUTCFullYear() + period.years);
  if (period.months) d.setUTCMonth(d.getUTCMonth() + period.months);
  if (period.days) d.setUTCDate(d.getUTCDate() + period.days);
  return d.toISOString();
}

const inline = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * The policy's §17 list of the site's records, in Markdown (filled into content/privacidad.md as
 * `{{retencion.plazos}}`): one item per kind, readable on a phone, in the table's order.
 */
export function retentionMarkdown(): string {
  return RETENTION.map((r) => `- **${inline(r.record)}.** ${inline(r.periodText)}. ${inline(r.counted)}. Fuente: ${inline(r.source)}`).join("\n");
}
