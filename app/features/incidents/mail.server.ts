/**
 * The mails an incident or accident report sends, rendered when it is stored and queued in the outbox:
 * - to occupational health (MAIL_TO_SST): that a report arrived, its radicado, kind, user company and
 *   site, and the legal deadlines, with the link to the staff page. No health details, no narrative
 *   (a free text may hold them), no document number.
 * - to the reporter, when they gave an e-mail: the radicado and the follow-up code.
 */
import { kindLabel } from "~/features/cases/model";
import { businessDaysText } from "~/config/calendar";
import { businessCalendar, formatBogota, formatDay } from "~/platform/dates";
import { type RenderedMail, renderMail as render } from "~/platform/mail.server";
import { incidentChannel } from "./channel";

export function staffNotice(input: {
  radicado: string;
  kind: string;
  receivedAt: string;
  empresaUsuaria: string;
  sede: string;
  fecha: string;
  furatDueAt: string | null;
  investigationDueAt: string;
  link: string;
  companyName: string;
}): RenderedMail {
  const kind = kindLabel(incidentChannel, input.kind);
  const title = input.furatDueAt
    ? `Nuevo reporte de accidente de trabajo ${input.radicado}: FURAT antes del ${formatBogota(input.furatDueAt)}`
    : `Nuevo reporte de incidente de trabajo ${input.radicado}`;
  const rows: [string, string][] = [
    ["Radicado", input.radicado],
    ["Tipo", kind],
    ["Recibido", `${formatBogota(input.receivedAt)} (hora de Colombia)`],
    ["Empresa usuaria", input.empresaUsuaria],
    ["Sede", input.sede],
    ["Fecha del evento", formatDay(input.fecha)],
  ];
  if (input.furatDueAt) {
    rows.push([
      "Plazo para el FURAT a la ARL y la EPS, la copia al trabajador y el aviso a la Dirección Territorial",
      `${formatBogota(input.furatDueAt)} (2 días hábiles siguientes al accidente, ${businessDaysText(businessCalendar())}; no desde que la empresa lo supo)`,
    ]);
  }
  rows.push(["Plazo de la investigación", `${formatBogota(input.investigationDueAt)} (15 días)`]);
  return render(title, rows, [
    `Los datos del trabajador, el relato y los datos de salud están solo en la bandeja del personal, con una cuenta de seguridad y salud en el trabajo: ${input.link}`,
    `Correo automático del sitio de ${input.companyName}.`,
  ]);
}

export function reporterConfirmation(input: { radicado: string; code: string; kind: string; consultUrl: string; companyName: string }): RenderedMail {
  return render(
    `Recibimos su reporte ${input.radicado}`,
    [
      ["Radicado", input.radicado],
      ["Código de seguimiento", input.code],
      ["Tipo", kindLabel(incidentChannel, input.kind)],
    ],
    [
      `Con el radicado y el código puede consultar el estado del reporte en ${input.consultUrl}. Guarde el código: no lo enviaremos de nuevo y nadie se lo pedirá por teléfono.`,
      `Correo automático de ${input.companyName}. Si usted no hizo este reporte, ignore este mensaje.`,
    ],
  );
}
