/**
 * Reading the audit log: each person sees the events of what they may see (product rule 30) — the
 * events of every area their roles open (app/config/access.ts), and their own. The ethics line's
 * events (named `etica_…`) are shown to the owners of the case's category; the admin sees that they
 * happened, without the radicado or any detail.
 */
import { type Kysely, sql } from "kysely";
import { mayOpen, type StaffArea } from "~/config/access";
import type { Role } from "~/config/roles";
import type { StaffUser } from "~/platform/audit.server";
import type { Database } from "~/platform/db/database.server";

export const AUDIT_PAGE_SIZE = 50;
/** Past this page the log is read by other means (an export). */
export const AUDIT_MAX_PAGE = 10_000;

/** The area of each action that is not the ethics line's. Unknown actions are the admin's alone. */
const AREA_OF: Record<string, StaffArea> = {
  marcar_atendido: "messages",
  marcar_no_atendido: "messages",
  reintentar_correo: "messages",
  exportar_mensajes: "messages",
  eliminar_datos_titular: "dataSubjects",
  eliminar_reportes_titular: "dataSubjects",
  ver_reporte: "reports",
  cambiar_estado_reporte: "reports",
  nota_reporte: "reports",
  nota_del_reportante: "reports",
  registrar_furat: "reports",
  cambiar_conocimiento: "reports",
  exportar_reportes: "reports",
  registrar_aviso: "reports",
  clasificar_gravedad: "reports",
  registrar_retenido: "reports",
  descartar_retenido: "reports",
  // The PQRS channel (app/features/requests): each action named per area (requestAudit).
  ...Object.fromEntries(
    ["cambiar_estado", "nota", "pedir_completar", "registrar_completada", "completada_por_titular", "ampliar_plazo", "responder", "cerrar", "cerrar_desistida", "registrar_retenido", "descartar_retenido"].flatMap((action) => [
      [`pqrs_${action}`, "requests"],
      [`datos_${action}`, "dataRequests"],
    ]),
  ),
  datos_exportar_datos: "dataRequests",
  datos_descargar_exportacion: "dataRequests",
  datos_suprimir_datos: "dataRequests",
  datos_supresion_rechazada: "dataRequests",
  retener_datos_titular: "dataSubjects",
  levantar_retencion_titular: "dataSubjects",
  depurar_retencion: "dataSubjects",
  crear_usuario: "accounts",
  desactivar_usuario: "accounts",
  activar_usuario: "accounts",
  cambiar_clave: "accounts",
  cambiar_roles: "accounts",
};

export interface AuditScope {
  user: Pick<StaffUser, "id" | "roles">;
  /** The ethics categories this person owns (their cases' events are theirs to read). */
  ethicsKinds: readonly string[];
  /** The ethics line's channel id, whose audit actions are prefixed with it. */
  ethicsPrefix: string;
}

export async function listAudit(db: Kysely<Database>, page: number, scope: AuditScope) {
  const { user, ethicsKinds, ethicsPrefix } = scope;
  const isAdmin = (user.roles as readonly Role[]).includes("admin");
  const actions = Object.entries(AREA_OF)
    .filter(([, area]) => mayOpen(user.roles, area))
    .map(([action]) => action);
  const ethicsLike = `${ethicsPrefix}_%`;
  let query = db.selectFrom("audit_log").leftJoin("cases", "cases.id", "audit_log.case_id").selectAll("audit_log").select("cases.kind as case_kind");
  if (!isAdmin) {
    query = query.where((eb) =>
      eb.or([
        eb("audit_log.user_id", "=", user.id),
        ...(actions.length ? [eb("audit_log.action", "in", actions)] : []),
        ...(ethicsKinds.length
          ? [eb.and([eb("audit_log.action", "like", ethicsLike), eb.or([eb("audit_log.case_id", "is", null), eb("cases.kind", "in", [...ethicsKinds])])])]
          : []),
      ]),
    );
  }
  const rows = await query
    .orderBy("audit_log.id", "desc")
    .limit(AUDIT_PAGE_SIZE)
    .offset((page - 1) * AUDIT_PAGE_SIZE)
    .execute();
  // The admin sees that the ethics line was used, not about which report, unless they own its category.
  return rows.map((row) => {
    const confidential = row.action.startsWith(`${ethicsPrefix}_`) && !(row.case_kind && ethicsKinds.includes(row.case_kind)) && !(row.case_id === null && ethicsKinds.length > 0);
    return confidential ? { ...row, case_id: null, detail: null, case_kind: null } : row;
  });
}

/** `?pagina=` as a page number from 1 to AUDIT_MAX_PAGE: anything else (text, 1e20, negative) is clamped into it. */
export function parseAuditPage(value: string | null): number {
  const page = /^\d{1,6}$/.test(value ?? "") ? Number(value) : 1;
  return Math.max(1, Math.min(AUDIT_MAX_PAGE, page));
}
