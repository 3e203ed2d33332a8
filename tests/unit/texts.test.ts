/**
 * What the published texts must say (docs/product.md §26, ADR 009): the data policy's controller and dates, the
 * gender-equity policy's references, the house style of content/README.md, and the short privacy
 * notice the forms show next to the consent checkbox.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { privacyNotice } from "~/config/privacy-notice";
import { defaultSiteConfig, parseSiteConfig } from "~/config/site";
import { loadInForce } from "~/features/documents/in-force.server";
import { loadDocument, splitFrontMatter } from "~/features/documents/markdown.server";

const published = readdirSync("content").filter((f) => f.endsWith(".md") && f !== "README.md");
const source = (file: string) => readFileSync(path.join("content", file), "utf8");
const plain = (html: string) => html.replace(/<[^>]+>/g, "").replace(/\s+/g, " ");

describe("data policy (Decreto 1377 de 2013, art. 13)", () => {
  const site = parseSiteConfig({ company: { city: "Medellín", address: "Carrera 43A # 1-50" } });
  const doc = loadDocument("privacidad", site);
  const text = plain(doc.html);
  const controller = text.slice(text.indexOf("1. Responsable del tratamiento"), text.indexOf("2. Marco normativo"));

  it("names the controller's full domicile, city included, from the site configuration", () => {
    expect(controller).toContain("Domicilio: Medellín, Colombia.");
    expect(controller).toContain("Dirección: Carrera 43A # 1-50, Medellín.");
    expect(text).toContain("dirigida a Carrera 43A # 1-50, Medellín,");
    expect(plain(loadDocument("privacidad", defaultSiteConfig).html)).toContain(`Domicilio: ${defaultSiteConfig.company.city}, Colombia.`);
  });

  it("states a real effective date, the same in the header and the text", () => {
    expect(doc.meta.effective).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const [y, m, d] = (doc.meta.effective as string).split("-");
    expect(text).toContain(`Rige desde el ${d}/${m}/${y}`);
    expect(text).toContain(`versión ${doc.meta.version} de la Política`);
    expect(text).not.toMatch(/el día de su publicación/);
  });

  it("states revocation at any time once, and no contract-acceptance exception", () => {
    const sentences = text.split(/(?<=\.)\s/).filter((s) => /revoc/i.test(s));
    expect(sentences.filter((s) => /en cualquier momento/.test(s))).toHaveLength(1);
    expect(sentences.some((s) => /cuando el tratamiento no respete/.test(s))).toBe(false);
    expect(text).not.toMatch(/al aceptar un contrato/i);
    expect(text).toMatch(/artículo 10 de la Ley 1581 de 2012/);
  });
});

describe("short privacy notice next to each consent checkbox (Ley 1581 de 2012, art. 12)", () => {
  it.each([undefined, "contacto", "cliente"] as const)("names who processes the data and for what (%s)", (form) => {
    const notice = privacyNotice(defaultSiteConfig, form);
    expect(notice.text).toContain(defaultSiteConfig.company.legalName);
    expect(notice.text).toContain(`${defaultSiteConfig.company.address}, ${defaultSiteConfig.company.city}`);
    expect(notice.text).toMatch(/solo para responder su (mensaje|solicitud)/);
    expect(notice.text).toContain(defaultSiteConfig.contact.privacyEmail);
    expect(notice.text).toMatch(/revocar esta autorización en cualquier momento/);
    expect(notice.href).toBe("/privacidad");
    expect(notice.linkText).toBe(loadDocument("privacidad", defaultSiteConfig).meta.title);
    expect(notice.text.length).toBeLessThan(520);
  });
});

/** Every norm a text cites: «Ley 1010 de 2006», «Leyes 1822 de 2017 y 2114 de 2021», decrees, resolutions, codes. */
export function citedNorms(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(/\bLeyes ((?:\d+ de \d{4}(?:, | y )?)+)/g)) {
    for (const n of m[1].matchAll(/(\d+) de (\d{4})/g)) found.add(`Ley ${n[1]} de ${n[2]}`);
  }
  for (const m of text.matchAll(/\bLey (?:Estatutaria )?(\d+) de (\d{4})/g)) found.add(`Ley ${m[1]} de ${m[2]}`);
  for (const m of text.matchAll(/\b(Decreto|Resolución) (\d+) de (\d{4})/g)) found.add(`${m[1]} ${m[2]} de ${m[3]}`);
  if (/Código Sustantivo del Trabajo/.test(text)) found.add("Código Sustantivo del Trabajo");
  if (/Código Penal/.test(text)) found.add("Código Penal");
  if (/\bConstitución\b/.test(text)) found.add("Constitución Política");
  return [...found].sort();
}

