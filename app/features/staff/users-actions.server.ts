/** The staff accounts page (/admin/usuarios): accounts, roles and the grants of confidential roles. */
import { data, redirect } from "react-router";
import { firstProblem, formFields, userActionSchema } from "./forms";
import { createUser, listUsers, normalizeEmail, resetPassword, setUserDisabled } from "./auth.server";
import { changeRoles, decideGrant, GRANT_DAYS, isConfidential, pendingGrants, SELF_REFUSAL } from "./roles.server";
import { getSiteConfig } from "~/config/site.server";
import { audit } from "~/platform/audit.server";
import type { StaffCall } from "~/forms/actions";

/** The accounts, the pending role grants and who may decide them. */
export async function usersPage({ request, user, services }: StaffCall) {
  const users = await listUsers(services.db);
  const grants = (await pendingGrants(services.db)).map((g) => ({ ...g, mine: g.requested_by === user.id }));
  const admins = users.filter((u) => !u.disabled_at && u.roles.includes("admin")).length;
  return { users, grants, admins, me: user.email, grantDays: GRANT_DAYS, notice: new URL(request.url).searchParams.get("aviso") };
}

/** The page's posts: create an account, reset a password, disable or enable, change roles, decide a grant. */
export async function usersAction({ request, user, services }: StaffCall) {
  const form = await request.formData();
  const parsed = userActionSchema.safeParse({ ...formFields(form), rol: form.getAll("rol") });
  if (!parsed.success) return data({ error: firstProblem(parsed.error) }, { status: 400 });
  const input = parsed.data;
  if ("solicitud" in input) {
    // A second admin decides a confidential role asked by another (docs/product.md §34, ADR 021).
    const site = getSiteConfig();
    const result = await decideGrant(services.db, user, Number(input.solicitud), input.accion === "confirmar", {
      origin: site.origin.replace(/\/$/, ""),
      companyName: site.company.name,
    });
    if (!result.ok) return data({ error: result.error }, { status: result.status });
    return redirect(`/admin/usuarios?aviso=${input.accion === "confirmar" ? "confirmado" : "rechazado"}`);
  }
  const self = normalizeEmail(input.correo) === user.email;
  let notice = "ok";
  try {
    if (input.accion === "crear") {
      if (input.rol.some(isConfidential)) {
        return data(
          {
            error:
              "Una cuenta nueva no puede crearse con un rol de la línea ética: créela con otro rol y luego pida el rol confidencial (otra persona administradora lo confirma), o créela desde la línea de comandos del servidor.",
          },
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
