/** The PQRS staff's actions on a request: one schema, told apart by `accion` (app/forms/actions.ts). */
import * as z from "zod/mini";
import { caseNoteFields, day, trimmed } from "~/forms/actions";

const required = (max: number, empty: string) => trimmed(max, `Admite como máximo ${max.toLocaleString("es-CO")} caracteres.`).check(z.minLength(1, empty));

export const requestActionSchema = z.discriminatedUnion("accion", [
  z.object(caseNoteFields),
  z.object({ accion: z.literal("completar"), faltante: required(2000, "Escriba qué le falta a la solicitud.") }),
  z.object({ accion: z.literal("prorroga") }),
  z.object({ accion: z.literal("completada"), informacion: required(2000, "Escriba qué información llegó y por qué medio.") }),
  z.object({
    accion: z.literal("ampliar"),
    motivo: required(1000, "Escriba el motivo de la demora: la ley exige darlo."),
    fecha: day("Escriba la nueva fecha de respuesta."),
  }),
  z.object({
    accion: z.literal("responder"),
    respuesta: required(10000, "Escriba la respuesta."),
    adjuntar: z.optional(z.enum(["si"], { error: "Valor no válido para adjuntar." })),
  }),
  z.object({ accion: z.literal("cerrar"), motivo_cierre: z.enum(["respondida", "desistimiento"], { error: "Elija por qué se cierra." }) }),
  z.object({ accion: z.literal("exportar") }),
  z.object({ accion: z.literal("suprimir"), confirmar: z.literal("si", { error: "Confirme la supresión." }) }),
]);
export type RequestAction = z.infer<typeof requestActionSchema>;
