import { messagesForExport, parseFilter } from "~/features/messages/inbox.server";
import { audit } from "~/features/staff/auth.server";
import { requireStaff } from "~/features/staff/guard.server";
import { csvResponse } from "~/platform/csv.server";
import type { Route } from "./+types/export-csv";

/**
 * The current filter as CSV (reading only: a GET changes nothing). The rows stream from a cursor as the
 * download goes (off the request thread on SQLite); the audit entry, written first, says how many.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { user, services } = await requireStaff(request, "messages");
  const { columns, rows, count } = await messagesForExport(services.readDb, parseFilter(new URL(request.url).searchParams));
  await audit(services.db, user, "exportar_mensajes", { detail: `${count} mensaje(s)` });
  return csvResponse("mensajes", columns, rows);
}
