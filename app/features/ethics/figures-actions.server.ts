/**
 * Ley 2365 de 2024: each semester the company publishes how many sexual-harassment complaints it
 * processed and how many sanctions it imposed, through every channel it has, and reports the same
 * figures to SIVIGE in the last ten days of each semester (docs/legal-rules.md §C). The gender referent
 * sees the ethics line's count, computed from the cases, adds what the other channels processed, and
 * publishes the total on /linea-etica/cifras with where it comes from; each step is audited.
 */
import { data, redirect } from "react-router";
import * as z from "zod/mini";
import {
  halfYearOf,
  publishedFigures,
  publishFigures,
  recordOtherChannelFigures,
  removeOtherChannelFigures,
  semesterBounds,
  sexualHarassmentFigures,
} from "./ethics.server";
import { firstProblem, formFields, type StaffCall } from "~/forms/actions";

const previousSemester = (semester: string) => (semester.endsWith("-2") ? `${semester.slice(0, 4)}-1` : `${Number(semester.slice(0, 4)) - 1}-2`);

export async function figuresPage({ request, services }: StaffCall) {
  const now = new Date().toISOString();
  const current = halfYearOf(now);
  const previous = previousSemester(current);
  const [currentFigures, previousFigures, published] = await Promise.all([
    sexualHarassmentFigures(services.db, current),
    sexualHarassmentFigures(services.db, previous),
    publishedFigures(services.db),
  ]);
  const inSivigeWindow = now >= semesterBounds(current).lastTenDaysFrom;
  return { current: currentFigures, previous: previousFigures, published, inSivigeWindow, notice: new URL(request.url).searchParams.get("aviso") };
}

const semester = z.string().check(z.regex(/^\d{4}-[12]$/, "Semestre no válido."));
const count = (what: string) =>
  z.pipe(
    z.string({ error: `Escriba el número de ${what}.` }).check(z.trim(), z.regex(/^\d{1,5}$/, `El número de ${what} debe ser un número entero, cero o mayor.`)),
    z.transform(Number),
  );
const actionSchema = z.discriminatedUnion("accion", [
  z.object({ accion: z.literal("publicar"), semestre: semester }),
  z.object({
    accion: z.literal("otro_canal"),
    semestre: semester,
    fuente: z
      .string({ error: "Escriba el canal." })
      .check(
        z.trim(),
        z.minLength(3, "Escriba el nombre del canal, por ejemplo «Correo de gestión humana»."),
        z.maxLength(80, "El nombre del canal admite hasta 80 caracteres."),
      ),
    quejas: count("quejas tramitadas"),
    sanciones: count("sanciones impuestas"),
  }),
  z.object({ accion: z.literal("quitar_otro_canal"), id: z.pipe(z.string().check(z.regex(/^\d+$/, "Registro no válido.")), z.transform(Number)) }),
]);

/** The page's posts: record or remove another channel's figures, publish a semester. */
export async function figuresAction({ request, user, services }: StaffCall) {
  const fields = formFields(await request.formData());
  // Forms posted before the other channels existed name no action: they publish.
  const parsed = actionSchema.safeParse({ accion: "publicar", ...fields });
  if (!parsed.success) throw data({ message: firstProblem(parsed.error) }, { status: 400 });
  const input = parsed.data;
  if (input.accion === "quitar_otro_canal") {
    if (!(await removeOtherChannelFigures(services.db, user, input.id))) throw data({ message: "Ese registro ya no existe." }, { status: 404 });
    return redirect("/admin/etica/cifras?aviso=quitado");
  }
  const current = halfYearOf(new Date().toISOString());
  if (input.semestre !== current && input.semestre !== previousSemester(current)) {
    throw data({ message: "Solo se registran y publican las cifras del semestre en curso y del anterior." }, { status: 400 });
  }
  if (input.accion === "otro_canal") {
    if (input.sanciones > input.quejas)
      throw data({ message: "Las sanciones impuestas no pueden ser más que las quejas tramitadas de ese canal." }, { status: 400 });
    await recordOtherChannelFigures(services.db, user, input.semestre, { source: input.fuente, complaints: input.quejas, sanctions: input.sanciones });
    return redirect("/admin/etica/cifras?aviso=otro_canal");
  }
  // A semester is published once its last ten days have begun (the SIVIGE window) or it has ended.
  if (new Date().toISOString() < semesterBounds(input.semestre).lastTenDaysFrom) {
    throw data({ message: "Ese semestre todavía no llega a sus últimos diez días: sus cifras no están completas." }, { status: 400 });
  }
  await publishFigures(services.db, user, input.semestre);
  return redirect("/admin/etica/cifras?aviso=publicado");
}
