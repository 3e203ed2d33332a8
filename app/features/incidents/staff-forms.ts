/** The occupational-health staff's actions on an accident or incident report: one schema, told apart by `accion`. */
import * as z from "zod/mini";
import { caseNoteFields, day, trimmed } from "~/forms/actions";

export const incidentActionSchema = z.discriminatedUnion("accion", [
  z.object(caseNoteFields),
  z.object({
    accion: z.literal("furat"),
    fecha_furat: day("Escriba la fecha en que se radicó el FURAT y el número que dio la ARL."),
    numero_arl: trimmed(60, "El número admite como máximo 60 caracteres.").check(
      z.minLength(1, "Escriba la fecha en que se radicó el FURAT y el número que dio la ARL."),
    ),
  }),
  z.object({
    accion: z.literal("aviso"),
    aviso: z.enum(["arl", "eps", "trabajador", "territorial", "investigacion_arl"], { error: "Elija el aviso." }),
    fecha: day("Escriba la fecha en que se dio el aviso."),
    referencia: trimmed(60, "El número admite como máximo 60 caracteres."),
  }),
  z.object({ accion: z.literal("gravedad"), gravedad: z.enum(["accidente", "grave", "mortal"], { error: "Elija la gravedad." }) }),
  z.object({
    accion: z.literal("conocimiento"),
    fecha_conocimiento: day("Escriba una fecha y hora válidas, no posteriores a ahora."),
    hora_conocimiento: z
      .pipe(
        z.optional(z.string()),
        z.transform((v) => (v ?? "").trim() || "00:00"),
      )
      .check(z.regex(/^\d{2}:\d{2}$/, "Escriba una fecha y hora válidas, no posteriores a ahora.")),
  }),
]);
export type IncidentAction = z.infer<typeof incidentActionSchema>;
