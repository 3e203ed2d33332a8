/**
 * The requests channel's mails, rendered when queued (ADR 012) and dropped from the outbox once
 * delivered:
 * - to the owning team (MAIL_TO_PQRS or MAIL_TO_DATOS): a request arrived, or the person completed it,
 *   with the radicado, the kind and the due date; never the request's text or the person's data;
 * - to the person, at the answer address they gave: the radicado and the follow-up code with the term,
 *   the request to complete, the extension with its reason and new date, and the answer.
 */
import { formatBogota, formatDay } from "~/platform/dates";
import { type MailAttachment, type RenderedMail, renderMail as render } from "~/platform/mail.server";
import { kindLabel } from "~/features/cases/model";
import { requestsChannel, termOf } from "./channel";

const footer = (companyName: string) => `Correo automático de ${companyName}. Si usted no presentó esta solicitud, ignore este mensaje.`;

export function staffNotice(input: {
  event: "nueva" | "completada";
  radicado: string;
  kind: string;
  receivedAt: string;
  dueAt: string;
  link: string;
  companyName: string;
}): RenderedMail {
  const term = termOf(input.kind);
  const title =
    input.event === "nueva"
      ? `Nueva solicitud ${input.radicado}: responder antes del ${formatBogota(input.dueAt).slice(0, 10)}`
      : `La solicitud ${input.radicado} se completó: el plazo se reanudó hasta el ${formatBogota(input.dueAt).slice(0, 10)}`;
  return render(
    title,
    [
      ["Radicado", input.radicado],
      ["Tipo", kindLabel(requestsChannel, input.kind)],
      ["Recibida", `${formatBogota(input.receivedAt)} (hora de Colombia)`],
      ["Plazo", `${term.days} días hábiles (${term.law}): vence el ${formatBogota(input.dueAt)}`],
    ],
    [
      `El texto de la solicitud y los datos de quien la presentó están solo en la bandeja del personal: ${input.link}`,
      `Correo automático del sitio de ${input.companyName}.`,
    ],
  );
}

export function petitionerConfirmation(input: {
  radicado: string;
  code: string;
  kind: string;
  receivedAt: string;
  dueAt: string;
  consultUrl: string;
  companyName: string;
}): RenderedMail {
  const term = termOf(input.kind);
  return render(
    `Recibimos su solicitud ${input.radicado}`,
    [
      ["Radicado", input.radicado],
      ["Código de seguimiento", input.code],
      ["Tipo", kindLabel(requestsChannel, input.kind)],
      ["Recibida", `${formatBogota(input.receivedAt)} (hora de Colombia)`],
      ["Plazo para responder", `${term.days} días hábiles (${term.law}): a más tardar el ${formatBogota(input.dueAt).slice(0, 10)}`],
    ],
    [
      `Con el radicado y el código puede consultar el estado de su solicitud, y completarla si se lo pedimos, en ${input.consultUrl}. Guarde el código: no lo enviaremos de nuevo y nadie se lo pedirá por teléfono.`,
      footer(input.companyName),
    ],
  );
}

export function completionRequest(input: { radicado: string; missing: string; deadlineDay: string; consultUrl: string; companyName: string }): RenderedMail {
  return render(
    `Complete su solicitud ${input.radicado}`,
    [
      ["Radicado", input.radicado],
      ["Lo que falta", input.missing],
      ["Plazo para completarla", formatDay(input.deadlineDay)],
    ],
    [
      "Para responderle necesitamos la información indicada. Mientras tanto, el plazo para responder queda suspendido; se reanuda al día siguiente de recibirla.",
      `Complétela en ${input.consultUrl} con el radicado y el código de seguimiento. Si no la completa a tiempo, la ley entiende que desistió de la solicitud, y puede presentarla de nuevo.`,
      footer(input.companyName),
    ],
  );
}

export function completionExtensionNotice(input: {
  radicado: string;
  previousDay: string;
  newDay: string;
  consultUrl: string;
  companyName: string;
}): RenderedMail {
  return render(
    `Prorrogamos el plazo para completar su solicitud ${input.radicado}`,
    [
      ["Radicado", input.radicado],
      ["Vencía el", formatDay(input.previousDay)],
      ["Nuevo plazo para completarla", formatDay(input.newDay)],
    ],
    [
      "Como lo pidió, tiene más tiempo para enviarnos la información que falta. Mientras tanto, el plazo para responder sigue suspendido; se reanuda al día siguiente de recibirla.",
      `Complétela en ${input.consultUrl} con el radicado y el código de seguimiento.`,
      footer(input.companyName),
    ],
  );
}

export function extensionNotice(input: {
  radicado: string;
  reason: string;
  previousDueAt: string;
  newDueAt: string;
  consultUrl: string;
  companyName: string;
}): RenderedMail {
  return render(
    `Ampliamos el plazo de su solicitud ${input.radicado}`,
    [
      ["Radicado", input.radicado],
      ["Motivo", input.reason],
      ["Vencía el", formatBogota(input.previousDueAt).slice(0, 10)],
      ["Nueva fecha de respuesta", formatBogota(input.newDueAt).slice(0, 10)],
    ],
    [`Puede seguir su solicitud en ${input.consultUrl}.`, footer(input.companyName)],
  );
}

export function answerMail(input: {
  radicado: string;
  kind: string;
  answer: string;
  consultUrl: string;
  companyName: string;
  attachment?: MailAttachment;
}): RenderedMail {
  const mail = render(
    `Respuesta a su solicitud ${input.radicado}`,
    [
      ["Radicado", input.radicado],
      ["Tipo", kindLabel(requestsChannel, input.kind)],
    ],
    [
      input.answer,
      ...(input.attachment ? [`Adjuntamos el archivo ${input.attachment.name} con los datos suyos que guarda nuestro sitio web.`] : []),
      `La respuesta también está en ${input.consultUrl}, con el radicado y el código de seguimiento. Si no está de acuerdo con ella en un asunto de datos personales, puede acudir a la Superintendencia de Industria y Comercio (Ley 1581 de 2012, art. 16).`,
      footer(input.companyName),
    ],
  );
  return input.attachment ? { ...mail, attachment: input.attachment } : mail;
}
