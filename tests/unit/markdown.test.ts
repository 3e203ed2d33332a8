import GithubSlugger from "github-slugger";
import { describe, expect, it } from "vitest";
import { defaultSiteConfig } from "~/config/site";
import { headingId, renderMarkdown } from "~/features/documents/markdown.server";

const doc = (body: string, front = 'title: Prueba\nversion: "1.0"\nupdated: 2024-01-31\ntocDepth: 3') => `---\n${front}\n---\n${body}`;

describe("markdown pipeline", () => {
  it("reads the front matter and validates it", () => {
    const out = renderMarkdown(doc("## Uno\n\nTexto."), defaultSiteConfig);
    expect(out.meta).toMatchObject({ title: "Prueba", version: "1.0", updated: "2024-01-31", tocDepth: 3 });
    expect(() => renderMarkdown("---\nversion: 1\n---\nx", defaultSiteConfig, "x.md")).toThrow(/x\.md: encabezado/);
  });

  it("gives chapters and articles stable anchors and everything else a slug", () => {
    const s = new GithubSlugger();
    expect(headingId("Capítulo XV. Procedimiento disciplinario", s)).toBe("capitulo-xv");
    expect(headingId("Artículo 95. Conductas", s)).toBe("articulo-95");
    expect(headingId("Anexo. Prueba de alcoholemia", s)).toBe("anexo");
    expect(headingId("5.10 Licencias de maternidad y paternidad", s)).toBe("510-licencias-de-maternidad-y-paternidad");
    // Numbered parts of the annex: #anexo-11, so "Cambios vigentes" rows can name them.
    expect(headingId("11. Negativa a la prueba", s, true)).toBe("anexo-11");
    expect(headingId("11. Negativa a la prueba", s)).toBe("11-negativa-a-la-prueba");
  });

  it("builds the table of contents and an anchor link on every heading", () => {
    const out = renderMarkdown(
      doc("## Capítulo I. Objeto\n\n### Artículo 1. Ámbito\n\nTexto.\n\n## Capítulo II. Admisión\n\n### Artículo 2. Requisitos\n\nTexto."),
      defaultSiteConfig,
    );
    expect(out.toc.map((e) => e.id)).toEqual(["capitulo-i", "capitulo-ii"]);
    expect(out.toc[0].children.map((e) => e.id)).toEqual(["articulo-1"]);
    expect(out.html).toContain('<h2 id="capitulo-i">');
    expect(out.html).toContain('<h3 id="articulo-2">');
    expect(out.html).toContain('href="#articulo-2"');
    expect(out.html.match(/Volver al índice/g)).toHaveLength(2);
  });

  it("replaces placeholders from the configuration and refuses unknown ones", () => {
    const out = renderMarkdown(doc("{{company.legalName}}, NIT {{ company.nit }}."), defaultSiteConfig);
    expect(out.html).toContain(`${defaultSiteConfig.company.legalName}, NIT ${defaultSiteConfig.company.nit}.`);
    expect(() => renderMarkdown(doc("{{company.telefono}}"), defaultSiteConfig, "a.md")).toThrow(/a\.md: marcador desconocido \{\{company\.telefono\}\}/);
  });

  it("drops raw HTML and opens external links safely", () => {
    const out = renderMarkdown(
      doc('<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n\n[Ley](https://www.funcionpublica.gov.co/x)'),
      defaultSiteConfig,
    );
    expect(out.html).not.toContain("<script");
    expect(out.html).not.toContain("onerror");
    expect(out.html).toContain('target="_blank" rel="noopener noreferrer"');
  });
});
