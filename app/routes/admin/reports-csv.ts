import { reportsForExport } from "~/features/incidents/incidents.server";
import { audit } from "~/platform/audit.server";
import { requireStaff } from "~/features/staff/guard.server";
import { csvResponse } from "~/platform/csv.server";
import type { Route } from "./+types/reports-csv";

/** Every incident and accident report as CSV, streamed (health data included: occupational health and admin only; audited). */
export async function loader({ request }: Route.LoaderArgs) {
  const { user, services } = await requireStaff(request, "reports");
  const { columns, rows } = await reportsForExport(services.readDb);
  await audit(services.db, user, "exportar_reportes");
  return csvResponse("reportes", columns, rows);
}
