/**
 * The ethics line's journey on real Chromium, with and without JavaScript (docs/product.md §22, ADR 013): an anonymous
 * report → radicado and code → a member of the coexistence committee replies → the reporter reads the
 * reply and adds information → the committee reads it. axe runs on the pages of the journey.
 */
import { expect, type Page, test } from "@playwright/test";
import { TEST_PASSWORD } from "../support/accounts";
import { expectNoAxeViolations as axe, mailsTo } from "./helpers";

async function consult(page: Page, radicado: string, code: string) {
  await page.goto("/linea-etica");
  await page.getByLabel("Radicado").fill(radicado);
  await page.getByLabel("Código de seguimiento").fill(code);
  await page.getByRole("button", { name: "CONSULTAR" }).click();
  await expect(page).toHaveURL(/\/linea-etica\/consulta$/);
  await expect(page.getByRole("heading", { name: `Reporte ${radicado}` })).toBeVisible();
}

for (const javaScriptEnabled of [true, false]) {
  const expectNoAxeViolations = (page: Page) => (javaScriptEnabled ? axe(page) : Promise.resolve());
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });
    test.setTimeout(180_000);

    test("anonymous report → radicado and code → the committee replies → the reporter reads it and adds information", async ({ page }) => {
      const marker = javaScriptEnabled ? "con script" : "sin script";
      const committeeMailsBefore = mailsTo("comite-buzon@example.com").length;
      await page.goto("/linea-etica");
      if (javaScriptEnabled) {
        // The island hydrates on the visitor's first touch (ADR 011).
        await page.locator("form.ethics-form").getByRole("textbox").first().focus();
        await expect(page.locator("form.ethics-form")).toHaveAttribute("novalidate", "");
      }
      await expectNoAxeViolations(page);

      // Anonymous is the default: the fields about oneself are out of the way and no consent is needed.
      await expect(page.getByRole("radio", { name: /reportar de forma anónima/ })).toBeChecked();
      await expect(page.getByLabel(/^Su nombre/)).toBeHidden();
      await page.getByRole("radio", { name: /^Acoso laboral/ }).check();
      await page.getByLabel(/^Qué pasó/).fill(`Mi jefe me grita frente a todos cada mañana (${marker}).`);
      await page.getByLabel(/^Cuándo pasó/).fill("Desde septiembre");
      await page.getByLabel(/^Dónde pasó/).fill("Bodega de Funza");
      // A first try identified but without a contact: refused by the server's rule, the values kept.
      await page.getByRole("radio", { name: /quiero dar mi nombre/ }).check();
      await page.getByLabel(/^Su nombre/).fill("Alguien");
      await page.getByLabel(/^Solo si se identifica: autorizo/).check();
      await page.getByRole("button", { name: "ENVIAR REPORTE" }).click();
      await expect(page.locator(".error-summary")).toBeFocused();
      await expect(page.locator("#linea-etica-correo-error")).toContainText("correo o un celular");
      await expect(page.getByLabel(/^Cuándo pasó/)).toHaveValue("Desde septiembre");
      await expectNoAxeViolations(page);

      // Then anonymous after all (without JavaScript the name is cleared by hand; with it, by the choice).
      if (!javaScriptEnabled) await page.getByLabel(/^Su nombre/).fill("");
      await page.getByRole("radio", { name: /reportar de forma anónima/ }).check();
      await page.getByLabel(/^Solo si se identifica: autorizo/).uncheck();
      await page.getByRole("button", { name: "ENVIAR REPORTE" }).click();
      await expect(page.getByRole("heading", { name: "Recibimos su reporte" })).toBeVisible();
      if (!javaScriptEnabled) await expect(page).toHaveURL(/\/linea-etica\/recibido$/);
      const radicado = (await page.locator(".report-receipt-codes dd").nth(0).textContent()) ?? "";
      const code = (await page.locator(".report-receipt-codes dd").nth(1).textContent()) ?? "";
      expect(radicado).toMatch(/^LE-\d{4}-\d{6}$/);
      expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
      await expectNoAxeViolations(page);
      // The committee is told that a report arrived, and nothing else.
      await expect.poll(() => mailsTo("comite-buzon@example.com").length).toBe(committeeMailsBefore + 1);
      const notice = mailsTo("comite-buzon@example.com").at(-1);
      expect(`${notice?.subject} ${notice?.text}`).not.toMatch(/grita|Funza|acoso|LE-/i);

      await consult(page, radicado, code);
      await expect(page.locator(".case-step-current")).toContainText("Recibido");
      await expectNoAxeViolations(page);

      // A member of the coexistence committee replies.
      await page.goto("/admin/etica");
      await page.getByLabel("Correo").fill("comite@example.com");
      await page.getByLabel("Contraseña").fill(TEST_PASSWORD);
      await page.getByRole("button", { name: "Ingresar" }).click();
      await expect(page.getByRole("heading", { name: "Línea ética" })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole("link", { name: radicado }).click();
      await expect(page.getByText(`Mi jefe me grita frente a todos cada mañana (${marker}).`)).toBeVisible();
      await expectNoAxeViolations(page);
      const reply = `¿Hay testigos de esos gritos? (${marker})`;
      await page.getByLabel("Estado", { exact: true }).selectOption({ label: "En revisión" });
      await page.getByLabel(/^Respuesta o nota/).fill(reply);
      // A note is internal unless the reporter is chosen, explicitly, as a reader.
      await expect(page.getByLabel(/nota interna/)).toBeChecked();
      await page.getByRole("radio", { name: /^Quien reportó, al consultar/ }).check();
      await page.getByRole("button", { name: "Guardar", exact: true }).click();
      await expect(page.getByRole("status")).toContainText("Cambio guardado");
      await page.getByRole("button", { name: "Cerrar sesión" }).click();

      // The reporter reads the reply and adds information, still anonymous.
      await consult(page, radicado, code);
      await expect(page.locator(".case-step-current")).toContainText("En revisión");
      await expect(page.getByText(reply)).toBeVisible();
      const addition = `Sí: dos compañeros de la bodega lo vieron (${marker}).`;
      await page.getByLabel("Agregar información").fill(addition);
      await page.getByRole("button", { name: "AGREGAR INFORMACIÓN" }).click();
      await expect(page.getByRole("status")).toContainText("Agregamos su información");
      await expect(page.getByText(addition)).toBeVisible();
      await expectNoAxeViolations(page);

      // The committee reads it.
      await page.goto("/admin/etica");
      await page.getByLabel("Correo").fill("comite@example.com");
      await page.getByLabel("Contraseña").fill(TEST_PASSWORD);
      await page.getByRole("button", { name: "Ingresar" }).click();
      await expect(page.locator("tr", { hasText: radicado })).toContainText("espera respuesta");
      await page.getByRole("link", { name: radicado }).click();
      await expect(page.getByText(addition)).toBeVisible();
      await page.getByRole("button", { name: "Cerrar sesión" }).click();
    });
  });
}

