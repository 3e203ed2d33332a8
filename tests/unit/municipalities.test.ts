/**
 * DANE's list of municipalities (ADR 028, addendum 2026-11-27): the count DIVIPOLA gives, known codes and
 * names with their accents, how a typed city is read, and the public form's copy of the labels.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MUNICIPALITIES } from "~/features/vacancies/municipalities";
import { findMunicipality, municipalityByCode, municipalityLabel } from "~/features/vacancies/municipality";

describe("DANE municipalities", () => {
  it("holds DIVIPOLA's 1,122 entries, each code once, with known codes, names and departments", () => {
    expect(MUNICIPALITIES).toHaveLength(1122);
    expect(new Set(MUNICIPALITIES.map((m) => m.code)).size).toBe(1122);
    expect(new Set(MUNICIPALITIES.map((m) => m.department)).size).toBe(33);
    const known: [string, string, string][] = [
      ["05001", "Medellín", "Antioquia"],
      ["11001", "Bogotá, D.C.", "Bogotá D. C."],
      ["76001", "Cali", "Valle del Cauca"],
      ["08001", "Barranquilla", "Atlántico"],
      ["27001", "Quibdó", "Chocó"],
      ["94343", "Barrancominas", "Guainía"],
      ["95001", "San José del Guaviare", "Guaviare"],
      ["27086", "Belén de Bajirá", "Chocó"],
      ["05360", "Itagüí", "Antioquia"],
    ];
    for (const [code, name, department] of known) expect(municipalityByCode(code), code).toMatchObject({ name, department });
    // Mapiripana (94663) has been part of Barrancominas since 2019.
    expect(municipalityByCode("94663")).toBeNull();
    for (const m of MUNICIPALITIES) expect(m.name, m.code).not.toMatch(/[A-ZÁÉÍÓÚÑ]{2,}|\s{2,}|\d/);
  });

  it("reads a typed city by its label, its code, or a name only one municipality has", () => {
    expect(findMunicipality("Rionegro (Antioquia)")?.code).toBe("05615");
    expect(findMunicipality("rionegro santander")?.code).toBe("68615");
    expect(findMunicipality("Rionegro")).toBeNull();
    expect(findMunicipality("medellin")?.code).toBe("05001");
    expect(findMunicipality("Bogotá D. C.")?.code).toBe("11001");
    expect(findMunicipality("BOGOTA DC")?.code).toBe("11001");
    expect(findMunicipality("Bogotá")?.code).toBe("11001");
    expect(findMunicipality(" bogota ")?.code).toBe("11001");
    expect(findMunicipality("76001")?.name).toBe("Cali");
    expect(findMunicipality("Gotham")).toBeNull();
    expect(findMunicipality("")).toBeNull();
    expect(findMunicipality("99999")).toBeNull();
  });

  it("gives the public form's script the same labels as the server reads", () => {
    const labels = JSON.parse(readFileSync("public/js/municipios.json", "utf8")) as string[];
    expect(labels).toEqual(MUNICIPALITIES.map(municipalityLabel));
    for (const label of labels) expect(findMunicipality(label)?.code, label).toBeDefined();
  });
});
