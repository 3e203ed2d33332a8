/**
 * The incident and work-accident report (docs/product.md §11, 21; legal brief §E): one registry for the
 * browser and the server, like the message forms (app/forms). What an internal report collects,
 * modelled on the FURAT: who reports, the worker, the user company and site, when and where, what
 * happened, witnesses; and, optional and only with their own consent, the health details.
 */
import { defineForm, type FieldErrors } from "~/forms/define";
import { FIELD_MESSAGES } from "~/forms/errors";
import { checkboxField, choiceField, dateField, emailField, type FieldDef, phoneField, textField, timeField, documentTypeChoices } from "~/forms/fields";

const documentField = textField({
  name: "trabajador_documento",
  label: "Número de documento",
  staffLabel: "Documento",
  maxLength: 20,
  autocomplete: "off",
  pattern: { regex: /^[A-Za-z0-9-]{3,20}$/, message: FIELD_MESSAGES.invalidDocument },
});

export const f = {
  tipo: choiceField({
    name: "tipo",
    label: "¿Qué pasó?",
    staffLabel: "Tipo",
    as: "radio",
    options: [
      { value: "accidente", label: "Accidente de trabajo: la persona sufrió una lesión, una perturbación o la muerte" },
      { value: "incidente", label: "Incidente: pudo haber sido un accidente, pero nadie resultó lesionado" },
    ],
  }),
  reporta_relacion: choiceField({
    name: "reporta_relacion",
    label: "¿Quién reporta?",
    staffLabel: "Quién reporta",
    as: "radio",
    options: [
      { value: "trabajador", label: "Soy el trabajador afectado" },
      { value: "companero", label: "Un compañero de trabajo" },
      { value: "empresa_usuaria", label: "La empresa usuaria" },
      { value: "otro", label: "Otra persona" },
    ],
  }),
  reporta_nombre: textField({
    name: "reporta_nombre",
    label: "Su nombre",
    staffLabel: "Nombre de quien reporta",
    maxLength: 100,
    required: false,
    conditional: true,
    autocomplete: "name",
  }),
  reporta_celular: phoneField({ name: "reporta_celular", label: "Su celular", staffLabel: "Celular de quien reporta", required: false, conditional: true }),
  reporta_correo: emailField({
    name: "reporta_correo",
    label: "Su correo",
    staffLabel: "Correo de quien reporta",
    required: false,
    hint: "Si lo escribe, le enviaremos el radicado y el código de seguimiento.",
  }),
  trabajador_nombre: textField({
    name: "trabajador_nombre",
    label: "Nombre completo del trabajador",
    staffLabel: "Trabajador",
    maxLength: 100,
    autocomplete: "off",
  }),
  trabajador_tipo_documento: choiceField({
    name: "trabajador_tipo_documento",
    label: "Tipo de documento",
    staffLabel: "Tipo de documento",
    options: documentTypeChoices(),
  }),
  trabajador_documento: documentField,
  trabajador_celular: phoneField({ name: "trabajador_celular", label: "Celular del trabajador", staffLabel: "Celular del trabajador", autocomplete: "off" }),
  trabajador_correo: emailField({
    name: "trabajador_correo",
    label: "Correo del trabajador",
    staffLabel: "Correo del trabajador",
    required: false,
    autocomplete: "off",
    hint: "Si usted es el trabajador y lo escribe, le enviaremos a este correo el radicado y el código de seguimiento.",
  }),
  empresa_usuaria: textField({
    name: "empresa_usuaria",
    label: "Empresa usuaria",
    staffLabel: "Empresa usuaria",
    maxLength: 150,
    autocomplete: "organization",
    hint: "La empresa donde el trabajador en misión presta el servicio.",
  }),
  sede: textField({ name: "sede", label: "Sede o ciudad", staffLabel: "Sede", maxLength: 150, autocomplete: "off" }),
  fecha: dateField({ name: "fecha", label: "Fecha", staffLabel: "Fecha del evento", notFuture: true, maxPastDays: 365 }),
  hora: timeField({ name: "hora", label: "Hora aproximada", staffLabel: "Hora del evento", autocomplete: "off" }),
  lugar: textField({
    name: "lugar",
    label: "Lugar exacto",
    staffLabel: "Lugar",
    maxLength: 200,
    autocomplete: "off",
    hint: "Por ejemplo: bodega 2, escaleras del segundo piso, parqueadero.",
  }),
  descripcion: textField({
    name: "descripcion",
    label: "Qué pasó",
    staffLabel: "Descripción",
    maxLength: 3000,
    multiline: true,
    autocomplete: "off",
    hint: "Describa qué estaba haciendo la persona y cómo ocurrió.",
  }),
  testigos: textField({
    name: "testigos",
    label: "Testigos",
    staffLabel: "Testigos",
    maxLength: 500,
    required: false,
    multiline: true,
    autocomplete: "off",
    hint: "Nombres y, si los tiene, teléfonos.",
  }),
  lesion: textField({
    name: "lesion",
    label: "Lesión",
    staffLabel: "Lesión",
    maxLength: 300,
    required: false,
    autocomplete: "off",
    hint: "Por ejemplo: golpe, herida, quemadura, torcedura.",
  }),
  parte_cuerpo: textField({
    name: "parte_cuerpo",
    label: "Parte del cuerpo afectada",
    staffLabel: "Parte del cuerpo",
    maxLength: 150,
    required: false,
    autocomplete: "off",
  }),
  atencion_medica: choiceField({
    name: "atencion_medica",
    label: "¿Recibió atención médica?",
    staffLabel: "Atención médica",
    as: "radio",
    required: false,
    options: [
      { value: "si", label: "Sí" },
      { value: "no", label: "No" },
    ],
  }),
  atencion_lugar: textField({
    name: "atencion_lugar",
    label: "Dónde recibió la atención",
    staffLabel: "Lugar de atención",
    maxLength: 200,
    required: false,
    autocomplete: "off",
  }),
  consentimiento_salud: checkboxField({
    name: "consentimiento_salud",
    label: "Autorizo de forma expresa el tratamiento de estos datos de salud, que son datos sensibles, para atender este reporte ante la ARL y la EPS.",
    staffLabel: "Autorización de datos de salud",
  }),
};

