/**
 * The radicado and the follow-up code, shown once in large type (the confirmation, with or without
 * JavaScript): each on one line whatever the screen (the type shrinks with the box rather than break),
 * a copy button for each where the clipboard is (the pages' form script, app/client/forms.js, copies and
 * says "Copiado"), and a receipt to download, a small text file written into the link itself, so that it
 * needs neither a script nor a request.
 */
import { formatBogota } from "~/platform/bogota-time";

export interface ReceiptText {
  /** The channel, as the downloaded receipt names it. */
  channel: string;
  /** Who was told, in one sentence. */
  notified: string;
  /** Where CONSULTAR is. */
  consultHref: string;
  /** Whether the channel mails the code to an e-mail the reporter gave. */
  mailsCode: boolean;
  /** What was filed, for a channel that takes something other than reports: "solicitud" (the default is "reporte"). */
  noun?: { heading: string; of: string };
  /**
   * A channel with a legal term (PQRS): the sentence that gives the last day to answer (dd/mm/aaaa), the
   * one CONSULTAR shows.
   */
  due?: (day: string) => string;
  /** What a reporter who lost the code can do (the confirmation page, reloaded, says it), with the company's phone. */
  lost(phone: string): string;
}

export const incidentReceipt: ReceiptText = {
  channel: "Reporte de incidente o accidente de trabajo",
  notified:
    "El equipo de seguridad y salud en el trabajo ya fue avisado: si fue un accidente, tiene dos días hábiles desde el accidente para reportarlo a la ARL y a la EPS.",
  consultHref: "/incidente#consultar",
  mailsCode: true,
  lost: (phone) => `Si no los anotó, llame al ${phone}: el equipo de seguridad y salud en el trabajo puede ubicar su reporte.`,
};

/** Who issued the receipt: the company's name and the site's public address (the site configuration). */
export interface ReceiptIssuer {
  company: string;
  origin: string;
}

export interface ReceiptData {
  radicado: string;
  code: string;
  /** When the receipt was issued (ISO). */
  issuedAt: string;
  /** Where a legal term runs: the last day to answer, aaaa-mm-dd (Colombian day). */
  dueDay?: string;
}

/** dd/mm/aaaa (as formatDay in app/platform/dates.ts, not imported so that the islands never bundle the holiday tables). */
const dayText = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** The downloaded receipt: plain text, readable on any phone. */
export function receiptFile(receipt: ReceiptData, text: ReceiptText, issuer: ReceiptIssuer): string {
  return [
    `Comprobante de reporte · ${issuer.company}`,
    "",
    `Canal: ${text.channel}`,
    `Radicado: ${receipt.radicado}`,
    `Código de seguimiento: ${receipt.code}`,
    `Fecha: ${formatBogota(receipt.issuedAt)} (hora de Colombia)`,
    ...(receipt.dueDay ? [`Fecha límite para responder: ${dayText(receipt.dueDay)}`] : []),
    `Dónde consultar: ${new URL(text.consultHref, issuer.origin).href} (CONSULTAR, con el radicado y el código)`,
    "",
    "El código se muestra una sola vez y no lo podemos recuperar: guarde este archivo en un lugar seguro.",
    "Nadie de la empresa se lo pedirá.",
    "",
  ].join("\n");
}

export const receiptFileHref = (content: string) => `data:text/plain;charset=utf-8,${encodeURIComponent(content)}`;

export function Receipt({ receipt, emailed, text, issuer }: { receipt: ReceiptData; emailed?: boolean; text: ReceiptText; issuer: ReceiptIssuer }) {
  const { radicado, code } = receipt;
  // Hidden where there is no clipboard: on the server (the page's script shows them) and outside HTTPS.
  const noClipboard = !globalThis.navigator?.clipboard;
  const noun = text.noun ?? { heading: "Recibimos su reporte", of: "del reporte" };
  return (
    <section className="report-receipt" aria-labelledby="recibo-titulo">
      <h2 id="recibo-titulo" tabIndex={-1}>
        {noun.heading}
      </h2>
      <p>{`${text.notified} Guarde estos dos datos: con ellos consulta el estado ${noun.of} en esta página.`}</p>
      <dl className="report-receipt-codes">
        <div>
          <dt>Radicado</dt>
          <dd>{radicado}</dd>
        </div>
        <div>
          <dt>Código de seguimiento</dt>
          <dd>{code}</dd>
        </div>
      </dl>
      {receipt.dueDay && text.due ? <p className="report-receipt-due">{text.due(dayText(receipt.dueDay))}</p> : null}
      <p className="report-receipt-warning">
        Esta es la única vez que mostramos el código
        {text.mailsCode ? (emailed === false ? "" : " (si escribió su correo, también se lo enviamos)") : " (no lo enviamos por correo a nadie)"}. Guárdelo: no
        lo podemos recuperar, porque solo guardamos una huella cifrada de él, y nadie de la empresa se lo pedirá.
      </p>
      <p className="report-receipt-actions">
        <button type="button" className="button button-secondary" data-copy={radicado} hidden={noClipboard}>
          Copiar el radicado
        </button>
        <button type="button" className="button button-secondary" data-copy={code} hidden={noClipboard}>
          Copiar el código
        </button>
        <a className="button button-secondary" href={receiptFileHref(receiptFile(receipt, text, issuer))} download={`comprobante-${radicado}.txt`}>
          Descargar comprobante
        </a>
        <span className="report-receipt-status" role="status" data-copy-status="" />
      </p>
      <p>
        <a href={text.consultHref}>{`Consultar el estado ${noun.of}`}</a>
      </p>
    </section>
  );
}
