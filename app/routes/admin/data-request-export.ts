import { data } from "react-router";
import { DATA_KINDS } from "~/features/requests/channel";
import { readExport } from "~/features/requests/requests.server";
import { requireStaff } from "~/features/staff/guard.server";
import type { Route } from "./+types/data-request-export";

/** GET /admin/datos/:id/exportacion.json: the access export stored on a data-protection request, for the `datos` role to review (audited). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { user, services } = await requireStaff(request, "dataRequests");
  const id = Number(params.id);
  const found = Number.isInteger(id) && id > 0 ? await readExport(services.db, user, id, DATA_KINDS) : null;
  if (!found) throw data({ message: "Esta solicitud no tiene una exportación generada." }, { status: 404 });
  return new Response(found.json, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="datos-${found.radicado}.json"`,
      "Cache-Control": "no-store",
    },
  });
}
