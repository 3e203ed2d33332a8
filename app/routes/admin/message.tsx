import { data, redirect, useLoaderData } from "react-router";
import { formTitles, messageForms } from "~/features/messages/registry";
import { formatBogota } from "~/platform/dates";
import { assertSameOriginPost, requireStaff } from "~/features/staff/guard.server";
import { mailStateLabel } from "~/platform/outbox-status";
import { getMessage, retryMail, setHandled } from "~/features/messages/inbox.server";
import { openDataClaims } from "~/features/requests/requests.server";
import type { Route } from "./+types/message";

export function meta({ loaderData: loaded }: Route.MetaArgs) {
  return [{ title: `Mensaje n.º ${loaded?.message.id ?? ""} | Bandeja del personal` }, { name: "robots", content: "noindex, nofollow" }];
}

function idOf(params: { id?: string }) {
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) throw data({ message: "Mensaje no encontrado." }, { status: 404 });
  return id;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { services } = await requireStaff(request, "messages");
  const message = await getMessage(services.readDb, idOf(params));
  if (!message) throw data({ message: "Mensaje no encontrado." }, { status: 404 });
  // The legend of Ley 1581 art. 15 while a data-protection reclamo of the sender runs (product rule 28).
  const claims = [...(await openDataClaims(services.db, [message.correo])).values()].flat();
  return { message, claims, notice: new URL(request.url).searchParams.get("aviso") };
}

export async function action({ request, params }: Route.ActionArgs) {
  assertSameOriginPost(request);
  const { user, services } = await requireStaff(request, "messages");
  const id = idOf(params);
  const intent = String((await request.formData()).get("accion") ?? "");
  let notice = "";
  if (intent === "atendido" || intent === "no-atendido") {
    if (!(await setHandled(services.db, id, user, intent === "atendido"))) throw data({ message: "Mensaje no encontrado." }, { status: 404 });
    notice = intent === "atendido" ? "marcado-atendido" : "marcado-nuevo";
  } else if (intent === "reintentar") {
    notice = (await retryMail(services.db, id, user)) ? "reintento" : "sin-reintento";
    services.outbox?.kick();
  } else {
    throw data({ message: "Acción desconocida." }, { status: 400 });
  }
  return redirect(`/admin/mensajes/${id}?aviso=${notice}`);
}

const NOTICES: Record<string, string> = {
  "marcado-atendido": "El mensaje quedó marcado como atendido.",
  "marcado-nuevo": "El mensaje quedó marcado como no atendido.",
  reintento: "El correo volvió a la cola de envío.",
  "sin-reintento": "Este correo ya fue enviado; no hay nada que reintentar.",
};

export default function MessageDetail() {
  const { message: m, claims, notice } = useLoaderData<typeof loader>();
  // The form's own fields with the labels staff read (app/forms); the long text gets its own section.
  const fields: [string, string | null][] = [
    ["Formulario", formTitles[m.form]],
    ...messageForms[m.form].fields
      .filter((f) => f.input !== "textarea")
      .map((f) => [f.staffLabel, m[f.name as keyof typeof m] as string | null] as [string, string | null]),
    ["Recibido", formatBogota(m.received_at)],
  ];
  return (
    <>
      <p>
        <a href="/admin/mensajes">← Volver a los mensajes</a>
      </p>
      <h1>Mensaje n.º {m.id}</h1>
      {notice && NOTICES[notice] ? (
        <p className="admin-notice" role="status">
          {NOTICES[notice]}
        </p>
      ) : null}
      {claims.map((c) => (
        <p key={c.radicado} className="admin-flag admin-claim">
          <strong>Reclamo en trámite</strong>: {c.reason} (solicitud {c.radicado}, desde el {formatBogota(c.since).slice(0, 10)}). La leyenda se mantiene
          mientras el reclamo se decide (Ley 1581 de 2012, art. 15).
        </p>
      ))}
      <dl className="admin-fields">
        {fields
          .filter(([, v]) => v !== null)
          .map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
      </dl>
      <h2>Mensaje</h2>
      <p className="admin-message-text">{m.mensaje}</p>
      <h2>Autorización de datos personales</h2>
      <p>
        Aceptada el {formatBogota(m.consent_at)}, política versión {m.policy_version}.
      </p>
      <h2>Seguimiento</h2>
      <p>{m.handled_at ? `Atendido por ${m.handled_by} el ${formatBogota(m.handled_at)}.` : "Nuevo: nadie lo ha marcado como atendido."}</p>
      <form method="post">
        <input type="hidden" name="accion" value={m.handled_at ? "no-atendido" : "atendido"} />
        <button type="submit" className="button">
          {m.handled_at ? "Marcar como no atendido" : "Marcar como atendido"}
        </button>
      </form>
      <h2>Correo a la empresa</h2>
      <dl className="admin-fields">
        <div>
          <dt>Estado</dt>
          <dd>{mailStateLabel(m.mail_status)}</dd>
        </div>
        <div>
          <dt>Intentos</dt>
          <dd>{m.mail_attempts ?? 0}</dd>
        </div>
        {m.mail_sent_at ? (
          <div>
            <dt>Enviado</dt>
            <dd>{formatBogota(m.mail_sent_at)}</dd>
          </div>
        ) : null}
        {m.mail_last_error ? (
          <div>
            <dt>Último error</dt>
            <dd>{m.mail_last_error}</dd>
          </div>
        ) : null}
        {m.mail_recipients ? (
          <div>
            <dt>Destinatarios</dt>
            <dd>{m.mail_recipients}</dd>
          </div>
        ) : null}
      </dl>
      {m.mail_status && m.mail_status !== "sent" ? (
        <form method="post">
          <input type="hidden" name="accion" value="reintentar" />
          <button type="submit" className="button button-secondary">
            Reintentar ahora
          </button>
        </form>
      ) : null}
    </>
  );
}
