/**
 * House wording of everything a visitor or a member of the staff reads (docs/product.md §18):
 * Spanish questions open with "¿", "a el" contracts to "al", and "Tu información en un clic" keeps its
 * name while speaking to the visitor as usted, like the rest of the site.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { defaultSiteConfig } from "~/config/site";
import { pages } from "~/config/pages";

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? walk(file) : [file];
  });

/** The lines of the site's sources and texts, without comments (code comments are English and for us). */
const lines = [
  ...walk("app").filter((f) => /\.(tsx?|js)$/.test(f)),
  ...walk("content").filter((f) => /\.(md|yaml)$/.test(f) && !f.endsWith("README.md")),
].flatMap((file) =>
  readFileSync(file, "utf8")
    .split("\n")
    .map((text, i, all) => ({ where: `${file}:${i + 1}`, text, before: all[i - 1] ?? "" }))
    .filter(({ text }) => !/^\s*(\/\/|\*|\/\*|#)/.test(text)),
);

describe("Spanish wording", () => {
  it("every question that ends with ? opens with ¿", () => {
    // A word followed by "?" and then a quote, a tag, a space or the end: a question in a text (code's
    // optional chaining and types are followed by "." or ":").
    const questions = lines.filter(({ text }) => /[a-záéíóúñ]\?(?=["'`<\s)]|$)/i.test(text.replace(/https?:\/\/\S+/g, "")));
    // A question that a long JSX text wraps opens on the line before, with no "?" after its "¿" there.
    const opensBefore = (before: string) => before.lastIndexOf("¿") > before.lastIndexOf("?");
    expect(questions.filter(({ text, before }) => !text.includes("¿") && !opensBefore(before)).map(({ where, text }) => `${where}: ${text.trim()}`)).toEqual(
      [],
    );
  });

  it("the client page asks its question with both marks", () => {
    expect(pages.cliente.title).toBe("¿Quiere ser nuestro cliente?");
  });

  it('"a el" is always "al"', () => {
    expect(lines.filter(({ text }) => /(^|[\s"'`>{(])[Aa] el\s/.test(text)).map(({ where }) => where)).toEqual([]);
  });

  it('"Tu información en un clic" keeps its name and speaks as usted', () => {
    expect(pages.unClick.title).toBe("Tu información en un clic");
    const texts = [
      pages.unClick.description,
      ...defaultSiteConfig.videos.unClick.map((v) => v.title),
      readFileSync("app/routes/nosotros/un-click.tsx", "utf8").replace(/TU INFORMACIÓN EN UN CLIC/g, ""),
    ];
    for (const text of texts) expect(text).not.toMatch(/\b(tu|tus|te|puedes|consulta tu)\b/i);
  });
});
