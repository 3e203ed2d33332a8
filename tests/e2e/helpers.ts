import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

export const PUBLISHED = [
  "/",
  "/cliente",
  "/contacto",
  "/incidente",
  "/nosotros",
  "/nosotros/misionVision",
  "/nosotros/sagrilaft",
  "/nosotros/politicaGeneros",
  "/nosotros/reglamentoInterno",
  "/nosotros/unClick",
  "/nosotros/desconexionLaboral",
  "/ofertas-falsas",
  "/privacidad",
];

/** Records console errors and failed same-origin requests of a page. */
export function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  return errors;
}

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}
