import { exportCertificates } from "~/features/certificates/staff.server";
import { requireStaff } from "~/features/staff/guard.server";
import type { Route } from "./+types/certificates-csv";

/** Every certificate issued as CSV, streamed (reading only: a GET changes nothing but the audit log). */
export async function loader({ request }: Route.LoaderArgs) {
  const { user, services } = await requireStaff(request, "payroll");
  return exportCertificates(services.readDb, user, services.db);
}
