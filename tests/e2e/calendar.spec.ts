/**
 * The company's calendar on real Chromium (product rule 36): a deployment configured to work Monday to
 * Friday, 8:00 to 17:00, gets its due dates counted and stated that way by the server (no JavaScript)
 * and by the PQRS island in the browser, which must not fall back to the default Monday-to-Saturday.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { copyProject } from "../support/project-copy";
import { startServer, type ServerProcess } from "../support/server-process";

let server: ServerProcess;
let copy: string | undefined;

test.beforeAll(async () => {
  // The copy rebuilds with the configured calendar (about a minute; more on a loaded machine).
  test.setTimeout(240_000);
  const dir = mkdtempSync(path.join(tmpdir(), "calendario-"));
  const file = path.join(dir, "sitio.json");
  writeFileSync(
    file,
    JSON.stringify({ calendar: { workingDays: ["monday", "tuesday", "wednesday", "thursday", "friday"], officeHours: { opens: "08:00", closes: "17:00" } } }),
  );
  // Another configuration rebuilds: in a copy of the project, so the build the other browser tests are
  // served from keeps its assets (its pages name them by hash).
  copy = copyProject("sitio-calendario-");
  server = await startServer({ SITE_CONFIG: file }, undefined, copy);
});
test.afterAll(async () => {
  await server?.stop();
  if (copy) rmSync(copy, { recursive: true, force: true });
});

// Friday 4 December 2026, 10:00 in Colombia. Monday to Friday: 7, 9, 10, 11, 14, 15, 16, 17, 18, 21, 22, 23,
// 24, 28, 29 December (8 and 25 are holidays) → 29/12/2026. Counting Saturdays it would be 23/12/2026.
const FRIDAY = new Date("2026-12-04T10:00:00-05:00");

test.describe("a Monday-to-Friday deployment", () => {
  test("the island counts the configured days in the browser and the page says them", async ({ page }) => {
    await page.clock.install({ time: FRIDAY });
    await page.goto(`${server.url}/pqrs?tipo=peticion`);
    await expect(page.locator(".pqrs-terms-rule")).toContainText("Contamos días hábiles: de lunes a viernes, sin los festivos de Colombia.");
    await expect(page.locator(".pqrs-terms-rule")).toContainText("lunes a viernes hasta las 5:00 p. m.");
    await page.locator("form.pqrs-form").getByRole("textbox").first().focus();
    await expect(page.locator("form.pqrs-form")).toHaveAttribute("novalidate", "");
    // Hydrated, the table moves to the browser's clock: the dates are the configured calendar's.
    await expect(page.locator(".pqrs-terms-table caption")).toContainText("04/12/2026");
    await expect(page.locator(".pqrs-term-chosen")).toContainText("a más tardar el 29/12/2026");
    await expect(page.locator(".pqrs-terms-rule")).toContainText("de lunes a viernes");
  });
});
