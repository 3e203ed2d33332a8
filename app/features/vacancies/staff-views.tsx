/** The selection team's vacancy form and the wording check's findings (product rule 40). */
import { MUNICIPALITIES } from "./municipalities";
import { municipalityByCode, municipalityLabel } from "./municipality";
import type { WordingFinding } from "./wording";
import { CONTRACTS, SECTORS, WORKDAYS } from "./vacancy";

export type VacancyValues = Record<string, string>;

function Text({
  name,
  label,
  values,
  hint,
  long,
  type = "text",
  required = true,
}: {
  name: string;
  label: string;
  values: VacancyValues;
  hint?: string;
  long?: boolean;
  type?: string;
  required?: boolean;
}) {
  const id = `vacante-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {long ? (
        <textarea id={id} name={name} rows={6} defaultValue={values[name] ?? ""} required={required} aria-describedby={hint ? `${id}-hint` : undefined} />
      ) : (
        <input id={id} name={name} type={type} defaultValue={values[name] ?? ""} required={required} aria-describedby={hint ? `${id}-hint` : undefined} />
      )}
    </div>
  );
}

function Choice({
  name,
  label,
  values,
  options,
}: {
  name: string;
  label: string;
  values: VacancyValues;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <div className="field">
      <label htmlFor={`vacante-${name}`}>{label}</label>
      <select id={`vacante-${name}`} name={name} defaultValue={values[name] ?? ""} required>
        <option value="">Elija…</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The city, searchable in DANE's list (a native datalist: no script); a row saved before the list shows its text. */
function City({ values }: { values: VacancyValues }) {
  const saved = municipalityByCode(values.city_code ?? "");
  return (
    <div className="field">
      <label htmlFor="vacante-city">Municipio</label>
      <p className="field-hint" id="vacante-city-hint">
        Escriba y elija de la lista de municipios del DANE, por ejemplo: Cali (Valle del Cauca), Bogotá, D.C., Rionegro (Antioquia).
      </p>
      <input
        id="vacante-city"
        name="city"
        list="municipios-dane"
        autoComplete="off"
        defaultValue={saved ? municipalityLabel(saved) : (values.city ?? "")}
        required
        aria-describedby="vacante-city-hint"
      />
      <datalist id="municipios-dane">
        {MUNICIPALITIES.map((m) => (
          <option key={m.code} value={municipalityLabel(m)} />
        ))}
      </datalist>
    </div>
  );
}

export function VacancyForm({ values }: { values: VacancyValues }) {
  const plain = (list: readonly string[]) => list.map((v) => ({ value: v, label: v }));
  return (
    <form method="post" className="admin-form">
      <input type="hidden" name="accion" value="guardar" />
      <Text name="title" label="Cargo" values={values} />
      <City values={values} />
      <Choice name="sector" label="Sector de la empresa usuaria" values={values} options={plain(SECTORS)} />
      <Text name="company_name" label="Nombre de la empresa usuaria (solo si ella lo autoriza)" values={values} required={false} />
      <Text name="salary_min" label="Salario mensual en pesos (o el mínimo del rango)" values={values} hint="Obligatorio. Solo números, por ejemplo 1423500." />
      <Text name="salary_max" label="Salario máximo del rango (opcional)" values={values} required={false} />
      <Text name="schedule" label="Horario" values={values} hint="Por ejemplo: lunes a sábado, turnos rotativos de 8 horas." />
      <Choice name="contract" label="Tipo de contrato" values={values} options={CONTRACTS} />
      <Choice name="workday" label="Jornada" values={values} options={WORKDAYS} />
      <Text name="places" label="Número de vacantes" values={values} type="number" />
      <Text name="duties" label="Funciones (una por línea)" values={values} long />
      <Text
        name="requirements"
        label="Requisitos (uno por línea)"
        values={values}
        long
        hint="Solo méritos, estudios, experiencia y licencias. La ley prohíbe pedir edad, sexo, estado civil, «buena presencia», religión, opinión política u origen, excluir por embarazo o discapacidad, y cobrar al candidato."
      />
      <Text name="closes_on" label="Fecha de cierre" values={values} type="date" />
      <Text
        name="spe_code"
        label="Código de registro en el Servicio Público de Empleo"
        values={values}
        required={false}
        hint="Obligatorio para publicar (Ley 1636 de 2013, art. 31): el código que le dio el prestador autorizado al registrar la vacante."
      />
      <button type="submit" className="button">
        Guardar
      </button>
    </form>
  );
}

export function WordingFindings({ findings }: { findings: readonly WordingFinding[] }) {
  return (
    <ul className="wording-findings">
      {findings.map((f) => (
        <li key={f.rule}>
          <strong>«{f.found}»</strong>: {f.reason} <em>({f.norm})</em>
        </li>
      ))}
    </ul>
  );
}
