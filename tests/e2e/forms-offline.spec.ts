/**
 * Nothing typed is lost offline (docs/product.md §4): with the form's island started or not, a submit while
 * the browser is offline stays on the page with every value, a notice says in Spanish that there is no
 * connection and that nothing was sent, and the same button sends it once the connection is back.
 */
import { readdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers";

const today = () => new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);
const mailCount = () => readdirSync(process.env.E2E_MAIL_DIR as string).length;

interface OfflineCase {
  path: string;
  island: string;
  button: string;
  /** Field id → value typed (text, select or date inputs). */
  values: Record<string, string>;
  /** Choices and boxes ticked by their accessible name. */
  checks: (string | RegExp)[];
  /** What the page shows once sent, with the island or as a plain post. */
  sent: (page: Page, island: boolean) => Promise<void>;
}

const CASES: OfflineCase[] = [
  {
    path: "/contacto",
    island: "message-form",
    button: "ENVIAR",
    values: {
      "contacto-nombre": "Sin Red Contacto",
      "contacto-celular": "300 123 4567",
      "contacto-correo": "sinred@example.org",
      "contacto-mensaje": "Escrito sin conexión.\nSegunda línea.",
    },
    checks: [/Autorizo el tratamiento de mis datos personales/],
    sent: async (page, island) =>
      island ? expect(page.getByRole("dialog", { name: "Enviado!" })).toBeVisible() : expect(page).toHaveURL(/\/contacto\/enviado$/, { timeout: 10_000 }),
  },
  {
    path: "/cliente",
    island: "message-form",
    button: "ENVIAR",
    values: {
      "cliente-empresa": "Acme Sin Red",
      "cliente-cargo": "Gerente",
      "cliente-nombre": "Sin Red Cliente",
      "cliente-celular": "300 123 4567",
      "cliente-correo": "cliente@example.org",
      "cliente-mensaje": "Necesitamos personal.",
    },
    checks: [/Autorizo el tratamiento de mis datos personales/],
    sent: async (page, island) =>
      island ? expect(page.getByRole("dialog", { name: "Enviado!" })).toBeVisible() : expect(page).toHaveURL(/\/cliente\/enviado$/, { timeout: 10_000 }),
  },
  {
    path: "/incidente",
    island: "report-form",
    button: "ENVIAR REPORTE",
    values: {
      "incidente-reporta_nombre": "Luis Sin Red",
      "incidente-reporta_celular": "310 987 6543",
      "incidente-trabajador_nombre": "Marta Sin Red",
      "incidente-trabajador_tipo_documento": "CC",
      "incidente-trabajador_documento": "52123456",
      "incidente-trabajador_celular": "300 123 4567",
      "incidente-empresa_usuaria": "Alimentos del Valle S.A.S.",
      "incidente-sede": "Cali",
      "incidente-fecha": today(),
      "incidente-hora": "00:00",
      "incidente-lugar": "Bodega 2",
      "incidente-descripcion": "Resbaló en el piso mojado, reportado sin conexión.",
    },
    checks: [/^Un compañero de trabajo/, /^Accidente de trabajo/, /Autorizo el tratamiento de los datos personales de este reporte/],
    sent: async (page, island) => {
      await expect(page.getByRole("heading", { name: "Recibimos su reporte" })).toBeVisible({ timeout: 10_000 });
      if (!island) await expect(page).toHaveURL(/\/incidente\/recibido$/);
    },
  },
  {
    path: "/linea-etica",
    island: "ethics-form",
    button: "ENVIAR REPORTE",
    values: { "linea-etica-descripcion": "Reporte escrito sin conexión.", "linea-etica-cuando": "Ayer", "linea-etica-donde": "Sede norte" },
    checks: [/^Otro/],
    sent: async (page, island) => {
      await expect(page.getByRole("heading", { name: "Recibimos su reporte" })).toBeVisible({ timeout: 10_000 });
      if (!island) await expect(page).toHaveURL(/\/linea-etica\/recibido$/);
    },
  },
];

async function fill(page: Page, c: OfflineCase) {
  for (const check of c.checks) await page.getByLabel(check).check();
  for (const [id, value] of Object.entries(c.values)) {
    const field = page.locator(`#${id}`);
    if ((await field.evaluate((el) => el.tagName)) === "SELECT") await field.selectOption(value);
    else await field.fill(value);
  }
}

