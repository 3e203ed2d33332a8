/** The selection team's posts (app/forms/actions.ts): a vacancy's form and its actions; an application's. */
import * as z from "zod/mini";
import { caseNoteFields, day, trimmed } from "~/forms/actions";
import { findMunicipality, MUNICIPALITY_REFUSAL, type Municipality } from "./municipality";
import { CONTRACTS, SECTORS, WORKDAYS } from "./vacancy";

const required = (max: number, empty: string) => trimmed(max, `Admite como máximo ${max.toLocaleString("es-CO")} caracteres.`).check(z.minLength(1, empty));
const pesos = (message: string) =>
  z
    .pipe(
      z.string({ error: message }),
      z.transform((v) => Number(v.replace(/[^0-9]/g, "") || "NaN")),
    )
    .check(z.refine((n) => Number.isSafeInteger(n) && n >= 100_000 && n <= 100_000_000, message));
const optionalPesos = z
  .pipe(
    z.optional(z.string()),
    z.transform((v) => (v && v.replace(/[^0-9]/g, "") ? Number(v.replace(/[^0-9]/g, "")) : null)),
  )
  .check(
    z.refine(
      (n) => n === null || (Number.isSafeInteger(n) && n >= 100_000 && n <= 100_000_000),
      "El salario máximo debe ser un valor en pesos, entre $100.000 y $100.000.000.",
    ),
  );

export const vacancyFields = {
  title: required(120, "Escriba el cargo."),
  city: z.pipe(
    z.string({ error: MUNICIPALITY_REFUSAL }),
    z.transform((v, ctx): Municipality => {
      const found = findMunicipality(v);
      if (!found) ctx.issues.push({ code: "custom", message: MUNICIPALITY_REFUSAL, input: v });
      return found ?? (z.NEVER as never);
    }),
  ),
  sector: z.enum(SECTORS, { error: "Elija el sector de la empresa usuaria." }),
  company_name: trimmed(120, "El nombre de la empresa usuaria admite como máximo 120 caracteres."),
  salary_min: pesos("Escriba el salario (o el mínimo del rango) en pesos al mes, entre $100.000 y $100.000.000."),
  salary_max: optionalPesos,
  schedule: required(200, "Escriba el horario."),
  contract: z.enum(CONTRACTS.map((c) => c.value) as [string, ...string[]], { error: "Elija el tipo de contrato." }),
  workday: z.enum(WORKDAYS.map((c) => c.value) as [string, ...string[]], { error: "Elija la jornada." }),
  places: z
    .pipe(
      z.string({ error: "Escriba cuántas vacantes hay." }),
      z.transform((v) => Number(v)),
    )
    .check(z.refine((n) => Number.isInteger(n) && n >= 1 && n <= 1000, "Escriba cuántas vacantes hay (de 1 a 1.000).")),
  requirements: required(4000, "Escriba los requisitos."),
  duties: required(4000, "Escriba las funciones."),
  closes_on: day("Escriba la fecha de cierre."),
  spe_code: trimmed(40, "El código del Servicio Público de Empleo admite como máximo 40 caracteres."),
};

export const vacancyActionSchema = z.discriminatedUnion("accion", [
  z.object({ accion: z.literal("guardar"), ...vacancyFields }),
  z.object({ accion: z.literal("publicar") }),
  z.object({ accion: z.literal("cerrar") }),
]);

export const applicationActionSchema = z.discriminatedUnion("accion", [z.object(caseNoteFields)]);
