import { describe, expect, it } from "vitest";
import { deferHydration } from "../../scripts/defer-hydration.js";

// The shape React Router's <Scripts /> writes into a prerendered page (trimmed).
const page = `<html><head><link rel="stylesheet" href="/assets/app.css"/><link rel="modulepreload" href="/assets/entry.client-A.js"/><link rel="modulepreload" href="/assets/chunk-B.js"/></head><body><main>Hola</main>
<script>window.__reactRouterContext = {};</script><script type="module" async="">;
import * as route0 from "/assets/root-C.js";
import * as route1 from "/assets/contacto-D.js";
  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-A.js"}};
  window.__reactRouterRouteModules = {"root":route0,"routes/contacto":route1};

import("/assets/entry.client-A.js");</script></body></html>`;

describe("deferHydration", () => {
  const out = deferHydration(page);

  it("removes the module preloads from the page and lists them for the loader", () => {
    expect(out).not.toContain('rel="modulepreload"');
    expect(out).toContain('const preloads = ["/assets/entry.client-A.js","/assets/chunk-B.js"];');
    expect(out).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
  });

  it("keeps every statement of the routes script, run after the first paint", () => {
    expect(out).not.toMatch(/import \* as/);
    expect(out).toContain('const [route0, route1] = await Promise.all([import("/assets/root-C.js"), import("/assets/contacto-D.js")]);');
    expect(out).toContain('window.__reactRouterRouteModules = {"root":route0,"routes/contacto":route1};');
    expect(out).toContain('import("/assets/entry.client-A.js");\n};\nrequestAnimationFrame(() => setTimeout(hydrate, 0));</script>');
    expect(out).toContain("<script>window.__reactRouterContext = {};</script>");
  });

  it("is valid JavaScript", () => {
    const code = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(out)?.[1] ?? "";
    // An async function body accepts the await and the dynamic imports of the loader.
    expect(() => new Function(`return async () => {${code}}`)).not.toThrow();
  });

  it("leaves a page without React untouched, and is idempotent", () => {
    const content = '<html><body><main>Texto</main><script src="/js/site.js" type="module"></script></body></html>';
    expect(deferHydration(content)).toBe(content);
    expect(deferHydration(out)).toBe(out);
  });

  it("fails the build when React Router's output changes shape", () => {
    const changed = page.replace('<script type="module" async="">', '<script type="module">');
    expect(() => deferHydration(changed, "/contacto")).toThrow(/\/contacto: la forma de los scripts de React Router cambió/);
  });
});
