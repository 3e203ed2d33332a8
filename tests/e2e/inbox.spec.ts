import { readFileSync } from "node:fs";
import Database from "better-sqlite3";
import { expect, type Page, test } from "@playwright/test";
import { TEST_PASSWORD } from "../support/accounts";
import { expectNoAxeViolations } from "./helpers";

async function post(page: Page, form: "contacto" | "cliente", values: Record<string, string>) {
  const res = await page.request.post(`/php/${form}`, {
    headers: { Origin: new URL(page.url() === "about:blank" ? `http://127.0.0.1:${process.env.E2E_PORT ?? "3100"}` : page.url()).origin },
    data: { celular: "3001234567", mensaje: "Hola", consentimiento: true, ...values },
  });
  expect(res.status()).toBe(201);
}

async function signIn(page: Page, email = "personal@example.com", password = TEST_PASSWORD) {
  await page.goto("/admin/mensajes");
  await expect(page).toHaveURL(/\/admin\/ingresar\?siguiente=/);
  await page.getByLabel("Correo").fill(email);
  await page.getByLabel("Contraseña").fill(password);
  await page.getByRole("button", { name: "Ingresar" }).click();
}

test.describe("staff inbox", () => {
  test("wrong password, then sign in, list, filter, detail, mark handled, sign out", async ({ page }) => {
    await page.goto("/");
    await post(page, "contacto", { nombre: "Lucía Filtro", correo: "lucia@example.org", mensaje: "Necesito un certificado" });
    await post(page, "cliente", { empresa: "Acme Andina", cargo: "Gerente", nombre: "Pedro Cliente", correo: "pedro@example.org" });

    await signIn(page, "personal@example.com", "equivocada-123");
    await expect(page.getByRole("alert")).toHaveText("Correo o contraseña incorrectos.");
    await expectNoAxeViolations(page);

    await page.getByLabel("Correo").fill("personal@example.com");
    await page.getByLabel("Contraseña").fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Ingresar" }).click();
    await expect(page).toHaveURL(/\/admin\/mensajes$/);
    await expect(page.getByRole("heading", { name: "Mensajes" })).toBeVisible();
    await expectNoAxeViolations(page);
    const rows = page.locator("tbody tr");
    await expect(rows.first()).toContainText("Pedro Cliente");
    await expect(rows.first()).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);

    await page.getByLabel("Formulario").selectOption("contacto");
    await page.getByLabel("Buscar").fill("certificado");
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("Lucía Filtro");

    await rows.first().getByRole("link").click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Mensaje n.º");
    await expect(page.getByText("Necesito un certificado")).toBeVisible();
    await expect(page.getByText(/Aceptada el \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}, política versión \d+\.\d+\./)).toBeVisible();
    await expect(page.locator(".admin-fields").last()).toContainText(/enviado|pendiente/);
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Marcar como atendido" }).click();
    await expect(page.getByRole("status")).toHaveText("El mensaje quedó marcado como atendido.");
    await expect(page.getByText(/Atendido por personal@example\.com el \d{2}\/\d{2}\/\d{4}/)).toBeVisible();

    await page.goto("/admin/mensajes?estado=atendido");
    await expect(page.locator("tbody tr")).toHaveCount(1);
    await page.goto("/admin/auditoria");
    await expect(page.locator("tbody")).toContainText("Marcó como atendido");
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Cerrar sesión" }).click();
    await expect(page).toHaveURL(/\/admin\/ingresar$/);
    await page.goto("/admin/mensajes");
    await expect(page).toHaveURL(/\/admin\/ingresar/);
  });

  test("a failed mail can be retried now", async ({ page }) => {
    await page.goto("/");
    await post(page, "contacto", { nombre: "Reintento Correo", correo: "reintento@example.org" });
    // Simulate a delivery that failed for good.
    const db = new Database(process.env.E2E_DATABASE as string);
    await expect
      .poll(
        () =>
          (db.prepare("select o.status from outbox o join messages m on m.id = o.message_id where m.nombre = ?").get("Reintento Correo") as { status: string })
            .status,
      )
      .toBe("sent");
    db.prepare(
      "update outbox set status = 'failed', attempts = 7, last_error = 'Conexión rechazada' where message_id = (select id from messages where nombre = ?)",
    ).run("Reintento Correo");
    db.close();
    await signIn(page);
    await page
      .getByRole("link", { name: /\d{2}\/\d{2}\/\d{4}/ })
      .first()
      .click();
    await expect(page.getByText("Conexión rechazada")).toBeVisible();
    await expect(page.getByText("fallido")).toBeVisible();
    await page.getByRole("button", { name: "Reintentar ahora" }).click();
    await expect(page.getByRole("status")).toHaveText("El correo volvió a la cola de envío.");
    await expect
      .poll(async () => {
        await page.reload();
        return page.locator(".admin-fields").last().textContent();
      })
      .toContain("enviado");
  });

  test("CSV export of the current filter opens in Excel with Spanish settings", async ({ page }) => {
    await page.goto("/");
    await post(page, "cliente", { empresa: '=HYPERLINK("x")', cargo: 'Jefe; de "planta"', nombre: "Núñez CSV", correo: "csv@example.org" });
    await signIn(page);
    await page.goto("/admin/mensajes?q=N%C3%BA%C3%B1ez%20CSV");
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Exportar a CSV (Excel)" }).click();
    const file = await (await download).path();
    const bytes = readFileSync(file);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString("utf8").slice(1).split("\r\n");
    expect(lines[0].split(";")[0]).toBe('"N.º"');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('"Núñez CSV"');
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[1]).toContain('"Jefe; de ""planta"""');
    expect(lines[1]).toMatch(/"\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}"/);
  });

  test("a person's messages are deleted for their suppression request, and the audit keeps no content", async ({ page }) => {
    await page.goto("/");
    await post(page, "contacto", { nombre: "Borrar Me", correo: "borrar@example.org", mensaje: "Texto privado para borrar" });
    await post(page, "cliente", { empresa: "Borrar SAS", cargo: "Dueña", nombre: "Borrar Me", correo: "BORRAR@example.org" });
    // Every deletion names the data request it serves (product rule 35).
    const filed = await page.request.post("/php/pqrs", {
      headers: { Origin: new URL(page.url()).origin },
      data: {
        tipo: "datos_supresion",
        descripcion: "Borren mis datos.",
        nombre: "Borrar Me",
        tipo_documento: "CC",
        documento: "1122334455",
        correo: "borrar@example.org",
        consentimiento: true,
      },
    });
    expect(filed.status()).toBe(201);
    const { radicado } = (await filed.json()) as { radicado: string };
    // The data-subject tools are for data protection and the admin, not the general staff (product rule 30).
    await signIn(page, "admin@example.com");
    await page.goto("/admin/titulares");
    // The admin also opens the incident reports, so the search takes a document number too.
    await page.getByLabel(/^Correo (o número de documento )?de la persona/).fill("borrar@example.org");
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(page.getByRole("listitem").filter({ hasText: "N.º" })).toHaveCount(2);
    await expectNoAxeViolations(page);
    await expect(page.getByText(`Solicitudes abiertas de esta persona: ${radicado}.`)).toBeVisible();
    await page.getByLabel("Radicado de la solicitud de supresión o de revocatoria que atiende").fill(radicado);
    await page.getByLabel(/Confirmo que la persona pidió suprimir sus datos/).check();
    await page.getByRole("button", { name: "Eliminar 2 mensaje(s)" }).click();
    await expect(page.getByRole("status")).toContainText(`Supresión de la solicitud ${radicado}: se eliminaron 2 mensaje(s).`);
    await page.goto("/admin/mensajes?q=borrar");
    await expect(page.getByText("No hay mensajes con este filtro.")).toBeVisible();
    await page.goto("/admin/auditoria");
    const audit = page.locator("tbody");
    await expect(audit).toContainText("Eliminó los mensajes de un titular");
    await expect(audit).toContainText(`solicitud: ${radicado}`);
    await expect(audit).toContainText("Buscó los registros de un titular");
    await expect(audit).not.toContainText("borrar@example.org");
    await expect(audit).not.toContainText("Texto privado");
  });

  test("what a visitor wrote is shown as inert text", async ({ page }) => {
    let dialogs = 0;
    page.on("dialog", (d) => {
      dialogs += 1;
      void d.dismiss();
    });
    await page.goto("/");
    await post(page, "contacto", {
      nombre: "<script>alert('x')</script>",
      correo: "xss@example.org",
      mensaje: `<img src=x onerror="alert('y')"> <b>negrita</b>`,
    });
    await signIn(page);
    await expect(page.locator("tbody")).toContainText("<script>alert('x')</script>");
    await page
      .getByRole("link", { name: /\d{2}\/\d{2}\/\d{4}/ })
      .first()
      .click();
    await expect(page.locator(".admin-message-text")).toHaveText(`<img src=x onerror="alert('y')"> <b>negrita</b>`);
    await expect(page.locator(".admin-message-text img, .admin-message-text b")).toHaveCount(0);
    expect(dialogs).toBe(0);
  });

  test("repeated failures make the account wait, and the right password passes once the wait is over (ADR 016)", async ({ page }) => {
    await page.goto("/admin/ingresar");
    for (let i = 0; i < 5; i++) {
      await page.getByLabel("Correo").fill("bloqueo@example.com");
      await page.getByLabel("Contraseña").fill(`equivocada-${i}`);
      await page.getByRole("button", { name: "Ingresar" }).click();
      await expect(page.getByRole("alert")).toContainText("Correo o contraseña incorrectos.");
    }
    await page.getByLabel("Correo").fill("bloqueo@example.com");
    await page.getByLabel("Contraseña").fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Ingresar" }).click();
    await expect(page.getByRole("alert")).toContainText(/Demasiados intentos fallidos\. Espere \d+ segundos/);
    await expect(page).toHaveURL(/\/admin\/ingresar/);
    await page.waitForTimeout(2_500);
    await page.getByLabel("Correo").fill("bloqueo@example.com");
    await page.getByLabel("Contraseña").fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Ingresar" }).click();
    await expect(page).not.toHaveURL(/\/admin\/ingresar/);
  });

  test("staff cannot open account management; admin can", async ({ page }) => {
    await signIn(page);
    await expect(page.getByRole("link", { name: "Usuarios" })).toHaveCount(0);
    const res = await page.goto("/admin/usuarios");
    expect(res?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Sin permiso" })).toBeVisible();
    await page.context().clearCookies();
    await signIn(page, "admin@example.com");
    await page.getByRole("link", { name: "Usuarios" }).click();
    await expect(page.getByRole("heading", { name: "Usuarios" })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
