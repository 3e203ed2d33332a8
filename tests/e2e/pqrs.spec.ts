/**
 * PQRS on real Chromium (docs/product.md §28, ADR 019): filing without JavaScript (the kind preselected by a link, the table
 * of terms with today's due dates), filing with JavaScript (the island updates the chosen term),
 * CONSULTAR, and the data-protection staff's journey — ask to complete, the person completes it in
 * CONSULTAR, extend, answer — with the person reading each step. axe runs on every page of the journey.
 */
import { expect, type Page, test } from "@playwright/test";
import { TERMS, dueDay } from "~/features/requests/clock";
import { formatDay } from "~/platform/dates";
import { createAccount, TEST_PASSWORD } from "../support/accounts";
import { expectNoAxeViolations as axe, mailsTo } from "./helpers";

test.beforeAll(() => {
  // The data-protection officer's account, on the browser tests' database (tests/e2e/global-setup.ts);
  // a worker started again after a failure finds it there.
  try {
    createAccount(process.env.E2E_DATABASE as string, "datos@example.com", "datos");
  } catch (error) {
    if (!String(error).includes("UNIQUE")) throw error;
  }
});

async function fillIdentity(page: Page, who: { nombre: string; documento: string; correo: string }) {
  await page.getByLabel("Nombre completo").fill(who.nombre);
  await page.getByLabel("Tipo de documento").selectOption("CC");
  await page.getByLabel("Número de documento").fill(who.documento);
  await page.getByLabel("Correo para la respuesta").fill(who.correo);
}

async function consult(page: Page, radicado: string, code: string) {
  await page.goto("/pqrs");
  await page.getByLabel("Radicado").fill(radicado);
  await page.getByLabel("Código de seguimiento").fill(code);
  await page.getByRole("button", { name: "CONSULTAR" }).click();
  await expect(page).toHaveURL(/\/pqrs\/consulta$/);
  await expect(page.getByRole("heading", { name: `Solicitud ${radicado}` })).toBeVisible();
}

async function receiptOf(page: Page) {
  await expect(page.getByRole("heading", { name: "Recibimos su solicitud" })).toBeVisible();
  const radicado = (await page.locator(".report-receipt-codes dd").nth(0).textContent()) ?? "";
  const code = (await page.locator(".report-receipt-codes dd").nth(1).textContent()) ?? "";
  expect(radicado).toMatch(/^PQ-\d{4}-\d{6}$/);
  expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  return { radicado, code };
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a link preselects the kind; the table shows its term and today's due date; the request is filed and followed in CONSULTAR", async ({ page }) => {
    await page.goto("/pqrs?tipo=queja&asunto=oferta-falsa");
    await expect(page.getByRole("radio", { name: /oferta de empleo falsa/ })).toBeChecked();
    const today = new Date().toISOString();
    await expect(page.locator(".pqrs-term-chosen")).toContainText(`a más tardar el ${formatDay(dueDay(today, TERMS.peticion))}`);
    await expect(page.locator(".pqrs-term-selected")).toContainText("Petición, queja, reclamo o sugerencia");
    await expect(page.locator(".pqrs-terms-rule")).toContainText("guardamos la fecha y la hora reales");

    // Refused by the server (no consent), answered with the errors and everything typed.
    await page.getByLabel("Su solicitud").fill("Me escribieron por WhatsApp ofreciendo un empleo a su nombre y me pidieron pagar un curso.");
    await fillIdentity(page, { nombre: "Gloria Ramos", documento: "1122334455", correo: "gloria.ramos@example.org" });
    await page.getByLabel(/Autorizo el tratamiento de mis datos personales/).evaluate((box: HTMLInputElement) => box.removeAttribute("required"));
    await page.getByRole("button", { name: "ENVIAR SOLICITUD" }).click();
    await expect(page.locator(".error-summary")).toBeFocused();
    await expect(page.getByLabel("Nombre completo")).toHaveValue("Gloria Ramos");
    await expect(page.getByRole("radio", { name: /oferta de empleo falsa/ })).toBeChecked();

    await page.getByLabel(/Autorizo el tratamiento de mis datos personales/).check();
    await page.getByRole("button", { name: "ENVIAR SOLICITUD" }).click();
    await expect(page).toHaveURL(/\/pqrs\/recibido$/);
    const { radicado, code } = await receiptOf(page);
    // The receipt gives the due date CONSULTAR shows.
    await expect(page.locator(".report-receipt-due")).toContainText(`Fecha límite para responderle: ${formatDay(dueDay(today, TERMS.peticion))}`);
    await expect.poll(() => mailsTo("gloria.ramos@example.org").length).toBe(1);
    expect(mailsTo("gloria.ramos@example.org")[0].text).toContain(code);

    await consult(page, radicado, code);
    await expect(page.getByText("Queja: oferta de empleo falsa a nombre de la empresa")).toBeVisible();
    await expect(page.getByText(`Vence el ${formatDay(dueDay(today, TERMS.peticion))}`)).toBeVisible();
  });
});

