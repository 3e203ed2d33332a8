import { useLoaderData } from "react-router";
import { formatBogota } from "~/platform/dates";
import { auditAction } from "~/features/cases/model";
import { ethicsChannel, ethicsKindsFor } from "~/features/ethics/channel";
import { requireStaff } from "~/features/staff/guard.server";
import { listAudit } from "~/features/staff/audit.server";
import { parsePageRequest } from "~/platform/paging";
import { Pager } from "~/ui/pager";
import type { Route } from "./+types/audit";

export function meta() {
  return [{ title: "Auditoría | Bandeja del personal" }, { name: "robots", content: "noindex, nofollow" }];
}

/** The PQRS channel's actions, named per area (app/features/requests/channel.ts, requestAudit). */
const REQUEST_ACTIONS: Record<string, string> = Object.fromEntries(
  (
    [
      ["ver_solicitud", "Abrió una solicitud"],
      ["cambiar_estado", "Cambió el estado de una solicitud"],
      ["nota", "Agregó una nota a una solicitud"],
      ["pedir_completar", "Pidió completar una solicitud"],
      ["prorrogar_completar", "Prorrogó, a pedido de la persona, el plazo para completar una solicitud"],
      ["registrar_completada", "Registró la información que faltaba"],
      ["completada_por_titular", "La persona completó su solicitud"],
      ["ampliar_plazo", "Amplió el plazo de una solicitud"],
      ["responder", "Respondió una solicitud"],
      ["cerrar", "Cerró una solicitud"],
      ["cerrar_desistida", "Cerró una solicitud por desistimiento"],
      ["registrar_retenido", "Registró como solicitud un envío retenido"],
      ["descartar_retenido", "Descartó un envío retenido de PQRS"],
      ["exportar_datos", "Generó la exportación de los datos de un titular"],
      ["descargar_exportacion", "Descargó la exportación de los datos de un titular"],
      ["suprimir_datos", "Ejecutó la supresión pedida en una solicitud"],
      ["supresion_rechazada", "Rechazó la supresión pedida en una solicitud"],
    ] as const
  ).flatMap(([action, label]) => [
    [`pqrs_${action}`, `${label} (PQRS)`],
    [`datos_${action}`, `${label} (datos personales)`],
  ]),
);

/** Where a case of an audit entry is opened: the ethics line, PQRS (by its kind) or the incident reports. */
function caseHref(action: string, caseId: number, kind: string | null) {
  if (action.startsWith(auditAction(ethicsChannel, ""))) return `/admin/etica/${caseId}`;
  if (/^(pqrs|datos)_/.test(action)) return `/admin/${kind?.startsWith("datos_") ? "datos" : "pqrs"}/${caseId}`;
  return `/admin/reportes/${caseId}`;
}

