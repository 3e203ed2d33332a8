// Form pages arrive complete and their forms post without JavaScript, so React is fetched only after
// the first paint: the HTML, stylesheet and font get the connection to themselves on a slow phone.
// This rewrites what React Router's <Scripts /> writes into a prerendered page (ADR 007):
//   <link rel="modulepreload" href="…"/> …          → removed, re-added by the loader after the paint
//   <script type="module" async="">
//     import * as route0 from "…"; … rest; import("entry")
//                                                 → the same statements, run after the first paint
// An unexpected shape fails the build instead of shipping a page that never hydrates.

const PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const ROUTES_SCRIPT = /<script type="module" async="">([\s\S]*?)<\/script>/;
const STATIC_IMPORT = /import \* as (\w+) from ("[^"]+");/g;

/** @param {string} html @param {string} [where] */
export function deferHydration(html, where = "página") {
  const preloads = [...html.matchAll(PRELOAD)].map((m) => m[1]);
  if (preloads.length === 0) return html; // a page without React: nothing to defer
  const script = html.match(ROUTES_SCRIPT);
  const imports = script ? [...script[1].matchAll(STATIC_IMPORT)] : [];
  if (!script || imports.length === 0 || !/\nimport\("[^"]+"\);\s*$/.test(script[1])) {
    throw new Error(`${where}: la forma de los scripts de React Router cambió; revise scripts/defer-hydration.js`);
  }
  const rest = script[1].replace(STATIC_IMPORT, "").replace(/^\s*;\s*/, "");
  const loader = `const preloads = ${JSON.stringify(preloads)};
const hydrate = async () => {
  for (const href of preloads) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.append(link);
  }
  const [${imports.map((m) => m[1]).join(", ")}] = await Promise.all([${imports.map((m) => `import(${m[2]})`).join(", ")}]);
${rest}
};
requestAnimationFrame(() => setTimeout(hydrate, 0));`;
  return html.replace(PRELOAD, "").replace(script[0], () => `<script type="module" async="">${loader}</script>`);
}
