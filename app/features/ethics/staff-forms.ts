/** The ethics line owners' actions on a case: one schema, told apart by `accion`. */
import * as z from "zod/mini";
import { caseNoteFields, day, trimmed } from "~/forms/actions";

export const ethicsActionSchema = z.discriminatedUnion("accion", [
  z.object(caseNoteFields),
  z.object({ accion: z.literal("reclasificar"), categoria: z.string({ error: "Elija una categoría." }) }),
  z.object({ accion: z.literal("comite_usuaria"), fecha: day("Escriba la fecha en que el comité de la empresa usuaria tomó la queja.") }),
  z.object({
    accion: z.literal("resultado"),
    resultado: z.enum(["archivado", "no_probado", "probado"], { error: "Elija cómo terminó el caso." }),
    medida: trimmed(1000, "La medida admite como máximo 1.000 caracteres."),
  }),
]);
