/** The wording check of a vacancy (product rule 40, ADR 028): each forbidden requirement found with its norm; ordinary offers pass. */
import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { checkWording } from "~/features/vacancies/wording";
import { checkResume } from "~/features/vacancies/resume.server";

const rules = (text: string) => checkWording([text]).map((f) => f.rule);

describe("the wording check", () => {
  it.each([
    ["Edad entre 25 y 40 años", "edad"],
    ["Jóvenes con ganas de trabajar", "edad"],
    ["Máximo 35 años", "edad"],
    ["Solo hombres", "sexo"],
    ["Se requiere señorita para recepción", "sexo"],
    ["Preferiblemente soltera", "estado_civil"],
    ["Sin hijos", "estado_civil"],
    ["Prueba de embarazo negativa", "embarazo"],
    ["Excelente presentación y BUENA PRESENCIA", "buena_presencia"],
    ["Religión católica", "religion"],
    ["Afiliación política al partido", "opinion_politica"],
    ["Solo colombianos", "origen"],
    ["Sin discapacidad", "discapacidad"],
    ["Debe pagar el examen médico de ingreso", "cobro"],
    ["Costo de inscripción: $50.000", "cobro"],
  ])("«%s» is refused (%s), with a norm", (text, rule) => {
    const findings = checkWording([text]);
    expect(findings.map((f) => f.rule)).toContain(rule);
    for (const f of findings) expect(f.norm).toMatch(/Ley|Decreto|Resolución|Constitución/);
  });

  it("cites, for a pregnancy test, the norm that forbids it: CST art. 241A (Ley 2114 de 2021), not an unverified resolution", () => {
    const [finding] = checkWording(["Presentar prueba de embarazo"]);
    expect(finding.rule).toBe("embarazo");
    expect(finding.norm).toContain("Código Sustantivo del Trabajo, art. 241A, num. 1 (adicionado por la Ley 2114 de 2021, 29 de julio de 2021)");
    expect(finding.norm).not.toMatch(/3941/);
    expect(finding.reason).toContain("riesgos para el embarazo");
  });

  it("ordinary offers pass, adult age included", () => {
    for (const text of [
      "Bachiller. Seis meses de experiencia en bodega. Licencia de conducción C2.",
      "Ser mayor de edad. Disponibilidad para turnos rotativos.",
      "Permiso de trabajo vigente en Colombia (PPT o cédula).",
      "Manejo de inventarios y montacargas; curso de alturas vigente (lo paga la empresa).",
    ])
      expect(rules(text), text).toEqual([]);
  });
});

describe("the résumé check", () => {
  const pdf = (body: string) => Buffer.from(`%PDF-1.4\n${body}\n%%EOF\n`, "latin1");
  it("takes a plain PDF and refuses what is not one, whatever its name", () => {
    expect(checkResume(pdf("1 0 obj << /Type /Catalog >> endobj"))).toEqual({ ok: true });
    expect(checkResume(Buffer.from("MZ\x90\x00 not a pdf", "latin1"))).toMatchObject({ ok: false, message: expect.stringContaining("no es un PDF") });
    expect(checkResume(Buffer.from("<html>%PDF-1.4</html>"))).toMatchObject({ ok: false });
    expect(checkResume(Buffer.alloc(0))).toMatchObject({ ok: false, message: expect.stringContaining("vacío") });
    expect(checkResume(null)).toMatchObject({ ok: false });
  });
  it("refuses active content, also with escaped names", () => {
    for (const body of ["<< /JS (x) >>", "<< /OpenAction 3 0 R >>", "<< /S /Launch >>", "<< /EmbeddedFiles 4 0 R >>", "<< /S /#4Aava#53cript >>"]) {
      expect(checkResume(pdf(body)), body).toMatchObject({ ok: false, message: expect.stringContaining("contenido activo") });
    }
    // A name that only starts like one is not it.
    expect(checkResume(pdf("<< /JSONData 1 >>"))).toEqual({ ok: true });
  });
  it("reads the file a window at a time: a name across two windows, and the second of two compressed streams, are found", () => {
    // The text is read in 64 KB windows: names ending at, and straddling, a window's edge.
    for (const at of [64 * 1024 - 5, 64 * 1024 - 20, 128 * 1024 - 40]) {
      const body = `${" ".repeat(at - "%PDF-1.4\n".length)}<< /S /J#61vaScript >>`;
      expect(checkResume(pdf(body)), String(at)).toMatchObject({ ok: false });
    }
    const stream = (text: string) =>
      Buffer.concat([Buffer.from("stream\n", "latin1"), deflateSync(Buffer.from(text, "latin1")), Buffer.from("\nendstream\nendobj\n", "latin1")]);
    const twoStreams = Buffer.concat([
      Buffer.from("%PDF-1.4\n3 0 obj << /Filter /FlateDecode >>\n", "latin1"),
      stream("BT (hola) Tj ET"),
      Buffer.from("4 0 obj << /Filter /FlateDecode >>\n", "latin1"),
      stream("<< /S /Launch /F (calc.exe) >>"),
      Buffer.from("%%EOF\n", "latin1"),
    ]);
    expect(checkResume(twoStreams)).toMatchObject({ ok: false, message: expect.stringContaining("contenido activo") });
  });
});
