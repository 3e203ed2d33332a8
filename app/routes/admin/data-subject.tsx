import { data, redirect, useLoaderData } from "react-router";
import { formatBogota } from "~/lib/dates";
import { assertSameOriginPost, requireUser } from "~/server/admin.server";
import { deletePerson, messagesOfPerson } from "~/server/inbox.server";
import type { Route } from "./+types/data-subject";

export function meta() {
  return [{ title: "Solicitudes de titulares | Bandeja del personal" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const { services } = await requireUser(request);
  const params = new URL(request.url).searchParams;
  const email = params.get("correo")?.trim() ?? "";
  const found = email ? await messagesOfPerson(services.db, email) : null;
  return { email, found, deleted: params.get("eliminados") };
}

export async function action({ request }: Route.ActionArgs) {
  assertSameOriginPost(request);
  const { user, services } = await requireUser(request);
  const form = await request.formData();
  const email = String(form.get("correo") ?? "").trim();
  if (!email || form.get("confirmar") !== "si") throw data({ message: "Confirme la eliminación." }, { status: 400 });
  const count = await deletePerson(services.db, email, user, String(form.get("referencia") ?? "").trim());
  return redirect(`/admin/titulares?eliminados=${count}`);
}

/** Deletion of a person's messages on request (Ley 1581 de 2012, derecho de supresión). */
export default function DataSubject() {
  const { email, found, deleted } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Solicitudes de titulares</h1>
      <p>
        Cuando una persona pide suprimir sus datos, busque sus mensajes por el correo con el que escribió y
        elimínelos. La auditoría guarda cuántos mensajes se eliminaron y la referencia de la solicitud, no su
        contenido ni el correo.
      </p>
      {deleted !== null ? (
        <p className="admin-notice" role="status">
          Se eliminaron {deleted} mensaje(s).
        </p>
      ) : null}
      <form method="get" className="admin-form" role="search" aria-label="Buscar mensajes de una persona">
        <div className="field">
          <label htmlFor="t-correo">Correo de la persona</label>
          <input id="t-correo" name="correo" type="email" required defaultValue={email} />
        </div>
        <button type="submit" className="button">
          Buscar
        </button>
      </form>
      {found ? (
        found.length === 0 ? (
          <p>No hay mensajes de {email}.</p>
        ) : (
          <>
            <h2>Mensajes de {email}</h2>
            <ul>
              {found.map((m) => (
                <li key={m.id}>
                  <a href={`/admin/mensajes/${m.id}`}>
                    N.º {m.id} · {m.form === "cliente" ? "Cliente" : "Contacto"} · {formatBogota(m.received_at)}
                  </a>
                </li>
              ))}
            </ul>
            <form method="post" className="admin-form admin-danger">
              <input type="hidden" name="correo" value={email} />
              <div className="field">
                <label htmlFor="t-referencia">Referencia de la solicitud (opcional)</label>
                <input id="t-referencia" name="referencia" type="text" maxLength={200} />
              </div>
              <div className="field field-consent">
                <input id="t-confirmar" name="confirmar" type="checkbox" value="si" required />
                <label htmlFor="t-confirmar">Confirmo que la persona pidió suprimir sus datos y que esta acción no se puede deshacer.</label>
              </div>
              <button type="submit" className="button">
                Eliminar {found.length} mensaje(s)
              </button>
            </form>
          </>
        )
      ) : null}
    </>
  );
}
