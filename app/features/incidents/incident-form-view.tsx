/** The incident and accident report's front door (docs/product.md §11, 21): the case form with the incident registry. */
import { makeCaseForm } from "~/features/cases/case-form";
import { incidentForm, incidentGroups, REPORTER_FIELDS, reporterEmail } from "./incident-form";
import { incidentReceipt } from "~/features/cases/receipt";

export const IncidentForm = makeCaseForm({
  form: incidentForm,
  groups: incidentGroups,
  action: "/incidente",
  api: "php/incidente",
  className: "report-form",
  submitLabel: "ENVIAR REPORTE",
  consentLabel: "Autorizo el tratamiento de los datos personales de este reporte conforme a la",
  failureTitle: "No se pudo enviar el reporte",
  receipt: incidentReceipt,
  codeMailField: reporterEmail,
  // A worker reporting for themselves gives their data once, as the worker's.
  clearWhen: { field: "reporta_relacion", value: "trabajador", clear: REPORTER_FIELDS },
});
