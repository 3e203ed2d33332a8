/** The ethics line's staff pages: what they read and what their posts change, each case seen only by its category's owner (docs/product.md §34). */
import { data, redirect } from "react-router";
import type { HeldDesk } from "~/features/cases/held-staff.server";
import { ETHICS_OWNERS, ethicsChannel, type EthicsKind, ethicsKindsFor } from "./channel";
import { ethicsDoors, ethicsStoreOptions } from "./doors.server";
import { ethicsForm } from "./ethics-form";
import {
  ethicsHeldSealing,
  ethicsSealer,
  openEthicsCase,
  reclassify,
  recordOutcome,
  recordUserCommittee,
  respond,
  ethicsListRead,
  listEthicsCases,
  ethicsStatistics,
} from "./ethics.server";
import { ethicsActionSchema } from "./staff-forms";
import { firstProblem, formFields, type StaffCall } from "~/forms/actions";
import { bogotaDay } from "~/platform/dates";
import { heldOrigin } from "~/features/cases/held.server";
import { parsePageRequest } from "~/platform/paging";
/** The ethics line's staff pages: what they read and what their posts change, each case seen only by its category's owner (docs/product.md §34). */
/** The ethics line's staff pages: what they read and what their posts change, each case seen only by its category's owner (docs/product.md §34). */

const CLOSED = "La línea ética está cerrada: el servidor no tiene ETHICS_KEY.";

/** The ethics line's held posts (/admin/etica/retenidos): sealed at rest, each seen and decided by its category's owner. */
export const ETHICS_HELD: HeldDesk = {
  channel: ethicsChannel,
  area: "ethics",
  form: ethicsForm,
  back: "/admin/etica",
  detail: "/admin/etica",
  kindOf: (values) => values.categoria ?? "",
  sealing: () => ethicsHeldSealing(sealerOr503()),
  visibleTo(roles) {
    const kinds = ethicsKindsFor(roles as Parameters<typeof ethicsKindsFor>[0]) as string[];
    return (values) => kinds.includes(values.categoria);
  },
  register: ethicsDoors.registerHeld,
  // A discarded ethics post is audited for its category's owner alone (docs/product.md §34).
  discardAudience: (values) => ETHICS_OWNERS[values.categoria as EthicsKind],
};

const NOT_FOUND = "Reporte no encontrado en sus categorías.";

function idOf(params: { id?: string }) {
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) throw data({ message: NOT_FOUND }, { status: 404 });
  return id;
}

function sealerOr503() {
  const sealer = ethicsSealer();
  if (!sealer) throw data({ message: CLOSED }, { status: 503 });
  return sealer;
}

/** Opening a report decrypts it for a reader of its category, and is audited. Another category's report is a 404. */
export async function ethicsCasePage({ request, params, user, services }: StaffCall) {
  const id = idOf(params);
  const report = await openEthicsCase(services.db, sealerOr503(), user, id, ethicsKindsFor(user.roles));
  if (!report) throw data({ message: NOT_FOUND }, { status: 404 });
  return { report, held: (await heldOrigin(services.db, id)) ?? null, notice: new URL(request.url).searchParams.get("aviso"), now: new Date().toISOString() };
}

/** The case page's posts: answer and status, reclassification, the user company's committee, the outcome. */
export async function ethicsCaseAction({ request, params, user, services }: StaffCall) {
  const id = idOf(params);
  const kinds = ethicsKindsFor(user.roles);
  const parsed = ethicsActionSchema.safeParse(formFields(await request.formData()));
  if (!parsed.success) throw data({ message: firstProblem(parsed.error) }, { status: 400 });
  const input = parsed.data;
  const options = ethicsStoreOptions(services);
  if (input.accion === "estado") {
    const result = await respond(
      services.db,
      sealerOr503(),
      user,
      id,
      kinds,
      { status: input.estado, note: input.nota, visible: input.visible === "si" },
      options,
    );
    if (result === "not_found") throw data({ message: NOT_FOUND }, { status: 404 });
    if (result === "invalid") throw data({ message: "Elija un estado distinto del actual o escriba una respuesta o una nota." }, { status: 400 });
    services.outbox?.kick();
    return redirect(`/admin/etica/${id}?aviso=estado`);
  }
  if (input.accion === "reclasificar") {
    const result = await reclassify(services.db, user, id, kinds, input.categoria, options);
    if (result === "not_found") throw data({ message: NOT_FOUND }, { status: 404 });
    if (result === "invalid") throw data({ message: "Elija una categoría distinta de la actual." }, { status: 400 });
    services.outbox?.kick();
    return redirect(kinds.includes(input.categoria as never) ? `/admin/etica/${id}?aviso=reclasificado` : "/admin/etica?aviso=reasignado");
  }
  if (input.accion === "comite_usuaria") {
    if (input.fecha > bogotaDay(new Date().toISOString())) throw data({ message: "La fecha no puede ser posterior a hoy." }, { status: 400 });
    if (!(await recordUserCommittee(services.db, user, id, kinds, input.fecha))) throw data({ message: NOT_FOUND }, { status: 404 });
    return redirect(`/admin/etica/${id}?aviso=comite`);
  }
  const result = await recordOutcome(services.db, sealerOr503(), user, id, kinds, input.resultado, input.medida);
  if (result === "not_found") throw data({ message: NOT_FOUND }, { status: 404 });
  if (result === "invalid") throw data({ message: "Describa la medida o la sanción aplicada." }, { status: 400 });
  return redirect(`/admin/etica/${id}?aviso=resultado`);
}

/** Only the owners of a category see its reports (docs/product.md §22); the listing itself is audited. */
export async function ethicsListPage({ request, user, services }: StaffCall) {
  const kinds = ethicsKindsFor(user.roles);
  const params = new URL(request.url).searchParams;
  const status = ethicsChannel.statuses.some((s) => s.value === params.get("estado")) ? (params.get("estado") as string) : undefined;
  const kind = kinds.includes(params.get("categoria") as never) ? (params.get("categoria") as string) : undefined;
  const { rows, total, waiting, overdue, ...page } = await listEthicsCases(services.readDb, kinds, { status, kind }, parsePageRequest(params));
  if (kinds.length)
    await ethicsListRead(
      services.db,
      user,
      rows.map((r) => r.kind),
    );
  return { rows, total, waiting, overdue, page, query: params.toString(), kinds, status: status ?? "", kind: kind ?? "" };
}

/** The half-year counts of the reader's categories. */
export async function ethicsStatisticsPage({ user, services }: StaffCall) {
  const kinds = ethicsKindsFor(user.roles);
  return { periods: await ethicsStatistics(services.db, user, kinds) };
}
