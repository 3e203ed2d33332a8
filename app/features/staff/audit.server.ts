/**
 * Reading the audit log: each person sees the events of what they may see (product rule 30) — the
 * events of every area their roles open (app/config/access.ts), and their own. The ethics line's
 * events (named `etica_…`) are each one category owner's alone (docs/product.md §34): an entry whose
 * `audience` names a role is read only by that role's holders (list openings, statistics, purge counts,
 * a confidential role granted); an ethics entry about a case, by the owner of the case's category. No
 * other role, the admin included, sees them at all: not that they happened, not when.
 */
import type { ExpressionBuilder, Kysely } from "kysely";
import { mayOpen, type StaffArea } from "~/config/access";
import type { Role } from "~/config/roles";
import type { StaffUser } from "~/platform/audit.server";
import type { Database } from "~/platform/db/database.server";
import { type FetchRows, keysetPage, type PageRequest } from "~/platform/paging";

export const AUDIT_PAGE_SIZE = 50;

/** The area of each action that is not the ethics line's. Unknown actions are the admin's alone. */
const AREA_OF: Record<string, StaffArea> = {
  marcar_atendido: "messages",
  marcar_no_atendido: "messages",
  reintentar_correo: "messages",
  exportar_mensajes: "messages",
  eliminar_datos_titular: "dataSubjects",
  buscar_titular: "dataSubjects",
  eliminar_reportes_titular: "dataSubjects",
  ver_reporte: "incidents",
  cambiar_estado_reporte: "incidents",
  nota_reporte: "incidents",
  nota_del_reportante: "incidents",
  registrar_furat: "incidents",
  cambiar_conocimiento: "incidents",
  exportar_reportes: "incidents",
  registrar_aviso: "incidents",
  clasificar_gravedad: "incidents",
  registrar_retenido: "incidents",
  descartar_retenido: "incidents",
  // The PQRS channel (app/features/requests): each action named per area (requestAudit).
  ...Object.fromEntries(
    [
      "cambiar_estado",
      "nota",
      "pedir_completar",
      "prorrogar_completar",
      "registrar_completada",
      "completada_por_titular",
      "ampliar_plazo",
      "responder",
      "cerrar",
      "cerrar_desistida",
      "registrar_retenido",
      "descartar_retenido",
    ].flatMap((action) => [
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
  // Employment certificates (app/features/certificates).
  importar_nomina: "payroll",
  anular_certificado: "payroll",
  reenviar_certificado: "payroll",
  exportar_certificados: "payroll",
  buscar_certificados: "payroll",
  desactivar_usuario: "accounts",
  activar_usuario: "accounts",
  cambiar_clave: "accounts",
  cambiar_roles: "accounts",
  // A confidential role: asked, refused or granted (ADR 021); a grant is also written for the role's holders (audience).
  pedir_rol_confidencial: "accounts",
  rechazar_rol_confidencial: "accounts",
  conceder_rol_confidencial: "accounts",
  // Vacancies and applications (ADR 028): only the selection team and the admin read them.
  ...Object.fromEntries(
    [
      "crear_vacante",
      "editar_vacante",
      "publicar_vacante",
      "publicacion_rechazada",
      "cerrar_vacante",
      "ver_postulacion",
      "ver_hoja_de_vida",
      "exportar_postulaciones",
      "postulacion_retirada",
      "postulaciones_cambiar_estado_reporte",
      "postulaciones_nota_reporte",
    ].map((action) => [action, "vacancies"]),
  ),
};

export interface AuditScope {
  user: Pick<StaffUser, "id" | "roles">;
  /** The ethics categories this person owns (their cases' events are theirs to read). */
  ethicsKinds: readonly string[];
  /** The ethics line's channel id, whose audit actions are prefixed with it. */
  ethicsPrefix: string;
  /** The ethics line's audit actions (each `<prefix>_…`), for an owner of some of its categories. */
  ethicsActions: readonly string[];
}

/**
 * A page of the audit log, newest first, by keyset on the id (every entry reachable, any page one index
 * read). The admin reads every entry that is no category's. Anyone else reads their own entries, those of
 * the areas their roles open, the entries addressed to a role of theirs, and the ethics line's about cases
 * of their categories: each of these is read on its own, newest first from the cursor, through an index
 * on (user_id, id), (action, id) or (audience, id) (migrations 018, 020), and the pieces merged, so a role
 * whose entries are rare among a million does not make the page scan them all.
 */
export async function listAudit(db: Kysely<Database>, request: PageRequest, scope: AuditScope) {
  const { user, ethicsKinds, ethicsPrefix, ethicsActions } = scope;
  const roles = user.roles as readonly Role[];
  const isAdmin = roles.includes("admin");
  const actions = Object.entries(AREA_OF)
    .filter(([, area]) => mayOpen(user.roles, area))
    .map(([action]) => action);
  const base = () => db.selectFrom("audit_log").leftJoin("cases", "cases.id", "audit_log.case_id").selectAll("audit_log").select("cases.kind as case_kind");
  type Query = ReturnType<typeof base>;
  type Entry = Awaited<ReturnType<Query["execute"]>>[number];
  const ethicsAction = (eb: ExpressionBuilder<Database & { cases: Database["cases"] }, "audit_log" | "cases">) =>
    eb(eb.fn("substr", ["audit_log.action", eb.val(1), eb.val(ethicsPrefix.length + 1)]), "=", `${ethicsPrefix}_`);
  /**
   * What this reader may see of any entry, whoever wrote it: the filter on the admin's read and on their own
   * entries. "No audience" is tested on an expression, not the column: SQLite otherwise reads the OR through
   * the audience index (a null audience is nearly every row) and sorts them all, 2 s at a million entries,
   * instead of walking the ids from the newest and stopping at a page.
   */
  const mayRead = (q: Query) =>
    q.where((eb) =>
      eb.or([
        eb.and([eb(eb.fn.coalesce("audit_log.audience", eb.val("")), "=", ""), eb.not(ethicsAction(eb))]),
        ...(roles.length ? [eb("audit_log.audience", "in", [...roles])] : []),
        ...(ethicsKinds.length ? [eb.and([eb("audit_log.audience", "is", null), eb("cases.kind", "in", [...ethicsKinds])])] : []),
      ]),
    );
  const fetch: FetchRows<Entry> = async (direction, cursor, limit) => {
    const desc = direction === "older";
    const piece = (narrow: (q: Query) => Query) => {
      let q = narrow(base());
      if (cursor) q = q.where("audit_log.id", desc ? "<" : ">", cursor.id);
      return q
        .orderBy("audit_log.id", desc ? "desc" : "asc")
        .limit(limit)
        .execute();
    };
    if (isAdmin) return piece(mayRead);
    const pieces = await Promise.all([
      piece((q) => mayRead(q.where("audit_log.user_id", "=", user.id))),
      ...actions.map((action) => piece((q) => q.where("audit_log.action", "=", action).where("audit_log.audience", "is", null))),
      piece((q) => q.where("audit_log.audience", "in", [...roles])),
      ...(ethicsKinds.length
        ? ethicsActions.map((action) =>
            piece((q) =>
              q
                .where("audit_log.action", "=", action)
                .where("audit_log.audience", "is", null)
                .where("cases.kind", "in", [...ethicsKinds]),
            ),
          )
        : []),
    ]);
    const merged = new Map<number, Entry>();
    for (const row of pieces.flat()) merged.set(row.id as number, row);
    return [...merged.values()].sort((a, b) => (desc ? (b.id as number) - (a.id as number) : (a.id as number) - (b.id as number))).slice(0, limit);
  };
  return keysetPage(request, AUDIT_PAGE_SIZE, fetch, (row) => ({ tag: "", at: "", id: row.id as number }));
}
