import type { RenderedDocument } from "~/lib/markdown.server";

const TOC_ID = "indice";

function formatDate(iso: string): string {
  const [y, m, d] = iso.split("-");
  return `${d}/${m}/${y}`;
}

/** A long document: title, version, optional note, table of contents, text, and optional search. */
export function DocumentView({ doc, searchable = false }: { doc: RenderedDocument; searchable?: boolean }) {
  return (
    <article className="document" data-document="">
      <header className="document-header">
        <h1>{doc.meta.title}</h1>
        <p className="document-version">
          Versión {doc.meta.version} · actualizada el <time dateTime={doc.meta.updated}>{formatDate(doc.meta.updated)}</time>
        </p>
        {doc.meta.note ? (
          <aside className="document-note" aria-label="Nota sobre la vigencia">
            <p>{doc.meta.note}</p>
          </aside>
        ) : null}
      </header>
      {doc.toc.length > 0 ? (
        <nav className="document-toc" aria-labelledby={`${TOC_ID}-titulo`} id={TOC_ID}>
          <h2 id={`${TOC_ID}-titulo`}>Contenido</h2>
          <ol>
            {doc.toc.map((entry) => (
              <li key={entry.id}>
                <a href={`#${entry.id}`}>{entry.text}</a>
                {entry.children.length > 0 ? (
                  <ol>
                    {entry.children.map((child) => (
                      <li key={child.id}>
                        <a href={`#${child.id}`}>{child.text}</a>
                      </li>
                    ))}
                  </ol>
                ) : null}
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      {searchable ? (
        <search className="document-search" data-document-search="" hidden>
          <form role="search" aria-label="Buscar en el documento">
            <label htmlFor="buscar-texto">Buscar en el texto</label>
            <div className="document-search-row">
              <input id="buscar-texto" name="q" type="search" autoComplete="off" enterKeyHint="search" />
              <button type="button" data-search-prev="" aria-label="Coincidencia anterior">
                ↑
              </button>
              <button type="button" data-search-next="" aria-label="Coincidencia siguiente">
                ↓
              </button>
            </div>
            <p className="document-search-status" role="status" aria-live="polite" data-search-status="" />
          </form>
        </search>
      ) : null}
      <div className="document-body prose" data-document-body="" dangerouslySetInnerHTML={{ __html: doc.html }} />
      <p className="document-print">
        <button type="button" className="button button-secondary" data-print="" hidden>
          Imprimir
        </button>
      </p>
    </article>
  );
}