test("with JavaScript: the island updates the chosen term; the request is filed in place", async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto("/pqrs");
  await expect(page.locator(".pqrs-terms-table tbody tr")).toHaveCount(5);
  await page.locator("form.pqrs-form").getByRole("textbox").first().focus();
  await expect(page.locator("form.pqrs-form")).toHaveAttribute("novalidate", "");
  await axe(page);
  await page.getByRole("radio", { name: /Datos personales, consulta/ }).check();
  const today = new Date().toISOString();
  await expect(page.locator(".pqrs-term-chosen")).toContainText(
    `Datos personales: consulta (conocer sus datos): le respondemos en 10 días hábiles (Ley 1581 de 2012, art. 14)`,
  );
  await expect(page.locator(".pqrs-term-chosen")).toContainText(formatDay(dueDay(today, TERMS.datos_consulta)));
  await expect(page.locator(".pqrs-term-selected")).toContainText("Datos personales: consulta");
  await page.getByRole("radio", { name: /^Consulta:/ }).check();
  await expect(page.locator(".pqrs-term-chosen")).toContainText(formatDay(dueDay(today, TERMS.consulta)));

  // An anonymous consulta is refused by the shared schema, in place.
  await page.getByLabel("Su solicitud").fill("¿Cómo obtengo un certificado de los aportes a seguridad social?");
  await page.getByLabel("Presentar esta queja o sugerencia sin identificarme").check();
  await page.getByRole("button", { name: "ENVIAR SOLICITUD" }).click();
  await expect(page.locator("#pqrs-anonimo-error")).toContainText("Solo una queja o una sugerencia");
  await page.getByLabel("Presentar esta queja o sugerencia sin identificarme").uncheck();
  await fillIdentity(page, { nombre: "Hernán Vega", documento: "7788990011", correo: "hernan.vega@example.org" });
  await page.getByLabel(/Autorizo el tratamiento de mis datos personales/).check();
  await page.getByRole("button", { name: "ENVIAR SOLICITUD" }).click();
  const { radicado, code } = await receiptOf(page);
  await expect(page).toHaveURL(/\/pqrs$/);
  await expect(page.locator(".report-receipt-due")).toContainText(`Fecha límite para responderle: ${formatDay(dueDay(today, TERMS.consulta))}`);
  await axe(page);
  await consult(page, radicado, code);
  await expect(page.getByText("30 días hábiles (Ley 1755 de 2015, art. 14, num. 2)")).toBeVisible();
  await axe(page);
});

