/**
 * The staff pages' posts: each page reads its form with one zod schema, its actions told apart by
 * `accion` (a discriminated union), and answers the first problem as one sentence.
 */
import * as z from "zod/mini";
import type { StaffUser } from "~/platform/audit.server";
import type { Services } from "~/platform/services.server";
import { cleanFields, isCalendarDay } from "./fields";

/** The first problem of a failed parse, as one sentence for the page. */
export function firstProblem(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  return issue?.code === "invalid_union" || issue?.path[0] === "accion" ? "Acción desconocida." : (issue?.message ?? "Revise los datos.");
}

/** A posted form as plain strings (files and repeated names are not used by these forms), cleaned of control characters. */
export const formFields = (form: FormData) => cleanFields(Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string")));

/** Text as typed, trimmed; "" when absent. */
export const trimmed = (max: number, message: string) =>
  z
    .pipe(
      z.optional(z.string()),
      z.transform((v) => (v ?? "").trim()),
    )
    .check(z.maxLength(max, message));

/** A calendar day as a date input sends it, and one that exists. */
export const day = (message: string) => z.string({ error: message }).check(z.trim(), z.regex(/^\d{4}-\d{2}-\d{2}$/, message), z.refine(isCalendarDay, message));

/** The case pages' status-and-note form (app/features/cases/staff-views.tsx). */
export const caseNoteFields = {
  accion: z.literal("estado"),
  estado: z.string({ error: "Elija un estado." }),
  nota: trimmed(2000, "La nota admite como máximo 2.000 caracteres."),
  visible: z.optional(z.enum(["si", "no"], { error: "Elija quién lee la nota." })),
};

/**
 * What a staff page's loader or action hands the feature that answers it: the request and its URL
 * parameters, who asks (already allowed in the page's area) and the services.
 */
export interface StaffCall {
  request: Request;
  params: Readonly<Record<string, string | undefined>>;
  user: StaffUser;
  services: Services;
}
