/** The ethics line's front door (docs/product.md §22): the case form with the ethics registry; anonymous by default. */
import { makeCaseForm } from "~/features/cases/case-form";
import type { ReceiptText } from "~/features/cases/receipt";
import { ETHICS_DEFAULTS, ETHICS_ROUTES, ethicsForm, ethicsGroups, IDENTITY_FIELDS } from "./ethics-form";
import type { EthicsKind } from "./channel";

/**
 * Who handles the report, for the category (and the bond) chosen: every route is rendered, and the page's
 * style shows the one that applies, so it works without JavaScript; a note, never a refusal.
 */
function EthicsRoutes() {
  return (
    <div className="ethics-routes" aria-live="polite">
      <p className="ethics-routes-title">Quién atiende su reporte</p>
      {(Object.keys(ETHICS_ROUTES) as EthicsKind[]).map((kind) => (
        <div key={kind}>
          <p className={`ethics-route ethics-route-${kind}`}>{ETHICS_ROUTES[kind].route}</p>
          {ETHICS_ROUTES[kind].mision ? <p className={`ethics-route ethics-route-${kind}-mision`}>{ETHICS_ROUTES[kind].mision}</p> : null}
        </div>
      ))}
    </div>
  );
}

export const ethicsReceipt: ReceiptText = {
  channel: "Línea ética",
  notified: "Las personas que atienden esta categoría ya fueron avisadas, sin el contenido del reporte.",
  consultHref: "/linea-etica#consultar",
  mailsCode: false,
  lost: () =>
    "Si no los anotó, no los podemos recuperar ni buscar su reporte, porque no sabemos quién lo envió. Si necesita seguir el caso, envíe un reporte nuevo y mencione la fecha y el tema del anterior.",
};

export const EthicsForm = makeCaseForm({
  form: ethicsForm,
  groups: ethicsGroups,
  defaults: ETHICS_DEFAULTS,
  action: "/linea-etica",
  api: "php/linea-etica",
  className: "report-form ethics-form",
  submitLabel: "ENVIAR REPORTE",
  consentLabel: "Solo si se identifica: autorizo el tratamiento de mi nombre y de mi dato de contacto conforme a la",
  failureTitle: "No se pudo enviar el reporte",
  receipt: ethicsReceipt,
  // Choosing to stay anonymous empties what was typed about oneself.
  clearWhen: { field: "identificacion", value: "anonimo", clear: IDENTITY_FIELDS },
  after: { vinculo: () => <EthicsRoutes /> },
});
