/**
 * The documents' Markdown pipeline (DECISIONS 15): front matter, placeholders from the site
 * configuration, GFM, an id on every heading (chapters and articles get #capitulo-xv / #articulo-95),
 * a copyable anchor link on each, a table of contents, and "back to contents" links.
 * Raw HTML in the Markdown is dropped, so a document can never inject markup or script.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import GithubSlugger from "github-slugger";
import type { Element, ElementContent, Root } from "hast";
import { toString } from "hast-util-to-string";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { SKIP, visit } from "unist-util-visit";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import type { SiteConfig } from "~/config/site";

export const documentMetaSchema = z.object({
  title: z.string().min(3),
  description: z.string().min(10).optional(),
  /** Version identifier shown on the page (and stored with a form's consent for the data policy). */
  version: z.string().min(1),
  /** Date of this version, ISO (aaaa-mm-dd). */
  updated: z.iso.date(),
  /** Table of contents depth: 2 lists sections, 3 also their subsections. */
  tocDepth: z.union([z.literal(2), z.literal(3)]).default(2),
  /** A visible note shown above the text (e.g. which later laws prevail). */
  note: z.string().optional(),
});
export type DocumentMeta = z.infer<typeof documentMetaSchema>;

export interface TocEntry {
  id: string;
  text: string;
  children: TocEntry[];
}

export interface RenderedDocument {
  meta: DocumentMeta;
  html: string;
  toc: TocEntry[];
}

export const TOC_ID = "indice";

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

export function splitFrontMatter(source: string): { data: unknown; body: string } {
  const match = FRONT_MATTER.exec(source);
  if (!match) return { data: {}, body: source };
  return { data: parseYaml(match[1]) ?? {}, body: source.slice(match[0].length) };
}

/** Flattens the site configuration into `{{company.legalName}}`-style placeholder values. */
export function placeholderValues(site: SiteConfig): Record<string, string> {
  const values: Record<string, string> = { "site.origin": site.origin };
  for (const group of ["company", "contact"] as const) {
    for (const [key, value] of Object.entries(site[group])) values[`${group}.${key}`] = String(value);
  }
  return values;
}

export function fillPlaceholders(text: string, values: Record<string, string>, where = "documento"): string {
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${where}: marcador desconocido {{${name}}}`);
    return value;
  });
}

/** Stable ids for the regulations' structure; GitHub-style slugs for everything else. */
export function headingId(text: string, slugger: GithubSlugger): string {
  const chapter = /^cap[ií]tulo\s+([ivxlc]+)\b/i.exec(text);
  if (chapter) return slugger.slug(`capitulo-${chapter[1].toLowerCase()}`);
  const article = /^art[ií]culo\s+(\d+)\b/i.exec(text);
  if (article) return slugger.slug(`articulo-${article[1]}`);
  if (/^anexo\b/i.test(text)) return slugger.slug("anexo");
  return slugger.slug(text);
}

const h = (tagName: string, properties: Element["properties"], children: ElementContent[] = []): Element => ({
  type: "element",
  tagName,
  properties,
  children,
});

function rehypeDocument(options: { toc: TocEntry[]; tocDepth: number }) {
  return (tree: Root) => {
    const slugger = new GithubSlugger();
    let currentSection: TocEntry | undefined;
    visit(tree, "element", (node) => {
      if (!/^h[2-4]$/.test(node.tagName)) return;
      const text = toString(node).trim();
      const id = headingId(text, slugger);
      node.properties = { ...node.properties, id };
      node.children.push(
        h("a", { className: ["heading-anchor"], href: `#${id}`, ariaLabel: `Enlace a «${text}»`, dataCopyLink: "" }, [
          { type: "text", value: "#" },
        ]),
      );
      const entry: TocEntry = { id, text, children: [] };
      if (node.tagName === "h2") {
        options.toc.push(entry);
        currentSection = entry;
      } else if (node.tagName === "h3" && options.tocDepth >= 3) {
        currentSection?.children.push(entry);
      }
      return SKIP;
    });
    // Each h2 opens a <section> that runs to the next h2 and ends with a link back to the contents.
    // The browser skips laying out sections off screen (content-visibility in document.css), while
    // the whole text stays in the HTML for search, print and anchors (ADR 011).
    const sections: Element[] = [];
    const intro: Root["children"] = [];
    for (const child of tree.children) {
      if (child.type === "element" && child.tagName === "h2") sections.push(h("section", { className: ["document-section"] }, [child]));
      else if (sections.length > 0) sections.at(-1)?.children.push(child as ElementContent);
      else intro.push(child);
    }
    for (const section of sections) section.children.push(backToToc());
    tree.children = [...intro, ...sections];
    // External links open in a new tab without handing the opener over.
    visit(tree, "element", (node) => {
      const href = node.tagName === "a" ? node.properties.href : undefined;
      if (typeof href === "string" && /^https?:\/\//.test(href)) {
        node.properties.target = "_blank";
        node.properties.rel = ["noopener", "noreferrer"];
      }
    });
  };
}

function backToToc(): Element {
  return h("p", { className: ["back-to-toc"] }, [h("a", { href: `#${TOC_ID}` }, [{ type: "text", value: "Volver al índice" }])]);
}

export function renderMarkdown(source: string, site: SiteConfig, where = "documento"): RenderedDocument {
  const { data, body } = splitFrontMatter(source);
  const parsed = documentMetaSchema.safeParse(data);
  if (!parsed.success) {
    throw new Error(`${where}: encabezado (front matter) inválido: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  }
  const values = placeholderValues(site);
  const meta = { ...parsed.data, note: parsed.data.note && fillPlaceholders(parsed.data.note, values, where) };
  const toc: TocEntry[] = [];
  const html = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkRehype)
    .use(rehypeDocument, { toc, tocDepth: meta.tocDepth })
    .use(rehypeStringify)
    .processSync(fillPlaceholders(body, values, where))
    .toString();
  return { meta, html, toc };
}

export const contentDir = () => path.resolve(process.env.CONTENT_DIR ?? "content");

/** Reads and renders `content/<name>.md`. Documents are rendered at build time (prerender). */
export function loadDocument(name: string, site: SiteConfig): RenderedDocument {
  const file = path.join(contentDir(), `${name}.md`);
  return renderMarkdown(readFileSync(file, "utf8"), site, `content/${name}.md`);
}
