/**
 * The report journeys as each person walks them on a phone (390×844): the worker, a witness and the user
 * company on the incident report; an anonymous and a named reporter on the ethics line, a worker on
 * assignment among them. Each asks only what is missing, says who handles the report, and ends on the
 * receipt. With SHOTS_DIR set, every step is also saved as a screenshot there, to be looked at.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";

test.use({ viewport: { width: 390, height: 844 } });

const today = () => new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);
const shots = process.env.SHOTS_DIR;

/** The whole page, in screen-high parts (a phone's page is long; each part is read as the person sees it). */
async function shot(page: Page, name: string) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let part = 0, y = 0; y < height; part += 1, y += 844) {
    const clip = { x: 0, y, width: 390, height: Math.min(844, height - y) };
    await page.screenshot({ path: path.join(shots, `${name}-${String(part + 1).padStart(2, "0")}.png`), fullPage: true, clip });
  }
}

async function hydrate(page: Page, form: string) {
  await page.locator(`form.${form}`).getByRole("radio").first().focus();
  await expect(page.locator(`form.${form}`)).toHaveAttribute("novalidate", "");
}

async function fillEvent(page: Page, kind: RegExp, worker: string) {
  const field = (name: string) => page.locator(`#incidente-${name}`);
  await page.getByRole("radio", { name: kind }).check();
  await field("trabajador_nombre").fill(worker);
  await field("trabajador_tipo_documento").selectOption("CC");
  await field("trabajador_documento").fill("52123459");
  await field("trabajador_celular").fill("300 123 4567");
  await field("empresa_usuaria").fill("Alimentos del Valle S.A.S.");
  await field("sede").fill("Cali, planta 2");
  await field("fecha").fill(today());
  await field("hora").fill("00:00");
  await field("lugar").fill("Bodega de materias primas");
  await field("descripcion").fill("Resbaló en el piso mojado al bajar una caja.");
  await page.getByLabel(/Autorizo el tratamiento de los datos personales de este reporte/).check();
}

async function expectReceipt(page: Page, prefix: RegExp) {
  await expect(page.getByRole("heading", { name: /^Recibimos su reporte/ })).toBeVisible();
  await expect(page.locator(".report-receipt-codes dd").first()).toHaveText(prefix);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test.describe("the incident report", () => {
  test("the worker: says who reports first, gives their own data once, an event later than now is refused", async ({ page }) => {
    await page.goto("/incidente");
    await hydrate(page, "report-form");
    await shot(page, "01-trabajador-formulario-vacio");
    await page.getByRole("radio", { name: "Soy el trabajador afectado" }).check();
    await expect(page.locator("#incidente-reporta_nombre")).toBeHidden();
    await fillEvent(page, /^Accidente de trabajo/, "Marta Recorrido");
    await page.locator("#incidente-trabajador_correo").fill("marta.recorrido@example.org");
    // Later today: refused, with the reason.
    const later = new Date(Date.now() + 2 * 3_600_000 - 5 * 3_600_000).toISOString();
    await page.locator("#incidente-fecha").fill(later.slice(0, 10));
    await page.locator("#incidente-hora").fill(later.slice(11, 16));
    await page.getByRole("button", { name: "ENVIAR REPORTE" }).click();
    await expect(page.locator("#incidente-hora-error")).toHaveText(
      "La fecha y la hora del evento no pueden ser posteriores al momento actual (hora de Colombia).",
    );
    await shot(page, "02-trabajador-evento-futuro-rechazado");
    await page.locator("#incidente-fecha").fill(today());
    await page.locator("#incidente-hora").fill("00:00");
    await shot(page, "03-trabajador-formulario-lleno");
    await page.getByRole("button", { name: "ENVIAR REPORTE" }).click();
    await expectReceipt(page, /^AT-/);
    await expect(page.locator(".report-receipt-warning")).toContainText("si escribió su correo, también se lo enviamos");
    await shot(page, "04-trabajador-recibo");
  });

  test("a witness, without JavaScript: is asked for their own name and phone, then the worker's", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 }, locale: "es-CO" });
    const page = await context.newPage();
    await page.goto("/incidente");
    await page.getByRole("radio", { name: "Un compañero de trabajo" }).check();
    await expect(page.locator("#incidente-reporta_nombre")).toBeVisible();
    await page.locator("#incidente-reporta_nombre").fill("Luis Testigo");
    await page.locator("#incidente-reporta_celular").fill("310 987 6543");
    await fillEvent(page, /^Incidente/, "Marta Testigo");
    await shot(page, "05-testigo-formulario-sin-js");
    await page.getByRole("button", { name: "ENVIAR REPORTE" }).click();
    await expect(page).toHaveURL(/\/incidente\/recibido$/);
    await expectReceipt(page, /^IN-/);
    await shot(page, "06-testigo-recibo-sin-js");
    await context.close();
  });

  test("the user company: its own contact, the worker's data, and CONSULTAR with the incident's own steps", async ({ page }) => {
    await page.goto("/incidente");
    await hydrate(page, "report-form");
    await page.getByRole("radio", { name: "La empresa usuaria" }).check();
    await page.locator("#incidente-reporta_nombre").fill("Jefe de planta");
    await page.locator("#incidente-reporta_celular").fill("310 555 1234");
    await page.locator("#incidente-reporta_correo").fill("jefe.planta@example.org");
    await fillEvent(page, /^Incidente/, "Marta Empresa");
    await shot(page, "07-empresa-usuaria-formulario");
    await page.getByRole("button", { name: "ENVIAR REPORTE" }).click();
    await expectReceipt(page, /^IN-/);
    await shot(page, "08-empresa-usuaria-recibo");
    const radicado = (await page.locator(".report-receipt-codes dd").nth(0).textContent()) ?? "";
    const code = (await page.locator(".report-receipt-codes dd").nth(1).textContent()) ?? "";
    await page.goto("/incidente");
    await page.getByLabel("Radicado").fill(radicado);
    await page.getByLabel("Código de seguimiento").fill(code);
    await page.getByRole("button", { name: "CONSULTAR" }).click();
    await expect(page.locator(".case-steps li")).toHaveCount(4);
    await expect(page.locator(".case-steps")).not.toContainText("ARL");
    await shot(page, "09-empresa-usuaria-consultar");
  });
});

