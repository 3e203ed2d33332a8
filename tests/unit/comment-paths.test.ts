// Comments that name a file or folder of the repository (`app/…`, `docs/…md`) must name one that exists:
// a moved or deleted file leaves them pointing nowhere. Also what a comment cites by number: an ADR
// (docs/decisions/NNN-*.md) and a rule of docs/product.md (§N). No comment, in the code or the tests,
// cites the brief or an issue by number.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const SCANNED = ["app", "server", "scripts", "bench", "tests", "vite"];
const SKIPPED = new Set(["node_modules", "results", "fixtures"]);
const TOP = ["app", "server", "scripts", "bench", "tests", "docs", "content", "public", "vite", ".ci"];
// A path as written in prose: starts at a top folder of the repository, not inside a URL or another path.
const PATH = new RegExp(`(?<![\\w./~@:-])(?:${TOP.map((t) => t.replace(".", "\\.")).join("|")})/[\\w./\\-[\\]]*`, "g");

function walk(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : walk(relative);
    return /\.(ts|tsx|js|cjs|mjs|css|sh)$/.test(entry.name) ? [relative] : [];
  });
}

interface Comment {
  line: number;
  text: string;
}

/** The comments of a JavaScript, TypeScript or CSS file, strings and template literals skipped. */
export function commentsOf(source: string, css = false): Comment[] {
  const comments: Comment[] = [];
  let line = 1;
  let i = 0;
  const lineAt = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (source[k] === "\n") line++;
  };
  while (i < source.length) {
    const c = source[i];
    if (c === "/" && source[i + 1] === "*") {
      const end = source.indexOf("*/", i + 2);
      const stop = end === -1 ? source.length : end + 2;
      comments.push({ line, text: source.slice(i, stop) });
      lineAt(i, stop);
      i = stop;
    } else if (!css && c === "/" && source[i + 1] === "/") {
      const end = source.indexOf("\n", i);
      const stop = end === -1 ? source.length : end;
      comments.push({ line, text: source.slice(i, stop) });
      i = stop;
    } else if (c === '"' || c === "'" || (!css && c === "`")) {
      let k = i + 1;
      while (k < source.length && source[k] !== c && !(c !== "`" && source[k] === "\n")) k += source[k] === "\\" ? 2 : 1;
      lineAt(i, k + 1);
      i = k + 1;
    } else {
      if (c === "\n") line++;
      i++;
    }
  }
  return comments;
}

/** Shell comments: from a `#` at the start of a line or after a space. */
function shellComments(source: string): Comment[] {
  return source.split("\n").flatMap((text, index) => {
    const at = text.search(/(^|\s)#(?!!)/);
    return at === -1 ? [] : [{ line: index + 1, text: text.slice(at) }];
  });
}

/** The repository paths a comment names; placeholders (`<name>`, `*`, `…`) and globs are not paths. */
export function pathsIn(text: string): string[] {
  return [...text.matchAll(PATH)]
    .map((match) => match[0].replace(/[.,:;)\]]+$/, ""))
    .filter((candidate) => {
      const next = text[text.indexOf(candidate) + candidate.length];
      return !["<", "*", "{", "$", "…"].includes(next ?? "") && !candidate.endsWith("/.");
    });
}

const EXTENSIONS = ["", ".ts", ".tsx", ".js", ".cjs", ".mjs", ".md", ".json"];
// Folders that runs write and git ignores: named in comments, absent from a fresh clone.
const OUTPUT = ["bench/results"];
const exists = (candidate: string) =>
  OUTPUT.some((folder) => candidate === folder || candidate.startsWith(`${folder}/`)) || EXTENSIONS.some((ext) => existsSync(path.join(root, candidate + ext)));

const adrs = new Set(readdirSync(path.join(root, "docs/decisions")).map((name) => name.slice(0, 3)));
const productRules = new Set([...readFileSync(path.join(root, "docs/product.md"), "utf8").matchAll(/^### (\d+)\./gm)].map((m) => m[1]));

// What the comments may not cite: the brief is not in the repository, and an issue's number says
// nothing to the reader of the code or the tests. They cite docs/product.md §N, an ADR, or nothing.
const CITES_OUTSIDE = /\bSPEC\b|issue \d+|\(this issue\)/;
const CODE = ["app", "server", "scripts", "bench", "tests"];

function findings() {
  const broken: string[] = [];
  // The folders, and the configuration files at the root (vite.config.ts, .dependency-cruiser.cjs…).
  const rootFiles = readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|js|cjs|mjs)$/.test(e.name))
    .map((e) => e.name);
  for (const file of [...SCANNED.flatMap(walk), ...rootFiles]) {
    const source = readFileSync(path.join(root, file), "utf8");
    const comments = file.endsWith(".sh") ? shellComments(source) : commentsOf(source, file.endsWith(".css"));
    for (const { line: first, text } of comments) {
      const lineOf = (needle: string) => first + (text.slice(0, Math.max(0, text.indexOf(needle))).match(/\n/g)?.length ?? 0);
      const outside = text.match(CITES_OUTSIDE)?.[0];
      if (outside && CODE.some((dir) => file.startsWith(`${dir}/`))) broken.push(`${file}:${lineOf(outside)}: ${outside}`);
      for (const candidate of pathsIn(text)) if (!exists(candidate)) broken.push(`${file}:${lineOf(candidate)}: ${candidate}`);
      for (const [, adr] of text.matchAll(/\bADRs? (\d{1,3})\b/g)) {
        if (!adrs.has(adr.padStart(3, "0"))) broken.push(`${file}:${lineOf(`ADR ${adr}`)}: ADR ${adr}`);
      }
      for (const [, rules] of text.matchAll(/docs\/product\.md ((?:§\d+(?:[–-]\d+)?(?:, | and | y )?)+)/g)) {
        for (const [, rule] of rules.matchAll(/§(\d+)/g)) if (!productRules.has(rule)) broken.push(`${file}:${lineOf(`§${rule}`)}: docs/product.md §${rule}`);
      }
    }
  }
  return broken;
}

describe("comments name what exists", () => {
  it("reads comments, not strings", () => {
    const comments = commentsOf('const a = "// app/no.ts"; // app/yes.ts\n/* docs/x.md */ const b = `/* app/no2.ts */`;');
    expect(comments.map((c) => c.text)).toEqual(["// app/yes.ts", "/* docs/x.md */"]);
    expect(comments.map((c) => c.line)).toEqual([1, 2]);
  });

  it("finds paths in prose, not in URLs, placeholders or globs", () => {
    expect(pathsIn("see app/platform/csv.server.ts, and docs/product.md §4.")).toEqual(["app/platform/csv.server.ts", "docs/product.md"]);
    expect(pathsIn("https://example.com/app/x.ts and features/<channel>/x.ts, app/routes/admin/*")).toEqual([]);
    expect(pathsIn("(app/features/ethics)")).toEqual(["app/features/ethics"]);
  });

  it("every path, ADR and product rule a comment names exists, and no comment cites the brief or an issue", () => {
    expect(findings()).toEqual([]);
  });
});
