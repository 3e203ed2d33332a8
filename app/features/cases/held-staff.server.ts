/**
 * Posts that filled the spam trap, held for review (ADR 017): one page per case channel, for that
 * channel's staff, each route passing its channel's desk. Registering one makes it a case (flagged on
 * its page); discarding keeps the decision in the audit.
 */
import { data, redirect } from "react-router";
import * as z from "zod/mini";
import type { StaffArea } from "~/config/access";
import type { Role } from "~/config/roles";
import { firstProblem, formFields, type StaffCall } from "~/forms/actions";
import type { FormDef } from "~/forms/define";
import { displayValue } from "~/forms/fields";
import type { StaffUser } from "~/platform/audit.server";
import { decideHeld, getHeld, HELD_WAITING_SHOWN, type HeldPost, type HeldSealing, listHeld } from "./held.server";
import { type ChannelDef, kindLabel } from "./model";

/** A channel's held posts, as its staff route hands them to the page. */
export interface HeldDesk {
  channel: ChannelDef;
  area: StaffArea;
  form: FormDef;
  /** The channel's staff list; a registered post's case opens at `${detail}/<id>`. */
  back: string;
  detail: string;
  /** The value that names a post's kind (the ethics line's category, the others' type). */
  kindOf(values: Record<string, string>): string;
  /** How the channel keeps its held posts at rest (the ethics line seals them). */
  sealing(): HeldSealing;
  /** Which held posts this reader may see (an ethics category of theirs, a PQRS kind of their role, or any). */
  visibleTo(roles: readonly Role[]): (values: Record<string, string>) => boolean;
  /** Registers a held post as a case: the channel's doors (`caseDoors(…).registerHeld`). */
  register(user: StaffUser, id: number, visible: (values: Record<string, string>) => boolean): Promise<{ id: number } | undefined>;
  /** Who alone reads the audit entry of a discard (the ethics line: the category's owner, docs/product.md §34). */
  discardAudience?(values: Record<string, string>): string | undefined;
}

export async function heldPage({ request, user, services }: StaffCall, desk: HeldDesk) {
  const visible = desk.visibleTo(user.roles);
  const posts = await listHeld(services.db, desk.channel, desk.sealing(), visible);
  const rows = posts.map((p: HeldPost) => ({
    ...p,
    kind: kindLabel(desk.channel, desk.kindOf(p.values)),
    fields: desk.form.fields.filter((f) => p.values[f.name]).map((f) => [f.staffLabel, displayValue(f, p.values[f.name])] as const),
  }));
  return { rows, shown: HELD_WAITING_SHOWN, back: desk.back, detail: desk.detail, notice: new URL(request.url).searchParams.get("aviso") };
}

const actionSchema = z.object({
  accion: z.enum(["registrar", "descartar"], { error: "Acción desconocida." }),
  id: z.string().check(z.regex(/^\d{1,12}$/, "Envío no encontrado.")),
});

export async function heldAction({ request, user, services }: StaffCall, desk: HeldDesk) {
  const parsed = actionSchema.safeParse(formFields(await request.formData()));
  if (!parsed.success) throw data({ message: firstProblem(parsed.error) }, { status: 400 });
  const id = Number(parsed.data.id);
  const visible = desk.visibleTo(user.roles);
  if (parsed.data.accion === "registrar") {
    const created = await desk.register(user, id, visible);
    if (!created) throw data({ message: "Ese envío no está retenido o no es de su competencia." }, { status: 404 });
    return redirect(`${desk.detail}/${created.id}?aviso=registrado`);
  }
  const held = await getHeld(services.db, desk.channel, id, desk.sealing());
  const audience = held ? desk.discardAudience?.(held.values) : undefined;
  if (!held || !visible(held.values) || !(await decideHeld(services.db, desk.channel, user, id, "descartado", audience)))
    throw data({ message: "Ese envío no está retenido o no es de su competencia." }, { status: 404 });
  return redirect(`${desk.back}/retenidos?aviso=descartado`);
}
