/**
 * The application form (product rule 41): one registry for the page and the server. Its consent is its
 * own (`consentimiento`, labelled for selection data: purpose, period, the policy), not the contact
 * forms' one. The résumé is not a field of the registry: it is checked by its content on the server
 * (resume.server.ts), and never kept in a refused page.
 */
import { defineForm } from "~/forms/define";
import { FIELD_MESSAGES } from "~/forms/errors";
import { choiceField, emailField, phoneField, textField, documentTypeChoices } from "~/forms/fields";
import * as z from "zod/mini";
import { findMunicipality, MUNICIPALITY_REFUSAL } from "./municipality";

/**
 * The municipality where the candidate lives, one of DANE's (municipality.ts): typed without a script
 * ("Medellín", or "Rionegro (Antioquia)" when the name is shared), picked from the list the page's script
 * adds (public/js/postulacion.js loads it after the first paint, to keep the page light).
 */
function cityField() {
  const field = textField({
    name: "ciudad",
    label: "Ciudad donde vive",
    staffLabel: "Ciudad",
    maxLength: 120,
    autocomplete: "address-level2",
    hint: "Si el nombre se repite en otro departamento, escríbalo también, por ejemplo: Rionegro (Antioquia).",
  });
  return { ...field, schema: z.pipe(field.schema, z.string().check(z.refine((v) => findMunicipality(v) !== null, MUNICIPALITY_REFUSAL))) };
}

export const af = {
  nombre: textField({ name: "nombre", label: "Nombre completo", staffLabel: "Nombre", maxLength: 100, autocomplete: "name" }),
  tipo_documento: choiceField({
    name: "tipo_documento",
    label: "Tipo de documento",
    staffLabel: "Tipo de documento",
    options: documentTypeChoices(),
  }),
  documento: textField({
    name: "documento",
    label: "Número de documento",
    staffLabel: "Documento",
    maxLength: 20,
    autocomplete: "off",
    pattern: { regex: /^[A-Za-z0-9-]{3,20}$/, message: FIELD_MESSAGES.invalidDocument },
  }),
  correo: emailField({
    name: "correo",
    label: "Correo electrónico",
    staffLabel: "Correo",
    hint: "Allí le enviamos el radicado, el código y cada cambio de estado.",
  }),
  celular: phoneField({ name: "celular", label: "Celular", staffLabel: "Celular" }),
  ciudad: cityField(),
  mensaje: textField({
    name: "mensaje",
    label: "Mensaje para el equipo de selección",
    staffLabel: "Mensaje",
    maxLength: 1000,
    multiline: true,
    required: false,
    autocomplete: "off",
    hint: "Por qué le interesa la vacante o su disponibilidad. No escriba datos de salud ni otros datos sensibles.",
  }),
};

export const applicationForm = defineForm("postulacion", Object.values(af));
export const APPLICATION_FIELDS = Object.values(af);

/** The selection-data consent, separate from the contact forms' one. */
export const SELECTION_CONSENT = {
  label: "Autorizo el tratamiento de mis datos y de mi hoja de vida para este proceso de selección",
  purpose:
    "Finalidad: evaluar su postulación, contactarle, y remitir su hoja de vida a la empresa usuaria de la vacante si avanza en el proceso. Plazo: si no es seleccionado, borramos su postulación y su hoja de vida a los seis (6) meses del cierre de su proceso; puede retirarla antes en CONSULTAR. Sus derechos y cómo ejercerlos:",
} as const;

/** What the application pages say (shared by the server and the pages). */
export const APPLY_TEXTS = {
  closed: "Esta vacante ya cerró y no recibe postulaciones. Vea las vacantes abiertas.",
  updated: "Ya se había postulado a esta vacante con ese documento: reemplazamos su hoja de vida por la nueva. Su radicado es el mismo y su código no cambia.",
  tooMany: "Recibimos muchas postulaciones desde su conexión en la última hora. Espere un rato e inténtelo de nuevo.",
} as const;
