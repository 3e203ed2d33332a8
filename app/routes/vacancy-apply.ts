import { handleApplyPost } from "~/features/vacancies/doors.server";
import { uploadContext } from "~/platform/uploads.server";
import type { Route } from "./+types/vacancy-apply";

/** POST /empleos/<slug>/postulacion: the vacancy page's script sends the application here and reads JSON (ADR 028). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const answer = await handleApplyPost(request, params.slug ?? "", "json", context.get(uploadContext));
  return answer ?? Response.json({ error: { message: "La vacante no existe." } }, { status: 404, headers: { "Cache-Control": "no-store" } });
}