test.describe("the ethics line", () => {
  const route = (page: Page) => page.locator(".ethics-route").filter({ visible: true });

  test("anonymous, a worker on assignment: each category says who handles it; nothing that identifies is required", async ({ page }) => {
    await page.goto("/linea-etica");
    await hydrate(page, "ethics-form");
    await expect(page.locator(".ethics-routes")).toBeHidden();
    await page.getByRole("radio", { name: /^Acoso laboral/ }).check();
    await page.getByLabel(/^Qué pasó/).fill("El supervisor de la empresa usuaria me grita frente a todos.");
    await page.getByLabel(/^Cuándo pasó/).fill("Desde octubre");
    await page.getByLabel(/^Dónde pasó/).fill("Bodega de Funza");
    await page.getByRole("radio", { name: /^Trabajador en misión/ }).check();
    await expect(route(page)).toHaveCount(1);
    await expect(route(page)).toContainText("Comité de Convivencia Laboral de la empresa usuaria");
    await page.locator(".ethics-routes").scrollIntoViewIfNeeded();
    await shot(page, "10-etica-anonimo-mision-acoso-laboral");
    // Another category, another route: the user company's committee is for workplace harassment only.
    await page.getByRole("radio", { name: /^Soborno o corrupción/ }).check();
    await expect(route(page)).toHaveText(/^Soborno o corrupción: lo atiende el oficial de cumplimiento/);
    await page.getByRole("radio", { name: /^Lavado de activos/ }).check();
    await expect(route(page)).toContainText("oficial de cumplimiento");
    await page.getByRole("radio", { name: /^Acoso laboral/ }).check();
    // Sent without the user company: taken.
    await page.getByRole("button", { name: "ENVIAR REPORTE" }).click();
    await expectReceipt(page, /^LE-/);
    await shot(page, "11-etica-anonimo-recibo");
  });

  test("named, sexual harassment of a worker on assignment, without JavaScript: the gender referent's route, as a note", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 }, locale: "es-CO" });
    const page = await context.newPage();
    await page.goto("/linea-etica");
    await page.getByRole("radio", { name: /^Acoso sexual/ }).check();
    await page.getByLabel(/^Qué pasó/).fill("Un jefe de la empresa usuaria me envía mensajes de contenido sexual.");
    await page.getByLabel(/^Cuándo pasó/).fill("La semana pasada");
    await page.getByLabel(/^Dónde pasó/).fill("Por WhatsApp");
    await page.getByRole("radio", { name: /^Trabajador en misión/ }).check();
    await expect(route(page)).toHaveCount(1);
    await expect(route(page)).toContainText("persona referente de género y diversidad, por la ruta de la Ley 2365 de 2024");
    await page.getByRole("radio", { name: /quiero dar mi nombre/ }).check();
    await page.getByLabel(/^Su nombre/).fill("Paula Nombrada");
    await page.getByLabel(/^Su correo/).fill("paula.nombrada@example.org");
    await page.getByLabel(/^Solo si se identifica: autorizo/).check();
    await page.locator(".ethics-routes").scrollIntoViewIfNeeded();
    await shot(page, "12-etica-identificada-acoso-sexual-sin-js");
    await page.getByRole("button", { name: "ENVIAR REPORTE" }).click();
    await expect(page).toHaveURL(/\/linea-etica\/recibido$/);
    await expectReceipt(page, /^LE-/);
    await shot(page, "13-etica-identificada-recibo-sin-js");
    await context.close();
  });
});
