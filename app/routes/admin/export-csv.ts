import { messagesForExport, parseFilter } from "~/features/messages/inbox.server";
import { requireUser } from "~/features/staff/guard.server";
import { csvResponse } from "~/platform/csv.server";
import type { Route } from "./+types/export-csv";

/** The current filter as CSV (reading only: a GET changes nothing). */
export async function loader({ request }: Route.LoaderArgs) {
  const { services } = await requireUser(request);
  const { columns, rows } = await messagesForExport(services.db, parseFilter(new URL(request.url).searchParams));
  return csvResponse("mensajes", columns, rows);
}
