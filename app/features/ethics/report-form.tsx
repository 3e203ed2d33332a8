/** The ethics line's front door (docs/product.md §22): the case form with the ethics registry; anonymous by default. */
import { makeCaseForm } from "~/features/cases/case-form";
import type { ReceiptText } from "~/features/cases/receipt";
import { ETHICS_DEFAULTS, ethicsForm, ethicsGroups, IDENTITY_FIELDS } from "./ethics-form";

export const ethicsReceipt: ReceiptText = {
  channel: "Línea ética",
  notified: "Las personas que atienden esta categoría ya fueron avisadas, sin el contenido del reporte.",
  consultHref: "/linea-etica#consultar",
  mailsCode: false,
  lost: () =>
    "Si no los anotó, no los podemos recuperar ni buscar su reporte, porque no sabemos quién lo envió. Si necesita seguir el caso, envíe un reporte nuevo y mencione la fecha y el tema del anterior.",
};

export const EthicsReportForm = makeCaseForm({
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
});
