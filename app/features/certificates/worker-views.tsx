/**
 * The worker's steps (docs/product.md §38) as plain HTML forms: they work without JavaScript, one
 * question per screen for a phone, every field labelled, every refusal announced.
 */
import type { FlowState } from "./flow.server";
import { CERTIFICATE_WINDOW_DAYS, CERTIFICATES_PER_WINDOW, CONTRACT_KINDS, DOCUMENT_TYPES, dayText, groupCode, OTP_MINUTES } from "./model";

const PQRS_LINK = "/pqrs?tipo=peticion&asunto=certificado-laboral";

/** A refusal; a limit's wait in seconds rides along for the page script's countdown. */
function Refusal({ text, retryAfter }: { text?: string; retryAfter?: number }) {
  return text ? (
    <p className="certificates-refusal" role="alert" data-espera={retryAfter}>
      {text}
    </p>
  ) : null;
}

function Restart({ label = "Empezar de nuevo" }: { label?: string }) {
  return (
    <form method="post" className="certificates-restart">
      <input type="hidden" name="accion" value="reiniciar" />
      <button type="submit" className="button-link">
        {label}
      </button>
    </form>
  );
}

export function CertificateFlow({
  state,
  refused,
  values = {},
  retryAfter,
}: {
  state: FlowState | null;
  refused?: string;
  values?: Record<string, string>;
  retryAfter?: number;
}) {
  if (!state) {
    return (
      <p className="certificates-refusal" role="alert">
        Los certificados laborales no están disponibles en este momento. <a href={PQRS_LINK}>Pídalo con una PQRS</a> y se lo enviaremos.
      </p>
    );
  }
  switch (state.step) {
    case "documento":
      return (
        <>
          <p className="lead">
            Trabajadores de planta y en misión: descargue su certificado laboral a cualquier hora. Escriba su documento y le enviaremos un código a su correo
            registrado en nómina.
          </p>
          <Refusal text={refused} retryAfter={retryAfter} />
          <form method="post" className="certificates-form">
            <input type="hidden" name="accion" value="documento" />
            <div className="field">
              <label htmlFor="tipo_documento">Tipo de documento</label>
              <select id="tipo_documento" name="tipo_documento" defaultValue={values.tipo_documento ?? "CC"} required>
                {Object.entries(DOCUMENT_TYPES).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="documento">Número de documento</label>
              <input
                id="documento"
                name="documento"
                type="text"
                inputMode="text"
                autoComplete="off"
                required
                maxLength={40}
                defaultValue={values.documento ?? ""}
                aria-describedby="documento-ayuda"
              />
              <p id="documento-ayuda" className="field-hint">
                Sin puntos ni espacios.
              </p>
            </div>
            <button type="submit" className="button">
              ENVIARME EL CÓDIGO
            </button>
          </form>
          <p className="certificates-note">
            ¿Recibió un certificado y quiere comprobar que es auténtico? <a href="/verificar">Verifíquelo aquí</a>.
          </p>
        </>
      );
    case "codigo":
      return (
        <>
          <p className="certificates-status" role="status">
            Si sus datos están en nuestra nómina, enviamos un código de 6 dígitos a su correo <strong>{state.mask}</strong>. Vale {OTP_MINUTES} minutos.
          </p>
          <p className="certificates-countdown" role="timer" data-vence={state.expiresAt} hidden />
          <p>
            Si no reconoce ese correo o no le llega el código, <a href={PQRS_LINK}>pida su certificado con una PQRS</a>: le responderemos en el plazo de ley.
          </p>
          <Refusal text={refused} retryAfter={retryAfter} />
          <form method="post" className="certificates-form">
            <input type="hidden" name="accion" value="codigo" />
            <div className="field">
              <label htmlFor="codigo">Código de 6 dígitos</label>
              <input
                id="codigo"
                name="codigo"
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9 ]{6,7}"
                maxLength={7}
                required
                aria-describedby="codigo-ayuda"
              />
              <p id="codigo-ayuda" className="field-hint">
                Le queda{state.triesLeft === 1 ? "" : "n"} {state.triesLeft} intento{state.triesLeft === 1 ? "" : "s"}.
              </p>
            </div>
            <button type="submit" className="button">
              CONTINUAR
            </button>
          </form>
          <Restart label="Pedir otro código o cambiar el documento" />
        </>
      );
    case "vencido":
      return (
        <>
          <Refusal text={refused ?? "El código venció o ya no admite intentos."} />
          <Restart label="Pedir un código nuevo" />
        </>
      );
    case "elegir":
      return (
        <>
          <p className="certificates-status" role="status">
            {state.name}: elija qué dice su certificado. Datos de nómina al {dayText(state.cutoffDay)}.
          </p>
          <Refusal text={refused} retryAfter={retryAfter} />
          {state.contracts.length === 0 ? (
            <p>
              No encontramos contratos suyos en la nómina importada. <a href={PQRS_LINK}>Pida su certificado con una PQRS</a>.
            </p>
          ) : (
            <form method="post" className="certificates-form">
              <input type="hidden" name="accion" value="emitir" />
              <fieldset>
                <legend>Contratos</legend>
                <div className="check">
                  <input id="contrato-todos" type="checkbox" name="contrato" value="todos" defaultChecked />
                  <label htmlFor="contrato-todos">Todos mis contratos</label>
                </div>
                {state.contracts.map((c, i) => (
                  <div className="check" key={c.key}>
                    <input id={`contrato-${i}`} type="checkbox" name="contrato" value={c.key} />
                    <label htmlFor={`contrato-${i}`}>
                      {c.position} ({CONTRACT_KINDS[c.kind].toLowerCase()}), desde el {dayText(c.startDay)}
                      {c.endDay ? ` hasta el ${dayText(c.endDay)}` : ", vigente"}
                      {c.userCompany ? `; empresa usuaria: ${c.userCompany}` : ""}
                    </label>
                  </div>
                ))}
              </fieldset>
              <fieldset>
                <legend>Qué más incluye</legend>
                <div className="check">
                  <input id="salario" type="checkbox" name="salario" value="si" />
                  <label htmlFor="salario">Incluir el salario</label>
                </div>
                <div className="check">
                  <input id="funciones" type="checkbox" name="funciones" value="si" />
                  <label htmlFor="funciones">Incluir las funciones del cargo</label>
                </div>
              </fieldset>
              <p className="field-hint">
                Puede pedir hasta {CERTIFICATES_PER_WINDOW} certificados en {CERTIFICATE_WINDOW_DAYS} días (lleva {state.issuedRecently}).
              </p>
              <button type="submit" className="button">
                GENERAR MI CERTIFICADO
              </button>
            </form>
          )}
          <Restart />
        </>
      );
    case "listo":
      return (
        <>
          <p className="certificates-status" role="status">
            Su certificado está listo. También se lo enviamos a su correo <strong>{state.mask}</strong>.
          </p>
          {state.downloaded ? (
            <p>Ya lo descargó en este navegador; si lo necesita de nuevo, búsquelo en su correo.</p>
          ) : (
            <p>
              <a className="button" href="/certificados/descargar" download>
                DESCARGAR EL CERTIFICADO (PDF)
              </a>
            </p>
          )}
          <p>
            Código de verificación: <strong className="certificates-code">{groupCode(state.code)}</strong>. Quien lo reciba puede comprobarlo en{" "}
            <a href={`/verificar/${state.code}`}>/verificar</a> o con el código QR del documento.
          </p>
          <Restart label="Terminar" />
        </>
      );
  }
}
