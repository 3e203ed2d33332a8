/**
 * The forms without JavaScript (docs/product.md §23) and the server's refusals as clients really meet them:
 * the built production server, a real SQLite file, keep-alive connections.
 */
import { rmSync } from "node:fs";
import http from "node:http";
import { countRows } from "../support/database";
import { copyProject } from "../support/project-copy";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServer } from "../support/server-process";

const contact = { nombre: "Señora Núñez", celular: "300 123 4567", correo: "nunez@example.org", mensaje: "Línea <uno>\nLínea dos" };

function postPage(server: ServerProcess, path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

describe("a form posted without JavaScript", () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServer({ FORM_RATE_LIMIT: "6" });
  });
  afterAll(() => server?.stop());

  it("is answered with the page again: 400, the errors by the fields, a focused summary, every value kept, nothing stored", async () => {
    const res = await postPage(server, "/contacto", { ...contact, correo: "nunez@example", consentimiento: "on" });
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toContain("text/html");
    const html = await res.text();
    expect(html).toMatch(/<div class="error-summary" role="alert"[^>]*tabindex="-1" autofocus="">/);
    expect(html).toContain('<a href="#contacto-correo">CORREO: Correo electrónico no válido</a>');
    expect(html).toMatch(/<input id="contacto-correo"[^>]*aria-invalid="true"[^>]*value="nunez@example"/);
    expect(html).toContain('<p id="contacto-correo-error" class="field-error" aria-live="polite">Correo electrónico no válido</p>');
    expect(html).toContain('value="Señora Núñez"');
    expect(html).toContain(">Línea &lt;uno&gt;\nLínea dos</textarea>");
    expect(html).toMatch(/<input id="contacto-consentimiento"[^>]*checked=""/);
    // The island gets the same refusal, so hydration keeps what the server showed.
    expect(html).toMatch(/data-props="[^"]*&quot;refusal&quot;/);
    expect(await countRows(server.databaseUrl)).toBe(0);
  });

  it("names every missing field, the consent included", async () => {
    const html = await (await postPage(server, "/cliente", { empresa: "Acme" })).text();
    // Several fields: the title counts them and the sentence follows.
    expect(html).toContain(
      'class="error-summary-title">No se pudo enviar: revise 6 campos</h2><p class="error-summary-text">Todos los campos son obligatorios</p>',
    );
    for (const field of ["cargo", "nombre", "celular", "correo", "mensaje", "consentimiento"]) expect(html).toContain(`href="#cliente-${field}"`);
    expect(html).toContain('value="Acme"');
  });

  it("stores a valid message and redirects to the confirmation (post/redirect/get)", async () => {
    const res = await postPage(server, "/contacto", { ...contact, consentimiento: "on" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/contacto/enviado");
    expect(await countRows(server.databaseUrl)).toBe(1);
  });

  it("sends a form post to the API endpoint back to the page when it must be corrected (307 keeps the body)", async () => {
    const res = await postPage(server, "/php/cliente", { empresa: "Acme" });
    expect(res.status).toBe(307);
    expect(res.headers.get("location")).toBe("/cliente");
  });

  it("refuses a post from another site", async () => {
    const res = await postPage(server, "/contacto", { ...contact, consentimiento: "on" }, { Origin: "https://malicioso.example" });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it("over the rate limit: 429 with Retry-After, the page with its values and the Spanish reason", async () => {
    let last: Response | undefined;
    for (let i = 0; i < 8; i++) last = await postPage(server, "/contacto", { ...contact, nombre: `Envío ${i}` });
    expect(last?.status).toBe(429);
    expect(Number(last?.headers.get("retry-after"))).toBeGreaterThan(0);
    const html = await last!.text();
    expect(html).toContain("Recibimos demasiados envíos desde su conexión");
    expect(html).toContain('value="Envío 7"');
  });
});

describe("oversized bodies on a keep-alive connection", () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServer({});
  });
  afterAll(() => server?.stop());

  const valid = JSON.stringify({ ...contact, consentimiento: true });
  const oversized = JSON.stringify({ ...contact, mensaje: "x".repeat(300_000) });

  function post(agent: http.Agent, body: string, chunked: boolean, type = "application/json") {
    return new Promise<{ status?: number; connection?: string; body: string; error?: string }>((resolve) => {
      const url = new URL(server.url);
      const headers: Record<string, string> = { "Content-Type": type, Origin: server.url };
      if (!chunked) headers["Content-Length"] = String(Buffer.byteLength(body));
      const req = http.request({ host: url.hostname, port: url.port, path: "/php/contacto", method: "POST", agent, headers }, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode, connection: res.headers.connection, body: text }));
      });
      req.on("error", (error: NodeJS.ErrnoException) => resolve({ body: "", error: error.code }));
      if (chunked) {
        for (let i = 0; i < body.length; i += 16_384) req.write(body.slice(i, i + 16_384));
        req.end();
      } else req.end(body);
    });
  }

  it.each([
    ["Content-Length", false],
    ["chunked", true],
  ])("with %s: the 413 reaches the client, and the next post on the same agent succeeds", async (_name, chunked) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let round = 0; round < 5; round++) {
        const refused = await post(agent, oversized, chunked);
        expect(refused.error).toBeUndefined();
        expect(refused.status).toBe(413);
        expect(refused.connection).toBe("close");
        expect(JSON.parse(refused.body).error.code).toBe("contenido_muy_grande");
        const started = Date.now();
        const accepted = await post(agent, valid, false);
        expect(accepted.error).toBeUndefined();
        expect(accepted.status).toBe(201);
        expect(Date.now() - started).toBeLessThan(2000);
      }
    } finally {
      agent.destroy();
    }
  });

  it("answers a page post over the limit with a Spanish page", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const refused = await post(agent, `mensaje=${"x".repeat(100_000)}`, true, "application/x-www-form-urlencoded");
    agent.destroy();
    expect(refused.status).toBe(413);
    expect(refused.body).toContain("demasiado largo");
  });
});

// The build does not depend on the engine: this runs in the SQLite pass only.
describe.skipIf(process.env.TEST_DATABASE === "postgres")("a new CONTACT_PHONE takes effect at the next start", () => {
  it("rebuilds the prerendered pages with the configured number", async () => {
    // A copy of the project so this rebuild touches nothing else.
    const copy = copyProject("sitio-telefono-");
    let server: ServerProcess | undefined;
    try {
      // First with the number of the build (no rebuild), then restarted with another one.
      server = await startServer({}, undefined, copy);
      expect(await (await fetch(`${server.url}/contacto`)).text()).toContain("+57 601 000 0000");
      await server.stop();
      server = await startServer({ CONTACT_PHONE: "+57 604 555 1234" }, undefined, copy);
      for (const page of ["/", "/contacto", "/incidente"]) {
        const html = await (await fetch(`${server.url}${page}`)).text();
        expect(html, page).toContain("+57 604 555 1234");
        expect(html, page).not.toContain("+57 601 000 0000");
      }
    } finally {
      await server?.stop();
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
