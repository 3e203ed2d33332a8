/**
 * The short privacy notice shown next to each form's consent checkbox (Ley 1581 de 2012, art. 12):
 * who processes the data (name, address, phone), for what, the data subject's rights, where to
 * exercise them and the complaint to the SIC, and where the full policy is.
 * Built from the site configuration so the controller's name, address and phone are never out of date.
 * Shared by server and browser: the forms render it.
 */
import type { SiteConfig } from "~/config/site";

export const PRIVACY_POLICY_PATH = "/privacidad";

export type NoticeForm = "contacto" | "cliente";

export interface PrivacyNotice {
  /** The notice itself, plain Spanish text, to show before the link. */
  text: string;
  /** Visible text of the link to the full policy. */
  linkText: string;
  href: typeof PRIVACY_POLICY_PATH;
}

const PURPOSE: Record<NoticeForm | "any", string> = {
  contacto: "para responder su mensaje",
  cliente: "para responder su solicitud y presentarle los servicios que pidió conocer",
  any: "para responder su mensaje o su solicitud",
};

/**
 * The notice for one form, or a generic one when `form` is omitted.
 * Example: `privacyNotice(site, "cliente").text`.
 */
export function privacyNotice(site: Pick<SiteConfig, "company" | "contact">, form?: NoticeForm): PrivacyNotice {
  const { legalName, nit, address, city } = site.company;
  const { phone, privacyEmail } = site.contact;
  return {
    // Ley 1581 art. 12 d): identity, address and phone of the controller; art. 8: rights, including
    // proof of the authorisation; art. 16: a complaint to the SIC after the company's own procedure.
    text:
      `${legalName} (NIT ${nit}; ${address}, ${city}; tel. ${phone}) trata estos datos solo ${PURPOSE[form ?? "any"]}. ` +
      `Puede conocerlos, actualizarlos, rectificarlos, pedir su supresión o prueba de la autorización y revocar esta ` +
      `autorización en cualquier momento en ${privacyEmail} o en PQRS, y luego quejarse ante la Superintendencia de ` +
      `Industria y Comercio. No escriba datos sensibles.`,
    linkText: "Política de Tratamiento de Datos Personales",
    href: PRIVACY_POLICY_PATH,
  };
}
