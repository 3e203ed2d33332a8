import { useLocation } from "react-router";
import { SUCCESS_DIALOG, failureDialog } from "~/components/message-form";
import { SiteFrame } from "~/components/site-frame";
import { MESSAGES } from "~/forms/schemas";
import { siteFromMatches, useSite } from "~/lib/site-data";
import type { Route } from "./+types/form-result";

/** Where a form posted without JavaScript lands: the same texts as the dialogs of SPEC §8. */
const REASONS: Record<string, string> = {
  datos_invalidos: "Algunos datos del formulario no son válidos.",
  contenido_muy_grande: "El mensaje es demasiado largo para enviarlo.",
  limite_de_envios: "Recibimos demasiados envíos desde su conexión. Espere un minuto e inténtelo de nuevo.",
  origen_no_permitido: "No se aceptan envíos desde otros sitios.",
  tipo_no_soportado: "El formulario se envió en un formato que no aceptamos.",
  error_interno: "No pudimos guardar su mensaje en este momento. Inténtelo de nuevo en unos minutos.",
};

const FIELD_MESSAGES: Record<string, string> = {
  nombre: "NOMBRE",
  empresa: "EMPRESA",
  cargo: "CARGO",
  celular: `CELULAR: ${MESSAGES.invalidPhone}`,
  correo: `CORREO: ${MESSAGES.invalidEmail}`,
  mensaje: "MENSAJE",
  consentimiento: MESSAGES.consent,
};

export function meta({ matches, location }: Route.MetaArgs) {
  const name = siteFromMatches(matches)?.company.name ?? "";
  const ok = location.pathname.endsWith("/enviado");
  return [{ title: `${ok ? "Mensaje enviado" : "Mensaje no enviado"} | ${name}` }, { name: "robots", content: "noindex" }];
}

export default function FormResult() {
  const site = useSite();
  const { pathname, search } = useLocation();
  const [, form, state] = pathname.split("/");
  const params = new URLSearchParams(search);
  const back = `/${form === "cliente" ? "cliente" : "contacto"}`;
  if (state === "enviado") {
    return (
      <SiteFrame>
        <main className="page form-result">
          <h1>{SUCCESS_DIALOG.title}</h1>
          <p className="lead">{SUCCESS_DIALOG.text}</p>
          <p>
            <a className="button" href="/">
              Ir al inicio
            </a>
          </p>
        </main>
      </SiteFrame>
    );
  }
  const failure = failureDialog(site.contact.phone);
  const reason = REASONS[params.get("motivo") ?? ""] ?? REASONS.error_interno;
  const fields = (params.get("campos") ?? "").split(",").filter((f) => f in FIELD_MESSAGES);
  return (
    <SiteFrame>
      <main className="page form-result">
        <h1>{failure.title}</h1>
        <p className="lead">{reason}</p>
        {fields.length > 0 ? (
          <>
            <p>Revise estos campos:</p>
            <ul>
              {fields.map((f) => (
                <li key={f}>{FIELD_MESSAGES[f]}</li>
              ))}
            </ul>
          </>
        ) : null}
        <p>
          Use el botón «Atrás» de su navegador para corregir el formulario sin perder lo que escribió, o vuelva a{" "}
          <a href={back}>abrir el formulario</a>.
        </p>
        <p>{failure.text}</p>
      </main>
    </SiteFrame>
  );
}
