import { SiteFrame } from "~/ui/site-frame";
import { Receipt, type ReceiptText } from "./receipt";

/** The one-time confirmation page after a report posted without JavaScript (or its explanation once shown). */
export function ReceiptPage({ title, receipt, text }: { title: string; receipt: { radicado: string; code: string } | null; text: ReceiptText }) {
  return (
    <SiteFrame>
      <main className="page incident-result">
        <h1>{title}</h1>
        {receipt ? (
          <Receipt radicado={receipt.radicado} code={receipt.code} text={text} />
        ) : (
          <>
            <p>
              Esta página muestra el radicado y el código de un reporte una sola vez, justo después de enviarlo. Si ya los
              anotó, consulte el estado del reporte con ellos.
            </p>
            <p>
              <a className="button" href={text.consultHref}>
                Ir a CONSULTAR
              </a>
            </p>
          </>
        )}
      </main>
    </SiteFrame>
  );
}
