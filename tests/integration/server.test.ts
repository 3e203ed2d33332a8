/** The production server's start-up and transport behaviour. */
import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
  }, 60_000);
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

  it("marks the staff session cookie Secure over HTTPS", async () => {
    const res = await fetch(`${proxied.url}/admin/salir`, {
      method: "POST",
      redirect: "manual",
      headers: { "X-Forwarded-Proto": "https", "X-Forwarded-Host": new URL(proxied.url).host, Origin: `https://${new URL(proxied.url).host}` },
    });
    expect(res.headers.get("set-cookie")).toContain("; Secure");
  });
});
