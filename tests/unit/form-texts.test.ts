/**
 * What the forms and the staff pages say (docs/product.md §18): the error summary's title counts the fields
 * when several are wrong, and a stored date reads dd/mm/aaaa on the staff pages (docs/product.md §14).
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { f } from "~/features/incidents/incident-form";
import { ef } from "~/features/ethics/ethics-form";
import { ErrorSummary, errorSummaryTitle } from "~/forms/form-field";
import { displayValue } from "~/forms/fields";

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

describe("the no-JavaScript error summary", () => {
  it("counts the fields in its title when several are wrong, and keeps the sentence after it", () => {
    expect(errorSummaryTitle("Todos los campos son obligatorios", 6)).toBe("No se pudo enviar: revise 6 campos");
    const html = renderToStaticMarkup(
      createElement(ErrorSummary, {
        formId: "cliente",
        summary: "Todos los campos son obligatorios",
        errors: { nombre: "Este campo es obligatorio.", correo: "Este campo es obligatorio." },
        labels: { nombre: "NOMBRE", correo: "CORREO" },
      }),
    );
    expect(html).toMatch(/<h2 id="cliente-summary-title" class="error-summary-title">No se pudo enviar: revise 2 campos<\/h2>/);
    expect(text(html)).toContain("Todos los campos son obligatorios NOMBRE: Este campo es obligatorio. CORREO: Este campo es obligatorio.");
  });

  it("says the one problem in its title when there is one", () => {
    const html = renderToStaticMarkup(
      createElement(ErrorSummary, {
        formId: "contacto",
        summary: "Correo electrónico no válido",
        errors: { correo: "Correo electrónico no válido" },
        labels: { correo: "CORREO" },
      }),
    );
    expect(text(html)).toBe("No se pudo enviar: Correo electrónico no válido CORREO: Correo electrónico no válido");
    expect(errorSummaryTitle("El servicio no responde.", 0)).toBe("No se pudo enviar: El servicio no responde.");
  });
});

describe("values on the staff pages", () => {
  it("shows a date field as dd/mm/aaaa, and other values as stored or by their choice's label", () => {
    expect(displayValue(f.fecha, "2026-11-23")).toBe("23/11/2026");
    expect(displayValue(f.hora, "08:30")).toBe("08:30");
    expect(displayValue(f.lugar, "2026-11-23")).toBe("2026-11-23");
    expect(displayValue(ef.identificacion, "anonimo")).toBe("No, quiero reportar de forma anónima");
    expect(displayValue(f.fecha, null)).toBe("");
  });
});
