/** The production server's start-up and transport behaviour. */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { connect } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, TEST_PASSWORD } from "../support/accounts";
import { type ServerProcess, startServer } from "../support/server-process";

describe("configuration errors stop the start and name the field", () => {
  it.each([
    [{ CONTACT_PHONE: "llámenos" }, "contact.phone"],
    [{ SMTP_URL: "http://correo.example.com" }, "SMTP_URL"],
    [{ FORM_RATE_LIMIT: "muchos" }, "FORM_RATE_LIMIT"],
    [{ DATABASE_URL: "postgres://sitio@127.0.0.1:1/sitio" }, "DATABASE_URL"],
  ])("%o", (env, field) => {
    const result = spawnSync(process.execPath, ["scripts/start.js"], {
      env: { ...process.env, PORT: "39999", DATABASE_URL: "file:/tmp/sitio-config-test.db", ...env },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("No se pudo iniciar el sitio");
    expect(result.stderr).toContain(field);
  });
});

describe("behind a TLS proxy", () => {
  let direct: ServerProcess;
  let proxied: ServerProcess;
  beforeAll(async () => {
    [direct, proxied] = await Promise.all([startServer({}), startServer({ TRUST_PROXY_HOPS: "1" })]);
  });
  afterAll(async () => {
    await Promise.all([direct?.stop(), proxied?.stop()]);
  });

  it("sends HSTS only when the request came over HTTPS through the trusted proxy", async () => {
    const https = { "X-Forwarded-Proto": "https" };
    expect((await fetch(`${proxied.url}/`, { headers: https })).headers.get("strict-transport-security")).toMatch(/^max-age=\d+; includeSubDomains$/);
    expect((await fetch(`${proxied.url}/`)).headers.get("strict-transport-security")).toBeNull();
    // Without a trusted proxy, a client cannot claim HTTPS.
    expect((await fetch(`${direct.url}/`, { headers: https })).headers.get("strict-transport-security")).toBeNull();
  });

  it("gives each page the policy of its own inline sheets, visit after visit, and the access line its request id", async () => {
    const root = path.resolve(import.meta.dirname, "../..");
    const styleHashes = JSON.parse(readFileSync(path.join(root, "build/csp-style-hashes.json"), "utf8")) as Record<string, string[]>;
    const pages = ["/", "/nosotros/desconexionLaboral", "/nosotros"];
    const policies = new Map<string, string>();
    // Alternating, so a policy kept from one page's answer would show on the next page's.
    for (let round = 0; round < 3; round++)
      for (const page of pages) {
        const res = await fetch(`${direct.url}${page}`);
        const csp = res.headers.get("content-security-policy") ?? "";
        const styleSrc = /style-src ([^;]*)/.exec(csp)?.[1].split(" ") ?? [];
        expect(styleSrc.sort(), page).toEqual(["'self'", ...styleHashes[page]].sort());
        if (round > 0) expect(csp, page).toBe(policies.get(page));
        policies.set(page, csp);
      }
    expect(new Set(policies.values()).size).toBe(pages.length);
    const res = await fetch(`${direct.url}/no-existe?dato=privado`);
    const id = res.headers.get("x-request-id");
    // The line is written when the response closes, which may be just after the client has it.
    const lineOf = () =>
      direct
        .output()
        .split("\n")
        .find((l) => l.includes(`"reqId":"${id}"`));
    await expect.poll(lineOf, { timeout: 10_000 }).toBeDefined();
    const line = lineOf() ?? "{}";
    expect(JSON.parse(line)).toMatchObject({
      level: "info",
      event: "request",
      msg: "request",
      request: { method: "GET", path: "/no-existe" },
      response: { status: 404 },
    });
    expect(line).not.toContain("privado");
    // A page rendered on request is compressed; the API's short JSON is not wrapped for it.
    expect(res.headers.get("content-encoding")).toBe("gzip");
    const api = await fetch(`${direct.url}/php/contacto`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    expect(api.status).toBe(400);
    expect(api.headers.get("content-encoding")).toBeNull();
    expect((await api.json()).error.code).toBeTruthy();
  });

  it("logs a request whose client went away before the answer as an error, with its path and no more", async () => {
    // A post that announces 100 bytes and sends 10: the server is still reading when the client leaves.
    const socket = connect(direct.port, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write(
      'POST /php/contacto?correo=alguien%40example.org HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"nombre":',
    );
    await new Promise((r) => setTimeout(r, 200));
    socket.destroy();
    // The line comes when the server sees the connection close: waited for, however busy the machine.
    const lineOf = () =>
      direct
        .output()
        .split("\n")
        .filter((l) => l.includes('"event":"request"') && l.includes("/php/contacto") && l.includes("conexión cerrada"))
        .at(-1);
    await expect.poll(lineOf, { timeout: 10_000 }).toBeTruthy();
    const line = lineOf();
    expect(JSON.parse(line ?? "{}")).toMatchObject({
      level: "error",
      request: { method: "POST", path: "/php/contacto" },
      error: "conexión cerrada antes de terminar la respuesta",
    });
    expect(line).not.toContain("alguien");
  });

  it("warns once in the log when requests carry X-Forwarded-For and no hop is trusted", async () => {
    const warning = /"event":"proxy-not-trusted"/g;
    expect(direct.output().match(warning)).toBeNull();
    for (let i = 0; i < 3; i++) await fetch(`${direct.url}/`, { headers: { "X-Forwarded-For": `203.0.113.${i}` } });
    await fetch(`${proxied.url}/`, { headers: { "X-Forwarded-For": "203.0.113.9" } });
    await expect.poll(() => direct.output().match(warning)?.length, { timeout: 10_000 }).toBe(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(direct.output().match(warning)).toHaveLength(1);
    expect(direct.output()).toContain("fije TRUST_PROXY_HOPS");
    expect(proxied.output().match(warning)).toBeNull();
  });

  it("lets the rightful person in from another address while one address sends a wrong password every 50 ms", async () => {
    createAccount(proxied.databaseUrl, "ana@example.com", "admin");
    const attempt = (address: string, password: string) =>
      fetch(`${proxied.url}/admin/ingresar`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: proxied.url, "X-Forwarded-For": address },
        body: new URLSearchParams({ correo: "ana@example.com", clave: password }),
      });
    // Address A: a wrong password every 50 ms, whatever the answers, noting when each 429 says to come back.
    // At most 8 unanswered at a time: on a loaded machine a server slower than 20 attempts a second would
    // otherwise gather a queue that outlasts the test, which measures the throttle, not the queue.
    const answers: Promise<void>[] = [];
    const statuses: number[] = [];
    let nextSlot = 0;
    let inFlight = 0;
    const timer = setInterval(() => {
      if (inFlight >= 8) return;
      const sent = Date.now();
      inFlight += 1;
      answers.push(
        attempt("198.51.100.10", "equivocada-del-atacante")
          .then(async (res) => {
            statuses.push(res.status);
            if (res.status === 429) nextSlot = Math.max(nextSlot, sent + Number(res.headers.get("retry-after")) * 1000);
            await res.arrayBuffer();
          })
          .finally(() => {
            inFlight -= 1;
          }),
      );
    }, 50);
    try {
      await new Promise((r) => setTimeout(r, 6_000));
      expect(statuses).toContain(429);
      // B, the right password, exactly when A's Retry-After says (A keeps firing meanwhile).
      await new Promise((r) => setTimeout(r, Math.max(0, nextSlot - Date.now())));
      const b = await attempt("203.0.113.20", TEST_PASSWORD);
      expect(b.status).toBe(302);
      expect(b.headers.get("set-cookie")).toContain("sesion_personal=");
    } finally {
      clearInterval(timer);
      await Promise.all(answers);
    }
    // A guessed a handful of times; everything else it sent was refused unseen.
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(statuses.length / 2);
  });

  it("marks the staff session cookie Secure over HTTPS", async () => {
    const res = await fetch(`${proxied.url}/admin/salir`, {
      method: "POST",
      redirect: "manual",
      headers: { "X-Forwarded-Proto": "https", "X-Forwarded-Host": new URL(proxied.url).host, Origin: `https://${new URL(proxied.url).host}` },
    });
    expect(res.headers.get("set-cookie")).toContain("; Secure");
  });
});
