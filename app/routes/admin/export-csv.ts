import { ignoredDatesMessage, messagesForExport, parseFilter } from "~/features/messages/inbox.server";
import { audit } from "~/platform/audit.server";
import { requireStaff } from "~/features/staff/guard.server";
import { csvResponse } from "~/platform/csv.server";
import type { Route } from "./+types/export-csv";

/**
 * The current filter as CSV (reading only: a GET changes nothing). The rows stream from a cursor as the
 * download goes (off the request thread on SQLite); the audit entry, written first, says how many.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { user, services } = await requireStaff(request, "messages");
  const filter = parseFilter(new URL(request.url).searchParams);
  // An export is what the staff asked for or nothing: never a wider one without the date they gave.
  if (filter.ignored) {
    return new Response(`${ignoredDatesMessage(filter.ignored)} No se exportó nada.\n`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const { columns, rows, count } = await messagesForExport(services.readDb, filter);
  await audit(services.db, user, "exportar_mensajes", { detail: `${count} mensaje(s)` });
  return csvResponse("mensajes", columns, rows);
}
