/**
 * The filter form above a staff list: its fields (FilterSelect, FilterInput, or any labelled field a page
 * adds as a child), a "Filtrar" button and, while a filter is set, a "Quitar filtros" link back to the
 * unfiltered list. A plain GET form: it works without scripts, and the filter stays in the address (the
 * pager's links and the exports keep it).
 */
import type { ReactNode } from "react";

export function StaffFilters({ label, active, clearHref, children }: { label: string; active: boolean; clearHref: string; children: ReactNode }) {
  return (
    <form method="get" className="admin-filters" role="search" aria-label={label}>
      {children}
      <button type="submit" className="button">
        Filtrar
      </button>
      {active ? (
        <a href={clearHref} className="admin-filters-clear">
          Quitar filtros
        </a>
      ) : null}
    </form>
  );
}

/** One text, search or date filter of a staff list, labelled; `wide` takes the row's remaining width. */
export function FilterInput({
  id,
  name,
  label,
  value,
  type = "search",
  maxLength,
  wide = false,
}: {
  id: string;
  name: string;
  label: string;
  value: string | undefined;
  type?: "search" | "text" | "date";
  maxLength?: number;
  wide?: boolean;
}) {
  return (
    <div className={wide ? "field admin-filters-q" : "field"}>
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} type={type} defaultValue={value ?? ""} maxLength={maxLength} />
    </div>
  );
}