describe("gender-equity policy", () => {
  const policy = splitFrontMatter(source("politica-generos.md")).body;
  const body = policy.slice(0, policy.indexOf("## 6. Referencias"));
  const references = policy
    .slice(policy.indexOf("## 6. Referencias"))
    .split("\n")
    .filter((l) => l.startsWith("- "));

  it("lists, with its link, every norm it cites (a script over the text)", () => {
    const cited = citedNorms(body);
    expect(cited.length).toBeGreaterThan(25);
    for (const norm of cited) {
      const entry = references.find((line) => line.replace(/Ley Estatutaria/, "Ley").includes(norm));
      expect(entry, `falta en Referencias: ${norm}`).toBeDefined();
      expect(entry, norm).toMatch(/^- \[[^\]]+\]\(https?:\/\/[^)]+\)$/);
    }
  });

  it("the script finds every form of citation", () => {
    expect(
      citedNorms(
        "Las Leyes 1822 de 2017 y 2114 de 2021; la Ley Estatutaria 1618 de 2013; Leyes 1221 de 2008, 2088 de 2021 y 2121 de 2021; Resolución 3461 de 2025.",
      ),
    ).toEqual([
      "Ley 1221 de 2008",
      "Ley 1618 de 2013",
      "Ley 1822 de 2017",
      "Ley 2088 de 2021",
      "Ley 2114 de 2021",
      "Ley 2121 de 2021",
      "Resolución 3461 de 2025",
    ]);
  });

  it("keeps permits and their proof apart from the calamity rule; funeral leave is not calamity", () => {
    const errands = body.slice(body.indexOf("### 5.11"));
    expect(errands).not.toMatch(/demás permisos legales siguen[^.]*tres/);
    expect(errands).toMatch(/\*\*Grave calamidad doméstica\*\*[^\n]*tres \(3\) días hábiles/);
    expect(errands).toMatch(/\*\*Licencia de luto\*\*[^\n]*no es una calamidad doméstica[^\n]*treinta \(30\) días/);
  });

  it("describes pregnancy and breastfeeding protection exactly as the regulations do", () => {
    const rule =
      "durante el embarazo, la licencia de maternidad y los tres (3) meses siguientes al parto, cualquier terminación de su contrato requiere la autorización previa del inspector del trabajo, y la ley presume que el despido sin esa autorización se debe al embarazo";
    expect(body).toContain(rule);
    expect(source("reglamento-interno.md")).toContain(rule);
    expect(body).toContain("estabilidad laboral reforzada de la trabajadora durante el embarazo y la lactancia");
    expect(source("reglamento-interno.md")).toContain("estabilidad laboral reforzada durante el embarazo y la lactancia");
  });
});

describe("annex: the counter-test agrees with «blood tests do not apply» (article 53)", () => {
  const rit = source("reglamento-interno.md");
  const annex = rit.slice(rit.indexOf("## Anexo."));
  it("never offers an examination that could take blood", () => {
    expect(rit).toMatch(/no exige ni practica exámenes de sangre/);
    expect(annex).not.toMatch(/examen en una institución prestadora/);
    expect(annex).not.toMatch(/prueba alternativa/);
    for (const m of annex.matchAll(/[^.]*sangre[^.]*\./g))
      expect(m[0]).toMatch(/sin toma de muestras de sangre|no se tomarán muestras de sangre|ningún caso se tomarán muestras de sangre/);
  });
});

