import { data, redirect, useLoaderData } from "react-router";
import * as z from "zod/mini";
import { getHeld, HELD_WAITING_SHOWN, type HeldPost, listHeld, plainHeld } from "~/features/cases/held.server";
import { decideHeld } from "~/features/cases/held.server";
import { kindLabel } from "~/features/cases/model";
import { ETHICS_OWNERS, ethicsChannel, type EthicsKind, ethicsKindsFor } from "~/features/ethics/channel";
import { ethicsDoors } from "~/features/ethics/doors.server";
import { ethicsForm } from "~/features/ethics/ethics-form";
import { ethicsHeldSealing, ethicsSealer } from "~/features/ethics/ethics.server";
import { incidentChannel } from "~/features/incidents/channel";
import { incidentDoors } from "~/features/incidents/doors.server";
import { incidentForm } from "~/features/incidents/incident-form";
import { DATA_KINDS, PETITION_KINDS, requestsChannel } from "~/features/requests/channel";
import { requestDoors } from "~/features/requests/doors.server";
import { requestForm } from "~/features/requests/request-form";
import { assertSameOriginPost, requireStaff } from "~/features/staff/guard.server";
import { firstProblem, formFields } from "~/forms/actions";
import { displayValue } from "~/forms/fields";
import { formatBogota } from "~/platform/dates";
import type { Route } from "./+types/held";

/**
 * Posts that filled the spam trap, held for review (ADR 017): one page per case channel
 * (/admin/reportes/retenidos, /admin/etica/retenidos, /admin/pqrs/retenidos and /admin/datos/retenidos,
 * each PQRS role seeing the kinds it owns), for that channel's staff. Registering one makes
 * it a case (flagged on its page); discarding keeps the decision in the audit.
 */
function channelOf(request: Request) {
  const path = new URL(request.url).pathname;
  if (path.startsWith("/admin/pqrs/") || path.startsWith("/admin/datos/")) {
    const data = path.startsWith("/admin/datos/");
    const base = data ? "/admin/datos" : "/admin/pqrs";
    return { key: "requests", area: data ? "dataRequests" : "requests", kinds: data ? DATA_KINDS : PETITION_KINDS, channel: requestsChannel, doors: requestDoors, form: requestForm, back: base, detail: base } as const;
  }
  const ethics = path.startsWith("/admin/etica/");
  return ethics
    ? ({ key: "ethics", area: "ethics", channel: ethicsChannel, doors: ethicsDoors, form: ethicsForm, back: "/admin/etica", detail: "/admin/etica" } as const)
    : ({ key: "incidents", area: "incidents", channel: incidentChannel, doors: incidentDoors, form: incidentForm, back: "/admin/reportes", detail: "/admin/reportes" } as const);
}

function sealingOf(key: "ethics" | "incidents" | "requests") {
  if (key !== "ethics") return plainHeld;
  const sealer = ethicsSealer();
  if (!sealer) throw data({ message: "La línea ética está cerrada: el servidor no tiene ETHICS_KEY." }, { status: 503 });
  return ethicsHeldSealing(sealer);
}

/** Which held posts this reader may see: an ethics category of theirs, a PQRS kind of their role, or any report. */
function visibleTo(c: ReturnType<typeof channelOf>, roles: Parameters<typeof ethicsKindsFor>[0]): (values: Record<string, string>) => boolean {
  if (c.key === "ethics") {
    const kinds = ethicsKindsFor(roles) as string[];
    return (v) => kinds.includes(v.categoria);
  }
  if (c.key === "requests") return (v) => (c.kinds as readonly string[]).includes(v.tipo);
  return () => true;
}

