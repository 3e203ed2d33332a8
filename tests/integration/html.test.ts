/**
 * Every rendered page (the public site, the no-JavaScript result pages and the staff area) passes the Nu Html Checker (vnu.jar with the machine's Java) with no errors,
 * and a crawl of the built site finds no broken internal link or anchor.
 */
import { execFile, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccounts, signIn } from "../support/accounts";
import { type ServerProcess, startServer } from "../support/server-process";

const execFileAsync = promisify(execFile);
const client = path.resolve("build/client");
const DYNAMIC = [
  "/no-existe",
  "/contacto/enviado",
  "/admin/ingresar",
  "/incidente/recibido",
  "/incidente/consulta",
  "/linea-etica/cifras",
  // Rendered on request (today's due dates), so not among the prerendered files.
  "/pqrs",
  "/pqrs/recibido",
  "/pqrs/consulta",
];
// The staff area, signed in as an admin, with one stored message and one stored report.
const STAFF = [
  "/admin/mensajes",
  "/admin/mensajes/1",
  "/admin/titulares",
  "/admin/titulares?correo=52123456",
  "/admin/auditoria",
  "/admin/usuarios",
  "/admin/reportes",
  "/admin/reportes/1",
  "/admin/reportes/retenidos",
];
// The PQRS staff pages, signed in with both PQRS roles, with one petition and one data request.
const PQRS_STAFF = ["/admin/pqrs", "/admin/pqrs/2", "/admin/datos", "/admin/datos/3", "/admin/pqrs/retenidos", "/admin/datos/retenidos"];
const PETITION = {
  tipo: "peticion_documentos",
  descripcion: "Necesito copia de mi contrato.\n<script>x</script>",
  nombre: "Ana <b>Núñez</b>",
  tipo_documento: "CC",
  documento: "52123456",
  correo: "ana@example.org",
  consentimiento: "on",
};
const today = new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);
const REPORT = {
  tipo: "accidente",
  reporta_relacion: "trabajador",
  trabajador_nombre: "Marta <i>Ruiz</i>",
  trabajador_tipo_documento: "CC",
  trabajador_documento: "52123456",
  trabajador_celular: "3001234567",
  empresa_usuaria: "Alimentos",
  sede: "Cali",
  fecha: today,
  hora: "00:00",
  lugar: "Bodega",
  descripcion: "Resbaló.\n<script>x</script>",
  lesion: "Golpe",
  consentimiento_salud: "on",
  consentimiento: "on",
};

function prerenderedPages(dir = client, urlPath = ""): Map<string, string> {
  const found = new Map<string, string>();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory() && entry.name !== "assets") {
      for (const [k, v] of prerenderedPages(path.join(dir, entry.name), `${urlPath}/${entry.name}`)) found.set(k, v);
    } else if (entry.name === "index.html") found.set(urlPath || "/", path.join(dir, entry.name));
  }
  return found;
}

