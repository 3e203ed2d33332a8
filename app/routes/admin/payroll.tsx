import { data, redirect, useActionData, useLoaderData } from "react-router";
import { assertSameOriginPost, requireStaff } from "~/features/staff/guard.server";
import { certificateKeys } from "~/features/certificates/keys.server";
import { importPayroll, recentImports } from "~/features/certificates/import.server";
import { dayText, ERRORS_SHOWN, PAYROLL_COLUMNS } from "~/features/certificates/model";
import { isCalendarDay } from "~/forms/fields";
import { bogotaDay } from "~/platform/dates";
import type { Route } from "./+types/payroll";

/** The payroll import (product rule 38, ADR 027): a CSV checked whole before anything changes. */
export function meta() {
  return [{ title: "Nómina | Bandeja del personal" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const { services } = await requireStaff(request, "payroll");
  const notice = new URL(request.url).searchParams.get("aviso");
  return {
    imports: await recentImports(services.readDb),
    today: bogotaDay(new Date().toISOString()),
    imported: notice === "importada",
    keyMissing: !certificateKeys(services.env),
  };
}

export async function action({ request }: Route.ActionArgs) {
  assertSameOriginPost(request);
  const { user, services } = await requireStaff(request, "payroll");
  const keys = certificateKeys(services.env);
  if (!keys)
    return data({ problem: "Falta la clave de los certificados (CERTIFICATE_KEY): no se puede importar.", errors: [], errorCount: 0 }, { status: 503 });
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data({ problem: "Envíe el archivo con el formulario de esta página.", errors: [], errorCount: 0 }, { status: 400 });
  }
  const file = form.get("archivo");
  const cutoff = String(form.get("corte") ?? "");
  if (!file || typeof file === "string" || file.size === 0)
    return data({ problem: "Elija el archivo CSV de la nómina.", errors: [], errorCount: 0 }, { status: 400 });
  if (!isCalendarDay(cutoff)) return data({ problem: "Escriba la fecha de corte de la nómina (aaaa-mm-dd).", errors: [], errorCount: 0 }, { status: 400 });
  const outcome = await importPayroll(services.db, {
    bytes: Buffer.from(await file.arrayBuffer()),
    fileName: file.name || "nomina.csv",
    cutoffDay: cutoff,
    user,
    keys,
  });
  if (outcome.outcome === "refused") {
    return data(
      {
        problem: `El archivo tiene ${outcome.check.errorCount} línea(s) con errores y no se importó nada. Corríjalas y vuelva a enviarlo.`,
        errors: outcome.check.errors,
        errorCount: outcome.check.errorCount,
      },
      { status: 422 },
    );
  }
  return redirect("/admin/nomina?aviso=importada", 303);
}

export default function Payroll() {
  const { imports, today, imported, keyMissing } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <>
      <h1>Nómina</h1>
      <p className="admin-summary">
        Importe el extracto de nómina en CSV (UTF-8, separado por punto y coma o por comas), una línea por contrato. Se revisa completo antes de cambiar nada;
        importar el mismo archivo dos veces no cambia nada.
      </p>
      {keyMissing ? (
        <p className="admin-alert" role="alert">
          Falta la clave de los certificados (CERTIFICATE_KEY): no se puede importar ni expedir certificados.
        </p>
      ) : null}
      {imported ? (
        <p className="admin-notice" role="status">
          Nómina importada.
        </p>
      ) : null}
      {answer ? (
        <div className="admin-alert" role="alert">
          <p>{answer.problem}</p>
          {answer.errors.length ? (
            <ul>
              {answer.errors.map((e) => (
                <li key={`${e.line}-${e.reason}`}>
                  Línea {e.line}: {e.reason}
                </li>
              ))}
            </ul>
          ) : null}
          {answer.errorCount > ERRORS_SHOWN ? <p>Se muestran las primeras {ERRORS_SHOWN}.</p> : null}
        </div>
      ) : null}
      <form method="post" encType="multipart/form-data" className="admin-form">
        <p>
          <label htmlFor="archivo">Archivo CSV</label>
          <br />
          <input id="archivo" name="archivo" type="file" accept=".csv,text/csv" required />
        </p>
        <p>
          <label htmlFor="corte">Datos de nómina al (fecha de corte)</label>
          <br />
          <input id="corte" name="corte" type="date" defaultValue={today} required />
        </p>
        <button type="submit" className="button">
          Revisar e importar
        </button>
      </form>
      <details>
        <summary>Formato del archivo</summary>
        <p>
          Columnas, en la primera línea: <code>{PAYROLL_COLUMNS.join(";")}</code>. Tipos de documento: CC, CE, TI, PA, PPT, PEP. Tipos de contrato: fijo,
          indefinido, obra_labor, ocasional, reemplazo, aprendizaje. Fechas aaaa-mm-dd o dd/mm/aaaa; fecha_fin vacía si el contrato sigue vigente. Salario
          mensual en pesos, sin decimales. correo, celular, empresa_usuaria y funciones pueden ir vacíos.
        </p>
      </details>
      <h2>Últimas importaciones</h2>
      {imports.length === 0 ? (
        <p>Todavía no se ha importado la nómina.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table-stacked">
            <thead>
              <tr>
                <th scope="col">Importada</th>
                <th scope="col">Datos al</th>
                <th scope="col">Archivo</th>
                <th scope="col">Por</th>
                <th scope="col">Líneas</th>
                <th scope="col">Personas (nuevas)</th>
                <th scope="col">Contratos nuevos</th>
                <th scope="col">Cambiados</th>
                <th scope="col">Sin cambios</th>
              </tr>
            </thead>
            <tbody>
              {imports.map((i) => (
                <tr key={i.id}>
                  <td data-label="Importada">{new Date(i.imported_at).toLocaleString("es-CO", { timeZone: "America/Bogota" })}</td>
                  <td data-label="Datos al">{dayText(i.cutoff_day)}</td>
                  <td data-label="Archivo">{i.file_name}</td>
                  <td data-label="Por">{i.user_email}</td>
                  <td data-label="Líneas">{i.rows_read}</td>
                  <td data-label="Personas (nuevas)">
                    {i.people} ({i.people_new})
                  </td>
                  <td data-label="Contratos nuevos">{i.contracts_new}</td>
                  <td data-label="Cambiados">{i.contracts_changed}</td>
                  <td data-label="Sin cambios">{i.contracts_unchanged}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
