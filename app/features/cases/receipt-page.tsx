import { SiteFrame } from "~/ui/site-frame";
import { useSite } from "~/config/site-data";
import { HeldNotice } from "./held-notice";
import { Receipt, type ReceiptData, type ReceiptText } from "./receipt";

/**
 * The one-time confirmation page after a report posted without JavaScript, or, once it has been shown
 * (a reload, the back button), why the code is no longer there and what to do; or, for a post held by
 * the spam trap (ADR 017), that it waits for review.
 */
export function ReceiptPage({ title, receipt, held = false, text }: { title: string; receipt: ReceiptData | null; held?: boolean; text: ReceiptText }) {
  const site = useSite();
  return (
    <SiteFrame>
      <main className="page incident-result">
        <h1>{title}</h1>
        {held ? (
          <HeldNotice phone={site.contact.phone} />
        ) : receipt ? (
          <Receipt receipt={receipt} text={text} issuer={{ company: site.company.name, origin: site.origin }} />
        ) : (
          <section className="report-receipt" aria-labelledby="recibo-titulo">
            <h2 id="recibo-titulo">El radicado y el código ya no se muestran</h2>
            <p>
              Se muestran una sola vez, justo después de enviar el reporte. Al recargar esta página o volver a ella ya no aparecen, por seguridad: del código
              solo guardamos una huella cifrada, así que nadie, ni siquiera la empresa, puede volver a leerlo, y nadie que use este navegador después de usted
              puede verlo.
            </p>
            <p>
              Si acaba de enviar un reporte, lo recibimos. Con el radicado y el código que anotó o con el comprobante que descargó, consulte su estado.{" "}
              {text.lost(site.contact.phone)}
            </p>
            <p>
              <a className="button" href={text.consultHref}>
                Ir a CONSULTAR
              </a>
            </p>
          </section>
        )}
      </main>
    </SiteFrame>
  );
}