export function meta() {
  return [{ title: "Envíos retenidos | Bandeja del personal" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const c = channelOf(request);
  const { user, services } = await requireStaff(request, c.area);
  const visible = visibleTo(c, user.roles);
  const posts = await listHeld(services.db, c.channel, sealingOf(c.key), visible);
  const rows = posts.map((p: HeldPost) => ({
    ...p,
    kind: c.key === "ethics" ? kindLabel(c.channel, p.values.categoria ?? "") : kindLabel(c.channel, p.values.tipo ?? ""),
    fields: c.form.fields.filter((f) => p.values[f.name]).map((f) => [f.staffLabel, displayValue(f, p.values[f.name])] as const),
  }));
  return { rows, shown: HELD_WAITING_SHOWN, key: c.key, back: c.back, detail: c.detail, notice: new URL(request.url).searchParams.get("aviso") };
}

const actionSchema = z.object({ accion: z.enum(["registrar", "descartar"], { error: "Acción desconocida." }), id: z.string().check(z.regex(/^\d{1,12}$/, "Envío no encontrado.")) });

export async function action({ request }: Route.ActionArgs) {
  assertSameOriginPost(request);
  const c = channelOf(request);
  const { user, services } = await requireStaff(request, c.area);
  const parsed = actionSchema.safeParse(formFields(await request.formData()));
  if (!parsed.success) throw data({ message: firstProblem(parsed.error) }, { status: 400 });
  const id = Number(parsed.data.id);
  const visible = visibleTo(c, user.roles);
  if (parsed.data.accion === "registrar") {
    const created = await c.doors.registerHeld(user, id, visible);
    if (!created) throw data({ message: "Ese envío no está retenido o no es de su competencia." }, { status: 404 });
    return redirect(`${c.detail}/${created.id}?aviso=registrado`);
  }
  const held = await getHeld(services.db, c.channel, id, sealingOf(c.key));
  // A discarded ethics post is audited for its category's owner alone (docs/product.md §34).
  const audience = c.key === "ethics" && held ? ETHICS_OWNERS[held.values.categoria as EthicsKind] : undefined;
  if (!held || !visible(held.values) || !(await decideHeld(services.db, c.channel, user, id, "descartado", audience))) throw data({ message: "Ese envío no está retenido o no es de su competencia." }, { status: 404 });
  return redirect(`${c.back}/retenidos?aviso=descartado`);
}

export default function Held() {
  const { rows, shown, back, detail, notice } = useLoaderData<typeof loader>();
  const waiting = rows.filter((r) => r.status === "retenido");
  return (
    <>
      <p>
        <a href={back}>← Volver a la lista</a>
      </p>
      <h1>Envíos retenidos para revisión</h1>
      <p>
        Estos envíos llegaron con el campo trampa lleno: así los marcan los programas automáticos, pero también el
        autocompletado de algunos navegadores. No recibieron radicado ni se avisó de ellos. Revise cada uno: si es un
        reporte real, regístrelo (queda marcado en su página); si no, descártelo.
      </p>
      {notice === "descartado" ? (
        <p className="admin-notice" role="status">
          El envío quedó descartado.
        </p>
      ) : null}
      {waiting.length === 0 ? <p>No hay envíos retenidos por revisar.</p> : null}
      {waiting.length >= shown ? (
        <p className="admin-notice" role="status">
          Se muestran los {shown} envíos retenidos más antiguos. Registre o descarte estos para ver los siguientes.
        </p>
      ) : null}
      {rows.map((r) => (
        <section key={r.id} className="admin-held" aria-labelledby={`retenido-${r.id}`}>
          <h2 id={`retenido-${r.id}`}>
            Retenido n.º {r.id} · {r.kind} · {formatBogota(r.received_at)}
          </h2>
          <dl className="admin-fields">
            {r.fields.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd className="admin-message-text">{value}</dd>
              </div>
            ))}
          </dl>
          {r.status === "retenido" ? (
            <div className="admin-actions">
              <form method="post">
                <input type="hidden" name="id" value={r.id} />
                <button type="submit" name="accion" value="registrar" className="button">
                  Registrar como reporte
                </button>
              </form>
              <form method="post">
                <input type="hidden" name="id" value={r.id} />
                <button type="submit" name="accion" value="descartar" className="button button-secondary">
                  Descartar
                </button>
              </form>
            </div>
          ) : (
            <p>
              {r.status === "convertido" ? (
                <>
                  Registrado por {r.decided_by} el {formatBogota(r.decided_at)}: <a href={`${detail}/${r.case_id}`}>ver el reporte</a>.
                </>
              ) : (
                `Descartado por ${r.decided_by} el ${formatBogota(r.decided_at)}.`
              )}
            </p>
          )}
        </section>
      ))}
    </>
  );
}
