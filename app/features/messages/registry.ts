/** The message forms (contact and client) and what the rest of the site reads of them. */
import { clienteForm } from "./cliente-form";
import { contactoForm } from "./contacto-form";
import type { FieldDef } from "~/forms/fields";

export const messageForms = { contacto: contactoForm, cliente: clienteForm } as const;
export type FormName = keyof typeof messageForms;

/** Every field of every message form, once, in the order staff read them (the client form's first): the CSV's columns. */
export const messageFields: readonly FieldDef[] = [...clienteForm.fields, ...contactoForm.fields].filter(
  (field, i, all) => all.findIndex((f) => f.name === field.name) === i,
);

export const formTitles: Record<FormName, string> = { contacto: "Contáctenos", cliente: "¿Quiere ser nuestro cliente?" };
