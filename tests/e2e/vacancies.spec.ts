/**
 * A job seeker's journey on a 390 px phone without JavaScript (product rules 40, 41; ADR 028): the list,
 * a vacancy, an application refused for its file (the values kept, the file asked again), sent, the
 * receipt, CONSULTAR, each step's screenshot saved with the test's results; then the same pages, as served,
 * through axe (which runs in the page, so with JavaScript); and the journey with the page's script.
 */
import Database from "better-sqlite3";
import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations as axe } from "./helpers";

const SLUG = "auxiliar-de-bodega-cali-e2e1";

test.use({ viewport: { width: 390, height: 844 } });

test.beforeAll(() => {
  // A published vacancy on the browser tests' database (tests/e2e/global-setup.ts).
  const db = new Database(process.env.E2E_DATABASE as string);
  try {
    const now = new Date().toISOString();
    const closes = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    db.prepare(
      `insert or ignore into vacancies (slug, status, title, city, department, sector, company_name, salary_min, salary_max, schedule, contract, workday, places, requirements, duties, closes_on, spe_code, search_text, created_at, updated_at, published_at, closed_at)
       values (?, 'publicada', 'Auxiliar de bodega', 'Cali', 'Valle del Cauca', 'Logística y transporte', null, 1600000, 1900000, 'Lunes a sábado, turnos rotativos de 8 horas', 'obra_labor', 'FULL_TIME', 3, ?, ?, ?, 'SPE-E2E-0001', 'auxiliar de bodega cali', ?, ?, ?, null)`,
    ).run(SLUG, "Bachiller\nSeis meses de experiencia en bodega", "Recibir y despachar mercancía\nOrganizar la bodega", closes, now, now, now);
  } finally {
    db.close();
  }
});

async function fitsThePhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("find a vacancy, apply with a PDF, read the receipt and follow it in CONSULTAR", async ({ page }, info) => {
    const shot = async (name: string) => page.screenshot({ path: info.outputPath(`${name}.png`), fullPage: true });
    await page.goto("/empleos?q=bodega");
    await expect(page.getByRole("heading", { name: "Ofertas de empleo" })).toBeVisible();
    await fitsThePhone(page);
    await shot("1-lista");

    await page.getByRole("link", { name: "Auxiliar de bodega" }).first().click();
    await expect(page).toHaveURL(new RegExp(`/empleos/${SLUG}$`));
    await expect(page.getByText(/Este proceso es gratuito/)).toBeVisible();
    await expect(page.getByText("SPE-E2E-0001")).toBeVisible();
    await fitsThePhone(page);
    // Each fact reads across the phone, not squeezed into a column beside its label.
    for (const dd of await page.locator(".vacancy-facts dd").all()) expect((await dd.boundingBox())?.width ?? 0).toBeGreaterThan(250);
    await shot("2-vacante");

    await page.getByLabel("Nombre completo").fill("Marta Ríos");
    await page.getByLabel("Tipo de documento").selectOption("CC");
    await page.getByLabel("Número de documento").fill("52998877");
    await page.getByLabel("Correo electrónico").fill("marta.rios@example.org");
    await page.getByLabel("Celular").fill("3105556677");
    await page.getByLabel("Ciudad donde vive").fill("Cali");
    await page.getByLabel(/Autorizo el tratamiento de mis datos y de mi hoja de vida/).check();
    // An executable named .pdf: refused by its content, the values kept, the file asked again.
    await page
      .getByLabel(/Hoja de vida \(PDF/)
      .setInputFiles({ name: "hoja-de-vida.pdf", mimeType: "application/pdf", buffer: Buffer.from("MZ\x90\x00 programa", "latin1") });
    await page.getByRole("button", { name: "ENVIAR POSTULACIÓN" }).click();
    await expect(page.locator(".error-summary")).toContainText("no es un PDF");
    await expect(page.getByLabel("Nombre completo")).toHaveValue("Marta Ríos");
    await expect(page.getByText("Por seguridad, adjunte de nuevo el archivo.")).toBeVisible();
    await fitsThePhone(page);
    await shot("3-archivo-rechazado");

    await page.getByLabel(/Hoja de vida \(PDF/).setInputFiles({
      name: "hoja-de-vida.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n", "latin1"),
    });
    await page.getByRole("button", { name: "ENVIAR POSTULACIÓN" }).click();
    await expect(page).toHaveURL(/\/empleos\/recibido$/);
    await expect(page.getByRole("heading", { name: "Recibimos su postulación" })).toBeVisible();
    const radicado = (await page.locator(".report-receipt-codes dd").nth(0).textContent()) ?? "";
    const code = (await page.locator(".report-receipt-codes dd").nth(1).textContent()) ?? "";
    expect(radicado).toMatch(/^HV-\d{4}-\d{6}$/);
    await fitsThePhone(page);
    await shot("4-recibo");

    await page.goto("/empleos/consulta");
    await page.getByLabel("Radicado").fill(radicado);
    await page.getByLabel("Código de seguimiento").fill(code);
    await page.getByRole("button", { name: "CONSULTAR" }).click();
    await expect(page.getByRole("heading", { name: `Postulación ${radicado}` })).toBeVisible();
    await expect(page.getByText("Estado actual:")).toContainText("Recibida");
    await fitsThePhone(page);
    await shot("5-consulta");
  });
});

