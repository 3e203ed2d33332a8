/** The staff area's own forms (sign-in, accounts): one schema each, read by their routes' actions. */
import * as z from "zod/mini";
import { ROLES } from "~/config/roles";
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from "~/forms/fields";

/** Shared by the staff pages and the server. */
export const MIN_PASSWORD_LENGTH = 12;

const email = z.string({ error: "Escriba el correo de la cuenta." }).check(
  z.trim(),
  z.minLength(1, "Escriba el correo de la cuenta."),
  // Over the limit stops here: the pattern never reads more than that.
  z.maxLength(EMAIL_MAX_LENGTH, { error: "El correo es demasiado largo.", abort: true }),
  z.regex(EMAIL_PATTERN, "Correo electrónico no válido"),
);

export const signInSchema = z.object({
  correo: email,
  clave: z.string({ error: "Escriba su contraseña." }).check(z.minLength(1, "Escriba su contraseña."), z.maxLength(1024, "La contraseña es demasiado larga.")),
});

const newPassword = z
  .string({ error: "Escriba la contraseña." })
  .check(
    z.minLength(MIN_PASSWORD_LENGTH, `La contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres.`),
    z.maxLength(1024, "La contraseña es demasiado larga."),
  );

/** One or more roles, from the page's checkboxes (`rol`, repeated). */
const roles = z.array(z.enum(ROLES, { error: "Rol desconocido." })).check(z.minLength(1, "Elija al menos un rol para la cuenta."));

/** The users page's actions, told apart by `accion`. */
export const userActionSchema = z.discriminatedUnion("accion", [
  z.object({
    accion: z.literal("crear"),
    correo: email,
    nombre: z.string({ error: "Escriba el nombre." }).check(z.trim(), z.minLength(1, "Escriba el nombre."), z.maxLength(100, "El nombre es demasiado largo.")),
    rol: roles,
    clave: newPassword,
  }),
  z.object({ accion: z.literal("roles"), correo: email, rol: roles }),
  z.object({ accion: z.enum(["desactivar", "activar"]), correo: email }),
  z.object({ accion: z.literal("clave"), correo: email, clave: newPassword }),
  // A confidential role waiting for a second admin (ADR 021).
  z.object({
    accion: z.enum(["confirmar", "rechazar"]),
    solicitud: z.string({ error: "Solicitud no encontrada." }).check(z.regex(/^\d{1,12}$/, "Solicitud no encontrada.")),
  }),
]);

export { firstProblem, formFields } from "~/forms/actions";
