/**
 * The incident report journey on real Chromium, with and without JavaScript (docs/product.md §11, ADR 012): report →
 * radicado and code → CONSULTAR shows "Recibido" → occupational health marks "Reportado a la ARL"
 * with a visible note → CONSULTAR shows it. axe runs on every page of the journey.
 */
import { expect, type Page, test } from "@playwright/test";
import { TEST_PASSWORD } from "../support/accounts";
import { expectNoAxeViolations as axe, mailsTo } from "./helpers";

const today = () => new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);

async function fillReport(page: Page, worker: string) {
  const field = (name: string) => page.locator(`#incidente-${name}`);
  await page.getByRole("radio", { name: /^Accidente de trabajo/ }).check();
  await page.getByRole("radio", { name: "Un compañero de trabajo" }).check();
  await field("reporta_nombre").fill("Luis Gómez");
  await field("reporta_celular").fill("310 987 6543");
  await field("trabajador_nombre").fill(worker);
  await field("trabajador_tipo_documento").selectOption("CC");
  await field("trabajador_documento").fill("52123456");
  await field("trabajador_celular").fill("300 123 4567");
  await field("empresa_usuaria").fill("Alimentos del Valle S.A.S.");
  await field("sede").fill("Cali, planta 2");
  await field("fecha").fill(today());
  await field("hora").fill("00:00");
  await field("lugar").fill("Bodega de materias primas");
  await field("descripcion").fill("Resbaló en el piso mojado al bajar una caja.");
  await field("lesion").fill("Torcedura");
  await field("parte_cuerpo").fill("Tobillo derecho");
  await page.getByLabel(/Autorizo de forma expresa el tratamiento de estos datos de salud/).check();
  await page.getByLabel(/Autorizo el tratamiento de los datos personales de este reporte/).check();
}

async function consult(page: Page, radicado: string, code: string) {
  await page.goto("/incidente");
  await page.getByLabel("Radicado").fill(radicado);
  await page.getByLabel("Código de seguimiento").fill(code);
  await page.getByRole("button", { name: "CONSULTAR" }).click();
  await expect(page).toHaveURL(/\/incidente\/consulta$/);
  await expect(page.getByRole("heading", { name: `Reporte ${radicado}` })).toBeVisible();
}

