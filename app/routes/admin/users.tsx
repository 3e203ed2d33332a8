import { data, redirect, useActionData, useLoaderData } from "react-router";
import { formatBogota } from "~/lib/dates";
import { assertSameOriginPost, requireUser } from "~/server/admin.server";
import { MIN_PASSWORD_LENGTH } from "~/lib/staff";
import { firstProblem, formFields, userActionSchema } from "~/forms/staff";
import { audit, createUser, listUsers, resetPassword, setUserDisabled } from "~/server/auth.server";
import type { Route } from "./+types/users";

export function meta() {
  return [{ title: "Usuarios | Bandeja del personal" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const { services } = await requireUser(request, "admin");
  const users = await listUsers(services.db);
  return { users, notice: new URL(request.url).searchParams.get("aviso") };
}

export async function action({ request }: Route.ActionArgs) {
  assertSameOriginPost(request);
  const { user, services } = await requireUser(request, "admin");
  const parsed = userActionSchema.safeParse(formFields(await request.formData()));
  if (!parsed.success) return data({ error: firstProblem(parsed.error) }, { status: 400 });
  const input = parsed.data;
  try {
    if (input.accion === "crear") {
      await createUser(services.db, { email: input.correo, name: input.nombre, role: input.rol, password: input.clave });
      await audit(services.db, user, "crear_usuario", { detail: `${input.correo} (${input.rol})` });
    } else if (input.accion === "clave") {
      if (!(await resetPassword(services.db, input.correo, input.clave))) return data({ error: "No existe una cuenta con ese correo." }, { status: 404 });
      await audit(services.db, user, "cambiar_clave", { detail: input.correo });
    } else {
      if (input.correo.toLowerCase() === user.email) return data({ error: "No puede desactivar su propia cuenta." }, { status: 400 });
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
              <th scope="col">Rol</th>
              <th scope="col">Estado</th>
              <th scope="col">Acciones</th>
            </tr>
          </thead>
          <tbody>
            {users.map((u) => (
              <tr key={u.id}>
                <td>{u.email}</td>
                <td>{u.name}</td>
                <td>{u.role === "admin" ? "Administración" : "Personal"}</td>
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
        <div className="field">
          <label htmlFor="u-rol">Rol</label>
          <select id="u-rol" name="rol" defaultValue="staff">
            <option value="staff">Personal</option>
            <option value="admin">Administración</option>
          </select>
        </div>
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
