/**
 * "Cambios vigentes" on their own day, on real Chromium (product rule 37, ADR 022). The site was built
 * today: the Sunday surcharge's 90 % applies and its 100 % step starts on 1 July 2027. On that day:
 * - without JavaScript, the server (its clock for the steps set to that day) sends the page with 100 %;
 * - with JavaScript, the copy built today, read with the visitor's clock on that day, online and offline
 *   from the service worker, shows 100 % as the step that applies and hides the 90 % one.
 */
import { expect, type Page, test } from "@playwright/test";
import { startServer } from "../support/server-process";

const PAGE = "/nosotros/reglamentoInterno";
const STEP_DAY = new Date("2027-07-01T08:00:00-05:00");

/** The row's «Aplica hoy» groups a visitor sees. */
const shownApplies = (page: Page) => page.locator("#cambio-recargo-dominical dl > div:visible", { has: page.locator("dt", { hasText: /^Aplica hoy$/ }) });

async function openRows(page: Page) {
  await page.locator("summary", { hasText: "Qué cambió, qué aplica hoy y desde cuándo" }).click();
}

test("without JavaScript, on the step's day the server sends the page with the new step, no rebuild", async ({ browser }) => {
  test.setTimeout(120_000);
  const server = await startServer({ IN_FORCE_TODAY: "2027-07-01" });
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(server.url + PAGE);
    await openRows(page);
    await expect(shownApplies(page)).toHaveCount(1);
    await expect(shownApplies(page)).toContainText("Recargo del 100 %");
    await expect(page.locator("#cambio-recargo-dominical")).toContainText("Etapas anteriores");
    await expect(page.locator("#cambio-recargo-dominical dl > div:visible", { hasText: "Próximo cambio" })).toHaveCount(0);
  } finally {
    await context.close();
    await server.stop();
  }
});

test("without JavaScript, before the step's day the page built today says 90 % and when 100 % starts", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(PAGE);
  await openRows(page);
  await expect(shownApplies(page)).toHaveCount(1);
  await expect(shownApplies(page)).toContainText("Recargo del 90 %");
  await expect(page.locator("#cambio-recargo-dominical dl > div:visible", { hasText: "Próximo cambio" })).toContainText(
    "Desde el 01/07/2027: Recargo del 100 %",
  );
  await context.close();
});

test("with JavaScript, the copy built today read on the step's day shows the new step, online and offline", async ({ page, context }) => {
  await page.clock.install({ time: STEP_DAY });
  await page.goto(PAGE);
  await openRows(page);
  await expect(shownApplies(page)).toHaveCount(1);
  await expect(shownApplies(page)).toContainText("Recargo del 100 %");
  await expect(page.locator("#cambio-recargo-dominical dl > div:visible", { hasText: "Próximo cambio" })).toHaveCount(0);

  // The service worker's copy (the build's HTML), read offline on that day.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await context.setOffline(true);
  try {
    await page.goto(PAGE);
    await expect(page.getByRole("status").filter({ hasText: "Sin conexión" })).toBeVisible();
    await openRows(page);
    await expect(shownApplies(page)).toHaveCount(1);
    await expect(shownApplies(page)).toContainText("Recargo del 100 %");
  } finally {
    await context.setOffline(false);
  }

  // The day before, the same copy still says 90 %.
  await page.clock.setSystemTime(new Date("2027-06-30T20:00:00-05:00"));
  await page.reload();
  await openRows(page);
  await expect(shownApplies(page)).toContainText("Recargo del 90 %");
});
