/**
 * Employment certificates on real Chromium at 390 px without JavaScript (docs/product.md §38, 39): an
 * admin imports the payroll through the page, a worker asks for the certificate with their document,
 * types the code mailed to them, chooses, downloads the PDF once, and a verifier checks it by its code.
 * axe runs on every step (in a second page with JavaScript, on the same flow's cookie, since axe is a script).
 */
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { TEST_PASSWORD } from "../support/accounts";
import { expectNoAxeViolations, codeMailedTo } from "./helpers";

const PHONE = { width: 390, height: 844 };
const CSV = [
  "tipo_documento;numero_documento;nombre_completo;correo;celular;cargo;tipo_contrato;fecha_inicio;fecha_fin;empresa_usuaria;salario;funciones",
  "CC;1020304050;Carolina Ríos Peña;carolina.rios@example.org;3015550000;Auxiliar de empaque;obra_labor;2025-03-03;;Lácteos de la Sabana S.A.S.;1423500;Empacar y rotular producto terminado",
].join("\n");

/** axe on the page the flow shows now, read with JavaScript in a context holding the same cookies. */
async function axeOnSameStep(flow: BrowserContext, withScript: Page, url: string) {
  await withScript.context().addCookies(await flow.cookies());
  await withScript.goto(url);
  await expectNoAxeViolations(withScript);
}

test("a worker gets the certificate on a phone without JavaScript, and anyone verifies it", async ({ browser }) => {
  const admin = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
  const page = await admin.newPage();
  await page.goto("/admin/nomina");
  await page.getByLabel("Correo").fill("admin@example.com");
  await page.getByLabel("Contraseña").fill(TEST_PASSWORD);
  await page.getByRole("button", { name: /ingresar/i }).click();
  await expect(page.getByRole("heading", { name: "Nómina" })).toBeVisible();
  await page.getByLabel("Archivo CSV").setInputFiles({ name: "nomina.csv", mimeType: "text/csv", buffer: Buffer.from(CSV) });
  await page.getByLabel("Datos de nómina al (fecha de corte)").fill("2026-11-20");
  await page.getByRole("button", { name: "Revisar e importar" }).click();
  await expect(page.getByRole("status")).toHaveText("Nómina importada.");
  await expect(page.getByRole("cell", { name: "20/11/2026" }).first()).toBeVisible();
  await admin.close();

  const worker = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false, acceptDownloads: true });
  const checker = await (await browser.newContext({ viewport: PHONE })).newPage();
  const phone = await worker.newPage();
  await phone.goto("/");
  await phone.getByRole("link", { name: "Descargue su certificado laboral" }).click();
  await expect(phone).toHaveURL(/\/certificados$/);
  await axeOnSameStep(worker, checker, "/certificados");
  await phone.getByLabel("Tipo de documento").selectOption("CC");
  await phone.getByLabel("Número de documento").fill("1.020.304.050");
  await phone.getByRole("button", { name: "ENVIARME EL CÓDIGO" }).click();
  await expect(phone.getByRole("status")).toContainText("c***@e***.org");
  await axeOnSameStep(worker, checker, "/certificados");
  await expect.poll(() => codeMailedTo("carolina.rios@example.org"), { timeout: 15_000 }).toMatch(/^\d{6}$/);
  await phone.getByLabel("Código de 6 dígitos").fill(codeMailedTo("carolina.rios@example.org") as string);
  await phone.getByRole("button", { name: "CONTINUAR" }).click();
  await expect(phone.getByRole("status")).toContainText("Carolina Ríos Peña: elija qué dice su certificado");
  await expect(phone.getByLabel("Incluir el salario")).not.toBeChecked();
  await axeOnSameStep(worker, checker, "/certificados");
  await phone.screenshot({ path: test.info().outputPath("certificados-elegir.png"), fullPage: true });
  // Nothing wider than the phone.
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await phone.getByLabel("Incluir las funciones del cargo").check();
  await phone.getByRole("button", { name: "GENERAR MI CERTIFICADO" }).click();
  await expect(phone.getByRole("status")).toContainText("Su certificado está listo");
  await axeOnSameStep(worker, checker, "/certificados");
  const [download] = await Promise.all([phone.waitForEvent("download"), phone.getByRole("link", { name: "DESCARGAR EL CERTIFICADO (PDF)" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^certificado-laboral-[0-9A-Z]{15}\.pdf$/);
  const code = /([0-9A-Z]{15})\.pdf$/.exec(download.suggestedFilename())?.[1] as string;
  await phone.goto("/certificados");
  await expect(phone.getByText("Ya lo descargó en este navegador")).toBeVisible();

  // The verifier, on another phone, without JavaScript.
  const verifier = await (await browser.newContext({ viewport: PHONE, javaScriptEnabled: false })).newPage();
  await verifier.goto("/verificar");
  await verifier.getByLabel("Código de verificación").fill(`${code.slice(0, 5)}-${code.slice(5, 10)}-${code.slice(10)}`.toLowerCase());
  await verifier.getByRole("button", { name: "VERIFICAR" }).click();
  await expect(verifier.getByRole("heading", { name: "Certificado válido" })).toBeVisible();
  await expect(verifier.getByText("Carolina R. P.")).toBeVisible();
  await verifier.screenshot({ path: test.info().outputPath("verificar.png"), fullPage: true });
  await checker.goto(`/verificar/${code}`);
  await expect(checker.getByRole("heading", { name: "Certificado válido" })).toBeVisible();
  await expectNoAxeViolations(checker);
  await worker.close();
});
