/**
 * What the outside scanners and the hand review of issue 21 found, as regressions: bad input gets a 4xx
 * and never a 5xx. Runs on the suite's engine.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertSameOriginPost } from "~/features/staff/guard.server";
import { createAccount, signIn } from "../support/accounts";
import { freshDatabaseUrl } from "../support/database";
import { rawRequest } from "../support/raw-http";
import { type ServerProcess, startServer } from "../support/server-process";

let server: ServerProcess;
let admin = "";
beforeAll(async () => {
  const dbUrl = await freshDatabaseUrl("endurecimiento");
  server = await startServer({ FORM_BODY_LIMIT_BYTES: "2048" }, dbUrl);
  createAccount(dbUrl, "admin@example.com", "admin");
  const { response, cookie } = await signIn(server.url, "admin@example.com");
  expect(response.status).toBe(302);
  admin = cookie;
}, 60_000);
afterAll(() => server?.stop());

describe("bad input gets a 4xx, never a 5xx", () => {
  it("a staff POST with Origin: null or an unreadable Origin (signed out and signed in)", async () => {
    const headers = { "Content-Type": "application/x-www-form-urlencoded" };
    for (const origin of ["null", "not a url", "http://", "file:///etc/passwd"]) {
      const signInPost = await rawRequest(server.url, "POST", "/admin/ingresar", { headers: { ...headers, Origin: origin }, body: "correo=admin%40example.com&clave=x" });
      const staffPost = await rawRequest(server.url, "POST", "/admin/usuarios", { headers: { ...headers, Origin: origin, Cookie: admin }, body: "accion=desactivar&correo=admin%40example.com" });
      for (const res of [signInPost, staffPost]) {
        expect(res.status, origin).toBeGreaterThanOrEqual(400);
        expect(res.status, origin).toBeLessThan(500);
      }
    }
    // The staff area's own check refuses it too (behind the router's, which may answer first).
    for (const origin of ["null", "not a url"]) {
      const request = new Request("http://sitio.example/admin/usuarios", { method: "POST", headers: { Origin: origin } });
      let thrown: unknown;
      try {
        assertSameOriginPost(request);
      } catch (error) {
        thrown = error;
      }
      expect((thrown as { init?: { status?: number } })?.init?.status, origin).toBe(403);
    }
  });

  it.each(["1e20", "-1", "99999999999999999999", "abc", "1.5", "0x10", "Infinity", "%00"])("the audit page with pagina=%s", async (page) => {
    const res = await rawRequest(server.url, "GET", `/admin/auditoria?pagina=${page}`, { headers: { Cookie: admin } });
    expect(res.status).toBe(200);
  });
});

