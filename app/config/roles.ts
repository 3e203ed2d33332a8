/**
 * Staff roles (docs/product.md §1, 21, 22, 27, 28, 30). An account holds one or more: an admin may also
 * sit on the coexistence committee. Shared by the staff pages, the server and the account CLI (no server
 * code). What each role opens is declared once, in ./access.ts. A new role needs a migration that widens
 * the `user_roles` check (app/platform/db/migrations/).
 */
export const ROLES = ["admin", "staff", "sst", "cumplimiento", "convivencia", "genero", "pqrs", "datos", "nomina", "seleccion"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: "Administración",
  staff: "Personal",
  sst: "Seguridad y salud en el trabajo",
  cumplimiento: "Oficial de cumplimiento",
  convivencia: "Comité de convivencia",
  genero: "Referente de género (ruta de acoso sexual)",
  pqrs: "Peticiones, quejas, reclamos y sugerencias",
  datos: "Protección de datos personales",
  nomina: "Nómina y certificados laborales",
  seleccion: "Selección de personal: vacantes y postulaciones",
};

export const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/** "sst,admin" → ["sst", "admin"]; an unknown name is an error that names it. */
export function parseRoles(list: string): Role[] {
  const names = [
    ...new Set(
      list
        .split(",")
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  if (names.length === 0) throw new Error(`Indique al menos un rol: ${ROLES.join(", ")}.`);
  const unknown = names.filter((n) => !isRole(n));
  if (unknown.length) throw new Error(`Rol desconocido: ${unknown.join(", ")}. Roles válidos: ${ROLES.join(", ")}.`);
  return names as Role[];
}

export const hasRole = (user: { roles: readonly Role[] }, ...wanted: Role[]) => wanted.some((r) => user.roles.includes(r));

export const rolesLabel = (roles: readonly Role[]) => roles.map((r) => ROLE_LABELS[r]).join(", ");
