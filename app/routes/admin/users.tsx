import { data, redirect, useActionData, useLoaderData } from "react-router";
import { formatBogota } from "~/platform/dates";
import { assertSameOriginPost, requireStaff } from "~/features/staff/guard.server";
import { ROLE_LABELS, ROLES, rolesLabel } from "~/config/roles";
import { firstProblem, formFields, userActionSchema } from "~/features/staff/forms";
import { MIN_PASSWORD_LENGTH } from "~/features/staff/forms";
import { createUser, listUsers, normalizeEmail, resetPassword, setUserDisabled } from "~/features/staff/auth.server";
import { changeRoles, decideGrant, GRANT_DAYS, isConfidential, pendingGrants, SELF_REFUSAL } from "~/features/staff/roles.server";
import { getSiteConfig } from "~/config/site.server";
import { audit } from "~/platform/audit.server";
import type { Route } from "./+types/users";

export function meta() {
  return [{ title: "Usuarios | Bandeja del personal" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const { user, services } = await requireStaff(request, "accounts");
  const users = await listUsers(services.db);
  const grants = (await pendingGrants(services.db)).map((g) => ({ ...g, mine: g.requested_by === user.id }));
  const admins = users.filter((u) => !u.disabled_at && u.roles.includes("admin")).length;
  return { users, grants, admins, me: user.email, grantDays: GRANT_DAYS, notice: new URL(request.url).searchParams.get("aviso") };
}

export async function action({ request }: Route.ActionArgs) {
  assertSameOriginPost(request);
  const { user, services } = await requireStaff(request, "accounts");
  const form = await request.formData();
  const parsed = userActionSchema.safeParse({ ...formFields(form), rol: form.getAll("rol") });
  if (!parsed.success) return data({ error: firstProblem(parsed.error) }, { status: 400 });
  const input = parsed.data;
  if ("solicitud" in input) {
    // A second admin decides a confidential role asked by another (docs/product.md §34, ADR 021).
    const site = getSiteConfig();
    const result = await decideGrant(services.db, user, Number(input.solicitud), input.accion === "confirmar", { origin: site.origin.replace(/\/$/, ""), companyName: site.company.name });
    if (!result.ok) return data({ error: result.error }, { status: result.status });
    return redirect(`/admin/usuarios?aviso=${input.accion === "confirmar" ? "confirmado" : "rechazado"}`);
  }
  const self = normalizeEmail(input.correo) === user.email;
  let notice = "ok";
  try {
    if (input.accion === "crear") {
      if (input.rol.some(isConfidential)) {
        return data(
          { error: "Una cuenta nueva no puede crearse con un rol de la línea ética: créela con otro rol y luego pida el rol confidencial (otra persona administradora lo confirma), o créela desde la línea de comandos del servidor." },
          { status: 400 },
        );
      }
      await createUser(services.db, { email: input.correo, name: input.nombre, roles: input.rol, password: input.clave });
      await audit(services.db, user, "crear_usuario", { detail: `${input.correo} (${input.rol.join(", ")})` });
    } else if (input.accion === "roles") {
      // No account changes its own roles; a confidential role waits for a second admin (docs/product.md §34).
      if (self) return data({ error: SELF_REFUSAL }, { status: 400 });
      const change = await changeRoles(services.db, user, input.correo, input.rol);
      if (!change.ok) return data({ error: change.error }, { status: change.status });
      await audit(services.db, user, "cambiar_roles", { detail: `${input.correo}: ${change.applied.join(", ")}` });
      if (change.pending.length) notice = "pendiente";
    } else if (input.accion === "clave") {
      if (!(await resetPassword(services.db, input.correo, input.clave))) return data({ error: "No existe una cuenta con ese correo." }, { status: 404 });
      await audit(services.db, user, "cambiar_clave", { detail: input.correo });
    } else {
      if (self) return data({ error: "No puede desactivar su propia cuenta." }, { status: 400 });
      if (!(await setUserDisabled(services.db, input.correo, input.accion === "desactivar"))) {
        return data({ error: "No existe una cuenta con ese correo." }, { status: 404 });
      }
      await audit(services.db, user, input.accion === "desactivar" ? "desactivar_usuario" : "activar_usuario", { detail: input.correo });
    }
  } catch (error) {
    const message = /UNIQUE|duplicate key/i.test(String(error)) ? "Ya existe una cuenta con ese correo." : (error as Error).message;
    return data({ error: message }, { status: 400 });
  }
  return redirect(`/admin/usuarios?aviso=${notice}`);
}

const notices = (grantDays: number): Record<string, string> => ({
  ok: "Cambio guardado.",
  pendiente: `Cambio guardado. El rol de la línea ética quedó pendiente: otra persona con el rol de administración debe confirmarlo en esta página (vence en ${grantDays} días).`,
  confirmado: "Rol concedido. Quienes ya tenían ese rol recibieron un correo, y lo ven en su auditoría.",
  rechazado: "Solicitud de rol rechazada.",
});

export default function Users() {
  const { users, grants, admins, me, grantDays, notice } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <>
      <h1>Usuarios</h1>
      {result?.error ? (
        <p className="admin-alert" role="alert">
          {result.error}
        </p>
      ) : notice ? (
        <p className="admin-notice" role="status">
          {notices(grantDays)[notice] ?? notices(grantDays).ok}
        </p>
      ) : null}
      <h2>Roles de la línea ética</h2>
      <p>
        Nadie cambia sus propios roles. Los roles que abren la línea ética (comité de convivencia, oficial de cumplimiento y
        referente de género) no se conceden con una sola persona: quien los pide deja la solicitud pendiente, otra persona
        con el rol de administración la confirma aquí (vence en {grantDays} días) y quienes ya tienen ese rol reciben un
        correo. Quitar un rol no necesita confirmación.
      </p>
      {admins < 2 ? (
        <p className="admin-notice">
          Esta organización tiene una sola cuenta de administración activa: desde esta página nadie puede confirmar un rol de
          la línea ética. Quien tenga acceso al servidor puede concederlo desde la línea de comandos (
          <code>npm run admin -- set-roles --email CORREO --role ROLES</code>); queda en la auditoría y se avisa por correo a
          quienes ya tienen el rol.
        </p>
      ) : null}
      {grants.length ? (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption>Roles de la línea ética pendientes de confirmación</caption>
            <thead>
              <tr>
                <th scope="col">Cuenta</th>
                <th scope="col">Rol</th>
                <th scope="col">Pedido por</th>
                <th scope="col">Vence</th>
                <th scope="col">Decisión</th>
              </tr>
            </thead>
            <tbody>
              {grants.map((g) => (
                <tr key={g.id}>
                  <td>{g.target_email}</td>
                  <td>{ROLE_LABELS[g.role]}</td>
                  <td>
                    {g.asker_email} ({formatBogota(g.requested_at)})
                  </td>
                  <td>{formatBogota(g.expires_at)}</td>
                  <td>
                    <form method="post" className="admin-actions">
                      <input type="hidden" name="solicitud" value={g.id ?? ""} />
                      {g.mine || g.target_email === me ? (
                        <span>Debe confirmarlo otra persona con el rol de administración.</span>
                      ) : (
                        <button type="submit" name="accion" value="confirmar" className="button" aria-label={`Confirmar el rol ${ROLE_LABELS[g.role]} para ${g.target_email}`}>
                          Confirmar
                        </button>
                      )}
                      <button type="submit" name="accion" value="rechazar" className="button button-secondary" aria-label={`Rechazar el rol ${ROLE_LABELS[g.role]} para ${g.target_email}`}>
                        Rechazar
                      </button>
                    </form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <div className="admin-table-wrap">
        <table className="admin-table">
          <caption className="visually-hidden">Cuentas del personal</caption>
          <thead>
            <tr>
              <th scope="col">Correo</th>
              <th scope="col">Nombre</th>
              <th scope="col">Roles</th>
              <th scope="col">Estado</th>
              <th scope="col">Acciones</th>
            </tr>
          </thead>
          <tbody>
            {users.map((u) => (
              <tr key={u.id}>
                <td>{u.email}</td>
                <td>{u.name}</td>
                <td>
                  {u.email === me ? (
                    // No account changes its own roles (docs/product.md §34): no form the server would refuse.
                    <p>
                      {rolesLabel(u.roles)}. <em>Sus propios roles los cambia otra persona con el rol de administración.</em>
                    </p>
                  ) : (
                    <>
                      <form method="post" className="admin-roles">
                        <input type="hidden" name="correo" value={u.email} />
                        <input type="hidden" name="accion" value="roles" />
                        <fieldset>
                          <legend className="visually-hidden">Roles de {u.email}</legend>
                          {ROLES.map((r) => (
                            <label key={r} className="admin-check">
                              <input type="checkbox" name="rol" value={r} defaultChecked={u.roles.includes(r)} /> {ROLE_LABELS[r]}
                            </label>
                          ))}
                        </fieldset>
                        <button type="submit" className="button button-secondary" aria-label={`Guardar roles de ${u.email}`}>
                          Guardar roles
                        </button>
                      </form>
                      <span className="visually-hidden">Actuales: {rolesLabel(u.roles)}</span>
                    </>
                  )}
                </td>
                <td>{u.disabled_at ? `Desactivada el ${formatBogota(u.disabled_at)}` : "Activa"}</td>
                <td>
                  {u.email === me ? null : (
                    <form method="post">
                      <input type="hidden" name="correo" value={u.email} />
                      <input type="hidden" name="accion" value={u.disabled_at ? "activar" : "desactivar"} />
                      <button type="submit" className="button button-secondary">
                        {u.disabled_at ? "Activar" : "Desactivar"}
                      </button>
                    </form>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2>Crear una cuenta</h2>
      <form method="post" className="admin-form">
        <input type="hidden" name="accion" value="crear" />
        <div className="field">
          <label htmlFor="u-correo">Correo</label>
          <input id="u-correo" name="correo" type="email" required />
        </div>
        <div className="field">
          <label htmlFor="u-nombre">Nombre</label>
          <input id="u-nombre" name="nombre" type="text" required />
        </div>
        <fieldset className="field">
          <legend>Roles (uno o varios)</legend>
          {ROLES.map((r) => (
            <label key={r} className="admin-check">
              <input type="checkbox" name="rol" value={r} defaultChecked={r === "staff"} /> {ROLE_LABELS[r]}
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor="u-clave">Contraseña inicial (mínimo {MIN_PASSWORD_LENGTH} caracteres)</label>
          <input id="u-clave" name="clave" type="password" autoComplete="new-password" minLength={MIN_PASSWORD_LENGTH} required />
        </div>
        <button type="submit" className="button">
          Crear cuenta
        </button>
      </form>
      <h2>Cambiar la contraseña de una cuenta</h2>
      <form method="post" className="admin-form">
        <input type="hidden" name="accion" value="clave" />
        <div className="field">
          <label htmlFor="c-correo">Correo de la cuenta</label>
          <input id="c-correo" name="correo" type="email" required />
        </div>
        <div className="field">
          <label htmlFor="c-clave">Nueva contraseña</label>
          <input id="c-clave" name="clave" type="password" autoComplete="new-password" minLength={MIN_PASSWORD_LENGTH} required />
        </div>
        <button type="submit" className="button">
          Cambiar contraseña
        </button>
      </form>
    </>
  );
}
