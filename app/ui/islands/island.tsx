/**
 * A React island in a prerendered page (docs/product.md §25, ADR 008): the component renders on the server
 * inside a marked container with its props serialised beside it; the inline site script preloads the
 * island's own bundle after the first paint and hydrates it when the visitor first reaches for it.
 */
import manifest from "virtual:islands";
import appCss from "~/styles/app.css?url";

export function Island<P extends object>({ name, component: Component, props }: { name: string; component: React.ComponentType<P>; props: P }) {
  const asset = manifest[name];
  if (!asset) throw new Error(`Isla desconocida: ${name}`);
  // React's start-up and hydration are one long main-thread task each (≈ 30 and 15 ms here, counted 4x by
  // Lighthouse's mobile simulation, ADR 011), so the island waits for the visitor. The inline site script
  // (app/client/site.js, at the end of the page) reads the entry and its chunks from these attributes:
  // it preloads the chunks once the page has painted and the browser is idle, and imports the entry on
  // the first pointer, key or focus inside the container — before that the form works as an ordinary post
  // (docs/product.md §23) and the island adopts whatever was typed. A draft kept in this tab (sessionStorage)
  // starts it at once, so that it is shown. No script of its own in mid-page: the parser would yield
  // there and style the page twice (ADR 014).
  // A form is never shown without the form styles, however its page is declared: the whole sheet is
  // linked from here too (React keeps one link per address, so a page that links it already gets no
  // second one). A prerendered page that inlined only its own modules once showed a bare form (ADR 017).
  return (
    <div data-island={name} data-island-entry={asset.entry} data-island-imports={asset.imports.join(" ")} data-props={JSON.stringify(props)}>
      <link rel="stylesheet" href={appCss} precedence="default" />
      <Component {...props} />
    </div>
  );
}
