/** What the sender of a post held for review reads (ADR 017): no radicado, what happens next, the phone. */
export const HELD_MESSAGE =
  "Recibimos su reporte, pero quedó retenido para una revisión manual antes de registrarlo: llegó con un campo que normalmente solo llenan los programas automáticos. El equipo lo revisará en horario hábil y, si corresponde, lo registrará como reporte.";

export function HeldNotice({ phone }: { phone: string }) {
  const tel = phone.replace(/[^+0-9]/g, "");
  return (
    <div className="report-receipt report-receipt-held" role="status">
      <h2>Reporte retenido para revisión</h2>
      <p>{HELD_MESSAGE}</p>
      <p>
        Por eso esta vez no hay radicado ni código de seguimiento. Si el asunto es urgente, o quiere confirmar que lo recibimos, llame al{" "}
        <a href={`tel:${tel}`}>{phone}</a>.
      </p>
    </div>
  );
}
