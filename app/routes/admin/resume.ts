import { data } from "react-router";
import { readResume } from "~/features/vacancies/applications.server";
import { resumeStore } from "~/features/vacancies/resume.server";
import { requireStaff } from "~/features/staff/guard.server";
import type { Route } from "./+types/resume";

/**
 * A résumé for the selection team (ADR 028): always a download (`Content-Disposition: attachment`),
 * never shown inline from the site's origin, with a sandboxing CSP in case a browser renders it anyway;
 * every read audited.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { user, services } = await requireStaff(request, "vacancies");
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) throw data({ message: "Postulación no encontrada." }, { status: 404 });
  const found = await readResume(services.db, resumeStore(services.env.DATABASE_URL), user, id);
  if (!found) throw data({ message: "Postulación no encontrada." }, { status: 404 });
  return new Response(new Uint8Array(found.file), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="hoja-de-vida-${found.radicado}.pdf"`,
      "Content-Length": String(found.file.length),
      "Cache-Control": "no-store, private",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "sandbox; default-src 'none'",
    },
  });
}
