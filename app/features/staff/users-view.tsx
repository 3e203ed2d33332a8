import { useActionData, useLoaderData } from "react-router";
import { formatBogota } from "~/platform/dates";
import { ROLE_LABELS, ROLES, rolesLabel } from "~/config/roles";
import { MIN_PASSWORD_LENGTH } from "./forms";
import type { usersAction, usersPage } from "./users-actions.server";

const notices = (grantDays: number): Record<string, string> => ({
  ok: "Cambio guardado.",
  pendiente: `Cambio guardado. El rol de la línea ética quedó pendiente: otra persona con el rol de administración debe confirmarlo en esta página (vence en ${grantDays} días).`,
  confirmado: "Rol concedido. Quienes ya tenían ese rol recibieron un correo, y lo ven en su auditoría.",
  rechazado: "Solicitud de rol rechazada.",
});

/** The staff accounts page. */
export function UsersView() {
  const { users, grants, admins, me, grantDays, notice } = useLoaderData<typeof usersPage>();
  const result = useActionData<typeof usersAction>();
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
        Nadie cambia sus propios roles. Los roles que abren la línea ética (comité de convivencia, oficial de cumplimiento y referente de género) no se conceden
        con una sola persona: quien los pide deja la solicitud pendiente, otra persona con el rol de administración la confirma aquí (vence en {grantDays} días)
        y quienes ya tienen ese rol reciben un correo. Quitar un rol no necesita confirmación.
      </p>
      {admins < 2 ? (
        <p className="admin-notice">
          Esta organización tiene una sola cuenta de administración activa: desde esta página nadie puede confirmar un rol de la línea ética. Quien tenga acceso
          al servidor puede concederlo desde la línea de comandos (<code>npm run admin -- set-roles --email CORREO --role ROLES</code>); queda en la auditoría y
          se avisa por correo a quienes ya tienen el rol.
        </p>
      ) : null}
      {grants.length ? (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table-stacked">
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
                  <td data-label="Cuenta">{g.target_email}</td>
                  <td data-label="Rol">{ROLE_LABELS[g.role]}</td>
                  <td data-label="Pedido por">
                    {g.asker_email} ({formatBogota(g.requested_at)})
                  </td>
                  <td data-label="Vence">{formatBogota(g.expires_at)}</td>
                  <td data-label="Decisión">
                    <form method="post" className="admin-actions">
                      <input type="hidden" name="solicitud" value={g.id ?? ""} />
                      {g.mine || g.target_email === me ? (
                        <span>Debe confirmarlo otra persona con el rol de administración.</span>
                      ) : (
                        <button
                          type="submit"
                          name="accion"
                          value="confirmar"
                          className="button"
                          aria-label={`Confirmar el rol ${ROLE_LABELS[g.role]} para ${g.target_email}`}
                        >
                          Confirmar
                        </button>
                      )}
                      <button
                        type="submit"
                        name="accion"
                        value="rechazar"
                        className="button button-secondary"
                        aria-label={`Rechazar el rol ${ROLE_LABELS[g.role]} para ${g.target_email}`}
                      >
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
        <table className="admin-table admin-table-stacked">
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
                <td data-label="Correo">{u.email}</td>
                <td data-label="Nombre">{u.name}</td>
                <td data-label="Roles">
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
                <td data-label="Estado">{u.disabled_at ? `Desactivada el ${formatBogota(u.disabled_at)}` : "Activa"}</td>
                <td data-label="Acciones">
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