/** The health fields (Ley 1581 art. 5): never stored without `consentimiento_salud`. */
export const HEALTH_FIELDS = ["lesion", "parte_cuerpo", "atencion_medica", "atencion_lugar"] as const;

/** The fields about the person who reports: asked only of someone other than the worker (the worker's own are under "El trabajador"). */
export const REPORTER_FIELDS = ["reporta_nombre", "reporta_celular", "reporta_correo"] as const;

/**
 * Where the follow-up code goes: the e-mail the reporter gave, wherever they typed it. A worker reporting
 * for themselves gives theirs as the worker's; someone else's "Correo del trabajador" is the worker's, not
 * theirs, and the code is the reporter's.
 */
export const reporterEmail = (data: Record<string, string | undefined>): string =>
  data.reporta_correo || (data.reporta_relacion === "trabajador" ? (data.trabajador_correo ?? "") : "");

export const INCIDENT_MESSAGES = {
  futureEvent: "La fecha y la hora del evento no pueden ser posteriores al momento actual (hora de Colombia).",
} as const;

/**
 * Grace for a clock a little ahead of the server's (a phone set by hand): an event typed as "now" passes,
 * one later today does not.
 */
const CLOCK_GRACE_MS = 5 * 60_000;

/** The event's moment in Colombian time (UTC−5 all year), or NaN when the date or the hour is not valid. */
export const eventInstant = (fecha: string, hora: string) => Date.parse(`${fecha}T${hora.slice(0, 5)}:00-05:00`);

function check(data: Record<string, string>): FieldErrors {
  const errors: FieldErrors = {};
  if (data.reporta_relacion && data.reporta_relacion !== "trabajador") {
    if (!data.reporta_nombre) errors.reporta_nombre = "Escriba su nombre: usted no es el trabajador afectado.";
    if (!data.reporta_celular) errors.reporta_celular = "Escriba su celular: usted no es el trabajador afectado.";
  }
  // An accident or an incident already happened: not later today, not tomorrow.
  const at = eventInstant(data.fecha ?? "", data.hora ?? "");
  if (at > Date.now() + CLOCK_GRACE_MS) errors.hora = INCIDENT_MESSAGES.futureEvent;
  if (HEALTH_FIELDS.some((name) => data[name]) && data.consentimiento_salud !== "si") errors.consentimiento_salud = FIELD_MESSAGES.healthConsent;
  return errors;
}

export const incidentForm = defineForm("incidente", Object.values(f), { check });

/** How the page groups the fields (each a fieldset with its legend). */
export const incidentGroups: { id: string; legend: string; intro?: string; fields: FieldDef[] }[] = [
  // Who reports comes first: a worker reporting for themselves then gives their data once, under "El trabajador".
  { id: "reporta", legend: "Quién reporta", fields: [f.reporta_relacion, f.reporta_nombre, f.reporta_celular, f.reporta_correo] },
  { id: "evento", legend: "El evento", fields: [f.tipo] },
  {
    id: "trabajador",
    legend: "El trabajador",
    intro: "Si usted es el trabajador afectado, escriba aquí sus propios datos.",
    fields: [f.trabajador_nombre, f.trabajador_tipo_documento, f.trabajador_documento, f.trabajador_celular, f.trabajador_correo],
  },
  { id: "donde", legend: "Dónde y cuándo", fields: [f.empresa_usuaria, f.sede, f.fecha, f.hora, f.lugar] },
  { id: "relato", legend: "Lo que pasó", fields: [f.descripcion, f.testigos] },
  {
    id: "salud",
    legend: "Datos de salud (opcional)",
    intro:
      "La lesión, la parte del cuerpo y la atención médica son datos sensibles (Ley 1581 de 2012, arts. 5 y 6). No está obligado a darlos: puede dejarlos vacíos y el reporte sigue adelante. Si los escribe, necesitamos su autorización expresa, aparte de la autorización general; solo los verá el equipo de seguridad y salud en el trabajo.",
    fields: [f.lesion, f.parte_cuerpo, f.atencion_medica, f.atencion_lugar, f.consentimiento_salud],
  },
];
