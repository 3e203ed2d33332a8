/**
 * The documents' Markdown pipeline (docs/product.md §15): front matter, placeholders from the site
 * configuration, GFM, an id on every heading (chapters and articles get #capitulo-xv / #articulo-95),
 * a copyable anchor link on each, a table of contents, and "back to contents" links.
 * Raw HTML in the Markdown is dropped, so a document can never inject markup or script.
 */
import { readFileSync, statSync } from "node:fs";
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
import { retentionMarkdown } from "~/platform/retention";
import { formatDay, type InForcePanel, typeset } from "./in-force";
import {
  type HeadingInfo,
  type HeadingMarker,
  IN_FORCE_FILE,
  type InForceDocument,
  inForceDocuments,
  inForceToday,
  loadInForce,
  planInForce,
} from "./in-force.server";

export const documentMetaSchema = z.object({
  title: z.string().min(3),
  description: z.string().min(10).optional(),
  /** Version identifier shown on the page (and stored with a form's consent for the data policy). */
  version: z.string().min(1),
  /** Date of this version, ISO (aaaa-mm-dd). */
  updated: z.iso.date(),
  /** Date this version takes effect, ISO (aaaa-mm-dd); the data policy must state one (Decreto 1377 de 2013, art. 13). */
  effective: z.iso.date().optional(),
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
  /** "Cambios vigentes" for documents named in content/cambios-vigentes.yaml (ADR 009). */
  inForce?: InForcePanel;
}

/** Given every heading of the rendered document, the markers to place after some of them (may throw). */
export type MarkerPlan = (headings: HeadingInfo[]) => Map<string, HeadingMarker[]>;

export interface RenderOptions {
  markers?: MarkerPlan;
}

export const TOC_ID = "indice";

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

export function splitFrontMatter(source: string): { data: unknown; body: string } {
  const match = FRONT_MATTER.exec(source);
  if (!match) return { data: {}, body: source };
  return { data: parseYaml(match[1]) ?? {}, body: source.slice(match[0].length) };
}

/**
 * Flattens the site configuration into `{{company.legalName}}`-style placeholder values; the data policy's
 * retention periods (§17) are `{{retencion.plazos}}`, rendered from the one table the purge applies.
 */
export function placeholderValues(site: SiteConfig): Record<string, string> {
  const values: Record<string, string> = { "site.origin": site.origin, "retencion.plazos": retentionMarkdown() };
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
export function headingId(text: string, slugger: GithubSlugger, inAnnex = false): string {
  // Numbered parts of the annex get stable ids too (#anexo-11), so rows and links can name them.
  const annexPart = inAnnex ? /^(\d+)\.\s/.exec(text) : null;
  if (annexPart) return slugger.slug(`anexo-${annexPart[1]}`);
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

function rehypeDocument(options: { toc: TocEntry[]; tocDepth: number; markers?: MarkerPlan }) {
  return (tree: Root) => {
    const slugger = new GithubSlugger();
    let currentSection: TocEntry | undefined;
    let sectionsSeen = 0;
    const headings: (HeadingInfo & { node: Element; parent: Root | Element })[] = [];
    visit(tree, "element", (node, index, parent) => {
      if (!/^h[2-4]$/.test(node.tagName) || !parent || index === undefined) return;
      const text = toString(node).trim();
      const id = headingId(text, slugger, currentSection?.id === "anexo" && node.tagName !== "h2");
      node.properties = { ...node.properties, id };
      headings.push({ id, text, node, parent });
      node.children.push(
        h("a", { className: ["heading-anchor"], href: `#${id}`, ariaLabel: `Enlace a «${text}»`, dataCopyLink: "" }, [{ type: "text", value: "#" }]),
      );
      const entry: TocEntry = { id, text, children: [] };
      if (node.tagName === "h2") {
        options.toc.push(entry);
        currentSection = entry;
        sectionsSeen += 1;
        if (sectionsSeen > 1) {
          parent.children.splice(index, 0, backToToc());
          return [SKIP, index + 2];
        }
      } else if (node.tagName === "h3" && options.tocDepth >= 3) {
        currentSection?.children.push(entry);
      }
      return undefined;
    });
    if (sectionsSeen > 0) tree.children.push(backToToc());
    if (options.markers) {
      const plan = options.markers(headings.map(({ id, text }) => ({ id, text })));
      for (const { id, node, parent } of headings) {
        const marks = plan.get(id);
        if (!marks) continue;
        const at = parent.children.indexOf(node);
        parent.children.splice(at + 1, 0, ...markerParagraphs(marks));
      }
    }
    // House style: a percent sign stays on the line of its figure.
    visit(tree, "text", (node) => {
      node.value = typeset(node.value);
    });
    // External links open in a new tab without handing the opener over.
    visit(tree, "element", (node) => {
      const href = node.tagName === "a" ? node.properties.href : undefined;
      if (typeof href === "string" && /^https?:\/\//.test(href)) {
        node.properties.target = "_blank";
        node.properties.rel = ["noopener", "noreferrer"];
      }
    });
    // A list whose items are each one link alone (references) is a list of targets, not of sentences:
    // each link gets a 24 px target (WCAG 2.5.8; the inline-text exception does not cover it).
    visit(tree, "element", (node) => {
      if (node.tagName !== "ul" && node.tagName !== "ol") return;
      const items = node.children.filter((c): c is Element => c.type === "element");
      const linkAlone = (li: Element) => {
        const parts = li.children.filter((c) => !(c.type === "text" && !c.value.trim()));
        return parts.length === 1 && parts[0].type === "element" && parts[0].tagName === "a";
      };
      if (items.length > 1 && items.every(linkAlone)) node.properties.className = ["link-list"];
    });
    // Each chapter (an h2 and what follows it, its "Volver al índice" included) in a <section> of its
    // own, which the page lays out only when it nears the viewport (content-visibility, ADR 011 and 014).
    // Until then the chapter occupies a placeholder height (contain-intrinsic-size), chosen here from its
    // text for a 320 px screen and rounded up: a placeholder shorter than the chapter would let the text
    // that tools lay out on demand (axe, and so Lighthouse) overflow onto what follows, and be reported
    // as hidden under it. A taller one only makes the scroll bar approximate until the chapter is shown.
    if (sectionsSeen > 1) {
      const children: Root["children"] = [];
      let chapter: Element | undefined;
      for (const child of tree.children) {
        if (child.type === "element" && child.tagName === "h2") {
          chapter = h("section", { className: ["document-chapter"] });
          children.push(chapter);
        }
        if (chapter) chapter.children.push(child as ElementContent);
        else children.push(child);
      }
      tree.children = children;
      for (const section of children) {
        if (section.type === "element" && section.tagName === "section") {
          section.properties.className = ["document-chapter", `document-chapter-${placeholderRem(section)}`];
        }
      }
    }
  };
}

/**
 * A chapter's placeholder height in rem, a power of two between 16 and 4096 (the classes in
 * document.css): each block of text (paragraph, list item, heading, table row) at about 34 characters
 * per line of 1.7 rem (a 320 px screen) plus its margin, and the "Volver al índice" link, plus a
 * quarter, rounded up. On wider screens the chapter is shorter, so this stays an overestimate.
 */
function placeholderRem(section: Element): number {
  let rem = 4;
  visit(section, "element", (node) => {
    if (!/^(p|li|h[2-4]|tr)$/.test(node.tagName)) return;
    rem += Math.max(1, Math.ceil(toString(node).length / 34)) * 1.7 + 1.3;
    // Only the outermost block counts (a list item's nested paragraphs are its lines).
    return SKIP;
  });
  let bucket = 16;
  while (bucket < rem * 1.25 && bucket < 4096) bucket *= 2;
  return bucket;
}

const MARKER_LEAD: Record<HeadingMarker["kind"], string> = { cambio: "Cambio vigente:", revision: "En revisión legal:" };

/** The short visible note under an article that links to its "Cambios vigentes" row(s). */
function markerParagraphs(marks: HeadingMarker[]): Element[] {
  return (["cambio", "revision"] as const).flatMap((kind) => {
    const ofKind = marks.filter((m) => m.kind === kind);
    if (ofKind.length === 0) return [];
    const links = ofKind.flatMap((m, i): ElementContent[] => [
      ...(i > 0 ? [{ type: "text" as const, value: " · " }] : []),
      h("a", { href: m.href }, [{ type: "text", value: m.label }]),
    ]);
    return [
      h("p", { className: ["in-force-marker"], dataInForce: kind }, [
        h("strong", {}, [{ type: "text", value: MARKER_LEAD[kind] }]),
        { type: "text", value: " " },
        ...links,
      ]),
    ];
  });
}

function backToToc(): Element {
  return h("p", { className: ["back-to-toc"] }, [h("a", { href: `#${TOC_ID}` }, [{ type: "text", value: "Volver al índice" }])]);
}

export function renderMarkdown(source: string, site: SiteConfig, where = "documento", options: RenderOptions = {}): RenderedDocument {
  const { data, body } = splitFrontMatter(source);
  const parsed = documentMetaSchema.safeParse(data);
  if (!parsed.success) {
    throw new Error(`${where}: encabezado (front matter) inválido: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  }
  // The document's own version and effective date are placeholders too: {{document.version}}, {{document.effective}}.
  const values: Record<string, string> = { ...placeholderValues(site), "document.version": parsed.data.version };
  if (parsed.data.effective) values["document.effective"] = formatDay(parsed.data.effective);
  const meta = { ...parsed.data, note: parsed.data.note && fillPlaceholders(parsed.data.note, values, where) };
  const toc: TocEntry[] = [];
  const html = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkRehype)
    .use(rehypeDocument, { toc, tocDepth: meta.tocDepth, markers: options.markers })
    .use(rehypeStringify)
    .processSync(fillPlaceholders(body, values, where))
    .toString();
  return { meta, html, toc };
}

export const contentDir = () => path.resolve(process.env.CONTENT_DIR ?? "content");

/**
 * Reads and renders `content/<name>.md`. Documents are rendered at build time (prerender), so an
 * error here — a bad placeholder, or a "Cambios vigentes" row naming a missing article — stops the build.
 * A document with "Cambios vigentes" is rendered for `today` (its steps in force that day) and rendered
 * again on request once a later step has started (server/index.js; ADR 022).
 */
export function loadDocument(name: string, site: SiteConfig, today: string = inForceToday()): RenderedDocument {
  const dir = contentDir();
  // Rendered on request once a step date has passed: once per day and version of the texts is enough.
  const edited = name in inForceDocuments ? [`${name}.md`, IN_FORCE_FILE].map((f) => statSync(path.join(dir, f)).mtimeMs).join("/") : "";
  const key = `${dir}\0${name}\0${edited}\0${today}`;
  const cached = renderedToday.get(key);
  if (cached && cached.site === site) return cached.doc;
  const doc = renderDocument(name, site, today, dir);
  if (name in inForceDocuments) {
    for (const k of renderedToday.keys()) if (!k.endsWith(`\0${today}`)) renderedToday.delete(k);
    renderedToday.set(key, { site, doc });
  }
  return doc;
}

const renderedToday = new Map<string, { site: SiteConfig; doc: RenderedDocument }>();

function renderDocument(name: string, site: SiteConfig, today: string, dir: string): RenderedDocument {
  const source = readFileSync(path.join(dir, `${name}.md`), "utf8");
  const where = `content/${name}.md`;
  if (!(name in inForceDocuments)) return renderMarkdown(source, site, where);
  const inForce = loadInForce(dir);
  let panel: InForcePanel | undefined;
  const doc = renderMarkdown(source, site, where, {
    markers: (headings) => {
      const plan = planInForce(name as InForceDocument, inForce, headings, today);
      panel = plan.panel;
      return plan.markers;
    },
  });
  return panel ? { ...doc, inForce: panel } : doc;
}
