import { SiteFrame } from "~/ui/site-frame";
import { useSite } from "~/config/site-data";
import { HeldNotice } from "./held-notice";
import { Receipt, type ReceiptText } from "./receipt";

/** The one-time confirmation page after a report posted without JavaScript (or its explanation once shown). */
export function ReceiptPage({ title, receipt, held = false, text }: { title: string; receipt: { radicado: string; code: string } | null; held?: boolean; text: ReceiptText }) {
  const site = useSite();
  return (
    <SiteFrame>
      <main className="page incident-result">
        <h1>{title}</h1>
        {held ? (
          <HeldNotice phone={site.contact.phone} />
        ) : receipt ? (
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
