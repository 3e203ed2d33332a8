/**
 * The form endpoints end to end: the built production server as a child process, a real database (SQLite
 * file, or PostgreSQL with TEST_DATABASE=postgres) and a real SMTP server on loopback.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { splitFrontMatter } from "~/features/documents/markdown.server";
import { countRows as count, query } from "../support/database";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { freePort, type ServerProcess, startServer } from "../support/server-process";

/** The data policy's version in force (content/privacidad.md), which each consent stores. */
const POLICY_VERSION = String((splitFrontMatter(readFileSync("content/privacidad.md", "utf8")).data as { version: string }).version);
const contact = {
  nombre: "Señora Núñez",
  celular: "+57 300 123 4567",
  correo: "nunez@example.org",
  mensaje: "¿Pueden llamarme?\nGracias.",
  consentimiento: true,
};
const client = { empresa: "Acme <b>S.A.S.</b>", cargo: "Gerente", ...contact };

function postJson(server: ServerProcess, path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.url, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

describe("form endpoints with SMTP up", () => {
  let smtp: SmtpSink;
  let server: ServerProcess;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    server = await startServer({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_TO: "equipo@example.com",
      MAIL_TO_CLIENTE: "ventas@example.com",
      MAIL_FROM: "Sitio <web@example.com>",
      FORM_RATE_LIMIT: "1000",
    });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  it("stores a valid contact message and e-mails every field", async () => {
    const res = await postJson(server, "/php/contacto", contact);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ ok: true });
    const [row] = await query<Record<string, string>>(server.databaseUrl, "select * from messages order by id desc limit 1");
    expect(row).toMatchObject({ form: "contacto", nombre: "Señora Núñez", correo: "nunez@example.org", policy_version: POLICY_VERSION });
    expect(row.consent_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const [mail] = await smtp.waitForMails(1);
    expect(mail.subject).toBe("Nuevo mensaje de contacto: Señora Núñez");
    expect(mail.replyTo?.text).toBe("nunez@example.org");
    expect(mail.to && "text" in mail.to ? mail.to.text : "").toBe("equipo@example.com");
    for (const value of ["Señora Núñez", "+57 300 123 4567", "nunez@example.org", "¿Pueden llamarme?"]) {
      expect(mail.text).toContain(value);
      expect(mail.html || "").toContain(value.replace("<", "&lt;"));
    }
  });

  it("stores a client request, escapes it in the HTML part and sends it to the client recipients", async () => {
    const before = smtp.mails.length;
    const res = await postJson(server, "/php/cliente", client);
    expect(res.status).toBe(201);
    const mails = await smtp.waitForMails(before + 1);
    const mail = mails[before];
    expect(mail.subject).toBe("Nueva solicitud de cliente: Acme <b>S.A.S.</b> (Señora Núñez)");
    expect(mail.html).toContain("Acme &lt;b&gt;S.A.S.&lt;/b&gt;");
    expect(mail.html).not.toContain("<b>S.A.S.</b>");
    expect(mail.to && "text" in mail.to ? mail.to.text : "").toBe("ventas@example.com");
  });

  it("accepts an ordinary form post and redirects to the confirmation page", async () => {
    const before = smtp.mails.length;
    const res = await fetch(`${server.url}/php/contacto`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
      body: new URLSearchParams({ ...contact, consentimiento: "on" }).toString(),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/contacto/enviado");
    const page = await fetch(`${server.url}/contacto/enviado`);
    expect(await page.text()).toContain("Hemos recibido su mensaje");
    await smtp.waitForMails(before + 1);
  });

  it("accepts the consent of an API client under the English name `consent`", async () => {
    const before = smtp.mails.length;
    const { consentimiento: _omitted, ...withoutConsent } = contact;
    const res = await postJson(server, "/php/contacto", { ...withoutConsent, nombre: "Cliente API", consent: true });
    expect(res.status).toBe(201);
    await smtp.waitForMails(before + 1);
    const refused = await postJson(server, "/php/contacto", { ...withoutConsent, consent: false });
    expect(refused.status).toBe(400);
  });

  it.each([
    ["malformed JSON", "/php/contacto", "{nombre:", {}, 400, "json_invalido"],
    ["a JSON array", "/php/contacto", "[]", {}, 400, "json_invalido"],
    ["a missing field", "/php/contacto", { ...contact, nombre: undefined }, {}, 400, "datos_invalidos"],
    ["an invalid e-mail", "/php/contacto", { ...contact, correo: "nunez@example" }, {}, 400, "datos_invalidos"],
    ["no consent", "/php/cliente", { ...client, consentimiento: false }, {}, 400, "datos_invalidos"],
    ["a bad phone", "/php/cliente", { ...client, celular: "12" }, {}, 400, "datos_invalidos"],
    ["text/plain", "/php/contacto", JSON.stringify(contact), { "Content-Type": "text/plain" }, 415, "tipo_no_soportado"],
    ["a cross-site origin", "/php/contacto", contact, { Origin: "https://malicioso.example" }, 403, "origen_no_permitido"],
    ["an oversized body", "/php/contacto", { ...contact, mensaje: "x".repeat(40_000) }, {}, 413, "contenido_muy_grande"],
  ])("refuses %s with a Spanish JSON error, storing and sending nothing", async (_name, path, body, headers, status, code) => {
    const stored = await count(server.databaseUrl);
    const sent = smtp.mails.length;
    const res = await postJson(server, path as string, body, headers as Record<string, string>);
    expect(res.status).toBe(status);
    const answer = (await res.json()) as { error: { code: string; message: string } };
    expect(answer.error.code).toBe(code);
    expect(answer.error.message).toMatch(/[a-záéíóúñ]/);
    expect(await count(server.databaseUrl)).toBe(stored);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.mails.length).toBe(sent);
  });

  it("answers field errors by name", async () => {
    const res = await postJson(server, "/php/contacto", { ...contact, correo: "malo", mensaje: "" });
    const answer = (await res.json()) as { error: { message: string; fields: Record<string, string> } };
    expect(answer.error.message).toBe("Todos los campos son obligatorios");
    expect(answer.error.fields).toEqual({ correo: "Correo electrónico no válido", mensaje: "Este campo es obligatorio." });
  });

  it("answers a filled honeypot like a success but stores and sends nothing", async () => {
    const stored = await count(server.databaseUrl);
    const sent = smtp.mails.length;
    const res = await postJson(server, "/php/contacto", { ...contact, sitio_web: "http://spam.example" });
    expect(res.status).toBe(201);
    await new Promise((r) => setTimeout(r, 300));
    expect(await count(server.databaseUrl)).toBe(stored);
    expect(smtp.mails.length).toBe(sent);
  });

  it("refuses GET and other methods on the endpoints with 405", async () => {
    const get = await fetch(`${server.url}/php/contacto`);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    const put = await fetch(`${server.url}/php/cliente`, { method: "PUT", headers: { Origin: server.url } });
    expect(put.status).toBe(405);
  });
});

