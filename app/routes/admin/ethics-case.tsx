import { data, redirect, useLoaderData } from "react-router";
import { ef } from "~/features/ethics/ethics-form";
import { ethicsSealer, openEthicsCase, reclassify, recordOutcome, recordUserCommittee, respond } from "~/features/ethics/ethics.server";
import { ethicsActionSchema } from "~/features/ethics/staff-forms";
import { firstProblem, formFields } from "~/forms/actions";
import { ethicsStoreOptions } from "~/features/ethics/doors.server";
import { displayValue } from "~/forms/fields";
import { bogotaDay, formatBogota, formatDay } from "~/platform/dates";
import { kindLabel, statusLabel } from "~/features/cases/model";
import { COMMITTEE_DAYS, ETHICS_OWNERS, ethicsChannel, ethicsKindsFor, type Outcome, OUTCOMES } from "~/features/ethics/channel";
import { heldOrigin } from "~/features/cases/held.server";
import { CaseHeading, CaseHistory, CaseNoteForm, HeldFlag } from "~/features/cases/staff-views";
import { assertSameOriginPost, requireStaff } from "~/features/staff/guard.server";
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
  const { user, services } = await requireStaff(request, "ethics");
  const id = idOf(params);
  const report = await openEthicsCase(services.db, sealerOr503(), user, id, ethicsKindsFor(user.roles));
  if (!report) throw data({ message: NOT_FOUND }, { status: 404 });
  return { report, held: (await heldOrigin(services.db, id)) ?? null, notice: new URL(request.url).searchParams.get("aviso"), now: new Date().toISOString() };
}

export async function action({ request, params }: Route.ActionArgs) {
  assertSameOriginPost(request);
  const { user, services } = await requireStaff(request, "ethics");
  const id = idOf(params);
  const kinds = ethicsKindsFor(user.roles);
  const parsed = ethicsActionSchema.safeParse(formFields(await request.formData()));
  if (!parsed.success) throw data({ message: firstProblem(parsed.error) }, { status: 400 });
  const input = parsed.data;
  const options = ethicsStoreOptions(services);
  if (input.accion === "estado") {
    const result = await respond(services.db, sealerOr503(), user, id, kinds, { status: input.estado, note: input.nota, visible: input.visible === "si" }, options);
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

const NOTICES: Record<string, string> = {
  registrado: "El envío retenido quedó registrado como este reporte.",
  estado: "Cambio guardado. Las respuestas las lee quien reportó al consultar; si dejó un correo, le avisamos sin el contenido.",
  reclasificado: "Categoría cambiada.",
  comite: "Quedó registrada la fecha en que el comité de la empresa usuaria tomó la queja.",
  resultado: "Quedó registrado cómo terminó el caso.",
};

const ROLE_NAMES = { cumplimiento: "el oficial de cumplimiento", convivencia: "el comité de convivencia", genero: "la persona referente de género" } as const;

export default function EthicsCase() {
  const { report: r, held, notice, now } = useLoaderData<typeof loader>();
  const facts = [ef.cuando, ef.donde, ef.involucrados, ef.evidencia, ef.vinculo, ef.empresa_usuaria]
    .map((field) => [field.staffLabel, displayValue(field, r.content[field.name as keyof typeof r.content])] as const)
    .filter(([, v]) => v);
  return (
    <>
      <CaseHeading channel={ethicsChannel} radicado={r.radicado} kind={r.kind} back={{ href: "/admin/etica", label: "Volver a la línea ética" }} notice={notice ? NOTICES[notice] : undefined} />
      {held ? <HeldFlag held={held} /> : null}
      <dl className="admin-fields">
        <div>
          <dt>Recibido</dt>
          <dd>{formatDay(bogotaDay(r.received_at))}</dd>
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
      {r.committeeDueAt ? (
        <p className={r.status !== ethicsChannel.closed && r.committeeDueAt < now ? "admin-flag" : undefined}>
          {r.status !== ethicsChannel.closed && r.committeeDueAt < now ? <strong>VENCIDO. </strong> : null}
          Plazo del procedimiento del comité: {formatBogota(r.committeeDueAt)} ({COMMITTEE_DAYS} días calendario desde la queja, Res. 3461 de 2025).
        </p>
      ) : null}
      {r.committeeDueAt && r.content.vinculo === "mision" ? (
        <section aria-labelledby="ruta-mision">
          <h2 id="ruta-mision">Ruta de un trabajador en misión</h2>
          <p>
            La queja de un trabajador en misión la tramita el comité de convivencia laboral de la empresa usuaria
            {r.content.empresa_usuaria ? ` (${r.content.empresa_usuaria})` : ""}, con al menos un integrante del comité de esta empresa
            (Res. 3461 de 2025).{" "}
            {r.user_committee_engaged_on
              ? `El comité de la empresa usuaria la tomó el ${formatDay(r.user_committee_engaged_on)}.`
              : "Registre cuándo el comité de la empresa usuaria la tomó."}
          </p>
          <form method="post" className="admin-form">
            <input type="hidden" name="accion" value="comite_usuaria" />
            <div className="field">
              <label htmlFor="cu-fecha">Fecha en que el comité de la empresa usuaria tomó la queja</label>
              <input id="cu-fecha" name="fecha" type="date" required defaultValue={r.user_committee_engaged_on ?? ""} />
            </div>
            <button type="submit" className="button button-secondary">
              Registrar
            </button>
          </form>
        </section>
      ) : null}
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

      <h2>Cómo terminó</h2>
      <p>
        {r.outcome ? `${OUTCOMES[r.outcome as Outcome]} (${formatBogota(r.outcome_at)}).` : "Sin registrar."}
        {r.measure ? ` Medida: ${r.measure}` : ""}
        {r.kind === "acoso_sexual" ? " Las cifras semestrales de la Ley 2365 de 2024 cuentan los casos con medida o sanción." : ""}
      </p>
      <form method="post" className="admin-form">
        <input type="hidden" name="accion" value="resultado" />
        <div className="field">
          <label htmlFor="r-resultado">Resultado</label>
          <select id="r-resultado" name="resultado" defaultValue={r.outcome ?? "archivado"}>
            {(Object.keys(OUTCOMES) as Outcome[]).map((k) => (
              <option key={k} value={k}>
                {OUTCOMES[k]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="r-medida">Medida o sanción aplicada (obligatoria si se comprobaron los hechos)</label>
          <textarea id="r-medida" name="medida" rows={3} maxLength={1000} />
        </div>
        <button type="submit" className="button button-secondary">
          Registrar resultado
        </button>
      </form>

      <h2>Categoría</h2>
      <p>Si el reporte corresponde a otra categoría, cámbiela. Si esa categoría la atiende otro rol, el reporte pasa a quien la atiende ({`${ROLE_NAMES.cumplimiento}, ${ROLE_NAMES.convivencia} o ${ROLE_NAMES.genero}`}), que recibe un aviso, y usted deja de verlo.</p>
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
