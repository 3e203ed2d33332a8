/**
 * Who may see what in the staff area (product rule 30, docs/product.md): access is by role and denied
 * by default. One declared matrix: each staff area names the roles that open it; every loader and
 * action asks for its area (app/features/staff/guard.server.ts), the navigation shows only the areas a
 * person may open, and tests/integration/access.test.ts signs in as each role and requests every
 * staff route and export against this table. The ethics line is further split by category: a role
 * sees only the categories it owns (app/features/ethics/channel.ts).
 */
import { type Role, ROLES } from "./roles";

export type StaffArea =
  | "messages"
  | "incidents"
  | "ethics"
  | "genderFigures"
  | "requests"
  | "dataRequests"
  | "dataSubjects"
  | "accounts"
  | "audit"
  | "fieldSpeed"
  | "payroll"
  | "vacancies";

export const ACCESS: Record<StaffArea, readonly Role[]> = {
  messages: ["staff", "admin"],
  incidents: ["sst", "admin"],
  ethics: ["cumplimiento", "convivencia", "genero"],
  // The sexual-harassment figures of Ley 2365 de 2024: the gender referent publishes them.
  genderFigures: ["genero"],
  // PQRS by type (product rule 30): petitions, complaints, claims, suggestions and consultations to `pqrs`;
  // data-protection requests (Ley 1581 de 2012) to `datos`, the data-protection officer.
  requests: ["pqrs"],
  dataRequests: ["datos"],
  dataSubjects: ["datos", "admin"],
  accounts: ["admin"],
  // Field speed (product rule 42): how fast the site is for real visitors.
  fieldSpeed: ["admin"],
  // Employment certificates (product rules 38, 39): the payroll team imports the payroll and reads the certificates issued.
  payroll: ["nomina", "admin"],
  // Vacancies and their applications (product rules 40, 41): the selection team; no other role reads a résumé.
  vacancies: ["seleccion", "admin"],
  // Everyone reads the audit log, each only the events of what they may see (staff/audit.server.ts).
  audit: ROLES,
};

/** The staff area's pages and exports, each in its area, in the order of the navigation. */
export const STAFF_ROUTES: readonly { path: string; area: StaffArea; nav?: string }[] = [
  { path: "/admin/mensajes", area: "messages", nav: "Mensajes" },
  { path: "/admin/mensajes/:id", area: "messages" },
  { path: "/admin/exportar.csv", area: "messages" },
  { path: "/admin/reportes", area: "incidents", nav: "Reportes de incidentes" },
  { path: "/admin/reportes/retenidos", area: "incidents" },
  { path: "/admin/reportes/:id", area: "incidents" },
  { path: "/admin/reportes.csv", area: "incidents" },
  { path: "/admin/etica", area: "ethics", nav: "Línea ética" },
  { path: "/admin/etica/estadisticas", area: "ethics" },
  { path: "/admin/etica/retenidos", area: "ethics" },
  { path: "/admin/etica/cifras", area: "genderFigures" },
  { path: "/admin/etica/:id", area: "ethics" },
  { path: "/admin/pqrs", area: "requests", nav: "PQRS" },
  { path: "/admin/pqrs/retenidos", area: "requests" },
  { path: "/admin/pqrs/:id", area: "requests" },
  { path: "/admin/datos", area: "dataRequests", nav: "Solicitudes de datos personales" },
  { path: "/admin/datos/retenidos", area: "dataRequests" },
  { path: "/admin/datos/:id", area: "dataRequests" },
  { path: "/admin/datos/:id/exportacion.json", area: "dataRequests" },
  { path: "/admin/titulares", area: "dataSubjects", nav: "Solicitudes de titulares" },
  { path: "/admin/auditoria", area: "audit", nav: "Auditoría" },
  { path: "/admin/usuarios", area: "accounts", nav: "Usuarios" },
  { path: "/admin/rendimiento", area: "fieldSpeed", nav: "Rendimiento" },
  { path: "/admin/nomina", area: "payroll", nav: "Nómina" },
  { path: "/admin/certificados", area: "payroll", nav: "Certificados laborales" },
  { path: "/admin/certificados.csv", area: "payroll" },
  { path: "/admin/empleos", area: "vacancies", nav: "Vacantes" },
  { path: "/admin/empleos/nueva", area: "vacancies" },
  { path: "/admin/empleos/:id", area: "vacancies" },
  { path: "/admin/empleos/:id/postulaciones", area: "vacancies" },
  { path: "/admin/empleos/:id/postulaciones.csv", area: "vacancies" },
  { path: "/admin/postulaciones/:id", area: "vacancies" },
  { path: "/admin/postulaciones/:id/hoja-de-vida.pdf", area: "vacancies" },
];

export const mayOpen = (roles: readonly Role[], area: StaffArea) => ACCESS[area].some((r) => roles.includes(r));

/** The areas a person may open, in navigation order. */
export const areasOf = (roles: readonly Role[]) => (Object.keys(ACCESS) as StaffArea[]).filter((area) => mayOpen(roles, area));
