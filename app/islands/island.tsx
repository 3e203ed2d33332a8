/**
 * A React island in a prerendered page (DECISIONS 25, ADR 008): the component renders on the server
 * inside a marked container with its props serialised beside it, and a small inline module fetches the
 * island's own bundle after the first paint, so the HTML, stylesheet and font have the connection first.
 */
import manifest from "virtual:islands";

export function Island<P extends object>({ name, component: Component, props }: { name: string; component: React.ComponentType<P>; props: P }) {
  const asset = manifest[name];
  if (!asset) throw new Error(`Isla desconocida: ${name}`);
  // The same statement in every page that has this island, so its CSP hash is stable (scripts/postbuild.js).
  const loader = `requestAnimationFrame(()=>setTimeout(()=>{for(const h of ${JSON.stringify(asset.imports)}){const l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.append(l)}import(${JSON.stringify(asset.entry)})},0))`;
  return (
    <>
      <div data-island={name} data-props={JSON.stringify(props)}>
        <Component {...props} />
      </div>
      <script type="module" dangerouslySetInnerHTML={{ __html: loader }} />
    </>
  );
}
