/** The page around a message form: heading, lead and the form island (the route only names the form). */
import { MessageForm, type FormRefusal } from "~/components/message-form";
import { SiteFrame } from "~/components/site-frame";
import type { FormName } from "~/forms";
import { Island } from "~/islands/island";
import { useSite } from "~/lib/site-data";

export function MessageFormPage({ form, title, lead, refusal }: { form: FormName; title: string; lead: string; refusal?: FormRefusal }) {
  const site = useSite();
  const privacyNotice = `${site.company.legalName} trata estos datos para responder a su ${
    form === "cliente" ? "solicitud y ofrecerle nuestros servicios" : "mensaje"
  }. Puede conocerlos, actualizarlos, rectificarlos o pedir su supresión, y revocar la autorización en cualquier momento.`;
  return (
    <SiteFrame>
      <main className={`page form-page form-page-${form}`}>
        <h1>{title}</h1>
        <p className="lead">{lead}</p>
        <Island name="message-form" component={MessageForm} props={{ form, phone: site.contact.phone, privacyNotice, refusal }} />
      </main>
    </SiteFrame>
  );
}
