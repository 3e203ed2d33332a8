import { expect, type Page, test } from "@playwright/test";
import Database from "better-sqlite3";
import { startServer } from "../support/server-process";
import { expectNoAxeViolations, savedMails } from "./helpers";

const PHONE = "+57 601 000 0000";

async function fillContact(page: Page, values: Partial<Record<string, string>> = {}) {
  const v = { NOMBRE: "Señora Núñez", CELULAR: "300 123 4567", CORREO: "nunez@example.org", MENSAJE: "¿Pueden llamarme?", ...values };
  for (const [label, value] of Object.entries(v)) await page.getByLabel(label, { exact: true }).fill(value ?? "");
}

/** Sends the filled form and expects the success dialog and exactly one new e-mail with this subject. */
async function sendAndExpectOneMail(page: Page, subject: string) {
  const before = savedMails().length;
  await page.getByRole("button", { name: "ENVIAR" }).click();
  await expect(page.getByRole("dialog", { name: "Enviado!" })).toBeVisible();
  await expect.poll(() => savedMails().length).toBe(before + 1);
  expect(savedMails()[before].subject).toBe(subject);
}

/** The island hydrates on the visitor's first touch (ADR 011): focus a field, as a visitor would. */
async function hydrated(page: Page) {
  await page.locator("form.message-form").getByRole("textbox").first().focus();
  await expect(page.locator("form.message-form")).toHaveAttribute("novalidate", "");
}

