/**
 * What the outside scanners and a hand review found, as regressions: redirects built from
 * the request path stay on this site, bad input gets a 4xx and never a 5xx, and the 413 page escapes the
 * path it links to. Runs on the suite's engine.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertSameOriginPost } from "~/features/staff/guard.server";
import { createAccount, signIn } from "../support/accounts";
import { freshDatabaseUrl, query } from "../support/database";
import { rawRequest, rawSocketRequest } from "../support/raw-http";
import { INCIDENT_REPORT } from "../support/reports";
import { type ServerProcess, startServer } from "../support/server-process";

let server: ServerProcess;
let admin = "";
let dbUrl = "";
beforeAll(async () => {
  dbUrl = await freshDatabaseUrl("endurecimiento");
  server = await startServer({ FORM_BODY_LIMIT_BYTES: "2048", FORM_RATE_LIMIT: "100" }, dbUrl);
  createAccount(dbUrl, "admin@example.com", "admin");
  const { response, cookie } = await signIn(server.url, "admin@example.com");
  expect(response.status).toBe(302);
  admin = cookie;
});
afterAll(() => server?.stop());

describe("the trailing-slash redirect", () => {
  it.each([
    "//evil.example/",
    "///evil.example/",
    "/\\evil.example/",
    "/\\\\evil.example/",
    "/\\/evil.example/",
    "//evil.example/path/?q=1",
    "/%2F%2Fevil.example/",
    "/%2f/evil.example/",
    "/%5C%5Cevil.example/",
    "//evil.example//",
  ])("stays on this origin for %s", async (target) => {
    for (const method of ["GET", "HEAD"]) {
      const res = await rawRequest(server.url, method, target);
      expect(res.status).toBe(301);
      const location = String(res.headers.location);
      // A path on this site: one slash, then anything but a slash or a backslash.
      expect(location).toMatch(/^\/[^/\\]/);
      expect(new URL(location, server.url).origin).toBe(server.url);
      // Browsers read a backslash as a slash and drop tabs and newlines: none may turn it into `//`.
      expect(new URL(location.replace(/\\/g, "/").replace(/[\t\n\r]/g, ""), server.url).origin).toBe(server.url);
    }
  });

  it("keeps the query and still canonicalises the site's own pages", async () => {
    const res = await rawRequest(server.url, "GET", "//evil.example/path/?q=1");
    expect(res.headers.location).toBe("/evil.example/path?q=1");
    expect((await rawRequest(server.url, "GET", "/contacto/?a=b")).headers.location).toBe("/contacto?a=b");
  });
});

describe("bad input gets a 4xx, never a 5xx", () => {
  it.each(["/", "/contacto", "/php/contacto", "/admin", "/no-existe"])("TRACE %s", async (target) => {
    const res = await rawRequest(server.url, "TRACE", target);
    expect(res.status).toBe(405);
    expect(res.headers.allow).toMatch(/POST/);
  });

  it("other methods nothing answers, and a request target that is not a path", async () => {
    for (const method of ["OPTIONS", "PUT", "DELETE", "PATCH"]) expect((await rawRequest(server.url, method, "/nosotros")).status).toBe(405);
    expect((await rawRequest(server.url, "GET", "http://evil.example/contacto")).status).toBe(400);
  });

  it("a staff POST with Origin: null or an unreadable Origin (signed out and signed in)", async () => {
    const headers = { "Content-Type": "application/x-www-form-urlencoded" };
    for (const origin of ["null", "not a url", "http://", "file:///etc/passwd"]) {
      const signInPost = await rawRequest(server.url, "POST", "/admin/ingresar", {
        headers: { ...headers, Origin: origin },
        body: "correo=admin%40example.com&clave=x",
      });
      const staffPost = await rawRequest(server.url, "POST", "/admin/usuarios", {
        headers: { ...headers, Origin: origin, Cookie: admin },
        body: "accion=desactivar&correo=admin%40example.com",
      });
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

describe("the 413 page", () => {
  it("escapes the path it links back to, and links only to this site", async () => {
    const body = `mensaje=${"x".repeat(4096)}`;
    const headers = { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url };
    const injected = await rawRequest(server.url, "POST", '/contacto"><script>alert(1)</script><a/x="', { headers, body });
    expect(injected.status).toBe(413);
    expect(injected.body).not.toContain("<script>");
    expect(injected.body).toContain('href="/contacto&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;a/x=&quot;"');
    const elsewhere = await rawRequest(server.url, "POST", "//evil.example/contacto", { headers, body });
    expect(elsewhere.status).toBe(413);
    expect(elsewhere.body).toContain('href="/evil.example/contacto"');
  });
});

describe("control characters in what is posted", () => {
  // A NUL nobody types, but a program or a paste may send: PostgreSQL refuses it in text, so every
  // post is cleaned before validation (app/forms/fields.ts cleanText) instead of failing with a 503.
  const NUL = "\u0000";
  const post = (target: string, body: string, type: string, headers: Record<string, string> = {}) =>
    rawRequest(server.url, "POST", target, { headers: { "Content-Type": type, Origin: server.url, ...headers }, body });

  it("the message API and the page without JavaScript store the text without them", async () => {
    const json = await post(
      "/php/contacto",
      JSON.stringify({
        nombre: `Ana${NUL} Ruiz`,
        celular: "3001234567",
        correo: "ana@example.org",
        mensaje: `Hola${NUL}\u000bmundo\tcon tab`,
        consentimiento: true,
      }),
      "application/json",
    );
    expect(json.status).toBe(201);
    const form = await post(
      "/contacto",
      new URLSearchParams({ nombre: "Beto", celular: "3001234567", correo: "beto@example.org", mensaje: `Sin${NUL}control`, consentimiento: "on" }).toString(),
      "application/x-www-form-urlencoded",
    );
    expect(form.status).toBe(303);
    const rows = await query<{ nombre: string; mensaje: string }>(dbUrl, "select nombre, mensaje from messages order by id");
    expect(rows.map((r) => [r.nombre, r.mensaje])).toEqual([
      ["Ana Ruiz", "Hola mundo\tcon tab"],
      ["Beto", "Sincontrol"],
    ]);
  });

  it("a case channel, CONSULTAR and a staff page answer without a 5xx", async () => {
    const report = await post("/php/incidente", JSON.stringify({ ...INCIDENT_REPORT, descripcion: `Resbaló${NUL} en la bodega.` }), "application/json");
    expect(report.status).toBe(201);
    const consult = await post(
      "/incidente/consulta",
      new URLSearchParams({ radicado: `IN-2026${NUL}-000001`, codigo: `AAAA${NUL}` }).toString(),
      "application/x-www-form-urlencoded",
    );
    expect(consult.status).toBeLessThan(500);
    const hold = await post(
      "/admin/titulares",
      new URLSearchParams({ accion: "retener", correo: `ana${NUL}@example.org`, motivo: `Investigación${NUL} interna` }).toString(),
      "application/x-www-form-urlencoded",
      { Cookie: admin },
    );
    expect(hold.status).toBeLessThan(500);
    const search = await rawRequest(server.url, "GET", `/admin/titulares?correo=ana%00%40example.org`, { headers: { Cookie: admin } });
    expect(search.status).toBe(200);
  });
});

describe("impossible dates", () => {
  it.each(["2026-13-45", "0000-00-00", "2026-00-10", "2026-02-30"])("a report dated %s is refused with the field's message, not a 5xx", async (fecha) => {
    const res = await rawRequest(server.url, "POST", "/php/incidente", {
      headers: { "Content-Type": "application/json", Origin: server.url },
      body: JSON.stringify({ ...INCIDENT_REPORT, fecha }),
    });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).error.fields.fecha).toBe("Escriba una fecha válida (dd/mm/aaaa).");
  });

  it("a staff date that does not exist gets a 400", async () => {
    const filed = await rawRequest(server.url, "POST", "/php/incidente", {
      headers: { "Content-Type": "application/json", Origin: server.url },
      body: JSON.stringify(INCIDENT_REPORT),
    });
    expect(filed.status).toBe(201);
    const [row] = await query<{ id: number | string }>(dbUrl, "select id from cases where radicado = ?", [JSON.parse(filed.body).radicado]);
    for (const fecha of ["2026-13-45", "0000-00-00"]) {
      const res = await rawRequest(server.url, "POST", `/admin/reportes/${row.id}`, {
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: admin },
        body: new URLSearchParams({ accion: "furat", fecha_furat: fecha, numero_arl: "123" }).toString(),
      });
      expect(res.status).toBe(400);
    }
  });
});

describe("the staff lists' parameters", () => {
  it("odd filters, searches and paging cursors get a page, never a 5xx", async () => {
    const values = [
      "'",
      '"',
      "' OR 1=1 --",
      "*",
      "NEAR(a b)",
      "a:*",
      "&|!",
      "%00",
      "x".repeat(3000),
      "v_2026-01-01T00:00:00.000Z_5",
      "a_2026-02-30_1",
      "9".repeat(40),
      "_1",
    ];
    const lists = ["/admin/mensajes", "/admin/reportes", "/admin/auditoria", "/admin/titulares", "/admin/exportar.csv"];
    const failures: string[] = [];
    for (const list of lists) {
      for (const param of ["q", "antes", "despues", "ultima", "estado", "tipo", "desde", "hasta", "formulario", "correo"]) {
        for (const value of values) {
          const target = `${list}?${param}=${encodeURIComponent(value)}`;
          const res = await rawRequest(server.url, "GET", target, { headers: { Cookie: admin } });
          if (res.status >= 500) failures.push(`${res.status} ${target.slice(0, 80)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

describe("a malformed Host header", () => {
  const get = (target: string, host: string | null, cookie = "") =>
    rawSocketRequest(
      server.url,
      `GET ${target} HTTP/1.1\r\n${host === null ? "" : `Host: ${host}\r\n`}${cookie ? `Cookie: ${cookie}\r\n` : ""}Connection: close\r\n\r\n`,
    );

  it.each(["[", "", "a b", "x@evil.example", "evil.example:99999", "::::", "evil.example/x", "ex\\ample"])(
    "Host %j gets a 400 on every kind of page",
    async (host) => {
      for (const target of ["/pqrs", "/no-existe", "/admin", "/admin/mensajes", "/admin/no-existe", "/", "/contacto", "/healthz"]) {
        const res = await get(target, host, admin);
        expect(res.status, `${target} ${host}`).toBe(400);
        expect(res.body).toContain("Solicitud inválida");
      }
      const post = await rawSocketRequest(
        server.url,
        `POST /admin/ingresar HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 3\r\nConnection: close\r\n\r\na=b`,
      );
      expect(post.status).toBe(400);
    },
  );

  it("a good Host still works: a name, an address, IPv6, with or without a port, and none at all (HTTP/1.0)", async () => {
    const { port } = new URL(server.url);
    for (const host of [`127.0.0.1:${port}`, "localhost", `sitio.example:${port}`, "[::1]", `[::1]:${port}`, "sitio_interno"]) {
      expect((await get("/pqrs", host)).status, host).toBe(200);
      expect((await get("/no-existe", host)).status, host).toBe(404);
    }
    const old = await rawSocketRequest(server.url, "GET /pqrs HTTP/1.0\r\n\r\n");
    expect(old.status).toBe(200);
  });
});

describe("a date filter that names no day", () => {
  it.each(["desde=9999-99-99", "hasta=9999-99-99", "desde=0000-00-00", "desde=2026-02-30", "hasta=99999-01-01", "desde=2026-13-01&hasta=2026-00-10"])(
    "the messages list with %s is shown without it, and says so",
    async (filter) => {
      const res = await rawRequest(server.url, "GET", `/admin/mensajes?${filter}`, { headers: { Cookie: admin } });
      expect(res.status).toBe(200);
      expect(res.body).toContain("la fecha no existe");
      expect(res.body).toContain("La lista se muestra sin ese filtro.");
      // Its export link leaves the date out.
      expect(res.body).not.toMatch(/exportar\.csv\?[^"]*(desde|hasta)=/);
    },
  );

  it.each(["desde=9999-99-99", "hasta=2026-02-30", "desde=0000-00-00&formulario=contacto"])(
    "the export with %s is refused with a 400 that says why, never wider",
    async (filter) => {
      const res = await rawRequest(server.url, "GET", `/admin/exportar.csv?${filter}`, { headers: { Cookie: admin } });
      expect(res.status).toBe(400);
      expect(res.headers["content-type"]).toContain("text/plain");
      expect(res.body).toContain("la fecha no existe");
      expect(res.body).toContain("No se exportó nada.");
    },
  );

  it("a real day still filters", async () => {
    expect((await rawRequest(server.url, "GET", "/admin/mensajes?desde=2026-01-01&hasta=2026-12-31", { headers: { Cookie: admin } })).status).toBe(200);
    const csv = await rawRequest(server.url, "GET", "/admin/exportar.csv?desde=2026-01-01", { headers: { Cookie: admin } });
    expect(csv.status).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
  });
});

describe("a body that is not a form, posted to a page", () => {
  const bodies: [string, string][] = [
    ["application/json", JSON.stringify({ correo: "admin@example.com", clave: "x", accion: "crear" })],
    ["text/plain", "correo=admin@example.com"],
    ["application/xml", '<?xml version="1.0"?><a><correo>x</correo></a>'],
    ["text/xml", "<a/>"],
    ["multipart/form-data; boundary=x", "no es multipart"],
    ["", "correo=x"],
  ];
  const targets = [
    "/admin/ingresar",
    "/ofertas-falsas",
    "/contacto",
    "/pqrs",
    "/incidente/consulta",
    "/linea-etica/consulta",
    "/pqrs/consulta",
    "/admin/usuarios",
    "/admin/titulares",
    "/admin/mensajes/1",
    "/admin/reportes/1",
    "/admin/reportes/retenidos",
    "/admin/etica/1",
    "/admin/etica/cifras",
    "/admin/etica/retenidos",
    "/admin/pqrs/1",
    "/admin/datos/1",
    "/admin/salir",
    "/nosotros",
  ];

  it("gets a 415 with a Spanish message (JSON for JSON), signed in or not", async () => {
    const wrong: string[] = [];
    for (const target of targets) {
      for (const [type, body] of bodies) {
        for (const cookie of ["", admin]) {
          const headers: Record<string, string> = { Origin: server.url, ...(type ? { "Content-Type": type } : {}), ...(cookie ? { Cookie: cookie } : {}) };
          const res = await rawRequest(server.url, "POST", target, { headers, body });
          const spanish = type === "application/json" ? JSON.parse(res.body).error?.message : res.body;
          if (res.status !== 415 || !String(spanish).includes("Esta dirección recibe formularios"))
            wrong.push(`${res.status} ${target} ${type || "(sin tipo)"}${cookie ? " (sesión)" : ""}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it("the API doors keep their own JSON refusal, and a form or a bare sign-out still works", async () => {
    const api = await rawRequest(server.url, "POST", "/php/pqrs", { headers: { "Content-Type": "application/xml", Origin: server.url }, body: "<a/>" });
    expect(api.status).toBe(415);
    expect(JSON.parse(api.body).error.code).toBe("tipo_no_soportado");
    const form = await rawRequest(server.url, "POST", "/ofertas-falsas", {
      headers: { "Content-Type": "application/x-www-form-urlencoded; charset=UTF-8", Origin: server.url },
      body: "dato=3001234567",
    });
    expect(form.status).toBe(200);
    const { cookie } = await signIn(server.url, "admin@example.com");
    const out = await rawRequest(server.url, "POST", "/admin/salir", { headers: { Origin: server.url, Cookie: cookie } });
    expect(out.status).toBe(302);
  });
});

describe("the server's log after a scanner's posts", () => {
  it("keeps 4xx answers out of the error log: a form posted to a page without one is a 405, not a stack trace", async () => {
    const before = server.output().length;
    for (const p of ["/", "/privacidad", "/nosotros/misionVision", "/linea-etica/cifras"]) {
      const res = await fetch(server.url + p, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
        body: "q=1",
      });
      expect(res.status, p).toBe(405);
    }
    await new Promise((r) => setTimeout(r, 200));
    const after = server.output().slice(before);
    expect(after).not.toMatch(/ErrorResponse|at [\w.]+ \(|"level":"error"/);
  });
});
