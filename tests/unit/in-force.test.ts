/**
 * "Cambios vigentes" (docs/product.md §26, ADR 009): the rows of content/cambios-vigentes.yaml resolve to
 * existing articles and back, the page shows the review date and a marker under every affected
 * article, and a row naming a missing article stops the build.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { DocumentView } from "~/features/documents/document-view";
import { defaultSiteConfig } from "~/config/site";
import { formatDay } from "~/features/documents/in-force";
import { type InForceDocument, inForceDocuments, loadInForce, parseInForce, planInForce } from "~/features/documents/in-force.server";
import { loadDocument } from "~/features/documents/markdown.server";

const data = loadInForce("content");
const documents = Object.keys(inForceDocuments) as InForceDocument[];
// As on the review date, whatever day the tests run.
const rendered = Object.fromEntries(documents.map((name) => [name, loadDocument(name, defaultSiteConfig, data.reviewed)]));
const page = (name: InForceDocument) => renderToStaticMarkup(createElement(DocumentView, { doc: rendered[name] }));

/** The element that follows the heading with this id in the rendered body. */
function afterHeading(html: string, id: string): string {
  const start = html.indexOf(` id="${id}"`);
  expect(start, `#${id}`).toBeGreaterThan(-1);
  const end = html.indexOf("</h", start);
  return html
    .slice(html.indexOf(">", end) + 1)
    .trimStart()
    .split("\n")[0];
}

describe("Cambios vigentes: the data file", () => {
  it("names at least the changes the issue lists, each with a norm and an article", () => {
    const ids = data.changes.map((r) => r.id);
    for (const id of ["jornada-maxima", "horario-planta", "trabajo-nocturno", "recargo-dominical", "aprendizaje", "comite-convivencia", "acoso-sexual"]) {
      expect(ids).toContain(id);
    }
    for (const id of ["edad-minima", "velocidad-urbana", "negativa-alcoholemia"]) {
      expect(data.changes.find((r) => r.id === id)?.kind).toBe("revision");
    }
    for (const row of data.changes) expect(row.norm, row.id).toMatch(/art[ií]culos? \d+|Sentencia|parágrafo/);
  });

  it("states the figures and dates of the legal brief, as they stand on the review date", () => {
    const rows = Object.fromEntries(rendered["reglamento-interno"].inForce?.rows.map((r) => [r.id, r]) ?? []);
    expect(data.reviewed).toBe("2026-11-24");
    expect(rows["jornada-maxima"].current).toMatchObject({ since: "2026-07-15", rule: expect.stringMatching(/\(42\) horas semanales/) });
    expect(rows["jornada-maxima"].earlier.map((s) => s.since)).toEqual(["2023-07-15", "2024-07-15", "2025-07-15"]);
    expect(rows["trabajo-nocturno"].current).toMatchObject({ since: "2025-12-25", rule: expect.stringMatching(/nocturno de 19:00 a 6:00/) });
    expect(rows["recargo-dominical"].current).toMatchObject({ since: "2026-07-01", rule: expect.stringMatching(/^Recargo del 90\u00a0%/) });
    expect(rows["recargo-dominical"].upcoming).toEqual([{ since: "2027-07-01", rule: expect.stringMatching(/^Recargo del 100\u00a0%/) }]);
    expect(rows["aprendizaje"].current?.rule).toMatch(/75\u00a0% del SMMLV en la etapa lectiva y del 100\u00a0% en la etapa práctica/);
    expect(rows["comite-convivencia"].current?.rule).toMatch(/mensuales[\s\S]*empresa usuaria/);
    expect(rows["horario-planta"].adopted).toMatch(/\(43,5\)[\s\S]*\(42,5\)/);
  });
});