describe("rendered HTML", () => {
  let server: ServerProcess;
  let cookie = "";
  let pqrsCookie = "";
  const pages = new Map<string, { file: string; html: string }>();
  const checkedOnly: string[] = [];
  beforeAll(async () => {
    for (const [url, file] of prerenderedPages()) pages.set(url, { file, html: readFileSync(file, "utf8") });
    const dir = mkdtempSync(path.join(tmpdir(), "sitio-html-"));
    const databaseFile = path.join(dir, "sitio.db");
    createAccounts(databaseFile, [
      ["admin@example.com", "admin"],
      ["pqrs@example.com", "pqrs,datos"],
      ["genero@example.com", "genero"],
    ]);
    server = await startServer({}, databaseFile);
    const headers = { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url };
    const message = { nombre: "Ana <b>Núñez</b>", celular: "3001234567", correo: "ana@example.org", mensaje: "Hola\n<script>x</script>", consentimiento: "on" };
    await fetch(`${server.url}/php/contacto`, { method: "POST", redirect: "manual", headers, body: new URLSearchParams(message) });
    // A report (without JavaScript: the page's own post), then the pages a reporter reaches by posting.
    const report = await fetch(`${server.url}/incidente`, { method: "POST", redirect: "manual", headers, body: new URLSearchParams(REPORT) });
    expect(report.status).toBe(303);
    const receiptCookie = (report.headers.get("set-cookie") ?? "").split(";")[0];
    const posted: [string, Response][] = [
      ["/incidente/recibido#codigo", await fetch(`${server.url}/incidente/recibido`, { headers: { Cookie: receiptCookie } })],
      ["/incidente#rechazado", await fetch(`${server.url}/incidente`, { method: "POST", headers, body: new URLSearchParams({ tipo: "accidente" }) })],
      [
        "/incidente/consulta#sin-resultado",
        await fetch(`${server.url}/incidente/consulta`, { method: "POST", headers, body: new URLSearchParams({ radicado: "AT-2026-999999", codigo: "AAAA" }) }),
      ],
    ];
    // The job-offer fraud check, answered by the server (product rule 31).
    const fraudOurs = await fetch(`${server.url}/ofertas-falsas`, { method: "POST", headers, body: new URLSearchParams({ dato: "+57 300 000 0000" }) });
    const fraudNotOurs = await fetch(`${server.url}/ofertas-falsas`, {
      method: "POST",
      headers,
      body: new URLSearchParams({ dato: "seleccion.empleo@gmail.com" }),
    });
    const oursHtml = await fraudOurs.clone().text();
    expect(oursHtml).toContain("Es nuestro.");
    expect(await fraudNotOurs.clone().text()).toContain("No es nuestro.");
    // A petition without JavaScript, and a data request (the staff pages below open them); a refused post.
    const petition = await fetch(`${server.url}/pqrs`, { method: "POST", redirect: "manual", headers, body: new URLSearchParams(PETITION) });
    expect(petition.status).toBe(303);
    const petitionCookie = (petition.headers.get("set-cookie") ?? "").split(";")[0];
    await fetch(`${server.url}/pqrs`, { method: "POST", redirect: "manual", headers, body: new URLSearchParams({ ...PETITION, tipo: "datos_supresion" }) });
    const pqrsReceipt = await fetch(`${server.url}/pqrs/recibido`, { headers: { Cookie: petitionCookie } });
    const pqrsReceiptHtml = await pqrsReceipt.clone().text();
    const [pqRadicado] = /PQ-\d{4}-\d{6}/.exec(pqrsReceiptHtml) ?? [""];
    const [pqCode] = /[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/.exec(pqrsReceiptHtml) ?? [""];
    posted.push(
      ["/pqrs/recibido#codigo", pqrsReceipt],
      [
        "/pqrs#rechazado",
        await fetch(`${server.url}/pqrs`, { method: "POST", headers, body: new URLSearchParams({ tipo: "peticion", anonimo: "on", nombre: "Ana" }) }),
      ],
      [
        "/pqrs/consulta#estado",
        await fetch(`${server.url}/pqrs/consulta`, { method: "POST", headers, body: new URLSearchParams({ radicado: pqRadicado, codigo: pqCode }) }),
      ],
      [
        "/pqrs/consulta#sin-resultado",
        await fetch(`${server.url}/pqrs/consulta`, { method: "POST", headers, body: new URLSearchParams({ radicado: "PQ-2026-999999", codigo: "AAAA" }) }),
      ],
    );
    const receipt = await posted[0][1].clone().text();
    const [radicado] = /AT-\d{4}-\d{6}/.exec(receipt) ?? [""];
    const [code] = /[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/.exec(receipt) ?? [""];
    posted.push([
      "/incidente/consulta#estado",
      await fetch(`${server.url}/incidente/consulta`, { method: "POST", headers, body: new URLSearchParams({ radicado, codigo: code }) }),
    ]);
    posted.push(["/ofertas-falsas#es-nuestro", fraudOurs], ["/ofertas-falsas#no-es-nuestro", fraudNotOurs]);
    for (const [name, res] of posted) {
      const file = path.join(dir, `${name.replace(/[^a-z0-9]+/gi, "_")}.html`);
      writeFileSync(file, await res.text());
      // Not crawled (the pages are answers to posts); checked by the Nu Html Checker only.
      checkedOnly.push(file);
    }
    expect(readFileSync(checkedOnly.find((f) => f.endsWith("_incidente_consulta_estado.html")) as string, "utf8")).toContain("case-steps");
    expect(readFileSync(checkedOnly.find((f) => f.endsWith("_pqrs_consulta_estado.html")) as string, "utf8")).toContain("Plazo de respuesta");
    ({ cookie } = await signIn(server.url, "admin@example.com"));
    ({ cookie: pqrsCookie } = await signIn(server.url, "pqrs@example.com"));
    // The petition's staff page with a request to complete, so its other forms show too.
    const asked = await fetch(`${server.url}/admin/pqrs/2`, {
      method: "POST",
      redirect: "manual",
      headers: { ...headers, Cookie: pqrsCookie },
      body: new URLSearchParams({ accion: "completar", faltante: "Indique las fechas del contrato." }),
    });
    expect(asked.status).toBe(302);
    for (const url of PQRS_STAFF) {
      const res = await fetch(server.url + url, { headers: { Cookie: pqrsCookie } });
      expect(res.status, url).toBe(200);
      const html = await res.text();
      const file = path.join(dir, `${url.replace(/[^a-z0-9]+/gi, "_")}.html`);
      writeFileSync(file, html);
      pages.set(url, { file, html });
    }
    // The sexual-harassment figures: another channel recorded and the previous semester published, so the
    // staff page lists its sources and the public page (among DYNAMIC, below) shows them per channel.
    const { cookie: generoCookie } = await signIn(server.url, "genero@example.com");
    const now = new Date();
    const previousSemester = now.getUTCMonth() < 6 ? `${now.getUTCFullYear() - 1}-2` : `${now.getUTCFullYear()}-1`;
    const figuresPosts: Record<string, string>[] = [
      { accion: "otro_canal", semestre: previousSemester, fuente: "Correo de gestión humana", quejas: "2", sanciones: "1" },
      { accion: "publicar", semestre: previousSemester },
    ];
    for (const body of figuresPosts) {
      expect(
        (
          await fetch(`${server.url}/admin/etica/cifras`, {
            method: "POST",
            redirect: "manual",
            headers: { ...headers, Cookie: generoCookie },
            body: new URLSearchParams(body),
          })
        ).status,
      ).toBe(302);
    }
    for (const url of ["/admin/etica/cifras", "/admin/etica", "/admin/etica/estadisticas", "/admin/etica/retenidos"]) {
      const res = await fetch(server.url + url, { headers: { Cookie: generoCookie } });
      expect(res.status, url).toBe(200);
      const html = await res.text();
      const file = path.join(dir, `${url.replace(/[^a-z0-9]+/gi, "_")}.html`);
      writeFileSync(file, html);
      pages.set(url, { file, html });
    }
    for (const url of [...DYNAMIC, ...STAFF]) {
      const res = await fetch(server.url + url, { headers: STAFF.includes(url) ? { Cookie: cookie } : {} });
      if (STAFF.includes(url)) expect(res.status, url).toBe(200);
      const html = await res.text();
      const file = path.join(dir, `${url.replace(/[^a-z0-9]+/gi, "_")}.html`);
      writeFileSync(file, html);
      pages.set(url.split("?")[0], { file, html });
    }
    // The form page answered to a refused post without JavaScript: summary, errors, kept values.
    for (const form of ["contacto", "cliente"]) {
      const res = await fetch(`${server.url}/${form}`, { method: "POST", headers, body: new URLSearchParams({ nombre: "Ana", correo: "malo" }) });
      expect(res.status).toBe(400);
      const html = await res.text();
      const file = path.join(dir, `${form}-rechazado.html`);
      writeFileSync(file, html);
      pages.set(`/${form}#rechazado`, { file, html });
    }
  }, 90_000);
  afterAll(() => server?.stop());

  it("passes the Nu Html Checker with no errors", async () => {
    const java = spawnSync("java", ["-version"]);
    expect(java.status, "Java no está instalado: sudo apt-get install default-jre-headless").toBe(0);
    const files = [...[...pages.values()].map((p) => p.file), ...checkedOnly];
    let output = "";
    // Asynchronous, so the event loop sees the server close its idle keep-alive connections while the
    // checker runs (it takes longer than their 5 s timeout); blocked, the next test's fetch would reuse
    // a closed connection ("other side closed").
    try {
      await execFileAsync("java", ["-jar", "node_modules/vnu-jar/build/dist/vnu.jar", "--errors-only", "--format", "json", ...files], {
        maxBuffer: 64 * 1024 * 1024,
      });
    } catch (error) {
      output = String((error as { stderr?: string }).stderr ?? "");
    }
    const messages = output ? (JSON.parse(output).messages as { url: string; message: string; extract?: string }[]) : [];
    expect(messages.map((m) => `${path.basename(m.url)}: ${m.message} ${m.extract ?? ""}`)).toEqual([]);
    expect(files.length).toBeGreaterThanOrEqual(14);
  }, 120_000);

  it("puts a short privacy notice next to every consent checkbox (Ley 1581 art. 12)", () => {
    let checkboxes = 0;
    for (const [url, { html }] of pages) {
      // The general consent of every form (a sensitive-data consent, like the reports' health data, has its own label).
      for (const [input] of html.matchAll(
        /<input[^>]*type="checkbox"[^>]*name="consentimiento"[^>]*>|<input[^>]*name="consentimiento"[^>]*type="checkbox"[^>]*>/g,
      )) {
        checkboxes += 1;
        const ids = /aria-describedby="([^"]+)"/.exec(input)?.[1].split(" ") ?? [];
        const notices = ids.map((id) => new RegExp(`id="${id}"[^>]*>([^<]+)<`).exec(html)?.[1] ?? "");
        const notice = notices.find((text) => /trata (los|estos) datos/.test(text));
        expect(notice, `${url}: ${input}`).toBeDefined();
        expect(notice).toMatch(/Servicios Temporales S\.A\.S\./);
        expect(notice).toMatch(/revocar/);
        // The full policy is linked from the consent's label.
        expect(html, url).toContain('href="/privacidad"');
      }
    }
    expect(checkboxes).toBeGreaterThanOrEqual(3);
  });

  it("every footer links the fraud page, the home page's too (product rule 31)", () => {
    const footers: string[] = [];
    for (const [url, { html }] of pages) {
      for (const [footer] of html.matchAll(/<footer[\s\S]*?<\/footer>/g)) {
        footers.push(url);
        expect(footer, url).toContain('href="/ofertas-falsas"');
      }
    }
    expect(footers).toContain("/");
    expect(footers).toContain("/contacto");
    expect(footers.length).toBeGreaterThanOrEqual(14);
  });

  it("has no broken internal link or anchor", async () => {
    const broken: string[] = [];
    const idsOf = (html: string) => new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));
    for (const [from, { html }] of pages) {
      for (const [, href] of html.matchAll(/<a\s[^>]*href="([^"]+)"/g)) {
        if (/^(https?:|mailto:|tel:)/.test(href)) continue;
        const page = from.split("#")[0];
        const target = new URL(href.replaceAll("&amp;", "&"), `http://sitio${page}`);
        const targetHtml = target.pathname === page ? html : pages.get(target.pathname)?.html;
        if (targetHtml === undefined) {
          const url = server.url + target.pathname + target.search;
          const init = { redirect: "manual" as const, headers: { Cookie: cookie } };
          // After the checker's long run the first request may meet a kept-alive socket the server has
          // just closed ("other side closed"): one retry on a fresh connection; any HTTP status counts.
          const status = await fetch(url, init)
            .catch(() => fetch(url, { ...init, headers: { ...init.headers, Connection: "close" } }))
            .then(
              (res) => res.status,
              (error) => `${error}: ${String(error.cause)}`,
            );
          if (status !== 200) broken.push(`${from} → ${href} (${status})`);
          continue;
        }
        if (target.hash && !idsOf(targetHtml).has(decodeURIComponent(target.hash.slice(1)))) broken.push(`${from} → ${href} (ancla)`);
      }
    }
    expect(broken).toEqual([]);
  });
});