test("with JavaScript: a refused file is shown in place, everything typed and the next file go up with progress", async ({ page }) => {
  await page.goto(`/empleos/${SLUG}`);
  await page.getByLabel("Nombre completo").fill("Julio Paz");
  await page.getByLabel("Tipo de documento").selectOption("CC");
  await page.getByLabel("Número de documento").fill("80112233");
  await page.getByLabel("Correo electrónico").fill("julio.paz@example.org");
  await page.getByLabel("Celular").fill("3114445566");
  // The page's script is loaded after the first paint: wait for it to have set its listeners.
  await expect(page.locator("html")).toHaveAttribute("data-postulacion", "listo");
  await expect(page.locator(".vacancy-progress")).toHaveCount(1);
  // Focusing the city brings DANE's list as the input's suggestions (not part of the page itself).
  await page.getByLabel("Ciudad donde vive").focus();
  await expect(page.locator("#municipios-dane option")).toHaveCount(1122);
  await expect(page.getByLabel("Ciudad donde vive")).toHaveAttribute("list", "municipios-dane");
  await page.getByLabel("Ciudad donde vive").fill("Palmira (Valle del Cauca)");
  await page.getByLabel(/Autorizo el tratamiento de mis datos y de mi hoja de vida/).check();
  await page.getByLabel(/Hoja de vida \(PDF/).setInputFiles({
    name: "hv.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4\n<< /OpenAction << /S /JavaScript /JS (x) >> >>\n%%EOF\n", "latin1"),
  });
  await page.getByRole("button", { name: "ENVIAR POSTULACIÓN" }).click();
  await expect(page.locator("#postulacion-hoja_de_vida-error")).toContainText("contenido activo");
  await expect(page).toHaveURL(new RegExp(`/empleos/${SLUG}$`));
  await expect(page.getByLabel("Nombre completo")).toHaveValue("Julio Paz");
  await axe(page);
  await page
    .getByLabel(/Hoja de vida \(PDF/)
    .setInputFiles({ name: "hv.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n", "latin1") });
  await page.getByRole("button", { name: "ENVIAR POSTULACIÓN" }).click();
  await expect(page).toHaveURL(/\/empleos\/recibido$/);
  await expect(page.getByRole("heading", { name: "Recibimos su postulación" })).toBeVisible();
  await expect(page.locator(".report-receipt-codes dd").nth(0)).toHaveText(/^HV-\d{4}-\d{6}$/);
});

test("the journey's pages, as served, pass axe", async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto("/empleos");
  await axe(page);
  await page.goto(`/empleos/${SLUG}`);
  await axe(page);
  // The page again with the errors, exactly as a visit without JavaScript gets it.
  const form = new FormData();
  for (const [k, v] of Object.entries({
    nombre: "Ana",
    tipo_documento: "CC",
    documento: "123456",
    correo: "",
    celular: "3001234567",
    ciudad: "Cali",
    consentimiento: "on",
  }))
    form.set(k, v);
  form.set("hoja_de_vida", new Blob([new Uint8Array(Buffer.from("MZ programa", "latin1"))], { type: "application/pdf" }), "hv.pdf");
  const origin = new URL(page.url()).origin;
  const refused = await fetch(`${origin}/empleos/${SLUG}`, { method: "POST", headers: { Origin: origin }, body: form });
  expect(refused.status).toBe(400);
  const html = await refused.text();
  await page.route("**/postulacion-rechazada", (route) => route.fulfill({ status: 200, contentType: "text/html", body: html }));
  await page.goto("/postulacion-rechazada");
  await expect(page.locator(".error-summary")).toContainText("revise 2 campos");
  await axe(page);
  await page.goto("/empleos/recibido");
  await axe(page);
  await page.goto("/empleos/consulta");
  await page.getByLabel("Radicado").fill("HV-2026-999999");
  await page.getByLabel("Código de seguimiento").fill("AAAA-BBBB-CCCC");
  await page.getByRole("button", { name: "CONSULTAR" }).click();
  await expect(page.getByRole("alert")).toContainText("No encontramos una postulación");
  await axe(page);
});
