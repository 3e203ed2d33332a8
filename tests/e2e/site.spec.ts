import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, PUBLISHED, watchErrors } from "./helpers";

test.describe("every published route", () => {
  const titles = new Map<string, string>();
  for (const path of PUBLISHED) {
    test(`${path}: content, title, description, language, no console errors, no axe violations`, async ({ page }) => {
      // The regulations are the largest page (26 000 words plus "Cambios vigentes"): axe needs longer on a busy machine.
      if (path === "/nosotros/reglamentoInterno") test.slow();
      const errors = watchErrors(page);
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", "es");
      const title = await page.title();
      expect(title.length).toBeGreaterThan(5);
      expect([...titles.values()]).not.toContain(title);
      titles.set(path, title);
      const description = await page.locator('meta[name="description"]').getAttribute("content");
      expect(description?.length).toBeGreaterThan(20);
      await expect(page.locator('link[rel="icon"]')).toHaveAttribute("href", /^data:image\/svg\+xml,/);
      // Linked by the site script once the page has painted (ADR 014).
      await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
      await expect(page.locator("h1")).toHaveCount(1);
      await expectNoAxeViolations(page);
      expect(errors).toEqual([]);
    });
  }
});

test.describe("dark colour scheme", () => {
  test.use({ colorScheme: "dark" });
  for (const path of PUBLISHED) {
    test(`${path}: no axe violations in dark mode`, async ({ page }) => {
      if (path === "/nosotros/reglamentoInterno") test.slow();
      await page.goto(path);
      await expectNoAxeViolations(page);
    });
  }
});

test("content pages ship no React; the form pages hydrate", async ({ page }) => {
  for (const path of ["/", "/nosotros", "/nosotros/reglamentoInterno", "/privacidad"]) {
    await page.goto(path);
    expect(await page.locator("script[src*='/assets/']").count(), path).toBe(0);
  }
  await page.goto("/contacto");
  // The island names its entry; the inline site script, the page's only script, imports it (ADR 014).
  await expect(page.locator("[data-island]")).toHaveAttribute("data-island-entry", /^\/assets\/island-message-form-[\w-]+\.js$/);
  expect(await page.locator("script:not([type='application/ld+json'])").count()).toBe(1);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("published pages still show their content", async ({ page }) => {
    const expectations: [string, string | RegExp][] = [
      ["/", "QUIERE SER NUESTRO CLIENTE"],
      ["/nosotros", "Quiénes somos"],
      ["/nosotros/misionVision", "Misión"],
      ["/nosotros/reglamentoInterno", /Artículo 95\./],
      ["/nosotros/politicaGeneros", "Introducción"],
      ["/nosotros/sagrilaft", "SAGRILAFT"],
      ["/nosotros/unClick", "TU INFORMACIÓN EN UN CLIC"],
      ["/contacto", "ENVIAR"],
      ["/cliente", "EMPRESA"],
      ["/incidente", "CONSULTAR"],
      ["/privacidad", "Responsable del tratamiento"],
    ];
    for (const [path, text] of expectations) {
      await page.goto(path);
      await expect(page.getByText(text).first(), path).toBeVisible();
    }
  });
});

