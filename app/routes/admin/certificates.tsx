import { data, redirect, useLoaderData, useActionData } from "react-router";
import { assertSameOriginPost, requireStaff } from "~/features/staff/guard.server";
import { CONTRACT_KINDS, DOCUMENT_TYPES, dayText, groupCode, pesos } from "~/features/certificates/model";
import { annulCertificate, listCertificates, resendCertificate } from "~/features/certificates/staff.server";
import { getSiteConfig } from "~/config/site.server";
import { audit } from "~/platform/audit.server";
import { parsePageRequest } from "~/platform/paging";
import { Pager } from "~/ui/pager";
import type { Route } from "./+types/certificates";

/** The certificates issued (product rules 38, 39): search, snapshot, annulment, mailing again. */
export function meta() {
  return [{ title: "Certificados laborales | Bandeja del personal" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const { user, services } = await requireStaff(request, "payroll");
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 40);
  const page = await listCertificates(services.readDb, { q, page: parsePageRequest(url.searchParams) });
  if (q) await audit(services.db, user, "buscar_certificados");
  return { ...page, q, query: url.search, notice: url.searchParams.get("aviso") };
}

export async function action({ request }: Route.ActionArgs) {
  assertSameOriginPost(request);
  const { user, services } = await requireStaff(request, "payroll");
  const form = await request.formData();
  const id = Number(form.get("id"));
  if (!Number.isSafeInteger(id) || id <= 0) return data({ problem: "Certificado desconocido." }, { status: 400 });
  if (form.get("accion") === "anular") {
    const reason = String(form.get("motivo") ?? "")
      .replace(/\s+/g, " ")
      .trim();
    if (reason.length < 5 || reason.length > 300) return data({ problem: "Escriba el motivo de la anulación (de 5 a 300 caracteres)." }, { status: 400 });
    if (!(await annulCertificate(services.db, user, id, reason))) return data({ problem: "Ese certificado no existe o ya está anulado." }, { status: 404 });
    return redirect("/admin/certificados?aviso=anulado", 303);
  }
  if (form.get("accion") === "reenviar") {
    const sent = await resendCertificate(services.db, user, id, getSiteConfig().company.name);
    if (sent === "missing") return data({ problem: "Ese certificado no existe o está anulado." }, { status: 404 });
    if (sent === "no_email") return data({ problem: "La persona no tiene correo en la nómina importada." }, { status: 409 });
    return redirect("/admin/certificados?aviso=reenviado", 303);
  }
  return data({ problem: "Acción desconocida." }, { status: 400 });
}

const when = (iso: string) => new Date(iso).toLocaleString("es-CO", { timeZone: "America/Bogota" });

export default function Certificates() {
  const { rows, q, query, notice, ...page } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <>
      <h1>Certificados laborales</h1>
      {notice === "anulado" ? (
        <p className="admin-notice" role="status">
          Certificado anulado: la verificación lo dice desde ahora.
        </p>
      ) : null}
      {notice === "reenviado" ? (
        <p className="admin-notice" role="status">
          Certificado enviado de nuevo al correo de la nómina.
        </p>
      ) : null}
      {answer ? (
        <p className="admin-alert" role="alert">
          {answer.problem}
        </p>
      ) : null}
      <form method="get" className="admin-filter">
        <label htmlFor="q">Documento o código de verificación</label> <input id="q" name="q" type="search" defaultValue={q} maxLength={40} />{" "}
        <button type="submit" className="button">
          Buscar
        </button>{" "}
        <a href={`/admin/certificados.csv`}>Exportar CSV</a>
      </form>
      {rows.length === 0 ? (
        <p>{q ? "Ningún certificado coincide." : "Todavía no se ha expedido ningún certificado."}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table-stacked">
            <thead>
              <tr>
                <th scope="col">Código</th>
                <th scope="col">Expedido</th>
                <th scope="col">Titular</th>
                <th scope="col">Verificado</th>
                <th scope="col">Estado</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td data-label="Código">
                    <code>{groupCode(r.code)}</code>
                  </td>
                  <td data-label="Expedido">{when(r.issued_at)}</td>
                  <td data-label="Titular">
                    {r.holder_name}
                    <br />
                    {DOCUMENT_TYPES[r.snapshot.holder.documentType]} {r.document_number}
                    <details>
                      <summary>Lo que dice</summary>
                      <p>Datos de nómina al {dayText(r.snapshot.cutoffDay)}.</p>
                      <ul>
                        {r.snapshot.contracts.map((c, i) => (
                          <li key={i}>
                            {c.position} ({CONTRACT_KINDS[c.kind].toLowerCase()}), {dayText(c.startDay)} – {c.endDay ? dayText(c.endDay) : "vigente"}
                            {c.userCompany ? `; ${c.userCompany}` : ""}
                            {c.salary !== null ? `; ${pesos(c.salary)}` : ""}
                            {c.duties ? `; funciones: ${c.duties}` : ""}
                          </li>
                        ))}
                      </ul>
                    </details>
                  </td>
                  <td data-label="Verificado">
                    {r.verifications} {r.verifications === 1 ? "vez" : "veces"}
                    {r.last_verified_at ? (
                      <>
                        <br />
                        última: {when(r.last_verified_at)}
                      </>
                    ) : null}
                  </td>
                  <td data-label="Estado">
                    {r.annulled_at ? (
                      <>
                        Anulado el {when(r.annulled_at)} por {r.annulled_by}: {r.annulled_reason}
                      </>
                    ) : (
                      <>
                        Vigente
                        <form method="post" className="admin-actions">
                          <input type="hidden" name="id" value={r.id} />
                          <input type="hidden" name="accion" value="anular" />
                          <label htmlFor={`motivo-${r.id}`}>Motivo</label>{" "}
                          <input id={`motivo-${r.id}`} name="motivo" type="text" required minLength={5} maxLength={300} />{" "}
                          <button type="submit" className="button-secondary">
                            Anular
                          </button>
                        </form>
                        <form method="post" className="admin-actions">
                          <input type="hidden" name="id" value={r.id} />
                          <input type="hidden" name="accion" value="reenviar" />
                          <button type="submit" className="button-secondary">
                            Enviar de nuevo al correo
                          </button>
                        </form>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager query={query} page={page} />
    </>
  );
}
