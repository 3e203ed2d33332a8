/**
 * Byte budgets of the production build (gzip, deterministic): what each published page loads.
 * Prints the table of sizes. Needs `npm run build` first (npm test does it).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { pages } from "~/config/pages";

const client = path.resolve("build/client");
const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const fileFor = (url: string) => path.join(client, url.split("?")[0]);

interface PageWeight {
  path: string;
  html: number;
  js: number;
  css: number;
  fonts: number;
  images: number;
  total: number;
}

function weigh(pagePath: string): PageWeight {
  const htmlFile = path.join(client, pagePath, "index.html");
  const html = readFileSync(htmlFile, "utf8");
  const scripts = new Set([...html.matchAll(/<script[^>]+src="([^"]+)"/g), ...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]));
  // Modules imported by inline scripts (an island's entry) count too, and so do the chunks that the
  // island loader preloads after the first paint (ADR 008).
  for (const m of html.matchAll(/(?:\bfrom\s*|\bimport\(\s*)["'](\/assets\/[^"']+\.js)["']/g)) scripts.add(m[1]);
  const deferred = /for\(const h of (\[[^\]]*\])\)/.exec(html);
  for (const src of deferred ? (JSON.parse(deferred[1]) as string[]) : []) scripts.add(src);
  const styles = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
  const images = [...html.matchAll(/<img[^>]+src="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  const css = styles.map((s) => readFileSync(fileFor(s), "utf8")).join("");
  // The default Home background and the font are loaded through the stylesheet.
  if (pagePath === "/") images.push(/url\("?(\/assets\/home-default-light[^")]+)"?\)/.exec(css)?.[1] ?? "");
  const fonts = [...new Set([...css.matchAll(/url\("?(\/assets\/[^")]+\.woff2)"?\)/g)].map((m) => m[1]))];
  const w = {
    path: pagePath,
    html: gz(htmlFile),
    js: [...scripts].reduce((sum, s) => sum + gz(fileFor(s)), 0),
    css: styles.reduce((sum, s) => sum + gz(fileFor(s)), 0),
    fonts: fonts.reduce((sum, f) => sum + statSync(fileFor(f)).size, 0),
    images: images.filter(Boolean).reduce((sum, i) => sum + gz(fileFor(i)), 0),
    total: 0,
  };
  w.total = w.html + w.js + w.css + w.fonts + w.images;
  return w;
}

const weights = Object.values(pages).map((p) => weigh(p.path));
const byPath = Object.fromEntries(weights.map((w) => [w.path, w]));
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

afterAll(() => {
  console.log("\nBytes por página (gzip; fuentes woff2 tal cual):");
  console.table(Object.fromEntries(weights.map((w) => [w.path, { HTML: kb(w.html), JS: kb(w.js), CSS: kb(w.css), fuentes: kb(w.fonts), imágenes: kb(w.images), total: kb(w.total) }])));
});

describe("byte budgets", () => {
  it("content pages load no React and at most 3 KB of small scripts", () => {
    for (const page of Object.values(pages).filter((p) => !("interactive" in p && p.interactive))) {
      expect(byPath[page.path].js, page.path).toBeLessThanOrEqual(3 * 1024);
    }
  });

  it("form pages load at most 88 KB of JavaScript (DECISIONS 25: 0.9x the earlier site's 98 KB)", () => {
    for (const p of [pages.contacto, pages.cliente, pages.incidente]) {
      expect(byPath[p.path].js, p.path).toBeGreaterThan(20 * 1024); // the island is counted
      expect(byPath[p.path].js, p.path).toBeLessThanOrEqual(88 * 1024);
    }
  });

  it("form pages hydrate only their form island, fetched after the first paint (ADR 008)", () => {
    for (const [p, island] of [
      [pages.contacto, "message-form"],
      [pages.cliente, "message-form"],
      [pages.incidente, "report-form"],
    ] as const) {
      const html = readFileSync(path.join(client, p.path, "index.html"), "utf8");
      expect(html, p.path).not.toContain('<link rel="modulepreload"');
      expect(html, p.path).not.toMatch(/entry\.client|__reactRouterContext/);
      expect(html, p.path).toMatch(new RegExp(`<div data-island="${island}" data-props="[^"]+">`));
      expect(html, p.path).toMatch(new RegExp(`requestAnimationFrame\\(\\(\\)=>setTimeout\\(\\(\\)=>\\{.*import\\("/assets/island-${island}-[\\w-]+\\.js"\\)`));
    }
  });

  it("the stylesheet stays within 6 KB", () => {
    expect(byPath["/"].css).toBeLessThanOrEqual(6 * 1024);
  });

  it("Home weighs at most 45 KB in all", () => {
    expect(byPath["/"].total).toBeLessThanOrEqual(45 * 1024);
  });

  it("the regulations page weighs at most 130 KB in all", () => {
    expect(byPath["/nosotros/reglamentoInterno"].total).toBeLessThanOrEqual(130 * 1024);
  });

  it("one font file, a Latin subset of one variable family, at most 32 KB", () => {
    const fonts = readdirSync(path.join(client, "assets")).filter((f) => /\.(woff2?|ttf|otf)$/.test(f));
    expect(fonts).toHaveLength(1);
    expect(statSync(path.join(client, "assets", fonts[0])).size).toBeLessThanOrEqual(32 * 1024);
  });

  it("no raster image wider than twice its display size; every image has its dimensions", () => {
    for (const page of Object.values(pages)) {
      const html = readFileSync(path.join(client, page.path, "index.html"), "utf8");
      for (const [tag] of html.matchAll(/<img[^>]*>/g)) {
        expect(tag, page.path).toMatch(/width="\d+"/);
        expect(tag, page.path).toMatch(/height="\d+"/);
        const src = /src="([^"]+)"/.exec(tag)?.[1] ?? "";
        // Vector art scales to any size; raster images must not be oversized.
        if (!src.endsWith(".svg")) {
          const width = Number(/width="(\d+)"/.exec(tag)?.[1]);
          const png = readFileSync(fileFor(src));
          expect(png.readUInt32BE(16), src).toBeLessThanOrEqual(width * 2);
        }
      }
    }
  });
});