describe("house style (content/README.md)", () => {
  it.each(published)("%s: a space before every percent sign, none in words", (file) => {
    const text = source(file);
    expect(text).not.toMatch(/\d%/);
    expect(text).not.toMatch(/por ciento/);
  });

  it.each(published)("%s: official names and committee names as the style says", (file) => {
    const text = source(file);
    expect(text).not.toMatch(/Financiación de la Proliferación/);
    expect(text).not.toMatch(/comité de convivencia(?! laboral)|comité paritario|Comité de convivencia|comité de Convivencia/);
    expect(text).not.toMatch(/(?<!los |las )comité de convivencia laboral/);
    expect(text).not.toMatch(/sistema de gestión de la seguridad y salud en el trabajo/);
  });

  it.each(published)("%s: quantities before a unit are written «quince (15) días», not «15 días»", (file) => {
    const body = splitFrontMatter(source(file))
      .body.split("\n")
      .filter((l) => !l.startsWith("#"));
    for (const line of body) expect(line).not.toMatch(/(?<![(\d.,:/])\b([2-9]|\d{2,3}) (horas|días|semanas|meses|años|minutos)\b/);
  });

  it("renders the SAGRILAFT's official name and keeps percentages with their figure", () => {
    expect(source("sagrilaft.md")).toContain("Financiación del Terrorismo y Financiamiento de la Proliferación de Armas de Destrucción Masiva");
    expect(loadDocument("reglamento-interno", defaultSiteConfig).html).toContain("35\u00a0%");
  });
});

describe("harassment routes and definitions as the law has them today", () => {
  const policy = splitFrontMatter(source("politica-generos.md")).body;
  const section = (heading: string) => policy.slice(policy.indexOf(heading), policy.indexOf("\n### ", policy.indexOf(heading) + heading.length));
  const rows = Object.fromEntries(loadInForce("content").changes.map((r) => [r.id, r]));

  it("policy 5.2: the coexistence committee is not given sexual harassment or gender-based violence (Res. 3461 de 2025, art. 6, par. 1)", () => {
    const responsibles = section("### 5.2 Responsables");
    expect(responsibles).not.toMatch(/Analiza los casos de discriminación, acoso o violencia por razón de género/);
    expect(responsibles).not.toMatch(/recibe reportes y los remite sin demora al Comité/);
    expect(responsibles).toMatch(/No es competente para el acoso sexual ni para la violencia basada en género \(artículo 6, parágrafo 1/);
    expect(responsibles).toMatch(/Nota del 26 de noviembre de 2026/);
    expect(rows["comite-convivencia"].in["politica-generos"]).toContain("5.2");
    expect(JSON.stringify(rows["comite-convivencia"].steps)).toMatch(/violencia basada en género \(artículo 6, parágrafo 1\)/);
  });

  it("workplace harassment: a dated row for Ley 2466 de 2025 on article 95 and the policy's glossary; no «persistente» left unmarked", () => {
    const row = rows["acoso-laboral-definicion"];
    expect(row.norm).toMatch(/Ley 2466 de 2025, que modificó el artículo 2 de la Ley 1010 de 2006/);
    expect(row.steps.map((s) => s.since)).toEqual(["2025-06-25"]);
    expect(row.steps[0].rule).toMatch(/un solo hecho, si es grave/);
    expect(row.steps[0].rule).toMatch(/terceros/);
    expect(row.steps[0].rule).toMatch(/medios\s+digitales/);
    expect(row.in["reglamento-interno"]).toContain("artículo 95");
    expect(row.in["politica-generos"]).toContain("2.3");
    expect(section("### 2.3 Glosario")).not.toMatch(/persistente/);
    expect(loadDocument("reglamento-interno", defaultSiteConfig).html).toContain("#cambio-acoso-laboral-definicion");
  });

  it("accident reports: the Ministry's Dirección Territorial is owed for serious and fatal accidents (Decreto 1072 de 2015, art. 2.2.4.1.7)", () => {
    const rule = rows["reporte-accidente"].steps[0].rule;
    expect(rule).not.toMatch(/informe de todo accidente de trabajo se envía a la EPS, a la ARL y a la Dirección Territorial/);
    expect(rule).toMatch(/se debe por los accidentes graves\s+y\s+mortales/);
    expect(rows["reporte-accidente"].norm).toMatch(/Decreto 1072 de 2015, artículo 2\.2\.4\.1\.7/);
  });
});
