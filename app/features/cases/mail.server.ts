/**
 * The mails a report sends, rendered when it is stored and queued in the outbox (ADR 012):
 * - to occupational health (MAIL_TO_SST): that a report arrived, its radicado, kind, user company and
 *   site, and the legal deadlines, with the link to the staff page. No health details, no narrative
 *   (a free text may hold them), no document number.
 * - to the reporter, when they gave an e-mail: the radicado and the follow-up code.
 */
import type { Transaction } from "kysely";
import { formatBogota } from "~/platform/dates";
import type { Database } from "~/platform/db/database.server";
import { escapeHtml } from "~/platform/mail.server";
import { kindLabel } from "./model";

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, " ").trim();

export function render(title: string, rows: [string, string][], paragraphs: string[]): RenderedMail {
  const text = [...(rows.length ? [...rows.map(([k, v]) => `${k}: ${v}`), ""] : []), ...paragraphs].join("\n");
  const table = rows.length
    ? `<table cellpadding="6" style="border-collapse:collapse">${rows
        .map(([k, v]) => `<tr><th align="left" valign="top" style="border-bottom:1px solid #ddd">${escapeHtml(k)}</th><td style="border-bottom:1px solid #ddd">${escapeHtml(v)}</td></tr>`)
        .join("")}</table>\n`
    : "";
  const html = `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#1b2631">
<h1 style="font-size:18px">${escapeHtml(title)}</h1>
${table}${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}</body></html>`;
  return { subject: oneLine(title), text, html };
}

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
  const kind = kindLabel("incidentes", input.kind);
  const title = input.furatDueAt
    ? `Nuevo reporte de accidente de trabajo ${input.radicado}: FURAT antes del ${formatBogota(input.furatDueAt)}`
    : `Nuevo reporte de incidente de trabajo ${input.radicado}`;
  const [y, m, d] = input.fecha.split("-");
  const rows: [string, string][] = [
    ["Radicado", input.radicado],
    ["Tipo", kind],
    ["Recibido", `${formatBogota(input.receivedAt)} (hora de Colombia)`],
    ["Empresa usuaria", input.empresaUsuaria],
    ["Sede", input.sede],
    ["Fecha del evento", `${d}/${m}/${y}`],
  ];
  if (input.furatDueAt) rows.push(["Plazo para el FURAT a la ARL y la EPS", `${formatBogota(input.furatDueAt)} (2 días hábiles)`]);
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
      ["Tipo", kindLabel("incidentes", input.kind)],
    ],
    [
      `Con el radicado y el código puede consultar el estado del reporte en ${input.consultUrl}. Guarde el código: no lo enviaremos de nuevo y nadie se lo pedirá por teléfono.`,
      `Correo automático de ${input.companyName}. Si usted no hizo este reporte, ignore este mensaje.`,
    ],
  );
}

/** Queues a case's mail in the caller's transaction: it leaves with the outbox, after the commit. */
export async function queueCaseMail(trx: Transaction<Database>, caseId: number, recipients: string, mail: RenderedMail, now = new Date().toISOString()) {
  await trx
    .insertInto("outbox")
    .values({
      message_id: null,
      case_id: caseId,
      recipients,
      subject: mail.subject,
      body_text: mail.text,
      body_html: mail.html,
      status: "pending",
      attempts: 0,
      next_attempt_at: now,
      last_error: null,
      sent_at: null,
      created_at: now,
    })
    .execute();
}
