/**
 * The PQRS form (docs/product.md §28): one registry for the browser and the server, like the other forms.
 * Identified by default: a petition needs who files it and an address for the answer (Ley 1755 de 2015,
 * art. 16; Ley 1581 de 2012, art. 15 asks the holder's identification); only a queja or a sugerencia may
 * be filed without identifying oneself, and is then followed up with the radicado and the code alone.
 */
import { defineForm, type FieldErrors } from "~/forms/define";
import { FIELD_MESSAGES } from "~/forms/errors";
import { checkboxField, choiceField, emailField, type FieldDef, phoneField, textField, documentTypeChoices } from "~/forms/fields";
import { ANONYMOUS_KINDS, type RequestKind, REQUEST_KINDS, termOf } from "./channel";

/** What each choice means, in the visitor's words; the term comes from the legal clocks. */
const KIND_TEXTS: Record<RequestKind, string> = {
  peticion: "Petición: pedir algo a la empresa",
  peticion_documentos: "Petición de documentos o de información: copias, certificados, constancias",
  queja: "Queja: inconformidad con la atención o la conducta de alguien de la empresa",
  queja_oferta_falsa: "Queja: una oferta de empleo falsa a nombre de la empresa (por ejemplo, le cobraron por una vacante)",
  reclamo: "Reclamo: un servicio que no se prestó o se prestó mal",
  sugerencia: "Sugerencia: una idea para mejorar",
  consulta: "Consulta: una pregunta sobre un tema a cargo de la empresa",
  datos_consulta: "Datos personales, consulta: conocer qué datos suyos tenemos y cómo los usamos",
  datos_correccion: "Datos personales, corrección: un dato suyo está mal",
  datos_actualizacion: "Datos personales, actualización: un dato suyo cambió",
  datos_supresion: "Datos personales, supresión: que borremos sus datos",
  datos_revocatoria: "Datos personales, revocatoria: retirar la autorización que nos dio",
};

export const kindChoiceLabel = (kind: RequestKind) => `${KIND_TEXTS[kind]} (respuesta en ${termOf(kind).days} días hábiles)`;

const IDENTITY_HINT = "Obligatorio, salvo en una queja o una sugerencia anónima.";

export const rf = {
  tipo: choiceField({
    name: "tipo",
    label: "¿Qué quiere presentar?",
    staffLabel: "Tipo",
    as: "radio",
    options: REQUEST_KINDS.map((value) => ({ value, label: kindChoiceLabel(value) })),
  }),
  descripcion: textField({
    name: "descripcion",
    label: "Su solicitud",
    staffLabel: "Solicitud",
    maxLength: 5000,
    multiline: true,
    autocomplete: "off",
    hint: "Qué pide y por qué, con los hechos, las fechas y los nombres que ayuden a atenderla. Si actúa en nombre de otra persona, dígalo. No escriba datos de salud ni otros datos sensibles.",
  }),
  nombre: textField({
    name: "nombre",
    label: "Nombre completo",
    staffLabel: "Nombre",
    maxLength: 100,
    required: false,
    conditional: true,
    autocomplete: "name",
    hint: IDENTITY_HINT,
  }),
  tipo_documento: choiceField({
    name: "tipo_documento",
    label: "Tipo de documento",
    staffLabel: "Tipo de documento",
    required: false,
    conditional: true,
    options: documentTypeChoices([{ value: "NIT", label: "NIT (empresas)" }]),
  }),
  documento: textField({
    name: "documento",
    label: "Número de documento",
    staffLabel: "Documento",
    maxLength: 20,
    required: false,
    conditional: true,
    autocomplete: "off",
    pattern: { regex: /^[A-Za-z0-9-]{3,20}$/, message: FIELD_MESSAGES.invalidDocument },
  }),
  correo: emailField({
    name: "correo",
    label: "Correo para la respuesta",
    staffLabel: "Correo",
    required: false,
    conditional: true,
    hint: "Allí le enviamos el radicado, el código de seguimiento, cualquier aviso sobre el plazo y la respuesta.",
  }),
  celular: phoneField({ name: "celular", label: "Celular", staffLabel: "Celular", required: false }),
  anonimo: checkboxField({
    name: "anonimo",
    label: "Presentar esta queja o sugerencia sin identificarme",
    staffLabel: "Anónima",
    hint: "Solo para quejas y sugerencias. Sin sus datos no podemos escribirle: verá la respuesta en CONSULTAR, con el radicado y el código.",
  }),
};

/** What only an identified person gives. */
export const IDENTITY_FIELDS = ["nombre", "tipo_documento", "documento", "correo", "celular"] as const;
const REQUIRED_IDENTITY = ["nombre", "tipo_documento", "documento", "correo"] as const;

export const REQUEST_MESSAGES = {
  anonymousNotAllowed:
    "Solo una queja o una sugerencia puede presentarse sin identificarse: una petición, un reclamo o una consulta necesitan saber quién la presenta y dónde responderle.",
  anonymousWithIdentity: "Eligió presentarla sin identificarse, pero escribió datos suyos: bórrelos o desmarque la casilla.",
} as const;

const isAnonymous = (data: Record<string, string>) => data.anonimo === "si";

function check(data: Record<string, string>): FieldErrors {
  const errors: FieldErrors = {};
  if (isAnonymous(data)) {
    if (data.tipo && !(ANONYMOUS_KINDS as readonly string[]).includes(data.tipo)) errors.anonimo = REQUEST_MESSAGES.anonymousNotAllowed;
    for (const name of IDENTITY_FIELDS) if (data[name]) errors[name] = REQUEST_MESSAGES.anonymousWithIdentity;
  } else {
    for (const name of REQUIRED_IDENTITY) if (!data[name]) errors[name] = FIELD_MESSAGES.required;
  }
  return errors;
}

/** Consent from who gives personal data of their own (docs/product.md §6): everyone but an anonymous queja or sugerencia. */
export const requestForm = defineForm("pqrs", Object.values(rf), { check, consentWhen: (data) => !isAnonymous(data) });

export const requestGroups: { id: string; legend: string; intro?: string; fields: FieldDef[] }[] = [
  { id: "tipo", legend: "Lo que presenta", fields: [rf.tipo] },
  { id: "solicitud", legend: "Su solicitud", fields: [rf.descripcion] },
  {
    id: "identidad",
    legend: "Sus datos",
    intro:
      "Los necesitamos para responderle y, en las solicitudes sobre datos personales, para verificar que usted es el titular o su representante. Solo los lee el equipo que atiende su solicitud.",
    fields: [rf.nombre, rf.tipo_documento, rf.documento, rf.correo, rf.celular, rf.anonimo],
  },
];
