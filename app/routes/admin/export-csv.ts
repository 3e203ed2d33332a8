import { requireUser } from "~/features/staff/guard.server";
import { exportCsv, parseFilter } from "~/features/messages/inbox.server";
import type { Route } from "./+types/export-csv";

/** The current filter as CSV (reading only: a GET changes nothing). */
export async function loader({ request }: Route.LoaderArgs) {
  const { services } = await requireUser(request);
  const csv = await exportCsv(services.db, parseFilter(new URL(request.url).searchParams));
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="mensajes-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
