import { incidentsForExport } from "~/features/incidents/incidents.server";
import { audit } from "~/platform/audit.server";
import { requireStaff } from "~/features/staff/guard.server";
import { csvResponse } from "~/platform/csv.server";
import type { Route } from "./+types/incidents-csv";

/** Every incident and accident report as CSV, streamed (health data included: occupational health and admin only; audited). */
export async function loader({ request }: Route.LoaderArgs) {
  const { user, services } = await requireStaff(request, "incidents");
  const { columns, rows } = await incidentsForExport(services.readDb);
  await audit(services.db, user, "exportar_reportes");
  return csvResponse("reportes", columns, rows);
}