describe("rate limit", () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServer({ FORM_RATE_LIMIT: "3" });
  });
  afterAll(() => server?.stop());

  it("allows FORM_RATE_LIMIT posts per minute per address, then answers 429 with Retry-After", async () => {
    for (let i = 0; i < 3; i++) expect((await postJson(server, "/php/contacto", contact)).status).toBe(201);
    const res = await postJson(server, "/php/cliente", client);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("limite_de_envios");
    expect(await count(server.databaseUrl)).toBe(3);
  });
});

describe("mail survives SMTP outages and restarts", () => {
  it("answers 2xx while SMTP is down and delivers once it is up", async () => {
    const smtpPort = await freePort();
    const server = await startServer({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_RETRY_BASE_MS: "200", MAIL_RETRY_MAX_MS: "400" });
    let smtp: SmtpSink | undefined;
    try {
      expect((await postJson(server, "/php/contacto", contact)).status).toBe(201);
      // Wait for the event (a failed attempt recorded), not for a fixed time: on a loaded machine the
      // first attempt may come seconds after the post.
      type Row = { status: string; attempts: number; last_error: string };
      let pending: Row | undefined;
      for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 100))) {
        [pending] = await query<Row>(server.databaseUrl, "select status, attempts, last_error from outbox");
        if (pending?.last_error) break;
      }
      expect(pending?.status).toBe("pending");
      expect(Number(pending?.attempts)).toBeGreaterThan(0);
      expect(pending?.last_error).toBeTruthy();
      smtp = await startSmtpSink(smtpPort);
      const [mail] = await smtp.waitForMails(1, 60_000);
      expect(mail.subject).toBe("Nuevo mensaje de contacto: Señora Núñez");
    } finally {
      await server.stop();
      await smtp?.close();
    }
  }, 240_000);

  it("delivers mail left pending when the server stopped", async () => {
    const first = await startServer({});
    expect((await postJson(first, "/php/cliente", client)).status).toBe(201);
    await first.stop();
    expect(await count(first.databaseUrl, "outbox")).toBe(1);
    const smtp = await startSmtpSink();
    const second = await startServer({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }, first.databaseUrl);
    try {
      const mails = await smtp.waitForMails(1);
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toContain("Nueva solicitud de cliente");
    } finally {
      await second.stop();
      await smtp.close();
    }
  });
});
