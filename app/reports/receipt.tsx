/** The radicado and the follow-up code, shown once in large type (the confirmation, with or without JavaScript). */
export function Receipt({ radicado, code, emailed }: { radicado: string; code: string; emailed?: boolean }) {
  return (
    <section className="report-receipt" aria-labelledby="recibo-titulo">
      <h2 id="recibo-titulo" tabIndex={-1}>
        Recibimos su reporte
      </h2>
      <p>El equipo de seguridad y salud en el trabajo ya fue avisado. Anote estos dos datos: con ellos consulta el estado del reporte en esta página.</p>
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
        Esta es la única vez que mostramos el código{emailed === false ? "" : " (si escribió su correo, también se lo enviamos)"}. Guárdelo: no lo
        podemos recuperar, porque solo guardamos una huella cifrada de él, y nadie de la empresa se lo pedirá.
      </p>
      <p>
        <a href="/incidente#consultar">Consultar el estado del reporte</a>
      </p>
    </section>
  );
}