for (const javaScriptEnabled of [true, false]) {
  // axe needs the page's JavaScript (in a page without it, its evaluation does not settle here): the
  // run with JavaScript checks the journey's pages, and the test at the end the no-JavaScript-only ones.
  const expectNoAxeViolations = (page: Page) => (javaScriptEnabled ? axe(page) : Promise.resolve());
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });
    // A long journey over two roles with axe on seven pages.
    test.setTimeout(180_000);

    test("report → radicado and code → CONSULTAR → staff mark 'Reportado a la ARL' with a visible note → CONSULTAR shows it", async ({ page }) => {
      const worker = javaScriptEnabled ? "Marta Ruiz Con Script" : "Marta Ruiz Sin Script";
      const staffMailsBefore = mailsTo("sst-equipo@example.com").length;
      await page.goto("/incidente");
      if (javaScriptEnabled) {
        // The island hydrates on the visitor's first touch (ADR 011).
        await page.locator("form.report-form").getByRole("textbox").first().focus();
        await expect(page.locator("form.report-form")).toHaveAttribute("novalidate", "");
      }
      await expectNoAxeViolations(page);

      // A first try without the health consent: refused, with the message by the box and the values kept.
      await fillReport(page, worker);
      await page.getByLabel(/Autorizo de forma expresa el tratamiento de estos datos de salud/).uncheck();
      await page.getByRole("button", { name: "ENVIAR REPORTE" }).click();
      await expect(page.locator(".error-summary")).toBeFocused();
      await expect(page.locator("#incidente-consentimiento_salud-error")).toContainText("datos de salud");
      await expect(page.locator("#incidente-trabajador_nombre")).toHaveValue(worker);
      await expectNoAxeViolations(page);

      await page.getByLabel(/Autorizo de forma expresa el tratamiento de estos datos de salud/).check();
      if (!javaScriptEnabled) await page.getByLabel(/Autorizo el tratamiento de los datos personales de este reporte/).check();
      await page.getByRole("button", { name: "ENVIAR REPORTE" }).click();
      await expect(page.getByRole("heading", { name: "Recibimos su reporte" })).toBeVisible();
      if (!javaScriptEnabled) await expect(page).toHaveURL(/\/incidente\/recibido$/);
      const radicado = (await page.locator(".report-receipt-codes dd").nth(0).textContent()) ?? "";
      const code = (await page.locator(".report-receipt-codes dd").nth(1).textContent()) ?? "";
      expect(radicado).toMatch(/^AT-\d{4}-\d{6}$/);
      expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
      await expectNoAxeViolations(page);
      // Occupational health is told at once, without the health details.
      await expect.poll(() => mailsTo("sst-equipo@example.com").length).toBe(staffMailsBefore + 1);
      const notice = mailsTo("sst-equipo@example.com").at(-1);
      expect(notice?.subject).toContain(radicado);
      expect(notice?.text).not.toContain("Torcedura");

      await consult(page, radicado, code);
      await expect(page.locator(".case-step-current")).toContainText("Recibido");
      await expectNoAxeViolations(page);

      // The occupational-health staff.
      await page.goto("/admin/reportes");
      await page.getByLabel("Correo").fill("sst@example.com");
      await page.getByLabel("Contraseña").fill(TEST_PASSWORD);
      await page.getByRole("button", { name: "Ingresar" }).click();
      await expect(page.getByRole("heading", { name: "Reportes de incidentes y accidentes de trabajo" })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole("link", { name: radicado }).click();
      await expect(page.getByRole("heading", { name: new RegExp(`Reporte ${radicado}`) })).toBeVisible();
      await expect(page.getByText("Tobillo derecho")).toBeVisible();
      // The FURAT's notices, each with its deadline: two business days after the accident (product rule 21).
      await expect(page.getByRole("row", { name: /FURAT a la ARL/ })).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
      await expect(page.getByRole("row", { name: /Dirección Territorial/ })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByLabel("Nuevo estado").selectOption({ label: "Reportado a la ARL" });
      await page.getByLabel(/^Nota/).fill("Reportamos el accidente a la ARL y a la EPS.");
      await page.getByLabel(/También quien reportó/).check();
      await page.getByRole("button", { name: "Guardar", exact: true }).click();
      await expect(page.getByRole("status")).toContainText("Cambio guardado");
      await page.getByRole("button", { name: "Cerrar sesión" }).click();

      await consult(page, radicado, code);
      await expect(page.locator(".case-step-current")).toContainText("Reportado a la ARL");
      await expect(page.getByText("Reportamos el accidente a la ARL y a la EPS.")).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}

for (const javaScriptEnabled of [true, false]) {
  test(`on a phone, a worker reporting for themselves is asked for their data once, and gets the code at the e-mail they gave as the worker's (${javaScriptEnabled ? "with" : "without"} JavaScript)`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 390, height: 844 }, locale: "es-CO" });
    const page = await context.newPage();
    const email = `marta.${javaScriptEnabled ? "js" : "sinjs"}.${Date.now()}@example.org`;
    const field = (name: string) => page.locator(`#incidente-${name}`);
    await page.goto("/incidente");
    if (javaScriptEnabled) {
      await page.locator("form.report-form").getByRole("radio").first().focus();
      await expect(page.locator("form.report-form")).toHaveAttribute("novalidate", "");
    }
    // "¿Quién reporta?" comes first.
    await expect(page.locator("form.report-form fieldset.report-group").first()).toContainText("¿Quién reporta?");
    await page.getByRole("radio", { name: "Soy el trabajador afectado" }).check();
    for (const name of ["reporta_nombre", "reporta_celular", "reporta_correo"]) await expect(field(name), name).toBeHidden();
    const asked = (label: RegExp) => page.locator("form.report-form").getByLabel(label).filter({ visible: true });
    await expect(asked(/nombre/i)).toHaveCount(1);
    await expect(asked(/celular/i)).toHaveCount(1);
    await expect(asked(/correo/i)).toHaveCount(1);
    // Someone else is asked for their own data too.
    await page.getByRole("radio", { name: "Un compañero de trabajo" }).check();
    await expect(field("reporta_nombre")).toBeVisible();
    await expect(asked(/correo/i)).toHaveCount(2);
    await page.getByRole("radio", { name: "Soy el trabajador afectado" }).check();
    await expect(field("reporta_nombre")).toBeHidden();

    await page.getByRole("radio", { name: /^Incidente/ }).check();
    await field("trabajador_nombre").fill("Marta Una Vez");
    await field("trabajador_tipo_documento").selectOption("CC");
    await field("trabajador_documento").fill("52123458");
    await field("trabajador_celular").fill("300 123 4567");
    await field("trabajador_correo").fill(email);
    await field("empresa_usuaria").fill("Alimentos del Valle S.A.S.");
    await field("sede").fill("Cali");
    await field("fecha").fill(today());
    await field("hora").fill("00:00");
    await field("lugar").fill("Bodega 2");
    await field("descripcion").fill("Casi me cae una caja de la estantería.");
    await page.getByLabel(/Autorizo el tratamiento de los datos personales de este reporte/).check();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole("button", { name: "ENVIAR REPORTE" }).click();
    await expect(page.getByRole("heading", { name: "Recibimos su reporte" })).toBeVisible();
    const code = (await page.locator(".report-receipt-codes dd").nth(1).textContent()) ?? "";
    await expect.poll(() => mailsTo(email).length).toBe(1);
    expect(mailsTo(email)[0].text).toContain(code);
    await context.close();
  });
}

test("the pages only a visit without JavaScript reaches pass axe too", async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto("/incidente/recibido");
  await expect(page.getByRole("link", { name: "Ir a CONSULTAR" })).toBeVisible();
  await axe(page);
  await page.goto("/incidente/consulta");
  await axe(page);
  // The report refused by the server (as a post without JavaScript gets it), rendered in this page.
  const response = await page.request.post("/incidente", {
    form: { tipo: "accidente", consentimiento: "on" },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(response.status()).toBe(400);
  const html = await response.text();
  await page.route("**/incidente-rechazado", (route) => route.fulfill({ status: 200, contentType: "text/html", body: html }));
  await page.goto("/incidente-rechazado");
  await expect(page.locator(".error-summary")).toContainText("Complete los campos obligatorios");
  await axe(page);
});

test("CONSULTAR: a wrong code gets the same page as an unknown radicado", async ({ page }) => {
  await page.goto("/incidente");
  await page.getByLabel("Radicado").fill("AT-2026-999999");
  await page.getByLabel("Código de seguimiento").fill("AAAA-BBBB-CCCC");
  await page.getByRole("button", { name: "CONSULTAR" }).click();
  await expect(page.getByRole("alert")).toContainText("No encontramos un reporte con ese radicado y ese código");
  await axe(page);
});
