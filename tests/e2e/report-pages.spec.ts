/**
 * The right thing first on the report pages, on a phone (docs/product.md §11): /incidente opens with the
 * emergency line and the report form, CONSULTAR after it; /linea-etica opens with a short introduction and
 * the form, its details after the form as sections that open on request; the home page's footer links to
 * the ethics line as the inner pages' footers do.
 */
import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers";

test.use({ viewport: { width: 390, height: 844 } });

const top = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => el.getBoundingClientRect().top + scrollY);

test("/incidente: the emergency line, then reporting on the first screen, CONSULTAR after the form", async ({ page }) => {
  await page.goto("/incidente");
  const emergency = page.locator(".incident-emergency");
  await expect(emergency).toContainText("Si hay una persona herida, primero busque atención médica");
  await expect(emergency.getByRole("link", { name: "123" })).toHaveAttribute("href", "tel:123");
  await expect(emergency).toBeInViewport();
  await expect(page.getByRole("heading", { name: "Reportar" })).toBeInViewport();
  expect(await top(page, ".incident-emergency")).toBeLessThan(await top(page, "#reportar"));
  // The whole form comes before CONSULTAR.
  expect(await top(page, "#reportar button[type=submit]")).toBeLessThan(await top(page, "#consultar"));
  await page.getByRole("link", { name: "Consulte el estado de su reporte" }).click();
  await expect(page).toHaveURL(/#consultar$/);
  await expect(page.getByLabel("Radicado")).toBeInViewport();
  await expectNoAxeViolations(page);
});

test("/linea-etica: a short introduction, the form on the first screen, the details after it, closed until opened", async ({ page }) => {
  await page.goto("/linea-etica");
  await expect(page.getByRole("heading", { name: "Reportar" })).toBeInViewport();
  expect(await top(page, "form.ethics-form")).toBeLessThan(844);
  await expect(page.locator(".incident-emergency")).toContainText("Si su vida o su integridad corren peligro, llame ya al 123.");
  const details = page.locator(".ethics-details details");
  await expect(details.locator("summary")).toHaveText([
    "Qué puede reportar",
    "Quién lee su reporte",
    "Anonimato, cifrado y no represalias",
    "Cómo sigue su reporte",
  ]);
  expect(await top(page, ".ethics-details")).toBeGreaterThan(await top(page, "form.ethics-form button[type=submit]"));
  expect(await top(page, "#consultar")).toBeGreaterThan(await top(page, ".ethics-details"));
  const who = page.getByText(/El oficial de cumplimiento recibe los reportes de soborno/);
  await expect(who).toBeHidden();
  await page.getByText("Quién lee su reporte").click();
  await expect(who).toBeVisible();
  await expectNoAxeViolations(page);
});

test("the home page's footer links to the ethics line, as the inner pages' footers do", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator(".home-footer").getByRole("link", { name: "Línea ética" })).toHaveAttribute("href", "/linea-etica");
  await page.goto("/contacto");
  await expect(page.locator(".site-footer").getByRole("link", { name: "Línea ética" })).toHaveAttribute("href", "/linea-etica");
});
