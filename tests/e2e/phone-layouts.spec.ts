/**
 * Long and staff pages on a phone, 390×844: the regulations open with print, search and
 * the table of contents, "Cambios vigentes" as a compact index whose rows open on request and stay linked
 * both ways with their articles; the staff lists are one card per row with every label and the deadline
 * in sight; a detail page's values take the whole width.
 */
import { expect, type Page, test } from "@playwright/test";
import { TEST_PASSWORD } from "../support/accounts";
import { expectNoAxeViolations } from "./helpers";

test.use({ viewport: { width: 390, height: 844 } });

const top = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => el.getBoundingClientRect().top + scrollY);
const today = () => new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test.describe("the regulations on a phone", () => {
  test("print, search and the table of contents come first; the changes are a compact index whose rows open on request", async ({ page }) => {
    test.slow();
    await page.goto("/nosotros/reglamentoInterno");
    const print = page.getByRole("button", { name: "Imprimir" });
    const search = page.getByRole("searchbox", { name: "Buscar en el texto" });
    await expect(print).toBeInViewport();
    await expect(search).toBeInViewport();
    await expect(page.getByRole("navigation", { name: "Contenido" }).getByRole("heading", { name: "Contenido" })).toBeInViewport();
    expect(await top(page, "#indice")).toBeLessThan(await top(page, "#cambios-vigentes"));
    expect(await top(page, "#cambios-vigentes")).toBeLessThan(await top(page, "[data-document-body]"));

    const section = page.getByRole("region", { name: "Cambios vigentes" });
    // Compact: one line per row with its articles, about two screens for the 17 rows (16 of the legal read
    // of 24 November 2026, and the new definition of workplace harassment of 26 November), where the full
    // panel was well over thirteen.
    expect(await section.evaluate((el) => el.getBoundingClientRect().height)).toBeLessThan(2.5 * 844);
    const index = section.locator(".in-force-index li");
    await expect(index).toHaveCount(17);
    await expect(index.first()).toContainText("Jornada máxima semanal · Artículo 21");
    const row = section.locator("#cambio-jornada-maxima");
    await expect(row).toBeHidden();
    // The index opens its row…
    await index.first().getByRole("link", { name: "Jornada máxima semanal" }).click();
    await expect(page).toHaveURL(/#cambio-jornada-maxima$/);
    await expect(row).toBeVisible();
    await expect(row).toBeInViewport();
    // …which links to its article, whose marker links back.
    await row.getByRole("link", { name: "Artículo 21" }).click();
    await expect(page).toHaveURL(/#articulo-21$/);
    await expect(page.locator("#articulo-21 + .in-force-marker")).toBeInViewport();
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
  });

  test("an article's marker opens its row in the closed list, and printing prints every row", async ({ page }) => {
    await page.goto("/nosotros/reglamentoInterno#articulo-52");
    const marker = page.locator("#articulo-52 + .in-force-marker");
    await expect(marker).toBeVisible();
    await expect(page.locator("[data-in-force-rows]")).not.toHaveAttribute("open", "");
    const link = marker.getByRole("link").first();
    const target = ((await link.getAttribute("href")) ?? "").slice(1);
    await link.click();
    const opened = page.locator(`[id="${target}"]`);
    await expect(opened).toBeVisible();
    await expect(opened).toBeInViewport();
    await expect(opened).toContainText("60 km/h");
    // Printing: the rows are printed (the browser prints what a closed <details> hides only if opened).
    await page.goto("/nosotros/reglamentoInterno");
    await expect(page.getByRole("button", { name: "Imprimir" })).toBeVisible();
    await page.evaluate(() => dispatchEvent(new Event("beforeprint")));
    await expect(page.locator("[data-in-force-rows]")).toHaveAttribute("open", "");
    await page.emulateMedia({ media: "print" });
    await expect(page.locator("#cambio-jornada-maxima")).toBeVisible();
    await expect(page.locator(".in-force-index")).toBeHidden();
  });
});

async function signIn(page: Page, email: string, where: string) {
  await page.goto(where);
  await page.getByLabel("Correo").fill(email);
  await page.getByLabel("Contraseña").fill(TEST_PASSWORD);
  await page.getByRole("button", { name: "Ingresar" }).click();
  await expect(page).toHaveURL(new RegExp(`${where}$`));
}

/** Every row of the list is a card inside the screen, each value with its label shown before it. */
async function expectCards(page: Page, labels: string[]) {
  const card = page.locator("table.admin-table-stacked tbody tr").first();
  await expect(card).toBeVisible();
  expect(await card.evaluate((tr) => getComputedStyle(tr).display)).toBe("block");
  for (const label of labels) {
    const cell = card.locator(`[data-label="${label}"]`);
    await expect(cell, label).toBeVisible();
    await cell.scrollIntoViewIfNeeded();
    // Whole (a label on two lines may leave the card's edge on a fraction of a pixel).
    await expect(cell, label).toBeInViewport({ ratio: 0.99 });
    expect(await cell.evaluate((td) => getComputedStyle(td, "::before").content), label).toBe(`"${label}"`);
    const box = await cell.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0), label).toBeLessThanOrEqual(390);
    // The cell holds its whole label: a label on two lines does not run into the next cell's.
    const { need, have } = await cell.evaluate((td) => {
      const before = getComputedStyle(td, "::before");
      const probe = document.createElement("div");
      probe.style.cssText = `position:absolute;visibility:hidden;width:${before.width};font:${before.font};line-height:${before.lineHeight}`;
      probe.textContent = (td as HTMLElement).dataset.label ?? "";
      document.body.append(probe);
      const height = probe.getBoundingClientRect().height;
      probe.remove();
      return { need: height, have: td.getBoundingClientRect().height };
    });
    expect(have, label).toBeGreaterThanOrEqual(need);
  }
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
}

