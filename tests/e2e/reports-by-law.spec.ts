/**
 * Issue 22 in the browser: occupational health works an accident reported late through its four notices
 * (ARL, EPS, the worker's copy, the Dirección Territorial), classifies it as serious, and sees the
 * investigation report appear; the gender referent's figures and the public figures page. axe on each.
 */
import { expect, type Page, test } from "@playwright/test";
import { TEST_PASSWORD } from "../support/accounts";
import { expectNoAxeViolations } from "./helpers";

const daysAgo = (n: number) => new Date(Date.now() - 5 * 3_600_000 - n * 86_400_000).toISOString().slice(0, 10);

async function signIn(page: Page, email: string) {
  await page.goto("/admin/ingresar");
  await page.getByLabel("Correo").fill(email);
  await page.getByLabel("Contraseña").fill(TEST_PASSWORD);
  await page.getByRole("button", { name: "Ingresar" }).click();
  await expect(page).not.toHaveURL(/ingresar/);
}

test("an accident reported late: its four notices, each recorded with its date and number; a serious one adds the investigation report", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const worker = `Rosa Plazos ${Date.now()}`;
  const res = await page.request.post("/php/incidente", {
    headers: { Origin: baseURL as string },
    data: {
      tipo: "accidente",
      reporta_relacion: "empresa_usuaria",
      reporta_nombre: "Jefe de planta",
      reporta_celular: "3109876543",
      trabajador_nombre: worker,
      trabajador_tipo_documento: "CC",
      trabajador_documento: "52987654",
      trabajador_celular: "3001234567",
      empresa_usuaria: "Alimentos del Valle S.A.S.",
      sede: "Cali",
      fecha: daysAgo(8),
      hora: "07:15",
      lugar: "Muelle de carga",
      descripcion: "Un estibador le golpeó el pie al maniobrar.",
      consentimiento: true,
    },
  });
  expect(res.status()).toBe(201);
  const { radicado } = await res.json();

  await signIn(page, "sst@example.com");
  await page.goto("/admin/reportes");
  const row = page.locator("tr", { hasText: radicado });
  await expect(row).toHaveClass(/admin-row-overdue/);
  await expect(row).toContainText("VENCIDO");
  await expectNoAxeViolations(page);
  await row.getByRole("link", { name: radicado }).click();
  await expect(page.getByText("El reporte llegó con el plazo del FURAT ya vencido")).toBeVisible();
  const notices = ["FURAT a la ARL", "FURAT a la EPS", "Copia del FURAT al trabajador", "Aviso a la Dirección Territorial del Ministerio del Trabajo"];
  for (const name of notices) await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText("VENCIDO");
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("accidente-390.png"), fullPage: true });

  for (const [i, name] of notices.entries()) {
    await page.getByLabel("Aviso dado").selectOption({ label: name });
    await page.getByLabel("Fecha en que se dio").fill(daysAgo(0));
    await page.getByLabel("Número de radicado o cómo se entregó").fill(`N-${i + 1}`);
    await page.getByRole("button", { name: "Registrar aviso" }).click();
    await expect(page.getByRole("status")).toContainText("Quedó registrado el aviso");
    await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText(`n.º N-${i + 1}`);
  }
  await page.goto("/admin/reportes");
  await expect(page.locator("tr", { hasText: radicado })).not.toHaveClass(/admin-row-overdue/);

  await page.locator("tr", { hasText: radicado }).getByRole("link", { name: radicado }).click();
  await page.getByLabel("Gravedad").selectOption({ label: "Accidente grave" });
  await page.getByRole("button", { name: "Guardar gravedad" }).click();
  await expect(page.getByRole("row", { name: /Informe de la investigación a la ARL/ })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("the gender referent sees the semester figures; the public figures page is reachable from the ethics line", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, "genero@example.com");
  await page.goto("/admin/etica/cifras");
  await expect(page.getByRole("heading", { name: "Cifras semestrales de acoso sexual" })).toBeVisible();
  await expect(page.getByRole("table")).toContainText(/semestre de \d{4}/);
  await expect(page.getByRole("columnheader", { name: "Quejas tramitadas" })).toBeVisible();
  // Another channel's figures, recorded with their source.
  await page.getByLabel("Canal").fill("Correo de gestión humana");
  await page.getByLabel("Quejas tramitadas").fill("2");
  await page.getByLabel("Sanciones impuestas").fill("1");
  await page.getByRole("button", { name: "Registrar" }).click();
  await expect(page.getByRole("status")).toContainText("Quedaron registradas las cifras de ese canal");
  await expect(page.getByRole("table")).toContainText("Correo de gestión humana: 2 y 1");
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("cifras-personal-390.png"), fullPage: true });
  await page.goto("/linea-etica");
  await page.getByRole("link", { name: /cifras de quejas de acoso sexual/ }).click();
  await expect(page.getByRole("heading", { name: "Cifras de acoso sexual por semestre", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "De dónde salen las cifras" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("cifras-publicas-390.png"), fullPage: true });
});
