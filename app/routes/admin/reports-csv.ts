import { REPORT_ROLES } from "~/config/roles";
import { exportReportsCsv } from "~/features/incidents/incidents.server";
import { requireUser } from "~/features/staff/guard.server";
import { audit } from "~/features/staff/auth.server";
import type { Route } from "./+types/reports-csv";

/** Every incident and accident report as CSV (health data included: occupational health and admin only; audited). */
export async function loader({ request }: Route.LoaderArgs) {
  const { user, services } = await requireUser(request, ...REPORT_ROLES);
  const csv = await exportReportsCsv(services.db);
  await audit(services.db, user, "exportar_reportes");
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="reportes-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
