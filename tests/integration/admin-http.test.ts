/** The staff area over HTTP: what a signed-out visitor, a staff member and an admin can reach. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccounts, signIn, TEST_PASSWORD } from "../support/accounts";
import { freshDatabaseUrl } from "../support/database";
import { type ServerProcess, startServer } from "../support/server-process";

let server: ServerProcess;
let dbUrl = "";

async function signInAs(email: string): Promise<string> {
  const { response, setCookie, cookie } = await signIn(server.url, email);
  expect(response.status).toBe(302);
  expect(setCookie).toMatch(/^sesion_personal=[^;]+; Path=\/admin; HttpOnly; SameSite=Lax; Max-Age=\d+$/);
  return cookie;
}

const get = (p: string, cookie?: string, headers: Record<string, string> = {}) =>
  fetch(server.url + p, { redirect: "manual", headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers } });
const post = (p: string, body: Record<string, string>, cookie?: string, origin?: string) =>
  fetch(server.url + p, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin ?? server.url, ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(body),
  });

beforeAll(async () => {
  dbUrl = await freshDatabaseUrl("admin_http");
  // The server migrates the database on start; the accounts are created through the CLI afterwards.
  server = await startServer({}, dbUrl);
  createAccounts(dbUrl, [
    ["admin@example.com", "admin"],
    ["personal@example.com", "staff"],
    ["olvidadiza@example.com", "staff"],
  ]);
  const res = await fetch(`${server.url}/php/contacto`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.url },
    body: JSON.stringify({ nombre: "Ana", celular: "3001234567", correo: "ana@example.org", mensaje: "Hola", consentimiento: true }),
  });
  expect(res.status).toBe(201);
});
afterAll(() => server?.stop());

describe("signed out", () => {
  it.each(["/admin", "/admin/mensajes", "/admin/mensajes/1", "/admin/titulares", "/admin/auditoria", "/admin/usuarios", "/admin/no-existe"])(
    "%s sends to the sign-in page",
    async (p) => {
      const res = await get(p);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe(`/admin/ingresar?siguiente=${encodeURIComponent(p)}`);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    },
  );

  it("API calls get 401", async () => {
    expect((await get("/admin/exportar.csv")).status).toBe(401);
    expect((await get("/admin/mensajes", undefined, { Accept: "application/json" })).status).toBe(401);
  });

  it("posts change nothing", async () => {
    const res = await post("/admin/mensajes/1", { accion: "atendido" });
    expect([302, 401]).toContain(res.status);
    const admin = await signInAs("admin@example.com");
    expect(await (await get("/admin/mensajes/1", admin)).text()).toContain("Nuevo: nadie lo ha marcado como atendido.");
  });

  it("the sign-in page is not indexed nor cached", async () => {
    const res = await get("/admin/ingresar");
    expect(res.status).toBe(200);
    expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(await res.text()).toContain('name="robots" content="noindex, nofollow"');
  });

  it("a wrong password gets a message that does not say whether the account exists", async () => {
    const known = await post("/admin/ingresar", { correo: "personal@example.com", clave: "equivocada-123" });
    const unknown = await post("/admin/ingresar", { correo: "nadie@example.com", clave: "equivocada-123" });
    expect(known.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await known.text()).toContain("Correo o contraseña incorrectos.");
    expect(await unknown.text()).toContain("Correo o contraseña incorrectos.");
  });
});

describe("sign-in after failures", () => {
  it("the right password signs in after five wrong ones, once the short wait is over: a wait, never a lock", async () => {
    for (let i = 0; i < 5; i++) expect((await post("/admin/ingresar", { correo: "olvidadiza@example.com", clave: `equivocada-${i}` })).status).toBe(401);
    // At once: a wait of a few seconds, said in the page and in Retry-After, for the right password too.
    const early = await post("/admin/ingresar", { correo: "olvidadiza@example.com", clave: TEST_PASSWORD });
    expect(early.status).toBe(429);
    const seconds = Number(early.headers.get("retry-after"));
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(2);
    expect(await early.text()).toMatch(/Espere \d+ segundos/);
    await new Promise((r) => setTimeout(r, seconds * 1000 + 100));
    const { response } = await signIn(server.url, "olvidadiza@example.com");
    expect(response.status).toBe(302);
  });
});

describe("staff", () => {
  it("reads the inbox but cannot manage accounts", async () => {
    const staff = await signInAs("personal@example.com");
    expect((await get("/admin/mensajes", staff)).status).toBe(200);
    expect((await get("/admin/usuarios", staff)).status).toBe(403);
    const create = await post("/admin/usuarios", { accion: "crear", correo: "x@example.com", nombre: "X", rol: "admin", clave: "una-clave-muy-larga" }, staff);
    expect(create.status).toBe(403);
    const admin = await signInAs("admin@example.com");
    expect(await (await get("/admin/usuarios", admin)).text()).not.toContain("x@example.com");
  });

  it("an unknown page of the staff area is a 404 once signed in", async () => {
    const staff = await signInAs("personal@example.com");
    const res = await get("/admin/no-existe", staff);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Esta página de la bandeja del personal no existe.");
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("state changes need a same-origin POST; a GET changes nothing", async () => {
    const staff = await signInAs("personal@example.com");
    const foreign = await post("/admin/mensajes/1", { accion: "atendido" }, staff, "https://malicioso.example");
    expect([400, 403]).toContain(foreign.status);
    expect((await get("/admin/mensajes/1?accion=atendido", staff)).status).toBe(200);
    expect(await (await get("/admin/mensajes/1", staff)).text()).toContain("Nuevo: nadie lo ha marcado como atendido.");
    const same = await post("/admin/mensajes/1", { accion: "atendido" }, staff);
    expect(same.status).toBe(302);
    expect(await (await get("/admin/mensajes/1", staff)).text()).toContain("Atendido por personal@example.com");
  });

  it("signing out ends the session", async () => {
    const staff = await signInAs("personal@example.com");
    expect((await get("/admin/salir", staff)).status).toBe(302);
    expect((await get("/admin/mensajes", staff)).status).toBe(200);
    const out = await post("/admin/salir", {}, staff);
    expect(out.headers.get("set-cookie")).toMatch(/sesion_personal=; .*Max-Age=0/);
    expect((await get("/admin/mensajes", staff)).status).toBe(302);
  });
});

describe("admin", () => {
  it("creates and disables accounts; a disabled account's sessions end", async () => {
    const admin = await signInAs("admin@example.com");
    const created = await post("/admin/usuarios", { accion: "crear", correo: "nuevo@example.com", nombre: "Nuevo", rol: "staff", clave: TEST_PASSWORD }, admin);
    expect(created.status).toBe(302);
    const nuevo = await signInAs("nuevo@example.com");
    expect((await get("/admin/mensajes", nuevo)).status).toBe(200);
    expect((await post("/admin/usuarios", { accion: "desactivar", correo: "nuevo@example.com" }, admin)).status).toBe(302);
    expect((await get("/admin/mensajes", nuevo)).status).toBe(302);
    const audit = await (await get("/admin/auditoria", admin)).text();
    expect(audit).toContain("Creó una cuenta");
    expect(audit).toContain("Desactivó una cuenta");
  });
});
