import { data } from "react-router";
import { exportQuery } from "~/features/vacancies/applications.server";
import { applicationsChannel } from "~/features/vacancies/channel";
import { staffStatusLabel } from "~/features/cases/model";
import { audit } from "~/platform/audit.server";
import { requireStaff } from "~/features/staff/guard.server";
import { csvResponse } from "~/platform/csv.server";
import { formatBogota } from "~/platform/dates";
import { streamBatches } from "~/platform/db/stream.server";
import type { Route } from "./+types/applications-csv";

/** A vacancy's applications as CSV, streamed in batches (never all in memory); audited. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { user, services } = await requireStaff(request, "vacancies");
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) throw data({ message: "Vacante no encontrada." }, { status: 404 });
  const search = new URL(request.url).searchParams;
  const status = applicationsChannel.statuses.some((s) => s.value === search.get("estado")) ? (search.get("estado") as string) : undefined;
  const filter = { status, city: search.get("ciudad")?.slice(0, 60) || undefined, q: search.get("q")?.slice(0, 100) || undefined };
  await audit(services.db, user, "exportar_postulaciones", { detail: `vacante ${id}` });
  const rows = { batches: streamBatches(services.readDb, exportQuery(services.readDb, id, filter)) };
  type Row = typeof rows.batches extends AsyncIterable<infer B> ? (B extends readonly (infer R)[] ? R : never) : never;
  return csvResponse(
    `postulaciones-vacante-${id}`,
    [
      ["Radicado", (r: Row) => r.radicado],
      ["Recibida", (r: Row) => formatBogota(r.received_at)],
      ["Nombre", (r: Row) => r.nombre],
      ["Tipo de documento", (r: Row) => r.tipo_documento],
      ["Documento", (r: Row) => r.documento],
      ["Correo", (r: Row) => r.correo],
      ["Celular", (r: Row) => r.celular],
      ["Ciudad", (r: Row) => r.ciudad],
      ["Estado", (r: Row) => staffStatusLabel(applicationsChannel, r.status)],
      ["Mensaje", (r: Row) => r.mensaje ?? ""],
    ],
    rows,
  );
}
