/** The e-mail a stored message becomes: plain text and HTML, every visitor value escaped. */
import type { Selectable } from "kysely";
import { formTitles, messageForms } from "../features/messages/registry.ts";
import { formatBogota } from "./dates";
import type { MessagesTable } from "./db/database.server";

type Message = Selectable<MessagesTable>;

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);
}

/** Header values must stay on one line. */
const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, " ").trim();

export function composeMail(message: Message, companyName: string) {
  const subject =
    message.form === "cliente"
      ? `Nueva solicitud de cliente: ${oneLine(message.empresa ?? "")} (${oneLine(message.nombre)})`
      : `Nuevo mensaje de contacto: ${oneLine(message.nombre)}`;
  // The form's own fields, in its order, with the labels staff read (app/forms).
  const rows = messageForms[message.form].fields.map((f) => [f.staffLabel, String(message[f.name as keyof Message] ?? "")] as const);
  const formName = formTitles[message.form];
  const footer = `Recibido el ${formatBogota(message.received_at)} (hora de Colombia) por el formulario «${formName}» del sitio de ${companyName}. Autorización de tratamiento de datos: ${formatBogota(message.consent_at)}, política versión ${message.policy_version}. Mensaje n.º ${message.id}.`;
  const text = [...rows.map(([label, value]) => `${label}: ${value}`), "", footer].join("\n");
  const html = `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#1b2631">
<h1 style="font-size:18px">${escapeHtml(subject)}</h1>
<table cellpadding="6" style="border-collapse:collapse">${rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top" style="border-bottom:1px solid #ddd">${label}</th><td style="border-bottom:1px solid #ddd;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
    )
    .join("")}</table>
<p style="color:#555;font-size:13px">${escapeHtml(footer)}</p></body></html>`;
  return { subject, text, html, replyTo: oneLine(message.correo) };
}
