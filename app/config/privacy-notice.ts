/**
 * The short privacy notice shown next to each form's consent checkbox (Ley 1581 de 2012, art. 12):
 * who processes the data, for what, the data subject's rights and where the full policy is.
 * Built from the site configuration so the controller's name and address are never out of date.
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
export function privacyNotice(
  site: Pick<SiteConfig, "company" | "contact">,
  form?: NoticeForm,
): PrivacyNotice {
  const { legalName, nit, address, city } = site.company;
  return {
    text:
      `${legalName} (NIT ${nit}), con domicilio en ${address}, ${city}, trata los datos de este formulario ` +
      `solo ${PURPOSE[form ?? "any"]}; no los usa para publicidad ni los cede a terceros. ` +
      `Puede conocerlos, actualizarlos, rectificarlos, pedir su supresión o revocar esta autorización en cualquier momento ` +
      `escribiendo a ${site.contact.privacyEmail}. No escriba datos sensibles, como información de salud.`,
    linkText: "Política de Tratamiento de Datos Personales",
    href: PRIVACY_POLICY_PATH,
  };
}
