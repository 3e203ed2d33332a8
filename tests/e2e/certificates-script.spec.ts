/**
 * The certificate flow with its page script (public/js/certificados.js, ADR 027) on real Chromium at 390 px:
 * the code's time left counted down, a button that says it is working and sends once, the download followed
 * by what comes next, and a limit's Retry-After counted down with the buttons held. The same flow without
 * JavaScript is tests/e2e/certificates.spec.ts. The script stays within 2 KB (gzip).
 */
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { expect, type Page, test } from "@playwright/test";
import { TEST_PASSWORD } from "../support/accounts";
import { expectNoAxeViolations, watchErrors, codeMailedTo } from "./helpers";

const PHONE = { width: 390, height: 844 };
const EMAIL = "andres.mejia@example.org";
const CSV = [
  "tipo_documento;numero_documento;nombre_completo;correo;celular;cargo;tipo_contrato;fecha_inicio;fecha_fin;empresa_usuaria;salario;funciones",
  `CC;1030405060;Andrés Mejía Soto;${EMAIL};3015550001;Operario de montacargas;fijo;2025-01-13;2025-12-31;;1623500;`,
].join("\n");

async function askCode(phone: Page) {
  await phone.getByLabel("Tipo de documento").selectOption("CC");
  await phone.getByLabel("Número de documento").fill("1030405060");
  await phone.getByRole("button", { name: "ENVIARME EL CÓDIGO" }).click();
}

test("the page script counts the code's minutes, sends once, moves on after the download, and counts a limit's wait down", async ({ browser }) => {
  expect(gzipSync(readFileSync("build/client/js/certificados.js"), { level: 9 }).length).toBeLessThanOrEqual(2 * 1024);

  const admin = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
  const page = await admin.newPage();
  await page.goto("/admin/nomina");
  await page.getByLabel("Correo").fill("admin@example.com");
  await page.getByLabel("Contraseña").fill(TEST_PASSWORD);
  await page.getByRole("button", { name: /ingresar/i }).click();
  await page.getByLabel("Archivo CSV").setInputFiles({ name: "nomina.csv", mimeType: "text/csv", buffer: Buffer.from(CSV) });
  await page.getByLabel("Datos de nómina al (fecha de corte)").fill("2026-11-20");
  await page.getByRole("button", { name: "Revisar e importar" }).click();
  await expect(page.getByRole("status")).toHaveText("Nómina importada.");
  await admin.close();

  const worker = await browser.newContext({ viewport: PHONE, acceptDownloads: true });
  const phone = await worker.newPage();
  const errors = watchErrors(phone);
  let posts = 0;
  // The first step's answer held back a moment, so a second press lands while the first is on its way.
  await phone.route("**/certificados", async (route) => {
    if (route.request().method() === "POST") {
      posts += 1;
      if (posts === 1) await new Promise((r) => setTimeout(r, 1500));
    }
    await route.continue();
  });
  await phone.goto("/certificados");
  await expect(phone.locator("html")).toHaveAttribute("data-certificados", "listo");
  await phone.getByLabel("Tipo de documento").selectOption("CC");
  await phone.getByLabel("Número de documento").fill("1030405060");
  // Two presses in a row, as an impatient thumb: the first says it is working, the second sends nothing.
  const pressed = await phone.evaluate(() => {
    const button = document.querySelector<HTMLButtonElement>(".certificates-form button[type=submit]")!;
    button.click();
    const after = { text: button.textContent, busy: button.getAttribute("aria-disabled") };
    button.click();
    return after;
  });
  expect(pressed).toEqual({ text: "UN MOMENTO…", busy: "true" });
  await expect(phone.getByRole("status")).toContainText("a***@e***.org");
  expect(posts).toBe(1);

  // The code step: the field a phone fills from the mail, and the minutes left.
  const field = phone.getByLabel("Código de 6 dígitos");
  await expect(field).toHaveAttribute("autocomplete", "one-time-code");
  await expect(field).toHaveAttribute("inputmode", "numeric");
  const timer = phone.getByRole("timer");
  await expect(timer).toHaveText(/^Le quedan (10:00|9:[0-5]\d) minutos para escribir el código\.$/);
  const first = await timer.textContent();
  await expect(timer).not.toHaveText(first as string);
  await expectNoAxeViolations(phone);
  await expect.poll(() => codeMailedTo(EMAIL), { timeout: 15_000 }).toMatch(/^\d{6}$/);
  await field.fill(codeMailedTo(EMAIL) as string);
  await phone.getByRole("button", { name: "CONTINUAR" }).click();
  await phone.getByRole("button", { name: "GENERAR MI CERTIFICADO" }).click();
  await expect(phone.getByText("Su certificado está listo")).toBeVisible();
  // Each step is a page of its own: its script must have set its listeners before the tap.
  await expect(phone.locator("html")).toHaveAttribute("data-certificados", "listo");
  const [download] = await Promise.all([phone.waitForEvent("download"), phone.getByRole("link", { name: "DESCARGAR EL CERTIFICADO (PDF)" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^certificado-laboral-[0-9A-Z]{15}\.pdf$/);
  await expect(phone.getByText("Descargando su certificado. Si lo necesita de nuevo, búsquelo en su correo")).toBeVisible();
  await expect(phone.getByRole("link", { name: "DESCARGAR EL CERTIFICADO (PDF)" })).toHaveCount(0);
  await expectNoAxeViolations(phone);

  // Codes per document are limited (3 an hour): the fourth answer carries Retry-After, counted down.
  await phone.unroute("**/certificados");
  for (let i = 0; i < 3; i++) {
    await phone.getByRole("button", { name: /Terminar|Pedir otro código/ }).click();
    await askCode(phone);
  }
  await expect(phone.getByRole("alert")).toContainText("Ya pedimos varios códigos para este documento");
  await expect(phone.getByText(/^Podrá intentarlo de nuevo en \d+:\d\d\.$/)).toBeVisible();
  await expect(phone.getByRole("button", { name: "ENVIARME EL CÓDIGO" })).toBeDisabled();
  await expectNoAxeViolations(phone);
  await phone.screenshot({ path: test.info().outputPath("certificados-espera.png"), fullPage: true });
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  // The one error the browser logs is the limit's own answer (429), which the page explains.
  expect(errors.filter((e) => !e.includes("status of 429"))).toEqual([]);
  await worker.close();
});
