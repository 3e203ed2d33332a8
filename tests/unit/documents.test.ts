/** Structure of the published documents (issue: documents): sources and rendered output. */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { defaultSiteConfig } from "~/config/site";
import { pages } from "~/config/pages";
import { loadDocument, splitFrontMatter } from "~/features/documents/markdown.server";

const ROMAN = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII", "XIV", "XV", "XVI", "XVII"];
const rit = readFileSync("content/reglamento-interno.md", "utf8");
const ritText = rit.replace(/\s+/g, " ");
const rendered = loadDocument("reglamento-interno", defaultSiteConfig);

describe("Reglamento Interno de Trabajo", () => {
  it("has chapters I to XVII in order", () => {
    const chapters = [...rit.matchAll(/^## Capítulo ([IVXL]+)\. \S/gm)].map((m) => m[1]);
    expect(chapters).toEqual(ROMAN);
  });

  it("numbers articles 1 to 112 consecutively, each with its anchor", () => {
    const articles = [...rit.matchAll(/^### Artículo (\d+)\. \S/gm)].map((m) => Number(m[1]));
    expect(articles).toEqual(Array.from({ length: 112 }, (_, i) => i + 1));
    for (let n = 1; n <= 112; n++) expect(rendered.html).toContain(`<h3 id="articulo-${n}">`);
    for (const r of ROMAN) expect(rendered.html).toContain(`<h2 id="capitulo-${r.toLowerCase()}">`);
  });

  it("places articles 95–112 in the last chapter and ends with the alcohol-test annex", () => {
    const lastChapter = rit.slice(rit.indexOf("## Capítulo XVII."));
    expect(lastChapter).toContain("### Artículo 95.");
    expect(lastChapter).toContain("### Artículo 112.");
    const annex = rit.slice(rit.indexOf("## Anexo."));
    expect(annex.length).toBeGreaterThan(2000);
    expect(annex).toMatch(/alcohol/i);
    expect(annex).toMatch(/cero/i);
    expect(annex).toMatch(/\(24\) horas|24 horas/);
    expect(annex).toMatch(/justa causa/i);
    expect(rendered.html).toContain('<h2 id="anexo">');
  });

  it("has no empty article or section", () => {
    const sections = rit.split(/^#{2,3} .*$/m).slice(1);
    sections.forEach((body, i) => {
      if (/^\s*$/.test(body)) {
        // A chapter heading may be followed directly by its first article.
        const headings = [...rit.matchAll(/^#{2,3} .*$/gm)];
        expect(headings[i][0], `vacío: ${headings[i][0]}`).toMatch(/^## /);
      }
    });
    const articleBodies = rit.split(/^### Artículo \d+\..*$/m).slice(1);
    for (const body of articleBodies) expect(body.replace(/^## .*$/m, "").trim().length).toBeGreaterThan(80);
  });

  it("is a full regulation, not an outline", () => {
    const words = splitFrontMatter(rit).body.split(/\s+/).length;
    expect(words).toBeGreaterThan(15_000);
  });

  it.each([
    ["8 h/day and 48 h/week", /ocho \(8\) horas|8 horas/],
    ["48 hours", /48 horas|cuarenta y ocho \(48\)/],
    ["special shift 6/36", /36 horas|treinta y seis \(36\)/],
    ["plant hours", /7:30/],
    ["day work 6:00–21:00", /21:00/],
    ["night surcharge 35%", /35 ?%/],
    ["daytime overtime 25%", /25 ?%/],
    ["night overtime 75%", /75 ?%/],
    ["apprentices 5%", /5 ?%/],
    ["support 50%", /50 ?%/],
    ["probation 2 months", /dos \(2\) meses|2 meses/],
    ["one fifth of the term", /quinta parte/],
    ["vacation 15 working days", /quince \(15\) días hábiles|15 días hábiles/],
    ["at least 6 continuous", /seis \(6\)|6 días/],
    ["integral salary 10 SMMLV", /diez \(10\)|10 salarios/],
    ["30% factor", /30 ?%/],
    ["fortnightly pay", /quincena/],
    ["funeral leave 10%", /10 ?%/],
    ["calamity proof 3 working days", /tres \(3\) días hábiles|3 días hábiles/],
    ["suspension never over 2 months", /dos \(2\) meses|2 meses/],
    ["late arrival 15 minutes", /quince \(15\) minutos|15 minutos/],
    ["notification within 5 days", /cinco \(5\) días|5 días/],
    ["driving 80 km/h", /\(80\) kilómetros por hora|80 km\/h/],
    ["driving 60 km/h", /\(60\) kilómetros por hora|60 km\/h/],
    ["driving 30 km/h", /\(30\) kilómetros por hora|30 km\/h/],
    ["driving 10 km/h", /\(10\) kilómetros por hora|10 km\/h/],
    ["without exceeding the legal limit", /sin exceder el límite legal de la vía/],
    ["8 h driving", /ocho \(8\) horas de conducción|8 horas de conducción|ocho \(8\) horas/],
    ["15-minute break after 2 h", /quince \(15\) minutos|15 minutos/],
    ["illness 180 days", /180/],
    ["detention 30 days", /treinta \(30\) días|30 días/],
    ["loads 15 kg and 8 kg", /\(15\) kilogramos[\s\S]*\(8\) kilogramos/],
    ["committee of 4 members", /cuatro \(4\) miembros|4 miembros|cuatro \(4\) integrantes/],
    ["committee every 2 months", /dos \(2\) meses/],
    ["in force 8 days after publication", /ocho \(8\) días/],
    ["version of 15 May 2023", /15 de mayo de 2023/],
    ["minimum age 15", /quince \(15\) años|15 años/],
    ["minimum age 14", /catorce \(14\) años|14 años/],
    ["descargos", /descargos/],
    ["15-day additional investigation", /quince \(15\) días|15 días/],
    ["decision within 3 days", /tres \(3\) días|3 días/],
    ["two union representatives", /dos \(2\) representantes|dos representantes/],
    ["appeal to the gerente general", /gerente general/],
    ["subgerente", /subgerente/i],
    ["reinstatement", /reintegr/],
    ["worker categories", /trabajadores de planta[\s\S]*trabajadores en misión/],
    [
      "contract kinds",
      /(?=[\s\S]*término fijo)(?=[\s\S]*término indefinido)(?=[\s\S]*obra o labor)(?=[\s\S]*ocasional)(?=[\s\S]*reemplazo)(?=[\s\S]*contrato de aprendizaje)/,
    ],
    ["roles", /gestión humana[\s\S]*(seguridad y salud en el trabajo|HSE)[\s\S]*director administrativo/i],
    ["Comité de Convivencia Laboral", /Comité de Convivencia Laboral/],
    ["right to disconnect", /desconexión/],
    ["teletrabajo", /teletrabajo/i],
    ["alcohol zero tolerance 24/7", /siete \(7\) días|7 días a la semana|veinticuatro \(24\) horas/],
  ])("states %s", (_name, pattern) => {
    expect(ritText).toMatch(pattern);
  });
});

describe("Política de equidad de género y diversidad", () => {
  const policy = readFileSync("content/politica-generos.md", "utf8");
  it("has sections 1–6 and every subsection of the spec", () => {
    const h2 = [...policy.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    expect(h2).toEqual(["1. Introducción", "2. Marco de referencia", "3. Objetivos", "4. Alcance", "5. Desarrollo", "6. Referencias"]);
    for (const sub of [
      "Género",
      "Diversidad",
      "Glosario",
      "Lineamientos",
      "Responsables",
      "No discriminación",
      "Lenguaje incluyente",
      "Canales de denuncia",
      "Sanciones",
      "Equidad de género",
      "Esquemas flexibles",
      "Licencias de maternidad y paternidad",
      "Diligencias personales",
    ]) {
      expect(policy).toMatch(new RegExp(`^### [\\d.]+ ${sub}`, "m"));
    }
  });
  it("states the review period, the referent and the gender commission", () => {
    expect(policy).toMatch(/cada tres \(3\) años|cada tres años/);
    expect(policy).toMatch(/referente de género y diversidad/i);
    expect(policy).toMatch(/gerente/);
    expect(policy).toMatch(/comisión de género/i);
    expect(policy).toMatch(/(al|por lo) menos (con )?una mujer y un hombre/i);
    expect(policy).toMatch(/18 semanas|dieciocho \(18\) semanas/);
    expect(policy).toMatch(/Ley 2114 de 2021/);
  });
  it("references only official or confirmed sources, as links", () => {
    const refs = policy.slice(policy.indexOf("## 6. Referencias"));
    const links = [...refs.matchAll(/\]\((https:\/\/[^)]+)\)/g)].map((m) => new URL(m[1]).hostname);
    expect(links.length).toBeGreaterThan(5);
    for (const host of links) expect(host).toMatch(/\.gov\.co$|(^|\.)ilo\.org$|(^|\.)undp\.org$|^www\.gendersealprivatesector\.org$/);
  });
});

describe("every document", () => {
  const files = readdirSync("content").filter((f) => f.endsWith(".md") && f !== "README.md");
  it.each(files)("%s renders with valid front matter, known placeholders and no empty section", (file) => {
    const doc = loadDocument(file.replace(/\.md$/, ""), defaultSiteConfig);
    expect(doc.html).not.toMatch(/\{\{|\}\}/);
    expect(doc.html.length).toBeGreaterThan(200);
    // A section is empty when the next heading is not deeper and nothing stands between them.
    const body = splitFrontMatter(readFileSync(path.join("content", file), "utf8")).body;
    const lines = body.split("\n");
    lines.forEach((line, i) => {
      const level = /^(#{2,4}) /.exec(line)?.[1].length;
      if (!level) return;
      const next = lines.slice(i + 1).findIndex((l) => l.trim() !== "");
      const following = next === -1 ? undefined : lines[i + 1 + next];
      const nextLevel = following ? /^(#{2,4}) /.exec(following)?.[1].length : undefined;
      expect(following === undefined || (nextLevel !== undefined && nextLevel <= level), `sección vacía: ${line}`).toBe(false);
    });
  });

  it("mission and vision say what the spec says", () => {
    const text = readFileSync(path.join("content", "mision-vision.md"), "utf8");
    expect(text).toMatch(/## Misión/);
    expect(text).toMatch(/## Visión/);
    expect(text).toMatch(/5 años|cinco \(5\) años|cinco años/);
    for (const word of ["calidad", "eficiencia", "tecnología", "medio ambiente", "equidad de género", "diversidad sexual"])
      expect(text.toLowerCase()).toContain(word);
  });

  it("page titles are unique", () => {
    const titles = Object.values(pages).map((p) => p.title);
    expect(new Set(titles).size).toBe(titles.length);
  });
});
