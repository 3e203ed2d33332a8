/**
 * A first tap straight on the submit button, before the form's island has started (docs/product.md §4, ADR 008):
 * the island starts and takes the submit that started it, so the visitor gets the site's own dialog or
 * summary (never the browser's bubble) and a filled form is sent once. After a dialog closes, focus is
 * back on the form, never on <body> (docs/product.md §13).
 */
import { readdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers";

const mailCount = () => readdirSync(process.env.E2E_MAIL_DIR as string).length;

// The service worker stays out, so that the slowed scripts below come from the network, slowed.
test.use({ serviceWorkers: "block" });

/** The island's scripts arrive a second late, as on a slow phone: the first tap comes before the island. */
async function slowIslands(page: Page) {
  await page.route("**/assets/island-*.js", async (route) => {
    await new Promise((r) => setTimeout(r, 1000));
    await route.continue().catch(() => undefined);
  });
}

/** Values put in the fields without touching them (as the browser's autofill would), so nothing starts the island. */
async function putValues(page: Page, values: Record<string, string>, ticked: string[] = []) {
  for (const [id, value] of Object.entries(values)) await page.locator(`#${id}`).evaluate((el, v) => ((el as HTMLInputElement).value = v), value);
  for (const id of ticked) await page.locator(`#${id}`).evaluate((el) => ((el as HTMLInputElement).checked = true));
}

test("/contacto: a first tap on ENVIAR of an empty form shows the site's error dialog, not the browser's bubble", async ({ page }) => {
  await slowIslands(page);
  await page.goto("/contacto", { waitUntil: "load" });
  const form = page.locator("form.message-form");
  await expect(form).not.toHaveAttribute("novalidate", "");
  const submit = page.getByRole("button", { name: "ENVIAR" });
  await submit.click();
  const dialog = page.getByRole("dialog", { name: "Error" });
  await expect(dialog).toContainText("Todos los campos son obligatorios");
  await expect(page).toHaveURL(/\/contacto$/);
  await expect(page.locator("#contacto-nombre")).toHaveAttribute("aria-invalid", "true");
  await page.keyboard.press("Escape");
  await expect(submit).toBeFocused();
});

test("/contacto: a first tap on ENVIAR of a filled form sends it through the island, once; closing the dialog returns focus to the form", async ({ page }) => {
  await slowIslands(page);
  await page.goto("/contacto", { waitUntil: "load" });
  await putValues(
    page,
    {
      "contacto-nombre": "Primer Toque",
      "contacto-celular": "300 123 4567",
      "contacto-correo": "toque@example.org",
      "contacto-mensaje": "Enviado con el primer toque.",
    },
    ["contacto-consentimiento"],
  );
  await expect(page.locator("form.message-form")).not.toHaveAttribute("novalidate", "");
  const mails = mailCount();
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST") posts.push(new URL(r.url()).pathname);
  });
  const submit = page.getByRole("button", { name: "ENVIAR" });
  await submit.click();
  const dialog = page.getByRole("dialog", { name: "Enviado!" });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/contacto$/);
  await expect.poll(mailCount).toBe(mails + 1);
  expect(posts).toEqual(["/php/contacto"]);
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Cerrar" }).click();
  await expect(dialog).toBeHidden();
  // Back on the form (its submit button, pressed before the dialog opened), not on <body>.
  await expect(submit).toBeFocused();
  await expect(page.getByLabel("NOMBRE", { exact: true })).toHaveValue("");
});

test("/incidente: a first tap on ENVIAR REPORTE of an empty form shows the form's own error summary", async ({ page }) => {
  await slowIslands(page);
  await page.goto("/incidente", { waitUntil: "load" });
  const form = page.locator("form.report-form");
  await expect(form).not.toHaveAttribute("novalidate", "");
  await page.getByRole("button", { name: "ENVIAR REPORTE" }).click();
  const summary = page.locator(".error-summary");
  await expect(summary).toBeFocused();
  await expect(summary).toContainText("Complete los campos obligatorios");
  await expect(form).toHaveAttribute("novalidate", "");
  await expect(page).toHaveURL(/\/incidente$/);
});

test("/linea-etica: after the failure dialog closes, focus is back on the form's submit button", async ({ page }) => {
  await page.goto("/linea-etica");
  const form = page.locator("form.ethics-form");
  await form.getByRole("textbox").first().focus();
  await expect(form).toHaveAttribute("novalidate", "");
  await page.getByRole("radio", { name: /^Otro asunto ético/ }).check();
  await page.getByLabel(/^Qué pasó/).fill("Prueba del foco.");
  await page.getByLabel(/^Cuándo pasó/).fill("Hoy");
  await page.getByLabel(/^Dónde pasó/).fill("Sede");
  // The connection drops during the send (the browser is still "online"): the failure dialog.
  await page.route("**/php/linea-etica", (route) => route.abort("connectionreset"));
  const submit = page.getByRole("button", { name: "ENVIAR REPORTE" });
  await submit.click();
  const dialog = page.getByRole("dialog", { name: "No se pudo enviar el reporte" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "OK" }).click();
  await expect(dialog).toBeHidden();
  await expect(submit).toBeFocused();
  await expect(page.getByLabel(/^Qué pasó/)).toHaveValue("Prueba del foco.");
});