test("the data-protection staff's journey: ask to complete, the person completes in CONSULTAR, extend, answer", async ({ page }) => {
  test.setTimeout(180_000);
  const who = { nombre: "Inés Cárdenas", documento: "5566778899", correo: "ines.cardenas@example.org" };
  await page.goto("/pqrs?tipo=datos&solicitud=supresion");
  await page.locator("form.pqrs-form").getByRole("textbox").first().focus();
  await expect(page.getByRole("radio", { name: /Datos personales, supresión/ })).toBeChecked();
  await page.getByLabel("Su solicitud").fill("Quiero que borren mis datos de su base de aspirantes.");
  await fillIdentity(page, who);
  await page.getByLabel(/Autorizo el tratamiento de mis datos personales/).check();
  await page.getByRole("button", { name: "ENVIAR SOLICITUD" }).click();
  const { radicado, code } = await receiptOf(page);

  // The data-protection officer: the list, the request, its clock.
  await page.goto("/admin/datos");
  await page.getByLabel("Correo").fill("datos@example.com");
  await page.getByLabel("Contraseña").fill(TEST_PASSWORD);
  await page.getByRole("button", { name: "Ingresar" }).click();
  await expect(page.getByRole("heading", { name: "Solicitudes de datos personales" })).toBeVisible();
  await axe(page);
  await page.getByRole("link", { name: radicado }).click();
  await expect(page.getByRole("heading", { name: new RegExp(`Solicitud ${radicado}`) })).toBeVisible();
  await expect(page.getByText("15 días hábiles (Ley 1581 de 2012, art. 15)")).toBeVisible();
  await axe(page);
  const requestUrl = page.url();

  await page.getByLabel(/^Qué falta/).fill("Adjunte una copia de su documento de identidad por correo, o indíquenos cuándo puede venir a la oficina.");
  await page.getByRole("button", { name: "Pedir que la complete" }).click();
  await expect(page.getByRole("status")).toContainText("el plazo quedó suspendido");
  await expect(page.getByText(/Suspendido desde el/)).toBeVisible();
  await axe(page);
  await expect.poll(() => mailsTo(who.correo).some((m) => m.subject === `Complete su solicitud ${radicado}`)).toBe(true);
  await page.getByRole("button", { name: "Cerrar sesión" }).click();

  // The person reads the request and completes it in CONSULTAR.
  await consult(page, radicado, code);
  await expect(page.getByRole("heading", { name: "Le pedimos completar su solicitud" })).toBeVisible();
  await axe(page);
  await page.getByLabel("Completar la solicitud").fill("Les envío la copia de mi cédula a datospersonales@example.com hoy mismo.");
  await page.getByRole("button", { name: "ENVIAR LA INFORMACIÓN" }).click();
  await expect(page.getByRole("status")).toContainText("Recibimos la información");
  await expect(page.getByText("Les envío la copia de mi cédula")).toBeVisible();
  await axe(page);

  // Back to the staff: the clock restarted; extend to the legal maximum, then answer.
  await page.goto(requestUrl);
  await page.getByLabel("Correo").fill("datos@example.com");
  await page.getByLabel("Contraseña").fill(TEST_PASSWORD);
  await page.getByRole("button", { name: "Ingresar" }).click();
  await expect(page.getByText(/Completada el/)).toBeVisible();
  const max = await page.getByLabel("Nueva fecha de respuesta").getAttribute("max");
  expect(max).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await page.getByLabel("Motivo de la demora").fill("Debemos confirmar con la empresa usuaria que no hay un proceso abierto.");
  await page.getByLabel("Nueva fecha de respuesta").fill(max as string);
  await page.getByRole("button", { name: "Ampliar y avisar" }).click();
  await expect(page.getByRole("status")).toContainText("El plazo quedó ampliado");
  await expect.poll(() => mailsTo(who.correo).some((m) => m.subject === `Ampliamos el plazo de su solicitud ${radicado}`)).toBe(true);
  await page.getByLabel(/^Respuesta/).fill("Suprimimos sus datos de la base de aspirantes. Conservamos esta solicitud como prueba de la respuesta.");
  await page.getByRole("button", { name: "Responder", exact: true }).click();
  await expect(page.getByRole("status")).toContainText("La respuesta quedó registrada");
  await axe(page);
  await page.getByRole("button", { name: "Cerrar sesión" }).click();

  await consult(page, radicado, code);
  await expect(page.getByText("Suprimimos sus datos de la base de aspirantes.")).toBeVisible();
  await expect(page.getByText(`ampliamos el plazo hasta el ${formatDay(max as string)}`)).toBeVisible();
  await expect(page.locator(".pqrs-extension")).toContainText("Motivo: Debemos confirmar con la empresa usuaria");
  await axe(page);
});

test("the pages only a visit without JavaScript reaches pass axe too", async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto("/pqrs/recibido");
  await expect(page.getByRole("link", { name: "Ir a CONSULTAR" })).toBeVisible();
  await axe(page);
  const response = await page.request.post("/pqrs", { form: { tipo: "peticion", consentimiento: "on" }, headers: { Origin: new URL(page.url()).origin } });
  expect(response.status()).toBe(400);
  const html = await response.text();
  await page.route("**/pqrs-rechazada", (route) => route.fulfill({ status: 200, contentType: "text/html", body: html }));
  await page.goto("/pqrs-rechazada");
  await expect(page.locator(".error-summary")).toContainText("Complete los campos obligatorios");
  await axe(page);
  await page.goto("/pqrs");
  await page.getByLabel("Radicado").fill("PQ-2026-999999");
  await page.getByLabel("Código de seguimiento").fill("AAAA-BBBB-CCCC");
  await page.getByRole("button", { name: "CONSULTAR" }).click();
  await expect(page.getByRole("alert")).toContainText("No encontramos una solicitud con ese radicado y ese código");
  await axe(page);
});
