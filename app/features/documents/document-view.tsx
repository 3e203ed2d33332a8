import { Fragment, type ReactNode } from "react";
import { formatDay as formatDate, IN_FORCE_SECTION_ID, type InForceLink, type InForcePanel, type InForceRow } from "./in-force";
import type { RenderedDocument } from "./markdown.server";

const TOC_ID = "indice";

const Day = ({ iso }: { iso: string }) => <time dateTime={iso}>{formatDate(iso)}</time>;

function Links({ links }: { links: InForceLink[] }) {
  return links.map((link, i) => (
    <span key={link.href + link.label}>
      {i > 0 ? ", " : null}
      <a href={link.href}>{link.label}</a>
    </span>
  ));
}

/** When a group holds (product rule 37): shown only between these dates, by the server and by /js/document-tools.js. */
interface Dated {
  from?: string;
  until?: string;
  hidden?: boolean;
}

/** One term and its description; every group is a div so optional groups stay valid HTML. */
function Pair({ term, children, dated }: { term: string; children: ReactNode; dated?: Dated }) {
  return (
    <div data-in-force-from={dated?.from} data-in-force-until={dated?.until} hidden={dated?.hidden}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function InForceItem({ row, hereLabel }: { row: InForceRow; hereLabel: string }) {
  return (
    <li id={row.anchor} className="in-force-row">
      <h4>{row.title}</h4>
      <dl>
        <Pair term="Norma">{row.norm}</Pair>
        <Pair term="El reglamento dice">{row.adopted}</Pair>
        {row.variants.map((variant, v) => {
          // Today's state is shown; each later one waits for its date (a copy read on that day shows it).
          const dated: Dated | undefined = row.variants.length > 1 ? { from: variant.from, until: variant.until, hidden: v > 0 } : undefined;
          return (
            <Fragment key={variant.from ?? "hoy"}>
              <Pair term="Aplica hoy" dated={dated}>
                {variant.current ? variant.current.rule : "Todavía ninguna etapa: vea el próximo cambio."}
              </Pair>
              <Pair term="Desde" dated={dated}>
                {variant.current?.since ? <Day iso={variant.current.since} /> : variant.current ? "Ya regía cuando se adoptó el reglamento." : "—"}
              </Pair>
              {variant.upcoming.map((step) => (
                <Pair key={step.since} term="Próximo cambio" dated={dated}>
                  Desde el <Day iso={step.since as string} />: {step.rule}
                </Pair>
              ))}
              {variant.earlier.length > 0 ? (
                <Pair term="Etapas anteriores" dated={dated}>
                  {variant.earlier.map((step, i) => (
                    <span key={step.since}>
                      {i > 0 ? " " : null}
                      Desde el <Day iso={step.since as string} />: {step.rule}
                    </span>
                  ))}
                </Pair>
              ) : null}
            </Fragment>
          );
        })}
        {row.note ? <Pair term="Nota">{row.note}</Pair> : null}
        <Pair term={hereLabel}>
          <Links links={row.here} />
        </Pair>
        {row.elsewhere.map((other) => (
          <Pair key={other.document} term={other.document}>
            <Links links={other.links} />
          </Pair>
        ))}
      </dl>
    </li>
  );
}

/** A panel with more rows than this shows a compact index, the rows themselves behind a disclosure. */
const COMPACT_ROWS = 3;

function InForceGroups({ panel }: { panel: InForcePanel }) {
  const changes = panel.rows.filter((r) => r.kind === "cambio");
  const reviews = panel.rows.filter((r) => r.kind === "revision");
  return (
    <>
      {changes.length > 0 ? (
        <>
          <h3>Normas posteriores que cambiaron el texto</h3>
          <ol>
            {changes.map((row) => (
              <InForceItem key={row.id} row={row} hereLabel={panel.hereLabel} />
            ))}
          </ol>
        </>
      ) : null}
      {reviews.length > 0 ? (
        <>
          <h3>En revisión legal desde la adopción</h3>
          <ol>
            {reviews.map((row) => (
              <InForceItem key={row.id} row={row} hereLabel={panel.hereLabel} />
            ))}
          </ol>
        </>
      ) : null}
    </>
  );
}

/**
 * The dated "Cambios vigentes" section of a document published as adopted (ADR 009). A long panel (the
 * regulations: ten rows, some thirteen phone screens) is a compact index, one line per row with its
 * articles, and the rows open on request; a row stays the target of its articles' markers (the browser
 * opens a closed <details> for the fragment it holds, /js/document-tools.js where it does not), and each
 * row still links back to its articles.
 */
function InForceSection({ panel }: { panel: InForcePanel }) {
  const compact = panel.rows.length > COMPACT_ROWS;
  const changes = panel.rows.filter((r) => r.kind === "cambio").length;
  const reviews = panel.rows.length - changes;
  return (
    <section
      className="in-force"
      id={IN_FORCE_SECTION_ID}
      aria-labelledby={`${IN_FORCE_SECTION_ID}-titulo`}
      data-in-force-as-of={panel.asOf}
      data-in-force-valid-until={panel.validUntil}
    >
      <h2 id={`${IN_FORCE_SECTION_ID}-titulo`}>Cambios vigentes</h2>
      <p className="in-force-date">
        Vigente al <Day iso={panel.reviewed} />
      </p>
      {compact ? (
        <>
          <p>
            {`${changes} ${changes === 1 ? "punto cambió" : "puntos cambiaron"} por normas posteriores y ${reviews} ${reviews === 1 ? "está" : "están"} en revisión legal. Cada artículo afectado lleva una marca que enlaza con su fila.`}
          </p>
          <ul className="in-force-index">
            {panel.rows.map((row) => (
              <li key={row.id}>
                <a href={`#${row.anchor}`}>{row.title}</a>
                {row.here.length > 0 ? (
                  <>
                    {" · "}
                    <Links links={row.here} />
                  </>
                ) : null}
              </li>
            ))}
          </ul>
          <details className="in-force-details" data-in-force-rows="">
            <summary>Qué cambió, qué aplica hoy y desde cuándo</summary>
            <p>{panel.intro}</p>
            <InForceGroups panel={panel} />
          </details>
        </>
      ) : (
        <>
          <p>{panel.intro}</p>
          <InForceGroups panel={panel} />
        </>
      )}
    </section>
  );
}

/**
 * A long document: title and version, the print button, the optional search, the table of contents, the optional
 * note on what is in force and "Cambios vigentes", then the text. On a phone the ways through the text come first, print near the top.
 */
export function DocumentView({ doc, searchable = false }: { doc: RenderedDocument; searchable?: boolean }) {
  return (
    <article className="document" data-document="">
      <header className="document-header">
        <h1>{doc.meta.title}</h1>
        <p className="document-version">
          Versión {doc.meta.version} · actualizada el <time dateTime={doc.meta.updated}>{formatDate(doc.meta.updated)}</time>
          {doc.meta.effective ? (
            <>
              {" "}
              · vigente desde el <time dateTime={doc.meta.effective}>{formatDate(doc.meta.effective)}</time>
            </>
          ) : null}
        </p>
      </header>
      <p className="document-print">
        <button type="button" className="button button-secondary" data-print="" hidden>
          Imprimir
        </button>
      </p>
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
      {doc.meta.note ? (
        <aside className="document-note" aria-label="Nota sobre la vigencia">
          <p>{doc.meta.note}</p>
        </aside>
      ) : null}
      {doc.inForce ? <InForceSection panel={doc.inForce} /> : null}
      <div className="document-body prose" data-document-body="" dangerouslySetInnerHTML={{ __html: doc.html }} />
    </article>
  );
}
