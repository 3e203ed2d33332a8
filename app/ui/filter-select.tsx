/** One filter of a staff list: a labelled select whose first option ("Todos", "Todas") means no filter. */
export function FilterSelect({
  id,
  name,
  label,
  value,
  all,
  options,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  all: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value}>
        <option value="">{all}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
