import { data, redirect, useLoaderData } from "react-router";
import { formatBogota } from "~/platform/dates";
import { mayOpen } from "~/config/access";
import { reportsOfPerson } from "~/features/incidents/incidents.server";
import { deleteCases } from "~/features/cases/cases.server";
import { assertSameOriginPost, requireStaff } from "~/features/staff/guard.server";
import { deletePerson, messagesOfPerson } from "~/features/messages/inbox.server";
import type { Route } from "./+types/data-subject";

export function meta() {
  return [{ title: "Solicitudes de titulares | Bandeja del personal" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const { user, services } = await requireStaff(request, "dataSubjects");
  const params = new URL(request.url).searchParams;
  const email = params.get("correo")?.trim() ?? "";
  // Both searches go through indexes on lower(e-mail) (migration 011), off the request thread.
  const found = email ? await messagesOfPerson(services.readDb, email) : null;
  // Reports hold health data: only occupational health and the admin find and delete them.
  const canReports = mayOpen(user.roles, "reports");
  const reports = email && canReports ? await reportsOfPerson(services.readDb, email) : null;
  return { email, found, reports, canReports, deleted: params.get("eliminados"), deletedReports: params.get("reportes") };
}

export async function action({ request }: Route.ActionArgs) {
  assertSameOriginPost(request);
  const { user, services } = await requireStaff(request, "dataSubjects");
  const form = await request.formData();
  const email = String(form.get("correo") ?? "").trim();
  if (!email || form.get("confirmar") !== "si") throw data({ message: "Confirme la eliminación." }, { status: 400 });
  const reference = String(form.get("referencia") ?? "").trim();
  const count = await deletePerson(services.db, email, user, reference);
  let reports = 0;
  if (mayOpen(user.roles, "reports")) {
    const ids = (await reportsOfPerson(services.db, email)).map((r) => r.id as number);
    reports = (await deleteCases(services.db, ids, user, reference)).length;
  }
  return redirect(`/admin/titulares?eliminados=${count}&reportes=${reports}`);
}

/** Deletion of a person's messages on request (Ley 1581 de 2012, derecho de supresión). */
export default function DataSubject() {
  const { email, found, reports, canReports, deleted, deletedReports } = useLoaderData<typeof loader>();
  const total = (found?.length ?? 0) + (reports?.length ?? 0);
  return (
    <>
      <h1>Solicitudes de titulares</h1>
      <p>
        Cuando una persona pide suprimir sus datos, busque sus mensajes por el correo con el que escribió y
        elimínelos. La auditoría guarda cuántos mensajes se eliminaron y la referencia de la solicitud, no su
        contenido ni el correo.
        {canReports
          ? " La búsqueda incluye los reportes de incidentes y accidentes, por el correo de quien reportó o del trabajador, o por el número de documento del trabajador. Antes de suprimir un reporte de accidente, verifique que no deba conservarse por obligación legal."
          : ""}
      </p>
      {deleted !== null ? (
        <p className="admin-notice" role="status">
          Se eliminaron {deleted} mensaje(s){deletedReports && deletedReports !== "0" ? ` y ${deletedReports} reporte(s)` : ""}.
        </p>
      ) : null}
      <form method="get" className="admin-form" role="search" aria-label="Buscar mensajes de una persona">
        <div className="field">
          <label htmlFor="t-correo">{canReports ? "Correo o número de documento de la persona" : "Correo de la persona"}</label>
          <input id="t-correo" name="correo" type={canReports ? "text" : "email"} required defaultValue={email} />
        </div>
        <button type="submit" className="button">
          Buscar
        </button>
      </form>
      {found ? (
        total === 0 ? (
          <p>No hay mensajes{canReports ? " ni reportes" : ""} de {email}.</p>
        ) : (
          <>
            <h2>Mensajes de {email}</h2>
            {found.length === 0 ? <p>Ninguno.</p> : null}
            <ul>
              {found.map((m) => (
                <li key={m.id}>
                  <a href={`/admin/mensajes/${m.id}`}>
                    N.º {m.id} · {m.form === "cliente" ? "Cliente" : "Contacto"} · {formatBogota(m.received_at)}
                  </a>
                </li>
              ))}
            </ul>
            {reports ? (
              <>
                <h2>Reportes de incidentes de {email}</h2>
                {reports.length === 0 ? <p>Ninguno.</p> : null}
                <ul>
                  {reports.map((r) => (
                    <li key={r.id}>
                      <a href={`/admin/reportes/${r.id}`}>
                        {r.radicado} · {formatBogota(r.received_at)}
                      </a>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
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
                Eliminar {found.length} mensaje(s){reports?.length ? ` y ${reports.length} reporte(s)` : ""}
              </button>
            </form>
          </>
        )
      ) : null}
    </>
  );
}
