/**
 * Reads content/cambios-vigentes.yaml and ties its rows to the documents' headings (ADR 009).
 * Runs inside the Markdown pipeline at build (prerender) time: a row that names an article or
 * section the document does not have throws, so the build stops with a message naming the row.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { pages } from "~/config/pages";
import { bogotaDay } from "~/platform/dates";
import { type InForceLink, type InForcePanel, type InForceRow, type InForceStep, type InForceVariant, rowAnchor, typeset } from "./in-force";

export const IN_FORCE_FILE = "cambios-vigentes.yaml";

/**
 * The Colombian day the steps in force are chosen for: today (product rule 37), or IN_FORCE_TODAY
 * (aaaa-mm-dd), which the tests set to render a later day without waiting for it.
 */
export function inForceToday(env: NodeJS.ProcessEnv = process.env, now = new Date()): string {
  const fixed = env.IN_FORCE_TODAY;
  if (fixed) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(fixed)) throw new Error(`IN_FORCE_TODAY debe ser una fecha aaaa-mm-dd (recibido «${fixed}»)`);
    return fixed;
  }
  return bogotaDay(now.toISOString());
}

/** Documents that can carry rows: content name → page. */
export const inForceDocuments = {
  "reglamento-interno": { title: "Reglamento Interno de Trabajo", path: pages.reglamentoInterno.path, hereLabel: "Artículos afectados" },
  "politica-generos": { title: "Política de equidad de género y diversidad", path: pages.politicaGeneros.path, hereLabel: "En esta política" },
} as const;
export type InForceDocument = keyof typeof inForceDocuments;
const documentNames = Object.keys(inForceDocuments) as [InForceDocument, ...InForceDocument[]];

const text = z.string().trim().min(3);
const step = z.object({ since: z.iso.date().optional(), rule: text });
const row = z
  .object({
    id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "debe escribirse en minúsculas, con guiones (p. ej. jornada-maxima)"),
    kind: z.enum(["cambio", "revision"]),
    title: text,
    norm: text,
    adopted: text,
    steps: z.array(step).min(1),
    note: text.optional(),
    in: z.partialRecord(
      z.enum(documentNames),
      z.array(z.string({ error: 'cada referencia va entre comillas o como texto, p. ej. "5.6" o artículo 21' }).trim().min(1)).min(1),
    ),
  })
  .superRefine((r, ctx) => {
    if (Object.keys(r.in).length === 0) ctx.addIssue({ code: "custom", path: ["in"], message: "debe nombrar al menos un documento" });
    if (r.kind === "cambio") {
      r.steps.forEach((s, i) => {
        if (!s.since) ctx.addIssue({ code: "custom", path: ["steps", i, "since"], message: "un cambio necesita la fecha desde la cual aplica" });
        const prev = r.steps[i - 1]?.since;
        if (s.since && prev && s.since <= prev) ctx.addIssue({ code: "custom", path: ["steps", i, "since"], message: "las etapas van en orden de fecha" });
      });
    }
  });

export const inForceFileSchema = z
  .object({
    reviewed: z.iso.date(),
    documents: z.partialRecord(z.enum(documentNames), z.object({ intro: text })),
    changes: z.array(row).min(1),
  })
  .superRefine((file, ctx) => {
    const seen = new Set<string>();
    file.changes.forEach((r, i) => {
      if (seen.has(r.id)) ctx.addIssue({ code: "custom", path: ["changes", i, "id"], message: `«${r.id}» está repetido` });
      seen.add(r.id);
      for (const doc of Object.keys(r.in) as InForceDocument[]) {
        if (!file.documents[doc]) ctx.addIssue({ code: "custom", path: ["changes", i, "in", doc], message: `falta la introducción de «${doc}» en documents` });
      }
    });
  });
export type InForceFile = z.infer<typeof inForceFileSchema>;
export type InForceRowSource = InForceFile["changes"][number];

const where = `content/${IN_FORCE_FILE}`;

