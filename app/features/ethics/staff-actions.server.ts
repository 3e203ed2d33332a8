/** The ethics line's staff pages: what they read and what their posts change, each case seen only by its category's owner (docs/product.md §34). */
import { data } from "react-router";
import type { HeldDesk } from "~/features/cases/held-staff.server";
import { ETHICS_OWNERS, ethicsChannel, type EthicsKind, ethicsKindsFor } from "./channel";
import { ethicsDoors } from "./doors.server";
import { ethicsForm } from "./ethics-form";
import { ethicsHeldSealing, ethicsSealer } from "./ethics.server";

/** The ethics line's held posts (/admin/etica/retenidos): sealed at rest, each seen and decided by its category's owner. */
export const ETHICS_HELD: HeldDesk = {
  channel: ethicsChannel,
  area: "ethics",
  form: ethicsForm,
  back: "/admin/etica",
  detail: "/admin/etica",
  kindOf: (values) => values.categoria ?? "",
  sealing() {
    const sealer = ethicsSealer();
    if (!sealer) throw data({ message: "La línea ética está cerrada: el servidor no tiene ETHICS_KEY." }, { status: 503 });
    return ethicsHeldSealing(sealer);
  },
  visibleTo(roles) {
    const kinds = ethicsKindsFor(roles as Parameters<typeof ethicsKindsFor>[0]) as string[];
    return (values) => kinds.includes(values.categoria);
  },
  register: ethicsDoors.registerHeld,
  // A discarded ethics post is audited for its category's owner alone (docs/product.md §34).
  discardAudience: (values) => ETHICS_OWNERS[values.categoria as EthicsKind],
};
