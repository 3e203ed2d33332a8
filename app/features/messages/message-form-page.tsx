/** The page around a message form: heading, lead and the form island (the route only names the form). */
import type { ReactNode } from "react";
import type { FormRefusal } from "~/forms/errors";
import { MessageForm } from "./message-form";
import { SiteFrame } from "~/ui/site-frame";
import { privacyNotice } from "~/config/privacy-notice";
import type { FormName } from "./registry";
import { Island } from "~/ui/islands/island";
import { useSite } from "~/config/site-data";

export function MessageFormPage({
  form,
  title,
  lead,
  refusal,
  children,
}: {
  form: FormName;
  title: string;
  lead: string;
  refusal?: FormRefusal;
  children?: ReactNode;
}) {
  const site = useSite();
  return (
    <SiteFrame>
      <main className={`page form-page form-page-${form}`}>
        <h1>{title}</h1>
        <p className="lead">{lead}</p>
        {children}
        <Island
          name="message-form"
          component={MessageForm}
          props={{ form, phone: site.contact.phone, privacyNotice: privacyNotice(site, form).text, refusal }}
        />
      </main>
    </SiteFrame>
  );
}
