import { expect, test } from "@playwright/test";
import { PUBLISHED } from "./helpers";

test.describe("security headers", () => {
  for (const path of ["/", "/contacto", "/nosotros/reglamentoInterno", "/no-existe", "/healthz", "/robots.txt"]) {
    test(`${path} carries the security headers`, async ({ request }) => {
      const res = await request.get(path);
      const h = res.headers();
      const csp = h["content-security-policy"];
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')*;/);
      expect(csp).not.toContain("unsafe-inline");
      expect(csp).not.toContain("unsafe-eval");
      expect(h["x-content-type-options"]).toBe("nosniff");
      expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(h["permissions-policy"]).toContain("camera=()");
      // Public pages: no COOP (a process of its own on every arrival, ADR 011).
      expect(h["cross-origin-opener-policy"]).toBeUndefined();
      expect(h["x-powered-by"]).toBeUndefined();
      // Served over plain HTTP here: no HSTS.
      expect(h["strict-transport-security"]).toBeUndefined();
    });
  }

  test("a script or style sheet carries only the headers a subresource obeys; the service worker keeps its policy", async ({ request }) => {
    for (const path of ["/js/document-tools.js", "/manifest.webmanifest"]) {
      const h = (await request.get(path)).headers();
      expect(h["x-content-type-options"], path).toBe("nosniff");
      expect(h["cross-origin-resource-policy"], path).toBe("same-origin");
      expect(h["content-security-policy"], path).toBeUndefined();
      expect(h["x-frame-options"], path).toBeUndefined();
    }
    const worker = (await request.get("/sw.js")).headers();
    expect(worker["content-security-policy"]).toContain("default-src 'self'");
  });

  for (const path of ["/admin/ingresar", "/admin/mensajes", "/incidente/consulta", "/contacto/enviado"]) {
    test(`${path} shows personal data or leads to it: isolated with COOP`, async ({ request }) => {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.headers()["cross-origin-opener-policy"]).toBe("same-origin");
    });
  }
  test("an answer to a post is isolated with COOP", async ({ request }) => {
    const res = await request.post("/contacto", { form: { nombre: "" }, maxRedirects: 0 });
    expect(res.status()).toBeGreaterThanOrEqual(300);
    expect(res.headers()["cross-origin-opener-policy"]).toBe("same-origin");
  });

  test("the form pages hydrate under the policy and the videos embed under it", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy|Refused to/.test(m.text())) violations.push(m.text());
    });
    await page.goto("/contacto");
    await page.getByLabel("NOMBRE", { exact: true }).focus();
    await expect(page.locator("form.message-form")).toHaveAttribute("novalidate", "");
    await page.route(/youtube-nocookie/, (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<p>video</p>" }));
    await page.goto("/nosotros/unClick");
    // The facade's script arrives right after the first paint (ADR 011).
    await expect(page.locator("html")).toHaveAttribute("data-videos", "listo");
    await page
      .getByRole("link", { name: /Reproducir el video/ })
      .first()
      .click();
    await expect(page.locator("iframe")).toBeVisible();
    expect(violations).toEqual([]);
  });
});

test.describe("findable", () => {
  test("sitemap.xml lists every published page at its canonical URL; robots.txt points to it", async ({ request }) => {
    const sitemap = await (await request.get("/sitemap.xml")).text();
    for (const path of PUBLISHED) expect(sitemap).toContain(`<loc>https://www.example.com${path}</loc>`);
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toContain("Sitemap: https://www.example.com/sitemap.xml");
  });

  test("every page has a canonical URL and social cards; Home describes the organisation", async ({ page }) => {
    const descriptions = new Set<string>();
    for (const path of PUBLISHED) {
      await page.goto(path);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `https://www.example.com${path}`);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /.+/);
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /^https:\/\/.+\.png$/);
      await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
      descriptions.add((await page.locator('meta[name="description"]').getAttribute("content")) ?? "");
    }
    expect(descriptions.size).toBe(PUBLISHED.length);
    await page.goto("/");
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(jsonLd["@type"]).toBe("EmploymentAgency");
    expect(jsonLd.contactPoint.telephone).toBe("+57 601 000 0000");
  });

  test("the social card image exists", async ({ request }) => {
    const res = await request.get("/og-image.png");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("image/png");
  });
});
