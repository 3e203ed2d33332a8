/** The e-mail a stored message becomes, rendered when the outbox sends it (ADR 003). */
import type { Selectable } from "kysely";
import { formatBogota } from "~/platform/dates";
import type { MessagesTable } from "~/platform/db/database.server";
import { oneLine, type RenderedMail, renderMail } from "~/platform/mail.server";
import { formTitles, messageForms } from "./registry";

type Message = Selectable<MessagesTable>;

export function composeMessageMail(message: Message, companyName: string): RenderedMail {
  const title =
    message.form === "cliente"
      ? `Nueva solicitud de cliente: ${oneLine(message.empresa ?? "")} (${oneLine(message.nombre)})`
      : `Nuevo mensaje de contacto: ${oneLine(message.nombre)}`;
  // The form's own fields, in its order, with the labels staff read (the form's registry).
  const rows = messageForms[message.form].fields.map((f) => [f.staffLabel, String(message[f.name as keyof Message] ?? "")] as const);
  const footer = `Recibido el ${formatBogota(message.received_at)} (hora de Colombia) por el formulario «${formTitles[message.form]}» del sitio de ${companyName}. Autorización de tratamiento de datos: ${formatBogota(message.consent_at)}, política versión ${message.policy_version}. Mensaje n.º ${message.id}.`;
  return { ...renderMail(title, rows, [], footer), replyTo: oneLine(message.correo) };
}
