/** The verification page's answer and forms (docs/product.md §39): plain HTML, no JavaScript needed. */
import { bogotaDay } from "~/platform/dates";
import { CONTRACT_KINDS, dayText, groupCode, pesos } from "./model";
import type { FileVerification } from "./verify.server";

const issuedText = (iso: string) => dayText(bogotaDay(iso));

export function VerificationAnswer({ answer, message }: { answer: FileVerification; message: string }) {
  if (answer.outcome !== "found") {
    return (
      <div className="verify-answer verify-missing" role="alert">
        <p>
          <strong>{message}</strong>
        </p>
        {answer.outcome === "not_found" ? <p>Revise que copió el código completo. Los códigos tienen 15 letras y números en tres grupos.</p> : null}
      </div>
    );
  }
  const v = answer.view;
  return (
    <div className={`verify-answer ${v.annulledAt ? "verify-annulled" : "verify-valid"}`} role="status">
      <h2>{v.annulledAt ? `Certificado anulado el ${issuedText(v.annulledAt)}` : "Certificado válido"}</h2>
      <dl>
        <dt>Código</dt>
        <dd className="certificates-code">{groupCode(v.code)}</dd>
        <dt>Expedido el</dt>
        <dd>{issuedText(v.issuedAt)}</dd>
        <dt>Datos de nómina al</dt>
        <dd>{dayText(v.cutoffDay)}</dd>
        <dt>Titular</dt>
        <dd>{v.holder}</dd>
        <dt>Firma del emisor</dt>
        <dd>
          {v.signatureValid ? "Válida" : "No coincide con la clave publicada"} (<a href="/verificar/clave">clave pública</a>)
        </dd>
      </dl>
      <h3>Contratos</h3>
      <ul>
        {v.contracts.map((c, i) => (
          <li key={i}>
            {c.position} ({CONTRACT_KINDS[c.kind].toLowerCase()}): desde el {dayText(c.startDay)}
            {c.endDay ? ` hasta el ${dayText(c.endDay)}` : ", vigente"}
            {c.userCompany ? `; empresa usuaria: ${c.userCompany}` : ""}
            {c.salary !== null ? `; salario básico mensual: ${pesos(c.salary)}` : ""}
          </li>
        ))}
      </ul>
      {v.includesSalary && !v.salaryShown ? (
        <form method="post" action="/verificar" className="verify-form">
          <input type="hidden" name="codigo" value={v.code} />
          <p>Este certificado incluye el salario. Para verlo, escriba el número de documento del titular.</p>
          <div>
            <label htmlFor="documento">Número de documento del titular</label>
            <input id="documento" name="documento" type="text" autoComplete="off" maxLength={40} required />
          </div>
          <button type="submit" className="button">
            VER EL SALARIO
          </button>
        </form>
      ) : null}
    </div>
  );
}

export function VerifyForms() {
  return (
    <>
      <form method="post" action="/verificar" className="verify-form">
        <h2>Con el código</h2>
        <div>
          <label htmlFor="codigo">Código de verificación</label>
          <input id="codigo" name="codigo" type="text" autoComplete="off" autoCapitalize="characters" maxLength={40} aria-describedby="codigo-ayuda" />
          <p id="codigo-ayuda" className="field-hint">
            Está al pie del certificado, junto al código QR. Por ejemplo: 7K2QF-9XHMA-3TRCD.
          </p>
        </div>
        <button type="submit" className="button">
          VERIFICAR
        </button>
      </form>
      <form method="post" action="/verificar" encType="multipart/form-data" className="verify-form">
        <h2>Con el archivo PDF</h2>
        <div>
          <label htmlFor="archivo">Certificado en PDF</label>
          <input id="archivo" name="archivo" type="file" accept="application/pdf,.pdf" aria-describedby="archivo-ayuda" />
          <p id="archivo-ayuda" className="field-hint">
            Comprobamos que el archivo es, byte por byte, el que expedimos. Máximo 5 MB.
          </p>
        </div>
        <button type="submit" className="button">
          COMPROBAR EL ARCHIVO
        </button>
      </form>
    </>
  );
}
