/** The radicado and the follow-up code, shown once in large type (the confirmation, with or without JavaScript). */

export interface ReceiptText {
  /** Who was told, in one sentence. */
  notified: string;
  /** Where CONSULTAR is. */
  consultHref: string;
  /** Whether the channel mails the code to an e-mail the reporter gave. */
  mailsCode: boolean;
  /** What was filed, for a channel that takes something other than reports: "solicitud" (the default is "reporte"). */
  noun?: { heading: string; of: string };
}

export const incidentReceipt: ReceiptText = {
  notified: "El equipo de seguridad y salud en el trabajo ya fue avisado: si fue un accidente, tiene dos días hábiles desde el accidente para reportarlo a la ARL y a la EPS.",
  consultHref: "/incidente#consultar",
  mailsCode: true,
};

export function Receipt({ radicado, code, emailed, text }: { radicado: string; code: string; emailed?: boolean; text: ReceiptText }) {
  const noun = text.noun ?? { heading: "Recibimos su reporte", of: "del reporte" };
  return (
    <section className="report-receipt" aria-labelledby="recibo-titulo">
      <h2 id="recibo-titulo" tabIndex={-1}>
        {noun.heading}
      </h2>
      <p>{`${text.notified} Anote estos dos datos: con ellos consulta el estado ${noun.of} en esta página.`}</p>
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
      <p className="report-receipt-warning">
        Esta es la única vez que mostramos el código
        {text.mailsCode ? (emailed === false ? "" : " (si escribió su correo, también se lo enviamos)") : " (no lo enviamos por correo a nadie)"}. Guárdelo: no
        lo podemos recuperar, porque solo guardamos una huella cifrada de él, y nadie de la empresa se lo pedirá.
      </p>
      <p>
        <a href={text.consultHref}>{`Consultar el estado ${noun.of}`}</a>
      </p>
    </section>
  );
}