test.describe("staff pages on a phone", () => {
  test("the incident reports are cards with the FURAT deadline in sight; the detail uses the whole width and dates read dd/mm/aaaa", async ({ page }) => {
    await page.goto("/incidente");
    const created = await page.request.post("/php/incidente", {
      headers: { Origin: new URL(page.url()).origin },
      data: {
        tipo: "accidente",
        reporta_relacion: "trabajador",
        trabajador_nombre: "Carlos Teléfono",
        trabajador_tipo_documento: "CC",
        trabajador_documento: "80123456",
        trabajador_celular: "300 123 4567",
        empresa_usuaria: "Construcciones del Norte S.A.S.",
        sede: "Barranquilla",
        fecha: today(),
        hora: "00:00",
        lugar: "Andamio del tercer piso",
        descripcion: "Se golpeó la mano con una varilla.",
        consentimiento: true,
      },
    });
    expect(created.status()).toBe(201);
    const { radicado } = (await created.json()) as { radicado: string };
    await signIn(page, "sst@example.com", "/admin/reportes");
    await expectCards(page, ["Radicado", "Tipo", "Trabajador y empresa usuaria", "Recibido", "Estado", "Plazo FURAT", "Plazo investigación"]);
    await expect(page.locator("tbody tr", { hasText: radicado }).locator('[data-label="Plazo FURAT"]')).toContainText(/\d{2}\/\d{2}\/\d{4}/);
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: radicado }).click();
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toContainText(radicado);
    // The radicado is never broken across lines.
    expect(await page.locator(".case-id").evaluate((el) => el.getClientRects().length)).toBe(1);
    const main = await page.locator(".admin-main").evaluate((el) => el.clientWidth);
    for (const dd of await page.locator("dl.admin-fields dd").all()) {
      if (!(await dd.isVisible())) continue;
      expect((await dd.boundingBox())?.width ?? 0).toBeGreaterThan(0.8 * main);
    }
    const eventDay = page.locator("dl.admin-fields div", { has: page.locator("dt", { hasText: /^Fecha del evento$/ }) }).locator("dd");
    await expect(eventDay).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);

    // Not classified yet: the select says so too, rather than showing the first choice as if it were stored.
    await expect(page.getByText(/^Sin clasificar\./)).toBeVisible();
    await expect(page.getByLabel("Gravedad", { exact: true })).toHaveValue("");
    await page.getByLabel("Gravedad", { exact: true }).selectOption("grave");
    await page.getByRole("button", { name: "Guardar gravedad" }).click();
    await expect(page.getByText(/^Clasificado como: /)).toBeVisible();
    await expect(page.getByLabel("Gravedad", { exact: true })).toHaveValue("grave");

    // A notice's reference: free text as typed, "n.º" only before a number.
    const notice = async (label: string, reference: string) => {
      await page.getByLabel("Aviso dado").selectOption({ label });
      await page.getByLabel("Fecha en que se dio").fill(today());
      await page.getByLabel("Número de radicado o cómo se entregó").fill(reference);
      const reloaded = page.waitForEvent("framenavigated");
      await page.getByRole("button", { name: "Registrar aviso" }).click();
      await reloaded;
      await page.waitForLoadState();
    };
    const rowOf = (name: RegExp) => page.locator("tr", { has: page.locator("th", { hasText: name }) }).locator('[data-label="Estado"]');
    await notice("Copia del FURAT al trabajador", "Entregada en mano");
    await expect(rowOf(/trabajador/i)).toHaveText(/^Hecho el \d{2}\/\d{2}\/\d{4}, Entregada en mano$/);
    await notice("FURAT a la EPS", "4455-2026");
    await expect(rowOf(/EPS/)).toHaveText(/^Hecho el \d{2}\/\d{2}\/\d{4}, n\.º 4455-2026$/);
  });

  test("the messages are cards; the ethics case uses the whole width (no word squeezed apart) and says who it passes to", async ({ page }) => {
    await page.goto("/contacto");
    const origin = new URL(page.url()).origin;
    expect(
      (
        await page.request.post("/php/contacto", {
          headers: { Origin: origin },
          data: {
            nombre: "Lucía Fernández de la Torre",
            celular: "3001234567",
            correo: "lucia.fernandez.delatorre@example.org",
            mensaje: "Necesito un certificado laboral.",
            consentimiento: true,
          },
        })
      ).status(),
    ).toBe(201);
    await signIn(page, "admin@example.com", "/admin/mensajes");
    await expectCards(page, ["Recibido", "Formulario", "Remitente", "Mensaje", "Estado", "Correo"]);
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Cerrar sesión" }).click();

    const created = await page.request.post("/php/linea-etica", {
      headers: { Origin: origin },
      data: {
        categoria: "acoso_laboral",
        descripcion: "Me gritan en la bodega.",
        cuando: "Desde el lunes 15 de septiembre",
        donde: "Bodega de Funza",
        identificacion: "anonimo",
      },
    });
    expect(created.status()).toBe(201);
    const { radicado } = (await created.json()) as { radicado: string };
    await signIn(page, "comite@example.com", "/admin/etica");
    await expectCards(page, ["Radicado"]);
    await page.getByRole("link", { name: radicado }).click();
    const when = page.locator("dl.admin-fields div", { has: page.locator("dt", { hasText: /^Cuándo/ }) }).locator("dd");
    await expect(when).toHaveText("Desde el lunes 15 de septiembre");
    // Every word of the value whole on its line: the value is as wide as the page's column.
    const main = await page.locator(".admin-main").evaluate((el) => el.clientWidth);
    expect((await when.boundingBox())?.width ?? 0).toBeGreaterThan(0.8 * main);
    expect(await when.evaluate((dd) => dd.scrollWidth <= dd.clientWidth)).toBe(true);
    await expect(
      page.getByText(/el reporte pasa a quien la atiende \(el oficial de cumplimiento, el comité de convivencia o la persona referente de género\)/),
    ).toBeVisible();
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
  });
});

