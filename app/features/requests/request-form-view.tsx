/** The PQRS front door (docs/product.md §28): the case form with the PQRS registry and the table of terms after the choice. */
import type { BusinessCalendar } from "~/config/calendar";
import { type CaseFormProps, makeCaseForm } from "~/features/cases/case-form";
import { setBusinessCalendar } from "~/platform/dates";
import type { ReceiptText } from "~/features/cases/receipt";
import { IDENTITY_FIELDS, requestForm, requestGroups } from "./request-form";
import { TermsTable } from "./terms-table";

export const requestReceipt: ReceiptText = {
  channel: "Solicitud PQRS (petición, queja, reclamo, sugerencia o solicitud de datos personales)",
  lost: (phone) => `Si no los anotó, llame al ${phone}: podemos ubicar su solicitud con sus datos.`,
  notified: "El equipo que la atiende ya fue avisado.",
  consultHref: "/pqrs#consultar",
  mailsCode: true,
  noun: { heading: "Recibimos su solicitud", of: "de la solicitud" },
  due: (day) =>
    `Fecha límite para responderle: ${day}, el plazo que la ley fija para su tipo de solicitud. En CONSULTAR verá cómo se cuenta y si cambia (una prórroga, o el tiempo en que usted completa la solicitud si se lo pedimos).`,
};

const CaseForm = makeCaseForm({
  form: requestForm,
  groups: requestGroups,
  action: "/pqrs",
  api: "php/pqrs",
  className: "report-form pqrs-form",
  submitLabel: "ENVIAR SOLICITUD",
  consentLabel: "Autorizo el tratamiento de mis datos personales para tramitar y responder esta solicitud conforme a la",
  failureTitle: "No se pudo enviar la solicitud",
  receipt: requestReceipt,
  codeMailField: "correo",
  // Choosing to file without identifying oneself empties what was typed about oneself.
  clearWhen: { field: "anonimo", value: "si", clear: IDENTITY_FIELDS },
  after: { tipo: (values, now) => <TermsTable now={now} selected={values.tipo} /> },
});

/**
 * The form with the company's calendar (product rule 36): the island computes the due dates in the
 * browser, so it counts with the calendar the server handed it, not the default.
 */
export function RequestForm({ calendar, ...props }: CaseFormProps & { calendar: BusinessCalendar }) {
  setBusinessCalendar(calendar);
  return <CaseForm {...props} />;
}