const ACTIONS: Record<string, string> = {
  ingreso: "Ingresó",
  salida: "Cerró sesión",
  marcar_atendido: "Marcó como atendido",
  marcar_no_atendido: "Marcó como no atendido",
  reintentar_correo: "Reintentó el correo",
  exportar_mensajes: "Exportó los mensajes a CSV",
  eliminar_datos_titular: "Eliminó los mensajes de un titular",
  buscar_titular: "Buscó los registros de un titular",
  crear_usuario: "Creó una cuenta",
  desactivar_usuario: "Desactivó una cuenta",
  activar_usuario: "Activó una cuenta",
  cambiar_clave: "Cambió una contraseña",
  cambiar_roles: "Cambió los roles de una cuenta",
  pedir_rol_confidencial: "Pidió un rol confidencial para una cuenta",
  rechazar_rol_confidencial: "Rechazó un rol confidencial pedido para una cuenta",
  conceder_rol_confidencial: "Se concedió un rol confidencial a una cuenta",
  ver_reporte: "Abrió un reporte",
  cambiar_estado_reporte: "Cambió el estado de un reporte",
  nota_reporte: "Agregó una nota a un reporte",
  registrar_furat: "Registró la radicación del FURAT",
  cambiar_conocimiento: "Corrigió cuándo la empresa conoció el evento",
  exportar_reportes: "Exportó los reportes a CSV",
  registrar_retenido: "Registró como reporte un envío retenido",
  registrar_aviso: "Registró un aviso de un accidente",
  clasificar_gravedad: "Clasificó la gravedad de un accidente",
  descartar_retenido: "Descartó un envío retenido",
  [auditAction(ethicsChannel, "registrar_retenido")]: "Registró como reporte un envío retenido (línea ética)",
  [auditAction(ethicsChannel, "descartar_retenido")]: "Descartó un envío retenido (línea ética)",
  eliminar_reportes_titular: "Eliminó los reportes de un titular",
  ...REQUEST_ACTIONS,
  retener_datos_titular: "Registró una retención por obligación legal",
  levantar_retencion_titular: "Levantó una retención por obligación legal",
  depurar_retencion: "Depuró lo que cumplió su plazo de conservación",
  [auditAction(ethicsChannel, "ver_lista")]: "Abrió la lista de la línea ética",
  [auditAction(ethicsChannel, "ver_reporte")]: "Abrió un reporte de la línea ética",
  [auditAction(ethicsChannel, "cambiar_estado_reporte")]: "Cambió el estado de un reporte de la línea ética",
  [auditAction(ethicsChannel, "nota_reporte")]: "Respondió o anotó un reporte de la línea ética",
  [auditAction(ethicsChannel, "nota_del_reportante")]: "Quien reportó agregó información (línea ética)",
  [auditAction(ethicsChannel, "reclasificar")]: "Cambió la categoría de un reporte de la línea ética",
  [auditAction(ethicsChannel, "ver_estadisticas")]: "Abrió las estadísticas de la línea ética",
  [auditAction(ethicsChannel, "rotar_clave")]: "Cifró de nuevo la línea ética con la clave actual",
  [auditAction(ethicsChannel, "publicar_cifras")]: "Publicó las cifras semestrales de acoso sexual",
  [auditAction(ethicsChannel, "cifras_otro_canal")]: "Registró las cifras de acoso sexual de otro canal",
  [auditAction(ethicsChannel, "registrar_resultado")]: "Registró cómo terminó un reporte de la línea ética",
  [auditAction(ethicsChannel, "comite_usuaria")]: "Registró que el comité de la empresa usuaria tomó una queja",
  [auditAction(ethicsChannel, "reasignar_ruta")]: "Pasó un reporte de acoso sexual a la ruta de género (Ley 2365 de 2024)",
};

/** The ethics line's audit actions (each has its label above). */
const ETHICS_ACTIONS = Object.keys(ACTIONS).filter((a) => a.startsWith(auditAction(ethicsChannel, "")));

export async function loader({ request }: Route.LoaderArgs) {
  const { user, services } = await requireStaff(request, "audit");
  const params = new URL(request.url).searchParams;
  // Each person reads the events of what they may see (docs/product.md §30); pages by keyset, off the request thread.
  const { rows: entries, ...page } = await listAudit(services.readDb, parsePageRequest(params), {
    user,
    ethicsKinds: ethicsKindsFor(user.roles),
    ethicsPrefix: ethicsChannel.id,
    ethicsActions: ETHICS_ACTIONS,
  });
  return { entries, page, query: params.toString() };
}

export default function Audit() {
  const { entries, page, query } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Auditoría</h1>
      <div className="admin-table-wrap">
        <table className="admin-table admin-table-stacked">
          <caption className="visually-hidden">Acciones del personal, de la más reciente a la más antigua</caption>
          <thead>
            <tr>
              <th scope="col">Fecha</th>
              <th scope="col">Persona</th>
              <th scope="col">Acción</th>
              <th scope="col">Mensaje o reporte</th>
              <th scope="col">Detalle</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.id}>
                <td data-label="Fecha">{formatBogota(e.at)}</td>
                <td data-label="Persona">{e.user_email}</td>
                <td data-label="Acción">{ACTIONS[e.action] ?? e.action}</td>
                <td data-label="Mensaje o reporte">
                  {e.message_id ? <a href={`/admin/mensajes/${e.message_id}`}>Mensaje n.º {e.message_id}</a> : ""}
                  {e.case_id ? (
                    <a href={caseHref(e.action, e.case_id, e.case_kind)}>
                      {/^(pqrs|datos)_/.test(e.action) ? "Solicitud" : "Reporte"} n.º {e.case_id}
                    </a>
                  ) : (
                    ""
                  )}
                </td>
                <td data-label="Detalle">{e.detail}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager query={query} page={page} />
    </>
  );
}