test("choosing to identify shows the fields about oneself and asks for consent; staying anonymous empties them", async ({ page }) => {
  await page.goto("/linea-etica");
  await page.locator("form.ethics-form").getByRole("textbox").first().focus();
  await expect(page.locator("form.ethics-form")).toHaveAttribute("novalidate", "");
  await page.getByRole("radio", { name: /quiero dar mi nombre/ }).check();
  await page.getByLabel(/^Su nombre/).fill("Ana Ruiz");
  await page.getByRole("radio", { name: /^Discriminación/ }).check();
  await page.getByLabel(/^Qué pasó/).fill("No me dejan ascender por mi origen.");
  await page.getByLabel(/^Cuándo pasó/).fill("Este año");
  await page.getByLabel(/^Dónde pasó/).fill("Sede Medellín");
  await page.getByRole("button", { name: "ENVIAR REPORTE" }).click();
  await expect(page.locator("#linea-etica-correo-error")).toContainText("correo o un celular");
  await expect(page.locator("#linea-etica-consentimiento-error")).toContainText("política de tratamiento");
  await page.getByRole("radio", { name: /reportar de forma anónima/ }).check();
  await expect(page.getByLabel(/^Su nombre/)).toBeHidden();
  await page.getByRole("radio", { name: /quiero dar mi nombre/ }).check();
  await expect(page.getByLabel(/^Su nombre/)).toHaveValue("");
  await axe(page);
});

test("the ethics pages only a visit without JavaScript reaches pass axe too; a wrong code gets the same page as an unknown radicado", async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto("/linea-etica/recibido");
  await expect(page.getByRole("link", { name: "Ir a CONSULTAR" })).toBeVisible();
  await axe(page);
  await page.goto("/linea-etica");
  await page.getByLabel("Radicado").fill("LE-2026-999999");
  await page.getByLabel("Código de seguimiento").fill("AAAA-BBBB-CCCC");
  await page.getByRole("button", { name: "CONSULTAR" }).click();
  await expect(page.getByRole("alert")).toContainText("No encontramos un reporte con ese radicado y ese código");
  await axe(page);
});