async function expectKept(page: Page, c: OfflineCase) {
  for (const [id, value] of Object.entries(c.values)) await expect(page.locator(`#${id}`), id).toHaveValue(value);
  for (const check of c.checks) await expect(page.getByLabel(check)).toBeChecked();
}

const offlineNotice = (page: Page) => page.getByRole("alert").filter({ hasText: "Sin conexión a internet" });

for (const started of [true, false]) {
  test.describe(started ? "the island started" : "the island not started", () => {
    // Not started: the service worker stays out, so that it cannot fetch the script the page is refused.
    if (!started) test.use({ serviceWorkers: "block" });
    for (const c of CASES) {
      test(`${c.path}: a submit offline keeps every value and says nothing was sent; the same button sends it once online`, async ({ page, context }) => {
        // Not started: its script never arrives (as on a page read offline from the service worker), so the
        // form stays the server-rendered one and goes as a plain post once online.
        if (!started) await page.route("**/assets/island-*.js", (route) => route.abort("internetdisconnected"));
        await page.goto(c.path);
        const form = page.locator(`form.${c.island}`);
        if (started) {
          await form.getByRole("textbox").first().focus();
          await expect(form).toHaveAttribute("novalidate", "");
        }
        await fill(page, c);
        const mails = mailCount();
        await context.setOffline(true);
        await page.getByRole("button", { name: c.button }).click();
        const notice = offlineNotice(page);
        await expect(notice).toHaveText(
          `Sin conexión a internet: lo que escribió no se envió, pero sigue aquí. Cuando vuelva la conexión, presione otra vez «${c.button}».`,
        );
        await expect(page).toHaveURL(new RegExp(`${c.path}$`));
        await expectKept(page, c);
        if (!started) await expect(form).not.toHaveAttribute("novalidate", "");
        // Pressed again while still offline: still held, still one notice.
        await page.getByRole("button", { name: c.button }).click();
        await expect(notice).toHaveCount(1);
        await expectKept(page, c);
        await expectNoAxeViolations(page);

        await context.setOffline(false);
        await page.getByRole("button", { name: c.button }).click();
        await c.sent(page, started);
        await expect(offlineNotice(page)).toHaveCount(0);
        if (c.path === "/contacto" || c.path === "/cliente") await expect.poll(mailCount).toBe(mails + 1);
      });
    }
  });
}

test("CONSULTAR offline keeps the radicado and the code; sent once online", async ({ page, context }) => {
  await page.goto("/incidente");
  await page.getByLabel("Radicado").fill("AT-2026-999998");
  await page.getByLabel("Código de seguimiento").fill("AAAA-BBBB-CCCC");
  await context.setOffline(true);
  await page.getByRole("button", { name: "CONSULTAR" }).click();
  await expect(offlineNotice(page)).toContainText("presione otra vez «CONSULTAR»");
  await expect(page.getByLabel("Radicado")).toHaveValue("AT-2026-999998");
  await expect(page.getByLabel("Código de seguimiento")).toHaveValue("AAAA-BBBB-CCCC");
  await context.setOffline(false);
  await page.getByRole("button", { name: "CONSULTAR" }).click();
  await expect(page).toHaveURL(/\/incidente\/consulta$/);
  await expect(page.getByRole("alert")).toContainText("No encontramos un reporte");
});

test("a form page read offline from the service worker: the submit is held with the notice, and sent once online", async ({ page, context }) => {
  await page.goto("/contacto");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await context.setOffline(true);
  await page.goto("/contacto");
  await expect(page.getByRole("status").filter({ hasText: "Sin conexión" })).toBeVisible();
  await fill(page, CASES[0]);
  const mails = mailCount();
  await page.getByRole("button", { name: "ENVIAR" }).click();
  await expect(offlineNotice(page)).toBeVisible();
  await expectKept(page, CASES[0]);
  await context.setOffline(false);
  await page.getByRole("button", { name: "ENVIAR" }).click();
  // The island, if its script was at hand, or the plain post: sent either way, once.
  await expect(
    page
      .getByRole("dialog", { name: "Enviado!" })
      .or(page.getByRole("heading", { name: "Enviado!" }))
      .first(),
  ).toBeVisible({ timeout: 10_000 });
  await expect.poll(mailCount).toBe(mails + 1);
});
