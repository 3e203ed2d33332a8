import { data, redirect, useActionData, useLoaderData } from "react-router";
import { formatBogota } from "~/platform/dates";
import { assertSameOriginPost, requireStaff } from "~/features/staff/guard.server";
import { ROLE_LABELS, ROLES, rolesLabel } from "~/config/roles";
import { firstProblem, formFields, userActionSchema } from "~/features/staff/forms";
import { MIN_PASSWORD_LENGTH } from "~/features/staff/forms";
import { audit, createUser, listUsers, normalizeEmail, resetPassword, setUserDisabled } from "~/features/staff/auth.server";
import { setRoles } from "~/features/staff/roles.server";
import type { Route } from "./+types/users";

export function meta() {
  return [{ title: "Usuarios | Bandeja del personal" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const { services } = await requireStaff(request, "accounts");
  const users = await listUsers(services.db);
  return { users, notice: new URL(request.url).searchParams.get("aviso") };
}

export async function action({ request }: Route.ActionArgs) {
  assertSameOriginPost(request);
  const { user, services } = await requireStaff(request, "accounts");
  const form = await request.formData();
  const parsed = userActionSchema.safeParse({ ...formFields(form), rol: form.getAll("rol") });
  if (!parsed.success) return data({ error: firstProblem(parsed.error) }, { status: 400 });
  const input = parsed.data;
  const self = input.correo.toLowerCase() === user.email;
  try {
    if (input.accion === "crear") {
      await createUser(services.db, { email: input.correo, name: input.nombre, roles: input.rol, password: input.clave });
      await audit(services.db, user, "crear_usuario", { detail: `${input.correo} (${input.rol.join(", ")})` });
    } else if (input.accion === "roles") {
      if (self && !input.rol.includes("admin")) return data({ error: "No puede quitarse a sí mismo el rol de administración." }, { status: 400 });
      const target = await services.db.selectFrom("users").select("id").where("email", "=", normalizeEmail(input.correo)).executeTakeFirst();
      if (!target) return data({ error: "No existe una cuenta con ese correo." }, { status: 404 });
      await setRoles(services.db, target.id as number, input.rol);
      await audit(services.db, user, "cambiar_roles", { detail: `${input.correo}: ${input.rol.join(", ")}` });
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
  return redirect("/admin/usuarios?aviso=ok");
}

export default function Users() {
  const { users, notice } = useLoaderData<typeof loader>();
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
          Cambio guardado.
        </p>
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
                </td>
                <td>{u.disabled_at ? `Desactivada el ${formatBogota(u.disabled_at)}` : "Activa"}</td>
                <td>
                  <form method="post">
                    <input type="hidden" name="correo" value={u.email} />
                    <input type="hidden" name="accion" value={u.disabled_at ? "activar" : "desactivar"} />
                    <button type="submit" className="button button-secondary">
                      {u.disabled_at ? "Activar" : "Desactivar"}
                    </button>
                  </form>
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
