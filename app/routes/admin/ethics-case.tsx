import { data, redirect, useLoaderData } from "react-router";
import { ef } from "~/features/ethics/ethics-form";
import { ethicsSealer, openEthicsCase, reclassify, respond } from "~/features/ethics/ethics.server";
import { ethicsStoreOptions } from "~/features/ethics/doors.server";
import { displayValue } from "~/forms/fields";
import { formatBogota } from "~/platform/dates";
import { kindLabel, statusLabel } from "~/features/cases/model";
import { ETHICS_OWNERS, ethicsChannel, ethicsKindsFor, ETHICS_ROLES } from "~/features/ethics/channel";
import { CaseHeading, CaseHistory, CaseNoteForm } from "~/features/cases/staff-views";
import { assertSameOriginPost, requireUser } from "~/features/staff/guard.server";
import type { Route } from "./+types/ethics-case";

export function meta({ loaderData: loaded }: Route.MetaArgs) {
  return [{ title: `Reporte ${loaded?.report.radicado ?? ""} | Línea ética` }, { name: "robots", content: "noindex, nofollow" }];
}

const NOT_FOUND = "Reporte no encontrado en sus categorías.";

function idOf(params: { id?: string }) {
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) throw data({ message: NOT_FOUND }, { status: 404 });
  return id;
}

function sealerOr503() {
  const sealer = ethicsSealer();
  if (!sealer) throw data({ message: "La línea ética está cerrada: el servidor no tiene ETHICS_KEY." }, { status: 503 });
  return sealer;
}

/** Opening a report decrypts it for a reader of its category, and is audited. Another category's report is a 404. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { user, services } = await requireUser(request, ...ETHICS_ROLES);
  const id = idOf(params);
  const report = await openEthicsCase(services.db, sealerOr503(), user, id, ethicsKindsFor(user.roles));
  if (!report) throw data({ message: NOT_FOUND }, { status: 404 });
  return { report, notice: new URL(request.url).searchParams.get("aviso") };
}

export async function action({ request, params }: Route.ActionArgs) {
  assertSameOriginPost(request);
  const { user, services } = await requireUser(request, ...ETHICS_ROLES);
  const id = idOf(params);
  const kinds = ethicsKindsFor(user.roles);
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? "").trim();
  const options = ethicsStoreOptions(services);
  const intent = text("accion");
  if (intent === "estado") {
    const result = await respond(services.db, sealerOr503(), user, id, kinds, { status: text("estado"), note: text("nota"), visible: form.get("visible") === "si" }, options);
    if (result === "not_found") throw data({ message: NOT_FOUND }, { status: 404 });
    if (result === "invalid") throw data({ message: "Elija un estado distinto del actual o escriba una respuesta o una nota." }, { status: 400 });
    services.outbox?.kick();
    return redirect(`/admin/etica/${id}?aviso=estado`);
  }
  if (intent === "reclasificar") {
    const kind = text("categoria");
    const result = await reclassify(services.db, user, id, kinds, kind, options);
    if (result === "not_found") throw data({ message: NOT_FOUND }, { status: 404 });
    if (result === "invalid") throw data({ message: "Elija una categoría distinta de la actual." }, { status: 400 });
    services.outbox?.kick();
    return redirect(kinds.includes(kind as never) ? `/admin/etica/${id}?aviso=reclasificado` : "/admin/etica?aviso=reasignado");
  }
  throw data({ message: "Acción desconocida." }, { status: 400 });
}

const NOTICES: Record<string, string> = {
  estado: "Cambio guardado. Las respuestas las lee quien reportó al consultar; si dejó un correo, le avisamos sin el contenido.",
  reclasificado: "Categoría cambiada.",
};

const ROLE_NAMES = { cumplimiento: "el oficial de cumplimiento", convivencia: "el comité de convivencia" } as const;

export default function EthicsCase() {
  const { report: r, notice } = useLoaderData<typeof loader>();
  const facts = [ef.cuando, ef.donde, ef.involucrados, ef.evidencia]
    .map((field) => [field.staffLabel, displayValue(field, r.content[field.name as keyof typeof r.content])] as const)
    .filter(([, v]) => v);
  return (
    <>
      <CaseHeading channel={ethicsChannel} radicado={r.radicado} kind={r.kind} back={{ href: "/admin/etica", label: "Volver a la línea ética" }} notice={notice ? NOTICES[notice] : undefined} />
      <dl className="admin-fields">
        <div>
          <dt>Recibido</dt>
          <dd>{formatBogota(r.received_at)}</dd>
        </div>
        <div>
          <dt>Estado</dt>
          <dd>{statusLabel(ethicsChannel, r.status)}</dd>
        </div>
        <div>
          <dt>Quién reporta</dt>
          <dd>
            {r.identified
              ? [r.content.nombre, r.content.correo, r.content.celular].filter(Boolean).join(" · ")
              : "Anónimo: no hay datos de quien reportó, ni su dirección IP ni su navegador."}
          </dd>
        </div>
      </dl>
      <h2>Qué pasó</h2>
      <p className="admin-message-text">{r.content.descripcion}</p>
      <dl className="admin-fields">
        {facts.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd className="admin-message-text">{v}</dd>
          </div>
        ))}
      </dl>

      <h2>Conversación e historial</h2>
      <CaseHistory channel={ethicsChannel} events={r.events} visibleLabel="respuesta visible para quien reportó" />
      <CaseNoteForm
        channel={ethicsChannel}
        idPrefix="le"
        status={r.status}
        noteLabel="Respuesta o nota (opcional si cambia el estado)"
        internalLabel="Solo quienes atienden esta categoría (nota interna)"
        visibleLabel="Quien reportó, al consultar con su radicado y su código (respuesta)"
      />

      <h2>Categoría</h2>
      <p>Si el reporte corresponde a otra categoría, cámbiela. Si esa categoría la atiende otro rol, el reporte pasa al oficial de cumplimiento o al comité de convivencia, que recibe un aviso, y usted deja de verlo.</p>
      <form method="post" className="admin-form">
        <input type="hidden" name="accion" value="reclasificar" />
        <div className="field">
          <label htmlFor="le-categoria">Nueva categoría</label>
          <select id="le-categoria" name="categoria" defaultValue={r.kind}>
            {(Object.keys(ETHICS_OWNERS) as (keyof typeof ETHICS_OWNERS)[]).map((k) => (
              <option key={k} value={k}>
                {`${kindLabel(ethicsChannel, k)} (${ROLE_NAMES[ETHICS_OWNERS[k]]})`}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button-secondary">
          Cambiar categoría
        </button>
      </form>
    </>
  );
}
