/**
 * The paging links under a staff list (keyset paging, app/platform/paging.ts): first, previous (newer),
 * next (older) and last (oldest) page, as plain links that keep the list's filter; nothing when the list
 * fits on one page.
 */
import { type Cursor, pageHref } from "~/platform/paging";

export interface PagerState {
  older: Cursor | null;
  newer: Cursor | null;
  first: boolean;
  last: boolean;
}

export function Pager({ query, page }: { query: string; page: PagerState }) {
  if (page.first && page.last) return null;
  return (
    <nav aria-label="Páginas" className="admin-pages">
      {!page.first ? <a href={pageHref(query)}>Primera página</a> : null}
      {page.newer ? (
        <a href={pageHref(query, { despues: page.newer })} rel="prev">
          Anterior
        </a>
      ) : null}
      {page.older ? (
        <a href={pageHref(query, { antes: page.older })} rel="next">
          Siguiente
        </a>
      ) : null}
      {!page.last ? <a href={pageHref(query, { ultima: true })}>Última página</a> : null}
    </nav>
  );
}