describe("Cambios vigentes: each step on its own day (product rule 37)", () => {
  const on = (day: string) => loadDocument("reglamento-interno", defaultSiteConfig, day);
  const row = (day: string, id: string) => on(day).inForce?.rows.find((r) => r.id === id);

  it("chooses the step of the day it renders for, not of the review date", () => {
    expect(row("2027-06-30", "recargo-dominical")?.current?.rule).toMatch(/^Recargo del 90\u00a0%/);
    expect(row("2027-07-01", "recargo-dominical")?.current?.rule).toMatch(/^Recargo del 100\u00a0%/);
    expect(row("2027-07-01", "recargo-dominical")?.upcoming).toEqual([]);
    expect(row("2027-07-01", "recargo-dominical")?.earlier.map((s) => s.since)).toEqual(["2025-07-01", "2026-07-01"]);
    expect(on("2027-06-30").inForce).toMatchObject({ asOf: "2027-06-30", validUntil: "2027-07-01" });
    expect(on("2027-07-01").inForce?.validUntil).toBeUndefined();
  });

  it("carries every later state, hidden until its date, so a copy read that day can show it", () => {
    const html = renderToStaticMarkup(createElement(DocumentView, { doc: on("2026-11-26") }));
    const item = html.slice(html.indexOf('id="cambio-recargo-dominical"'), html.indexOf("</li>", html.indexOf('id="cambio-recargo-dominical"')));
    expect(item).toContain('<div data-in-force-until="2027-07-01"><dt>Aplica hoy</dt><dd>Recargo del 90\u00a0%');
    expect(item).toContain('<div data-in-force-from="2027-07-01" hidden=""><dt>Aplica hoy</dt><dd>Recargo del 100\u00a0%');
    expect(html).toContain('data-in-force-valid-until="2027-07-01"');
    // A row whose last step has started has one state, undated.
    const done = html.slice(html.indexOf('id="cambio-jornada-maxima"'), html.indexOf("</li>", html.indexOf('id="cambio-jornada-maxima"')));
    expect(done).not.toContain("data-in-force-");
  });
});

describe.each(documents)("Cambios vigentes on %s", (name) => {
  const doc = rendered[name];
  const html = page(name);
  const rows = data.changes.filter((r) => r.in[name]);

  it("shows a dated section at the top, with the review date as dd/mm/aaaa", () => {
    expect(doc.inForce?.rows.map((r) => r.id)).toEqual(rows.map((r) => r.id));
    const section = html.indexOf('id="cambios-vigentes"');
    expect(section).toBeGreaterThan(-1);
    expect(section).toBeLessThan(html.indexOf('data-document-body=""'));
    expect(html).toContain(`Vigente al <time dateTime="${data.reviewed}">${formatDay(data.reviewed)}</time>`);
    expect(formatDay(data.reviewed)).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  });

  it("every row links to existing articles, and every one of them links back to the row", () => {
    for (const row of doc.inForce?.rows ?? []) {
      const item = html.slice(html.indexOf(`id="${row.anchor}"`), html.indexOf("</li>", html.indexOf(`id="${row.anchor}"`)));
      expect(row.here.length, row.id).toBe(rows.find((r) => r.id === row.id)?.in[name]?.length);
      for (const link of row.here) {
        expect(item, `${row.id} → ${link.href}`).toContain(`href="${link.href}"`);
        const marker = afterHeading(doc.html, link.href.slice(1));
        expect(marker, `${link.href} → ${row.id}`).toMatch(/^<p class="in-force-marker"/);
        expect(marker, `${link.href} → ${row.id}`).toContain(`href="#${row.anchor}"`);
      }
    }
  });

  it("every article or section with a row shows its marker, and no other one does", () => {
    const marked = new Set((doc.inForce?.rows ?? []).flatMap((r) => r.here.map((l) => l.href.slice(1))));
    const headingIds = [...doc.html.matchAll(/<h[234] id="([^"]+)"/g)].map((m) => m[1]);
    for (const id of headingIds) {
      const next = afterHeading(doc.html, id);
      expect(next.startsWith('<p class="in-force-marker"'), id).toBe(marked.has(id));
    }
    expect(marked.size).toBeGreaterThan(0);
  });
});

