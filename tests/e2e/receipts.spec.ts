/**
 * Receipts a person can keep (docs/product.md §11), on a phone (390×844): the radicado and the code each on
 * one line, a copy button for each where JavaScript runs (keyboard too, announced "Copiado"), a
 * "Descargar comprobante" that works without JavaScript, the code said to be shown once, and the
 * confirmation page reloaded explains why the code is gone.
 */
import { readFileSync } from "node:fs";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers";

test.use({ viewport: { width: 390, height: 844 } });

const today = () => new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);

async function fillIncident(page: Page) {
  const field = (name: string) => page.locator(`#incidente-${name}`);
  await page.getByRole("radio", { name: /^Accidente de trabajo/ }).check();
  await page.getByRole("radio", { name: "Un compañero de trabajo" }).check();
  await field("reporta_nombre").fill("Luis Recibo");
  await field("reporta_celular").fill("310 987 6543");
  await field("trabajador_nombre").fill("Marta Recibo");
  await field("trabajador_tipo_documento").selectOption("CC");
  await field("trabajador_documento").fill("52123456");
  await field("trabajador_celular").fill("300 123 4567");
  await field("empresa_usuaria").fill("Alimentos del Valle S.A.S.");
  await field("sede").fill("Cali");
  await field("fecha").fill(today());
  await field("hora").fill("00:00");
  await field("lugar").fill("Bodega 2");
  await field("descripcion").fill("Resbaló en el piso mojado.");
  await page.getByLabel(/Autorizo el tratamiento de los datos personales de este reporte/).check();
}

/** Each value sits on one line, inside its box. */
async function expectOneLine(value: Locator) {
  const { lines, overflow } = await value.evaluate((dd) => {
    const range = document.createRange();
    range.selectNodeContents(dd);
    const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
    return { lines: tops.size, overflow: dd.scrollWidth - dd.clientWidth };
  });
  expect(lines).toBe(1);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function expectDownload(page: Page, radicado: string, code: string, channel: string, consult: string) {
  const link = page.getByRole("link", { name: "Descargar comprobante" });
  await expect(link).toHaveAttribute("download", `comprobante-${radicado}.txt`);
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe(`comprobante-${radicado}.txt`);
  const text = readFileSync(await download.path(), "utf8");
  expect(text).toContain(`Canal: ${channel}`);
  expect(text).toContain(`Radicado: ${radicado}`);
  expect(text).toContain(`Código de seguimiento: ${code}`);
  expect(text).toMatch(/Fecha: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} \(hora de Colombia\)/);
  expect(text).toContain(`Dónde consultar: https://www.example.com${consult}`);
  expect(text).toContain("El código se muestra una sola vez");
}

test("with JavaScript: the incident receipt keeps each code on one line, copies each (by keyboard too) and downloads", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/incidente");
  const form = page.locator("form.report-form");
  await form.getByRole("textbox").first().focus();
  await expect(form).toHaveAttribute("novalidate", "");
  await fillIncident(page);
  await page.getByRole("button", { name: "ENVIAR REPORTE" }).click();
  const receipt = page.locator(".report-receipt");
  await expect(receipt.getByRole("heading", { name: "Recibimos su reporte" })).toBeFocused();
  const values = receipt.locator(".report-receipt-codes dd");
  const radicado = (await values.nth(0).textContent()) ?? "";
  const code = (await values.nth(1).textContent()) ?? "";
  expect(radicado).toMatch(/^AT-\d{4}-\d{6}$/);
  expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  await expectOneLine(values.nth(0));
  await expectOneLine(values.nth(1));
  await expect(receipt).toContainText("Esta es la única vez que mostramos el código");

  const status = receipt.getByRole("status");
  await receipt.getByRole("button", { name: "Copiar el radicado" }).click();
  await expect(status).toHaveText("Copiado");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(radicado);
  // By keyboard: Tab from the first button to the second, Enter.
  await receipt.getByRole("button", { name: "Copiar el radicado" }).focus();
  await page.keyboard.press("Tab");
  await expect(receipt.getByRole("button", { name: "Copiar el código" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  await expect(status).toHaveText("Copiado");

  await expectDownload(page, radicado, code, "Reporte de incidente o accidente de trabajo", "/incidente#consultar");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the ethics receipt page: codes on one line, no copy buttons, the download works; reloaded, it explains why the code is gone", async ({ page }) => {
    await page.goto("/linea-etica");
    await page.getByRole("radio", { name: /^Otro asunto ético/ }).check();
    await page.getByLabel(/^Qué pasó/).fill("Prueba del comprobante sin JavaScript.");
    await page.getByLabel(/^Cuándo pasó/).fill("Hoy");
    await page.getByLabel(/^Dónde pasó/).fill("Sede");
    await page.getByRole("button", { name: "ENVIAR REPORTE" }).click();
    await expect(page).toHaveURL(/\/linea-etica\/recibido$/);
    const values = page.locator(".report-receipt-codes dd");
    const radicado = (await values.nth(0).textContent()) ?? "";
    const code = (await values.nth(1).textContent()) ?? "";
    expect(radicado).toMatch(/^LE-\d{4}-\d{6}$/);
    await expectOneLine(values.nth(0));
    await expectOneLine(values.nth(1));
    await expect(page.getByText("Esta es la única vez que mostramos el código (no lo enviamos por correo a nadie)")).toBeVisible();
    await expect(page.getByRole("button", { name: /^Copiar/ })).toHaveCount(0);
    await expectDownload(page, radicado, code, "Línea ética", "/linea-etica#consultar");

    await page.reload();
    await expect(page.getByRole("heading", { name: "El radicado y el código ya no se muestran" })).toBeVisible();
    await expect(page.getByText(/Se muestran una sola vez, justo después de enviar el reporte\. Al recargar esta página/)).toBeVisible();
    await expect(page.getByText(/no los podemos recuperar ni buscar su reporte/)).toBeVisible();
    await expect(page.locator(".report-receipt-codes")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Ir a CONSULTAR" })).toHaveAttribute("href", "/linea-etica#consultar");
  });
});

test("the receipt page of a post without the island: where JavaScript runs, the copy buttons appear; reloaded, the incident page names the phone (axe)", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/incidente");
  // The page's own post (as without the island); the receipt cookie lands in this browser.
  const posted = await page.request.post("/incidente", {
    headers: { Origin: new URL(page.url()).origin },
    form: {
      tipo: "incidente",
      reporta_relacion: "trabajador",
      trabajador_nombre: "Ana Sin Isla",
      trabajador_tipo_documento: "CC",
      trabajador_documento: "52123457",
      trabajador_celular: "300 123 4567",
      empresa_usuaria: "Acme",
      sede: "Bogotá",
      fecha: today(),
      hora: "00:00",
      lugar: "Oficina",
      descripcion: "Casi cae una caja.",
      consentimiento: "on",
    },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(303);
  await page.goto("/incidente/recibido");
  const copy = page.getByRole("button", { name: "Copiar el código" });
  await expect(copy).toBeVisible();
  await copy.click();
  await expect(page.getByRole("status").filter({ hasText: "Copiado" })).toBeVisible();
  const code = (await page.locator(".report-receipt-codes dd").nth(1).textContent()) ?? "";
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  await expectNoAxeViolations(page);
  await page.reload();
  await expect(page.getByRole("heading", { name: "El radicado y el código ya no se muestran" })).toBeVisible();
  await expect(
    page.getByText(/Si no los anotó, llame al \+57 601 000 0000: el equipo de seguridad y salud en el trabajo puede ubicar su reporte\./),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});
