/**
 * Every page with a form, on a phone (390×844), with and without JavaScript: the
 * trap field for bots (`sitio_web`) is out of sight, out of the keyboard's reach and out of the
 * accessibility tree, every text input, select and text area is a 44 px target with 16 px text
 * (smaller text makes an iPhone zoom in on focus), and radio buttons and boxes are at least 20 px.
 */
import { expect, type Page, test } from "@playwright/test";

/** The pages with a form; `island`: the form that hydrates (its class), if any. */
const FORM_PAGES: { path: string; island?: string; trap: boolean }[] = [
  { path: "/contacto", island: "message-form", trap: true },
  { path: "/cliente", island: "message-form", trap: true },
  { path: "/incidente", island: "report-form", trap: true },
  { path: "/linea-etica", island: "ethics-form", trap: true },
  // CONSULTAR on its own page (the form a refused lookup answers with).
  { path: "/incidente/consulta", trap: false },
  { path: "/linea-etica/consulta", trap: false },
];

const TEXT_CONTROLS = 'form input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"]), form select, form textarea';

async function expectTrapOutOfReach(page: Page) {
  const trap = page.locator('input[name="sitio_web"]');
  await expect(trap).toHaveCount(1);
  // No box: nothing to see or to tap.
  await expect(trap).toBeHidden();
  expect(await trap.boundingBox()).toBeNull();
  // Not focusable, by script or by keyboard.
  await trap.focus().catch(() => undefined);
  await expect(trap).not.toBeFocused();
  // Not in the accessibility tree: no role query finds it, and the page's tree never names it.
  await expect(page.getByRole("textbox", { name: /No llene este campo/ })).toHaveCount(0);
  expect(await page.locator("body").ariaSnapshot()).not.toContain("No llene");
}

/** Every visible text control of the page's forms is at least 44 px tall with at least 16 px text. */
async function expectPhoneSizedControls(page: Page, atLeast = 2) {
  const controls = page.locator(TEXT_CONTROLS);
  const sizes: { name: string; height: number; fontSize: number }[] = [];
  for (const control of await controls.all()) {
    if (!(await control.isVisible())) continue;
    const box = await control.boundingBox();
    const fontSize = await control.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
    sizes.push({ name: (await control.getAttribute("name")) ?? "?", height: Math.round(box?.height ?? 0), fontSize });
  }
  expect(sizes.length).toBeGreaterThanOrEqual(atLeast);
  for (const { name, height, fontSize } of sizes) {
    expect(height, `${name}: alto`).toBeGreaterThanOrEqual(44);
    expect(fontSize, `${name}: tamaño del texto`).toBeGreaterThanOrEqual(16);
  }
  // Radio buttons and boxes keep their size beside a long label (a flex row once squeezed them to 13 px).
  for (const box of await page.locator('form input[type="radio"], form input[type="checkbox"]').all()) {
    if (!(await box.isVisible())) continue;
    const { width, height } = (await box.boundingBox()) ?? { width: 0, height: 0 };
    const name = `${await box.getAttribute("name")}=${await box.getAttribute("value")}`;
    expect(Math.min(width, height), `${name}: tamaño`).toBeGreaterThanOrEqual(20);
  }
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled, viewport: { width: 390, height: 844 } });

    for (const { path, island, trap } of FORM_PAGES) {
      test(`${path} at 390 px: ${trap ? "the trap field is out of reach, " : ""}text controls are 44 px with 16 px text`, async ({ page }) => {
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        if (javaScriptEnabled && island) {
          // Hydrated (ADR 008: on the first touch), so that the island's own render is what is measured.
          await page.locator(`form.${island}`).getByRole("textbox").first().focus();
          await expect(page.locator(`form.${island}`)).toHaveAttribute("novalidate", "");
        }
        if (trap) await expectTrapOutOfReach(page);
        await expectPhoneSizedControls(page);
        // Nothing is wider than the phone.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      });
    }

    test("the ethics line's follow-up form after CONSULTAR at 390 px: text controls are 44 px with 16 px text", async ({ page }) => {
      await page.goto("/linea-etica");
      const created = await page.request.post("/php/linea-etica", {
        headers: { Origin: new URL(page.url()).origin },
        data: { categoria: "otro", descripcion: "Prueba de tamaños en el teléfono.", cuando: "Hoy", donde: "Sede", identificacion: "anonimo" },
      });
      expect(created.status()).toBe(201);
      const { radicado, codigo } = (await created.json()) as { radicado: string; codigo: string };
      await page.getByLabel("Radicado").fill(radicado);
      await page.getByLabel("Código de seguimiento").fill(codigo);
      await page.getByRole("button", { name: "CONSULTAR" }).click();
      await expect(page.getByLabel("Agregar información")).toBeVisible();
      await expectPhoneSizedControls(page, 1);
    });
  });
}
