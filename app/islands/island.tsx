/**
 * A React island in a prerendered page (DECISIONS 25, ADR 008): the component renders on the server
 * inside a marked container with its props serialised beside it, and a small inline script preloads the
 * island's own bundle after load and hydrates it when the visitor first reaches for it.
 */
import manifest from "virtual:islands";

export function Island<P extends object>({ name, component: Component, props }: { name: string; component: React.ComponentType<P>; props: P }) {
  const asset = manifest[name];
  if (!asset) throw new Error(`Isla desconocida: ${name}`);
  // The same statement in every page that has this island, so its CSP hash is stable (scripts/postbuild.js).
  // React's start-up and hydration are one long main-thread task each (≈ 30 and 15 ms here, counted 4x by
  // Lighthouse's mobile simulation, ADR 011), so the island waits for the visitor: its chunks are
  // preloaded when the site script says the page has painted and the browser is idle (the
  // "sitio:pintado" event, ADR 014), and it hydrates on the first pointer, key or focus
  // inside it — before that the form works as an ordinary post (DECISIONS 23) and the island adopts
  // whatever was typed. A draft kept in this tab (sessionStorage) hydrates at once, after the first
  // paint, so that it is shown.
  const imports = JSON.stringify(asset.imports);
  const loader =
    `let q=0;const p=()=>{if(q++)return;for(const h of ${imports}){const l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.append(l)}},` +
    `i=document.querySelectorAll(${JSON.stringify(`[data-island="${name}"]`)}),e=["pointerdown","keydown","focusin","touchstart"];` +
    `let s=0;const g=()=>{if(s)return;s=1;for(const c of i)for(const t of e)c.removeEventListener(t,g,true);p();import(${JSON.stringify(asset.entry)})};` +
    `for(const c of i)for(const t of e)c.addEventListener(t,g,{capture:true,passive:true});` +
    `let d=0;try{d=sessionStorage.length}catch{}` +
    `if(d)requestAnimationFrame(()=>setTimeout(g,0));` +
    `else addEventListener("sitio:pintado",p,{once:true});`;
  return (
    <>
      <div data-island={name} data-props={JSON.stringify(props)}>
        <Component {...props} />
      </div>
      {/* A classic script in a block, run as the parser reaches it (the container is already there): a
          module would be evaluated with DOMContentLoaded, one more task of ≈ 15 ms here (ADR 011). */}
      <script dangerouslySetInnerHTML={{ __html: `{${loader}}` }} />
    </>
  );
}