describe("Cambios vigentes: the build check", () => {
  const headings = [...rendered["reglamento-interno"].html.matchAll(/<h[234] id="([^"]+)">(.*?)<a /g)].map((m) => ({ id: m[1], text: m[2] }));
  const withRow = (extra: string) => `${readFileSync("content/cambios-vigentes.yaml", "utf8")}\n${extra}`;

  it("fails on a row that names an article the regulations do not have", () => {
    const bad = parseInForce(
      withRow(
        `  - id: fila-mala\n    kind: cambio\n    title: Prueba\n    norm: Ley 1 de 2020, artículo 1\n    adopted: Algo adoptado.\n    steps:\n      - since: 2026-01-01\n        rule: Algo vigente.\n    in:\n      reglamento-interno: [artículo 130]\n`,
      ),
    );
    expect(() => planInForce("reglamento-interno", bad, headings)).toThrow(
      "content/cambios-vigentes.yaml: la fila «fila-mala» nombra «artículo 130», que no existe en content/reglamento-interno.md",
    );
    expect(() => planInForce("reglamento-interno", data, headings)).not.toThrow();
  });

  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    delete process.env.CONTENT_DIR;
    dir = undefined;
  });

  it("stops the page's render (the prerender, so the build) with that message", () => {
    dir = mkdtempSync(path.join(tmpdir(), "contenido-"));
    cpSync("content", dir, { recursive: true });
    writeFileSync(
      path.join(dir, "cambios-vigentes.yaml"),
      readFileSync("content/cambios-vigentes.yaml", "utf8").replace("reglamento-interno: [artículo 21]", "reglamento-interno: [artículo 113]"),
    );
    process.env.CONTENT_DIR = dir;
    expect(() => loadDocument("reglamento-interno", defaultSiteConfig)).toThrow(/la fila «jornada-maxima» nombra «artículo 113», que no existe/);
    expect(() => loadDocument("mision-vision", defaultSiteConfig)).not.toThrow();
  });

  it("refuses malformed rows with a message naming the field", () => {
    expect(() =>
      parseInForce(
        withRow(
          `  - id: jornada-maxima\n    kind: revision\n    title: Repetida\n    norm: Ley 1 de 2020, artículo 1\n    adopted: Algo.\n    steps:\n      - rule: Algo.\n    in:\n      reglamento-interno: [artículo 1]\n`,
        ),
      ),
    ).toThrow(/«jornada-maxima» está repetido/);
    expect(() =>
      parseInForce(
        withRow(
          `  - id: sin-fecha\n    kind: cambio\n    title: Sin fecha\n    norm: Ley 1 de 2020, artículo 1\n    adopted: Algo.\n    steps:\n      - rule: Algo.\n    in:\n      reglamento-interno: [artículo 1]\n`,
        ),
      ),
    ).toThrow(/un cambio necesita la fecha/);
    expect(() =>
      parseInForce(
        withRow(
          `  - id: numero\n    kind: revision\n    title: Número\n    norm: Ley 1 de 2020, artículo 1\n    adopted: Algo.\n    steps:\n      - rule: Algo.\n    in:\n      politica-generos: [5.6]\n`,
        ),
      ),
    ).toThrow(/entre comillas/);
    expect(() => parseInForce("reviewed: 23/11/2026\n")).toThrow(/content\/cambios-vigentes\.yaml: reviewed/);
  });

  it("a bad reference form is refused too", () => {
    const bad = parseInForce(
      withRow(
        `  - id: forma\n    kind: revision\n    title: Forma\n    norm: Ley 1 de 2020, artículo 1\n    adopted: Algo.\n    steps:\n      - rule: Algo.\n    in:\n      reglamento-interno: [art. 21]\n`,
      ),
    );
    expect(() => planInForce("reglamento-interno", bad, headings)).toThrow(/«art\. 21», que no es una referencia válida/);
  });
});
