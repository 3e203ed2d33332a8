/**
 * The form limit holds for every way a submission can reach a store (docs/product.md §8, ADR 005): after the limit, the
 * same address gets 429 or 405 from every path the router would route to a form, whatever its method,
 * case, percent-encoding, slashes or `.data` suffix, and nothing more is stored (rows counted). Runs
 * on the suite's engine.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countRows } from "../support/database";
import { rawRequest } from "../support/raw-http";
import { type ServerProcess, startServer } from "../support/server-process";
import { INCIDENT_REPORT } from "../support/reports";

const MESSAGE = { nombre: "Ana Ruiz", celular: "300 123 4567", correo: "ana@example.org", mensaje: "Hola", consentimiento: true };
const REPORT = INCIDENT_REPORT;
const ETHICS = {
  categoria: "soborno",
  descripcion: "Un proveedor ofreció dinero al jefe de compras.",
  cuando: "Noviembre",
  donde: "Bogotá",
  identificacion: "anonimo",
};
const LOOKUP = { radicado: "IN-2026-000001", codigo: "AAAA-BBBB-CCCC" };
const ETHICS_LOOKUP = { radicado: "LE-2026-000001", codigo: "AAAA-BBBB-CCCC", accion: "consultar" };

let server: ServerProcess;
beforeAll(async () => {
  server = await startServer({ FORM_RATE_LIMIT: "2", LOOKUP_RATE_LIMIT: "2", ETHICS_KEY: Buffer.alloc(32, 9).toString("base64") });
});
afterAll(() => server?.stop());

function send(method: string, target: string, body: Record<string, unknown>, encoding: "json" | "form") {
  const text =
    encoding === "json" ? JSON.stringify(body) : new URLSearchParams(Object.entries(body).map(([k, v]) => [k, v === true ? "on" : String(v)])).toString();
  const type = encoding === "json" ? "application/json" : "application/x-www-form-urlencoded";
  return rawRequest(server.url, method, target, { headers: { "Content-Type": type, Origin: server.url }, body: text });
}

const stored = async () => ({
  messages: await countRows(server.databaseUrl, "messages"),
  cases: await countRows(server.databaseUrl, "cases"),
  events: await countRows(server.databaseUrl, "case_events"),
  outbox: await countRows(server.databaseUrl, "outbox"),
});

/** Every way to say `path`: method, case, percent-encoding, slashes, dot segments, the `.data` suffix. */
function variants(path: string): [string, string][] {
  const [first, ...rest] = path.slice(1).split("/");
  const encodedFirst = `%${first.charCodeAt(0).toString(16)}${first.slice(1)}`;
  const lastSegment = path.split("/").pop() ?? "";
  const encodedLast = `${path.slice(0, -lastSegment.length)}${lastSegment.slice(0, -1)}%${lastSegment
    .charCodeAt(lastSegment.length - 1)
    .toString(16)
    .toUpperCase()}`;
  return [
    ["POST", path],
    ["PUT", path],
    ["PATCH", path],
    ["DELETE", path],
    ["OPTIONS", path],
    ["TRACE", path],
    ["POST", `/${[encodedFirst, ...rest].join("/")}`],
    ["POST", encodedLast],
    ["POST", path.toUpperCase()],
    ["POST", path.replace(/(^|\/)(.)/g, (_m, s: string, c: string) => s + c.toUpperCase())],
    ["POST", `${path}.data`],
    ["POST", `${path}/_.data`],
    ["POST", `${path}/`],
    ["POST", `/${path}`],
    ["POST", `/\\${path.slice(1)}`],
    ["POST", `/x/..${path}`],
    ["POST", `/x/%2e%2e${path}`],
    ["PUT", `${path.toUpperCase()}.data`],
  ];
}

async function expectAllRefused(path: string, body: Record<string, unknown>) {
  const before = await stored();
  const answers: string[] = [];
  for (const [method, target] of variants(path)) {
    for (const encoding of ["json", "form"] as const) {
      const res = await send(method, target, body, encoding);
      answers.push(`${method} ${target} (${encoding}): ${res.status}`);
    }
  }
  // 415: a JSON body posted to a page, which reads HTML forms only, is refused before any limit counts it.
  expect(answers.filter((a) => !/: (405|429)$/.test(a) && !/ \(json\): 415$/.test(a))).toEqual([]);
  expect(await stored()).toEqual(before);
}

describe("after the form limit", () => {
  it("every door of the message forms gets 429 or 405 (415 for JSON to a page), and nothing is stored", async () => {
    for (let i = 0; i < 2; i++) expect((await send("POST", "/php/contacto", MESSAGE, "json")).status).toBe(201);
    expect((await send("POST", "/php/contacto", MESSAGE, "json")).status).toBe(429);
    for (const path of ["/contacto", "/php/contacto", "/cliente", "/php/cliente"])
      await expectAllRefused(path, { ...MESSAGE, empresa: "Acme", cargo: "Gerente" });
  }, 120_000);

  it("every door of the incident reports gets 429 or 405 (the limit is the forms' own), and nothing is stored", async () => {
    for (const path of ["/incidente", "/php/incidente"]) await expectAllRefused(path, REPORT);
  }, 120_000);

  it("every door of the ethics line gets 429 or 405, its CONSULTAR too, and nothing is stored", async () => {
    for (let i = 0; i < 2; i++) expect((await send("POST", "/php/linea-etica", ETHICS, "json")).status).toBe(201);
    for (const path of ["/linea-etica", "/php/linea-etica"]) await expectAllRefused(path, ETHICS);
    await expectAllRefused("/linea-etica/consulta", ETHICS_LOOKUP);
    await expectAllRefused("/linea-etica/consulta", { accion: "agregar", acceso: "1.9999999999999.x", informacion: "más datos" });
  }, 120_000);

  it("CONSULTAR of the incident reports: after its own limit, every door gets 429 or 405", async () => {
    for (let i = 0; i < 2; i++) expect((await send("POST", "/incidente/consulta", LOOKUP, "form")).status).toBe(404);
    await expectAllRefused("/incidente/consulta", LOOKUP);
  }, 120_000);

  it("a refused method gets JSON on the API and a Spanish page elsewhere, with Allow", async () => {
    const api = await send("PUT", "/php/contacto", MESSAGE, "json");
    expect(api.status).toBe(405);
    expect(api.headers.allow).toBe("POST");
    expect(JSON.parse(api.body).error.code).toBe("metodo_no_permitido");
    const page = await send("DELETE", "/contacto", MESSAGE, "form");
    expect(page.status).toBe(405);
    expect(page.headers.allow).toBe("GET, HEAD, POST");
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(page.body).toContain("Método no permitido");
  });
});