test.describe("contact form", () => {
  test("empty fields: the spec's error dialog, closed with Escape, focus returns", async ({ page }) => {
    await page.goto("/contacto");
    await hydrated(page);
    const submit = page.getByRole("button", { name: "ENVIAR" });
    await submit.click();
    const dialog = page.getByRole("dialog", { name: "Error" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Todos los campos son obligatorios");
    await expect(dialog.getByRole("button", { name: "OK" })).toBeFocused();
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(submit).toBeFocused();
    await expect(page.locator("#contacto-nombre")).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#contacto-nombre-error")).toHaveText("Este campo es obligatorio.");
  });

  test("invalid e-mail: the spec's dialog, closed by a click outside", async ({ page }) => {
    await page.goto("/contacto");
    await hydrated(page);
    await fillContact(page, { CORREO: "nunez@example" });
    await page.getByRole("button", { name: "ENVIAR" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading")).toHaveText("Error");
    await expect(dialog).toContainText("Correo electrónico no válido");
    const box = await dialog.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(478);
    await page.mouse.click(5, 5);
    await expect(dialog).toBeHidden();
  });

  test("consent is required", async ({ page }) => {
    await page.goto("/contacto");
    await hydrated(page);
    await fillContact(page);
    const consent = page.getByRole("checkbox", { name: /Autorizo el tratamiento de mis datos personales/ });
    await expect(consent).not.toBeChecked();
    await expect(page.locator("form").getByRole("link", { name: "política de tratamiento de datos personales" })).toHaveAttribute("href", "/privacidad");
    await page.getByRole("button", { name: "ENVIAR" }).click();
    await expect(page.getByRole("dialog")).toContainText("Debe aceptar la política de tratamiento de datos personales");
  });

  test("success: the spec's dialog, reset, draft cleared, one e-mail with every field", async ({ page }) => {
    const before = savedMails().length;
    await page.goto("/contacto");
    await hydrated(page);
    await fillContact(page, { NOMBRE: "Prueba Éxito" });
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "ENVIAR" }).click();
    const dialog = page.getByRole("dialog", { name: "Enviado!" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Hemos recibido su mensaje y uno de nuestros colaboradores responderá en el menor tiempo posible!");
    await dialog.getByRole("button", { name: "Cerrar" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByLabel("NOMBRE", { exact: true })).toHaveValue("");
    await expect(page.getByRole("checkbox")).not.toBeChecked();
    expect(await page.evaluate(() => sessionStorage.getItem("contacto"))).toBeNull();
    await expect.poll(() => savedMails().length).toBe(before + 1);
    const mail = savedMails()[before];
    expect(mail.subject).toBe("Nuevo mensaje de contacto: Prueba Éxito");
    expect(mail.replyTo).toBe("nunez@example.org");
    for (const value of ["Prueba Éxito", "300 123 4567", "nunez@example.org", "¿Pueden llamarme?"]) expect(mail.text).toContain(value);
  });

  test("failure: a real 503 from a server whose database is locked shows the spec's failure dialog, and the input stays", async ({ page }) => {
    test.setTimeout(60_000);
    // A server of its own, whose SQLite file another process holds locked: the insert times out and
    // the server answers a real 503 (no route mock of our endpoint).
    const server = await startServer({});
    const locker = new Database(server.databaseFile);
    try {
      await page.goto(`${server.url}/contacto`);
      await hydrated(page);
      await fillContact(page);
      await page.getByRole("checkbox").check();
      locker.exec("BEGIN EXCLUSIVE");
      const answer = page.waitForResponse((r) => r.url().endsWith("/php/contacto"));
      await page.getByRole("button", { name: "ENVIAR" }).click();
      expect((await answer).status()).toBe(503);
      const dialog = page.getByRole("dialog", { name: "Ocurrió un error al enviar el Email!" });
      await expect(dialog).toContainText(`Llame al siguiente número para más información: ${PHONE}`);
      await page.keyboard.press("Escape");
      await expect(page.getByLabel("NOMBRE", { exact: true })).toHaveValue("Señora Núñez");
      await expect(page.getByLabel("MENSAJE", { exact: true })).toHaveValue("¿Pueden llamarme?");
    } finally {
      if (locker.inTransaction) locker.exec("ROLLBACK");
      locker.close();
      await server.stop();
    }
  });

  test("a stopped server also shows the failure dialog, and the input stays", async ({ page }) => {
    const server = await startServer({});
    await page.goto(`${server.url}/contacto`);
    await hydrated(page);
    await fillContact(page);
    await page.getByRole("checkbox").check();
    await server.stop();
    await page.getByRole("button", { name: "ENVIAR" }).click();
    await expect(page.getByRole("dialog", { name: "Ocurrió un error al enviar el Email!" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByLabel("CORREO", { exact: true })).toHaveValue("nunez@example.org");
  });

  test("while sending, the button shows progress and cannot be pressed twice", async ({ page }) => {
    let posts = 0;
    // The real endpoint answers, only later, as on a slow connection.
    await page.route("**/php/contacto", async (route) => {
      posts += 1;
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await page.goto("/contacto");
    await hydrated(page);
    await fillContact(page);
    await page.getByRole("checkbox").check();
    const button = page.locator("button.button-submit");
    await button.click();
    await expect(button).toBeDisabled();
    await expect(button).toContainText("ENVIANDO");
    await button.click({ force: true }).catch(() => undefined);
    await expect(page.getByRole("dialog", { name: "Enviado!" })).toBeVisible();
    expect(posts).toBe(1);
  });

  test("the draft is restored after a reload", async ({ page }) => {
    await page.goto("/contacto");
    await hydrated(page);
    await fillContact(page, { NOMBRE: "Borrador" });
    await page.reload();
    await hydrated(page);
    await expect(page.getByLabel("NOMBRE", { exact: true })).toHaveValue("Borrador");
    await expect(page.getByLabel("MENSAJE", { exact: true })).toHaveValue("¿Pueden llamarme?");
  });

  test("what a visitor types before the page's script arrives is kept and sent", async ({ page }) => {
    // Hold every script module until the visitor has typed, as on a slow phone.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/assets/*.js", async (route) => {
      await released;
      await route.continue();
    });
    await page.goto("/contacto", { waitUntil: "domcontentloaded" });
    await expect(page.locator("form.message-form")).not.toHaveAttribute("novalidate", "");
    await fillContact(page, { NOMBRE: "Antes De Hidratar" });
    await page.getByRole("checkbox").check();
    release();
    await hydrated(page);
    await expect(page.getByLabel("NOMBRE", { exact: true })).toHaveValue("Antes De Hidratar");
    await expect(page.getByLabel("MENSAJE", { exact: true })).toHaveValue("¿Pueden llamarme?");
    await expect(page.getByRole("checkbox")).toBeChecked();
    await sendAndExpectOneMail(page, "Nuevo mensaje de contacto: Antes De Hidratar");
  });

  test("the island waits for the visitor: preloaded when idle, hydrated on the first touch (ADR 011)", async ({ page }) => {
    const fetched: string[] = [];
    page.on("request", (r) => {
      if (/\/assets\/island-.*\.js$/.test(r.url())) fetched.push(r.url());
    });
    await page.goto("/contacto", { waitUntil: "load" });
    // Preloaded once the browser is idle after load…
    await expect(page.locator('head link[rel="modulepreload"]')).not.toHaveCount(0);
    await expect.poll(() => fetched.length).toBeGreaterThan(0);
    // …but not started: the form is still the plain, server-validated one.
    await page.waitForTimeout(500);
    await expect(page.locator("form.message-form")).not.toHaveAttribute("novalidate", "");
    // A keyboard visitor tabbing into the form starts it.
    await page.getByLabel("NOMBRE", { exact: true }).focus();
    await expect(page.locator("form.message-form")).toHaveAttribute("novalidate", "");
  });

  test("the honeypot is hidden from people and assistive technology", async ({ page }) => {
    await page.goto("/contacto");
    const honeypot = page.locator('input[name="sitio_web"]');
    await expect(honeypot).toHaveAttribute("tabindex", "-1");
    // Hidden by the `hidden` attribute whatever style sheet the page has: no box at all.
    expect(await honeypot.boundingBox()).toBeNull();
    await expect(honeypot.locator("xpath=ancestor::*[@hidden]")).toHaveCount(1);
    await expect(page.getByRole("textbox", { name: "No llene este campo" })).toHaveCount(0);
  });
});

test.describe("client form", () => {
  test("labels, types, and a successful request", async ({ page }) => {
    await page.goto("/cliente");
    await hydrated(page);
    for (const label of ["EMPRESA", "CARGO", "NOMBRE", "CELULAR", "CORREO", "MENSAJE"]) {
      await expect(page.getByLabel(label, { exact: true })).toHaveAttribute("required", "");
    }
    await expect(page.getByLabel("CORREO", { exact: true })).toHaveAttribute("type", "email");
    await page.getByLabel("EMPRESA", { exact: true }).fill("Acme S.A.S.");
    await page.getByLabel("CARGO", { exact: true }).fill("Gerente");
    await fillContact(page);
    await page.getByRole("checkbox").check();
    await sendAndExpectOneMail(page, "Nueva solicitud de cliente: Acme S.A.S. (Señora Núñez)");
  });

  test("empty fields show the spec's error dialog", async ({ page }) => {
    await page.goto("/cliente");
    await hydrated(page);
    await page.getByRole("button", { name: "ENVIAR" }).click();
    await expect(page.getByRole("dialog", { name: "Error" })).toContainText("Todos los campos son obligatorios");
  });
});

test.describe("the island's script fails to arrive", () => {
  // The service worker stays out, so that it cannot fetch the script the page is refused.
  test.use({ serviceWorkers: "block" });
  test("the form answered again by the server passes axe, and hydration keeps its errors and values", async ({ page }) => {
    // The island's script fails to download, so the site script lets the browser post the form itself, as
    // without JavaScript (ADR 008: a submit before the island starts waits for it, and goes as a plain post
    // only when it cannot start; until then the script was held back here).
    let refuse = true;
    await page.route("**/assets/island-*.js", (route) => (refuse ? route.abort() : route.continue().catch(() => undefined)));
    await page.goto("/contacto", { waitUntil: "domcontentloaded" });
    await fillContact(page, { CORREO: "nunez@example" });
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "ENVIAR" }).click();
    const summary = page.getByRole("alert");
    await expect(summary).toBeFocused({ timeout: 10_000 });
    await expect(summary).toContainText("Correo electrónico no válido");
    await expectNoAxeViolations(page);
    refuse = false;
    await hydrated(page);
    await expect(summary).toBeVisible();
    await expect(page.getByLabel("CORREO", { exact: true })).toHaveValue("nunez@example");
    await expect(page.getByLabel("CORREO", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("NOMBRE", { exact: true })).toHaveValue("Señora Núñez");
    await expect(page.getByRole("checkbox")).toBeChecked();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the contact form posts and lands on a Spanish confirmation page", async ({ page }) => {
    const before = savedMails().length;
    await page.goto("/contacto");
    await fillContact(page, { NOMBRE: "Sin Script" });
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "ENVIAR" }).click();
    await expect(page).toHaveURL(/\/contacto\/enviado$/);
    await expect(page.getByRole("heading", { name: "Enviado!" })).toBeVisible();
    await expect.poll(() => savedMails().length).toBe(before + 1);
  });

  test("a refused post answers the form again: 400, a focused error summary, errors by the fields, every value kept", async ({ page }) => {
    const before = savedMails().length;
    await page.goto("/cliente");
    await page.getByLabel("EMPRESA", { exact: true }).fill("Acme");
    await page.getByLabel("CARGO", { exact: true }).fill("Gerente");
    await fillContact(page, { CELULAR: "12345", MENSAJE: "Línea uno\nLínea dos" });
    await page.getByRole("checkbox").check();
    const answer = page.waitForResponse((r) => r.request().method() === "POST");
    await page.getByRole("button", { name: "ENVIAR" }).click();
    expect((await answer).status()).toBe(400);
    await expect(page).toHaveURL(/\/cliente$/);
    const summary = page.getByRole("alert");
    await expect(summary).toBeFocused();
    await expect(summary).toContainText("CELULAR");
    await expect(page.locator("#cliente-celular-error")).toContainText("celular o fijo colombiano");
    await expect(page.getByLabel("CELULAR", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("EMPRESA", { exact: true })).toHaveValue("Acme");
    await expect(page.getByLabel("CELULAR", { exact: true })).toHaveValue("12345");
    await expect(page.getByLabel("MENSAJE", { exact: true })).toHaveValue("Línea uno\nLínea dos");
    // The link in the summary leads to the field.
    await summary.getByRole("link", { name: /CELULAR/ }).click();
    await expect(page).toHaveURL(/#cliente-celular$/);
    // Corrected, it goes through.
    await page.getByLabel("CELULAR", { exact: true }).fill("300 123 4567");
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "ENVIAR" }).click();
    await expect(page).toHaveURL(/\/cliente\/enviado$/);
    await expect.poll(() => savedMails().length).toBe(before + 1);
  });
});