export function parseInForce(source: string): InForceFile {
  let data: unknown;
  try {
    data = parseYaml(source);
  } catch (error) {
    throw new Error(`${where}: YAML inválido: ${(error as Error).message}`);
  }
  const parsed = inForceFileSchema.safeParse(data);
  if (!parsed.success) {
    throw new Error(`${where}: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  }
  return parsed.data;
}

export function loadInForce(contentDir: string): InForceFile {
  return parseInForce(readFileSync(path.join(contentDir, IN_FORCE_FILE), "utf8"));
}

type Ref = { kind: "article"; n: number } | { kind: "annex"; n: number } | { kind: "section"; number: string };

/** «artículo 21», «anexo 11» (a numbered part of the annex) or «5.6» (a numbered section). */
export function parseRef(ref: string): Ref | undefined {
  const article = /^art[ií]culo\s+(\d+)$/i.exec(ref);
  if (article) return { kind: "article", n: Number(article[1]) };
  const annex = /^anexo\s+(\d+)$/i.exec(ref);
  if (annex) return { kind: "annex", n: Number(annex[1]) };
  if (/^\d+(\.\d+)*$/.test(ref)) return { kind: "section", number: ref };
  return undefined;
}

function refLabel(ref: Ref): string {
  if (ref.kind === "article") return `Artículo ${ref.n}`;
  if (ref.kind === "annex") return `Anexo, numeral ${ref.n}`;
  return `Apartado ${ref.number}`;
}

/** The stable id of an article or annex part, known without rendering (for links from other pages). */
function stableId(ref: Ref): string | undefined {
  if (ref.kind === "article") return `articulo-${ref.n}`;
  if (ref.kind === "annex") return `anexo-${ref.n}`;
  return undefined;
}

export interface HeadingInfo {
  id: string;
  text: string;
}

function resolve(ref: Ref, headings: HeadingInfo[]): string | undefined {
  const id = stableId(ref);
  if (id) return headings.some((h) => h.id === id) ? id : undefined;
  const number = (ref as { number: string }).number.replace(/\./g, "\\.");
  return headings.find((h) => new RegExp(`^${number}\\.?\\s`).test(h.text))?.id;
}

export interface HeadingMarker {
  href: string;
  label: string;
  kind: InForceRow["kind"];
}

/**
 * Ties the rows naming `document` to its headings: the markers to place after each heading and
 * the panel to show at the top. Throws, naming the row, when a reference does not resolve.
 */
export function planInForce(
  document: InForceDocument,
  file: InForceFile,
  headings: HeadingInfo[],
  today: string = inForceToday(),
): { markers: Map<string, HeadingMarker[]>; panel: InForcePanel | undefined } {
  const markers = new Map<string, HeadingMarker[]>();
  const rows: InForceRow[] = [];
  for (const source of file.changes) {
    const refs = source.in[document];
    if (!refs) continue;
    const here: InForceLink[] = [];
    for (const raw of refs) {
      const ref = parseRef(raw);
      if (!ref) {
        throw new Error(`${where}: la fila «${source.id}» nombra «${raw}», que no es una referencia válida (use «artículo 21», «anexo 11» o «5.6»)`);
      }
      const id = resolve(ref, headings);
      if (!id) {
        throw new Error(`${where}: la fila «${source.id}» nombra «${raw}», que no existe en content/${document}.md`);
      }
      here.push({ label: refLabel(ref), href: `#${id}` });
      const list = markers.get(id) ?? [];
      list.push({ href: `#${rowAnchor(source.id)}`, label: source.title, kind: source.kind });
      markers.set(id, list);
    }
    rows.push(toRow(source, today, document, here));
  }
  if (rows.length === 0) return { markers, panel: undefined };
  const intro = file.documents[document]?.intro ?? "";
  const later = rows.flatMap((r) => r.upcoming.map((s) => s.since as string)).sort();
  return {
    markers,
    panel: { reviewed: file.reviewed, asOf: today, validUntil: later[0], intro: typeset(intro), hereLabel: inForceDocuments[document].hereLabel, rows },
  };
}

/** Which step is current on `day`, which came before and which are to come. */
function stateOn(steps: InForceStep[], day: string): Omit<InForceVariant, "from" | "until"> {
  let current: InForceStep | undefined;
  const earlier: InForceStep[] = [];
  const upcoming: InForceStep[] = [];
  for (const s of steps) {
    if (s.since && s.since > day) upcoming.push(s);
    else {
      if (current) earlier.push(current);
      current = s;
    }
  }
  return { current, earlier, upcoming };
}

function toRow(source: InForceRowSource, today: string, document: InForceDocument, here: InForceLink[]): InForceRow {
  const steps = source.steps.map((s) => ({ ...s, rule: typeset(s.rule) }));
  const { current, earlier, upcoming } = stateOn(steps, today);
  const dates = upcoming.map((s) => s.since as string);
  const variants: InForceVariant[] = [
    { until: dates[0], current, earlier, upcoming },
    ...dates.map((from, i) => ({ from, until: dates[i + 1], ...stateOn(steps, from) })),
  ];
  const elsewhere = (Object.entries(source.in) as [InForceDocument, string[]][])
    .filter(([doc]) => doc !== document)
    .map(([doc, refs]) => {
      const info = inForceDocuments[doc];
      const links = refs.map((raw) => {
        const ref = parseRef(raw);
        const id = ref && stableId(ref);
        return { label: ref ? refLabel(ref) : raw, href: id ? `${info.path}#${id}` : info.path };
      });
      return { document: info.title, links };
    });
  return {
    id: source.id,
    anchor: rowAnchor(source.id),
    kind: source.kind,
    title: typeset(source.title),
    norm: typeset(source.norm),
    adopted: typeset(source.adopted),
    current,
    earlier,
    upcoming,
    variants,
    note: source.note && typeset(source.note),
    here,
    elsewhere,
  };
}