test.describe("Home", () => {
  test("menu and footer entries have the exact labels and open in a new tab", async ({ page }) => {
    await page.goto("/");
    const menu = page.getByRole("navigation", { name: "Menú principal" }).getByRole("link");
    await expect(menu).toHaveText(["QUIERE SER NUESTRO CLIENTE", "TRABAJADOR EN MISIÓN", "EMPRESA USUARIA", "BUSCA TRABAJO"]);
    await expect(menu.first()).toHaveAttribute("href", "/cliente");
    const footer = page.getByRole("navigation", { name: "Enlaces de interés" }).getByRole("link");
    await expect(footer).toHaveCount(4);
    await expect(footer.nth(1)).toHaveText("INCIDENTE O ACCIDENTE DE TRABAJO");
    await expect(footer.nth(2)).toHaveText("CONTACTENOS");
    await expect(footer.nth(3)).toHaveText("NOSOTROS");
    for (const link of [...(await menu.all()), ...(await footer.all())]) {
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
    const social = page.locator(".home-social a");
    await expect(social).toHaveCount(3);
    for (const link of await social.all()) {
      await expect(link).toHaveAccessibleName(/\w+ \(se abre en una pestaña nueva\)/);
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
  });

  test("the background swaps while a menu entry is hovered or focused and returns after", async ({ page }) => {
    await page.goto("/");
    const background = page.getByTestId("home-background");
    const image = () => background.evaluate((el) => getComputedStyle(el).backgroundImage);
    const initial = await image();
    // The default background is written into the page (ADR 011); the hover ones are files.
    expect(initial).toContain("data:image/svg+xml");
    const links = page.locator(".home-menu-link");
    const seen = new Set<string>();
    for (let i = 0; i < 4; i++) {
      await links.nth(i).hover();
      await expect.poll(image).toContain(`home-alt-${i + 1}`);
      seen.add(await image());
    }
    expect(seen.size).toBe(4);
    await page.mouse.move(2, 2);
    await expect.poll(image).toBe(initial);
    await page.keyboard.press("Tab");
    for (let i = 0; i < 10 && !(await links.nth(0).evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
    await expect.poll(image).toContain("home-alt-1");
    await page.keyboard.press("Tab");
    await expect.poll(image).toContain("home-alt-2");
    await page.locator("body").click({ position: { x: 1, y: 1 } });
    await expect.poll(image).toBe(initial);
  });

  test("follows the dark colour scheme", async ({ page }) => {
    const image = () => page.getByTestId("home-background").evaluate((el) => getComputedStyle(el).backgroundImage);
    await page.goto("/");
    const light = await image();
    await page.emulateMedia({ colorScheme: "dark" });
    await expect.poll(image).not.toBe(light);
    expect(await image()).toContain("data:image/svg+xml");
  });
});

test.describe("About us", () => {
  test("menu with the exact labels and the current item marked", async ({ page }) => {
    await page.goto("/nosotros/reglamentoInterno");
    const nav = page.getByRole("navigation", { name: "Nosotros" });
    await expect(nav.getByRole("link")).toHaveText([
      "NOSOTROS",
      "MISIÓN Y VISIÓN",
      "REGLAMENTO INTERNO DE TRABAJO",
      "POLÍTICA DE EQUIDAD DE GÉNERO",
      "TU INFORMACIÓN EN UN CLIC",
      "SAGRILAFT Y PTEE",
      "POLÍTICA DE DESCONEXIÓN LABORAL",
    ]);
    await expect(nav.getByRole("link", { name: "REGLAMENTO INTERNO DE TRABAJO" })).toHaveAttribute("aria-current", "page");
    await expect(nav.locator("[aria-current]")).toHaveCount(1);
    await nav.getByRole("link", { name: "NOSOTROS" }).click();
    await expect(page).toHaveURL(/\/nosotros$/);
    await expect(nav.getByRole("link", { name: "NOSOTROS" })).toHaveAttribute("aria-current", "page");
  });

  test("the presentation screen shows the logo, description, four networks and the worker", async ({ page }) => {
    await page.goto("/nosotros");
    await expect(page.locator(".presentation .logo svg")).toBeVisible();
    await expect(page.locator(".presentation-social a")).toHaveCount(4);
    await expect(page.getByRole("img", { name: /trabajador/ })).toBeVisible();
  });

  test("on a phone the menu is a disclosure", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/nosotros/misionVision");
    const toggle = page.getByText("Menú de la sección Nosotros");
    await expect(toggle).toBeVisible();
    const item = page.getByRole("link", { name: "SAGRILAFT Y PTEE" });
    await expect(item).toBeHidden();
    await toggle.click();
    await expect(item).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  test("on a desktop the menu is always open", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/nosotros/misionVision");
    await expect(page.getByText("Menú de la sección Nosotros")).toBeHidden();
    await expect(page.getByRole("link", { name: "SAGRILAFT Y PTEE" })).toBeVisible();
  });
});

test.describe("videos", () => {
  test("nothing is requested from a third party before the click; the click loads a privacy-enhanced embed", async ({ page }) => {
    const external: string[] = [];
    await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => {
      external.push(route.request().url());
      return route.fulfill({ status: 200, contentType: "text/html", body: "<title>video</title>" });
    });
    await page.goto("/nosotros/unClick");
    const facades = page.getByRole("link", { name: /Reproducir el video/ });
    // The facade's script arrives right after the first paint (ADR 011).
    await expect(page.locator("html")).toHaveAttribute("data-videos", "listo");
    await expect(facades).toHaveCount(3);
    await page.waitForLoadState("networkidle");
    expect(external).toEqual([]);
    await facades.first().click();
    const frame = page.locator("iframe");
    await expect(frame).toHaveAttribute("src", /^https:\/\/www\.youtube-nocookie\.com\/embed\//);
    await expect(frame).toHaveAttribute("title", /.+/);
    await expect(page).toHaveURL(/\/nosotros\/unClick$/);
    await page.goto("/nosotros/sagrilaft");
    await expect(page.getByRole("link", { name: /Reproducir el video/ })).toHaveCount(2);
  });
});

test.describe("documents", () => {
  test("the regulations have a table of contents by chapter and an anchor on every article", async ({ page }) => {
    await page.goto("/nosotros/reglamentoInterno");
    const toc = page.getByRole("navigation", { name: "Contenido" });
    await expect(toc.getByRole("link")).toHaveCount(18);
    await toc.getByRole("link", { name: /^Capítulo XV\./ }).click();
    await expect(page).toHaveURL(/#capitulo-xv$/);
    await expect(page.locator("#articulo-95")).toContainText("Artículo 95.");
    expect(await page.locator("h3[id^=articulo-]").count()).toBe(112);
    await expect(page.getByRole("link", { name: "Volver al índice" }).first()).toHaveAttribute("href", "#indice");
    await expect(page.getByText(/normas posteriores prevalecen/i).first()).toBeVisible();
  });

  test("on a 320 px screen every chapter fits in the placeholder it takes before it is laid out (ADR 014)", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    let chapters = 0;
    for (const path of PUBLISHED) {
      await page.goto(path);
      const sizes = await page.locator("section.document-chapter").evaluateAll((sections) =>
        sections.map((section) => {
          const placeholder = getComputedStyle(section).containIntrinsicHeight;
          (section as HTMLElement).style.contentVisibility = "visible";
          return { id: section.querySelector("h2")?.id, placeholder, height: section.getBoundingClientRect().height };
        }),
      );
      chapters += sizes.length;
      for (const { id, placeholder, height } of sizes) {
        const px = Number(/(\d+(?:\.\d+)?)px$/.exec(placeholder)?.[1]);
        expect(height, `${path}#${id}: ${placeholder}`).toBeLessThanOrEqual(px);
      }
    }
    expect(chapters).toBeGreaterThan(30);
  });
});

test.describe("cambios vigentes", () => {
  test("the regulations open with a dated section; a row and its article link to each other", async ({ page }) => {
    await page.goto("/nosotros/reglamentoInterno");
    const section = page.getByRole("region", { name: "Cambios vigentes" });
    await expect(section).toBeVisible();
    await expect(section.getByText(/^Vigente al \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
    const row = section.locator("#cambio-jornada-maxima");
    await expect(row).toContainText("42) horas semanales");
    // The regulations' panel is a compact index; its rows open on request.
    await section.locator("summary", { hasText: "Qué cambió, qué aplica hoy y desde cuándo" }).click();
    await row.getByRole("link", { name: "Artículo 21" }).click();
    await expect(page).toHaveURL(/#articulo-21$/);
    const marker = page.locator("#articulo-21 + .in-force-marker");
    await expect(marker).toBeVisible();
    await marker.getByRole("link", { name: "Jornada máxima semanal" }).click();
    await expect(page).toHaveURL(/#cambio-jornada-maxima$/);
    await expect(row).toBeInViewport();
    await expect(page.locator("#articulo-11 + .in-force-marker")).toContainText("En revisión legal:");
  });

  test("the gender-equity policy shows the rows that apply to it, linking to the regulations", async ({ page }) => {
    await page.goto("/nosotros/politicaGeneros");
    const section = page.getByRole("region", { name: "Cambios vigentes" });
    // Since the legal read of 24 November 2026 the policy has enough rows for the compact index: open the row.
    await section.locator('.in-force-index a[href="#cambio-comite-convivencia"]').click();
    await expect(section.locator("#cambio-comite-convivencia")).toBeVisible();
    await expect(section.getByRole("link", { name: "Artículo 98" }).first()).toHaveAttribute("href", "/nosotros/reglamentoInterno#articulo-98");
    await section.getByRole("link", { name: "Apartado 5.6" }).first().click();
    await expect(page).toHaveURL(/#56-canales-de-denuncia$/);
  });
});

test.describe("document tools", () => {
  test("search within the regulations highlights matches and steps through them", async ({ page }) => {
    await page.goto("/nosotros/reglamentoInterno");
    const search = page.getByRole("searchbox", { name: "Buscar en el texto" });
    await search.fill("DESCARGOS");
    const status = page.locator("[data-search-status]");
    await expect(status).toHaveText(/^Coincidencia 1 de \d+$/);
    const total = Number((await status.textContent())?.split(" de ")[1]);
    expect(total).toBeGreaterThan(3);
    expect(await page.evaluate(() => CSS.highlights.get("document-search")?.size)).toBe(total);
    await page.getByRole("button", { name: "Coincidencia siguiente" }).click();
    await expect(status).toHaveText(`Coincidencia 2 de ${total}`);
    await page.getByRole("button", { name: "Coincidencia anterior" }).click();
    await page.getByRole("button", { name: "Coincidencia anterior" }).click();
    await expect(status).toHaveText(`Coincidencia ${total} de ${total}`);
    // Accents are ignored: "articulo" finds "Artículo".
    await search.fill("articulo 95");
    await expect(status).toHaveText(/^Coincidencia 1 de \d+$/);
    await search.fill("palabra-que-no-existe");
    await expect(status).toHaveText("No hay coincidencias.");
  });

  test("search works offline too: it needs no request", async ({ page, context }) => {
    await page.goto("/nosotros/reglamentoInterno");
    // The search's script arrives right after the first paint; from then on nothing is requested.
    const searchbox = page.getByRole("searchbox", { name: "Buscar en el texto" });
    await expect(searchbox).toBeVisible();
    await context.setOffline(true);
    await searchbox.fill("alcoholemia");
    await expect(page.locator("[data-search-status]")).toHaveText(/^Coincidencia 1 de \d+$/);
    await context.setOffline(false);
  });

  test("an article's link can be copied", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/nosotros/reglamentoInterno");
    // The document tools load after the first paint; the search box shows once they run.
    await expect(page.getByRole("searchbox", { name: "Buscar en el texto" })).toBeVisible();
    const anchor = page.locator("#articulo-95 .heading-anchor");
    await anchor.click();
    await expect(anchor).toHaveAttribute("data-copied", "");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/nosotros\/reglamentoInterno#articulo-95$/);
    await expect(page).toHaveURL(/#articulo-95$/);
  });

  test("the print layout shows only the document", async ({ page }) => {
    await page.goto("/nosotros/reglamentoInterno");
    await page.emulateMedia({ media: "print" });
    for (const selector of [".site-header", ".site-footer", ".nosotros-menu", ".document-search", ".back-to-toc", ".nosotros-banner-header"]) {
      await expect(page.locator(selector).first(), selector).toBeHidden();
    }
    await expect(page.locator("#articulo-1")).toBeVisible();
    expect(await page.locator("#capitulo-ii").evaluate((el) => getComputedStyle(el).breakBefore)).toBe("page");
    await page.emulateMedia({ media: "screen" });
    await expect(page.getByRole("button", { name: "Imprimir" })).toBeVisible();
  });

  test("without JavaScript the search box stays hidden and the text is complete", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/nosotros/reglamentoInterno");
    await expect(page.getByRole("searchbox")).toBeHidden();
    await expect(page.locator("#articulo-112")).toBeVisible();
    await expect(page.locator("#anexo")).toBeVisible();
    await context.close();
  });
});

test.describe("not found", () => {
  for (const path of ["/no-existe", "/nosotros/no-existe", "/contacto/x/y"]) {
    test(`${path} is a 404 with the spec's texts and a way home`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      // The status keeps it out of indexes; a robots tag would only fail Lighthouse's SEO audit (ADR 014).
      await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
      await expect(page.getByRole("heading", { name: "Not Found." })).toBeVisible();
      await expect(page.getByText("This page doesn't exist.")).toBeVisible();
      await expect(page.getByRole("link", { name: "Ir al inicio" })).toHaveAttribute("href", "/");
      await expectNoAxeViolations(page);
    });
  }
});

test.describe("server", () => {
  test("health, trailing slashes, caching and compression", async ({ request }) => {
    const health = await request.get("/healthz");
    expect(health.status()).toBe(200);
    const slash = await request.get("/contacto/", { maxRedirects: 0 });
    expect(slash.status()).toBe(301);
    expect(slash.headers().location).toBe("/contacto");
    // Browsers list gzip first: brotli still wins when accepted.
    const page = await request.get("/nosotros/reglamentoInterno", { headers: { "Accept-Encoding": "gzip, deflate, br, zstd" } });
    expect(page.status()).toBe(200);
    expect(page.headers()["cache-control"]).toBe("no-cache");
    expect(page.headers()["content-encoding"]).toBe("br");
    const gzipOnly = await request.get("/nosotros/reglamentoInterno", { headers: { "Accept-Encoding": "gzip" } });
    expect(gzipOnly.headers()["content-encoding"]).toBe("gzip");
    // Revalidated by its ETag (no Last-Modified, ADR 014).
    const etag = page.headers().etag;
    expect(etag).toBeTruthy();
    const again = await request.get("/nosotros/reglamentoInterno", { headers: { "Accept-Encoding": "br", "If-None-Match": etag } });
    expect(again.status()).toBe(304);
    // The form pages keep the stylesheet file (content pages inline theirs).
    const html = await (await request.get("/contacto")).text();
    const css = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    expect(css).toBeTruthy();
    const asset = await request.get(css as string);
    expect(asset.headers()["cache-control"]).toContain("immutable");
    expect((await request.get("/assets/no-existe.js")).status()).toBe(404);
  });
});

test.describe("offline", () => {
  test("a visited page reads offline, with a notice", async ({ page, context }) => {
    await page.goto("/nosotros/misionVision");
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await context.setOffline(true);
    await page.goto("/nosotros/reglamentoInterno");
    await expect(page.locator("#articulo-1")).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Sin conexión" })).toBeVisible();
    await context.setOffline(false);
  });
});

test.describe("critical path (ADR 011)", () => {
  test("inline styles and the inline site script run under the policy, on prerendered pages and on the 404", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy|Refused to/.test(m.text())) violations.push(m.text());
    });
    // /incidente links the whole sheet (a form page always gets the form styles).
    for (const path of ["/", "/nosotros/reglamentoInterno", "/ofertas-falsas", "/no-existe"]) {
      await page.goto(path);
      // base.css applied (the body is a flex column) and the site script ran (it keeps the notice hidden online).
      expect(await page.evaluate(() => getComputedStyle(document.body).display), path).toBe("flex");
      await expect(page.locator("#offline-notice"), path).toBeHidden();
      // /incidente is a form page (the whole sheet linked): its inline script, the form
      // script with the site script, runs under the policy too (its island starts on a touch).
      if (path === "/incidente") {
        await page.locator("form.report-form").getByRole("textbox").first().focus();
        await expect(page.locator("form.report-form"), path).toHaveAttribute("novalidate", "");
      } else expect(await page.locator("style").count(), path).toBeGreaterThanOrEqual(2);
    }
    expect(violations).toEqual([]);
  });

  test("the service worker is registered only after the page has loaded", async ({ page, context }) => {
    const events: string[] = [];
    context.on("request", (request) => {
      if (new URL(request.url()).pathname === "/sw.js") events.push("sw.js");
    });
    page.on("load", () => events.push("load"));
    await page.goto("/");
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    expect(events[0]).toBe("load");
    expect(events).toContain("sw.js");
  });

  for (const colorScheme of ["light", "dark"] as const) {
    test(`every part of the logo's mark has 3:1 contrast with what it sits on (WCAG 1.4.11), ${colorScheme} scheme`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      const parse = (rgb: string) => (rgb.match(/[\d.]+/g) ?? []).map(Number);
      const luminance = ([r, g, b]: number[]) =>
        [r, g, b]
          .map((c) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4))
          .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);
      const contrast = (a: number[], b: number[]) => {
        const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
        return (hi + 0.05) / (lo + 0.05);
      };
      for (const path of ["/", "/nosotros", "/nosotros/misionVision", "/no-existe"]) {
        await page.goto(path);
        const marks = await page.locator(".logo-mark").evaluateAll((svgs) =>
          svgs.map((svg) => {
            // What the mark sits on: the translucent backgrounds of its ancestors over the first opaque one.
            // Home's panel is measured over the page's paper colour, lighter than its real backdrop, so the
            // check errs on the strict side for the light figures there.
            const layers: string[] = [];
            for (let el: Element | null = svg; el; el = el.parentElement) {
              const bg = getComputedStyle(el).backgroundColor;
              if (bg !== "rgba(0, 0, 0, 0)") layers.push(bg);
              if (/^rgb\(/.test(bg)) break;
            }
            return {
              layers,
              parts: [...svg.querySelectorAll("path")].map((p) => {
                const style = getComputedStyle(p);
                return style.fill !== "none" ? style.fill : style.stroke;
              }),
            };
          }),
        );
        expect(marks.length, path).toBeGreaterThan(0);
        for (const { layers, parts } of marks) {
          let backdrop = [255, 255, 255];
          for (const layer of layers.reverse()) {
            const [r, g, b, a = 1] = parse(layer);
            backdrop = [r, g, b].map((c, i) => c * a + backdrop[i] * (1 - a));
          }
          for (const part of parts) expect(contrast(parse(part), backdrop), `${path} ${part} on rgb(${backdrop.map(Math.round)})`).toBeGreaterThanOrEqual(3);
        }
      }
    });
  }
});