test.describe("the audit log and the accounts on a phone", () => {
  test("are cards too; each role's box sits on its own line beside its own name", async ({ page }) => {
    await signIn(page, "admin@example.com", "/admin/auditoria");
    await expectCards(page, ["Fecha", "Persona", "Acción"]);
    // A sign-in has no message and no detail: those cells are left out of its card, not shown empty.
    const signInCard = page.locator("table.admin-table-stacked tbody tr", { hasText: "Ingresó" }).first();
    await expect(signInCard.locator('[data-label="Detalle"]')).toBeHidden();
    await expectNoAxeViolations(page);

    await page.goto("/admin/usuarios");
    await expectCards(page, ["Correo", "Nombre", "Roles", "Estado"]);
    const boxes = page.locator("form.admin-roles").first().locator("label.admin-check");
    const tops = await boxes.evaluateAll((labels) => labels.map((l) => Math.round(l.getBoundingClientRect().top)));
    expect(tops.length).toBeGreaterThan(5);
    expect(new Set(tops).size).toBe(tops.length);
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
  });
});

test.describe("public pages on a phone", () => {
  test("the PQRS table of terms gives each term a whole line, not a word per line", async ({ page }) => {
    await page.goto("/pqrs");
    const terms = page.locator('.pqrs-terms-table td[data-label="Plazo"]');
    await expect(terms.first()).toBeVisible();
    for (const cell of await terms.all()) {
      const { lines, width } = await cell.evaluate((td) => {
        const range = document.createRange();
        range.selectNodeContents(td);
        return { lines: new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size, width: td.getBoundingClientRect().width };
      });
      expect(width).toBeGreaterThan(250);
      expect(lines).toBeLessThanOrEqual(2);
    }
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  });

  test("the offline notice keeps its whole text inside its box", async ({ page, context }) => {
    await page.goto("/contacto");
    await context.setOffline(true);
    const notice = page.locator("#offline-notice");
    await expect(notice).toBeVisible();
    const { box, radius, lineHeight, text } = await notice.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const style = getComputedStyle(el);
      return {
        box: el.getBoundingClientRect().toJSON() as DOMRect,
        radius: Number.parseFloat(style.borderTopLeftRadius),
        lineHeight: Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.2,
        text: [...range.getClientRects()].map((r) => r.toJSON() as DOMRect),
      };
    });
    await context.setOffline(false);
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(390);
    // Rounded corners smaller than a line: no text runs under them, whatever the number of lines.
    expect(radius).toBeLessThan(lineHeight);
    for (const r of text) {
      expect(r.left).toBeGreaterThanOrEqual(box.left);
      expect(r.right).toBeLessThanOrEqual(box.right);
    }
  });
});
