/**
 * Applications' uploads streamed to disk (ADR 028, addendum 2026-11-27) against the built server: twenty
 * 2 MB résumés at once raise the server's memory by a bounded amount (read from /proc, its peak reset
 * first), and no temporary file is left behind — after accepted and refused uploads, a client that goes
 * away mid-upload, or a body over the limit without a declared length. Runs on the suite's engine.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bogotaDay } from "~/platform/dates";
import { uploadFolder } from "~/platform/uploads.server";
import { execute, freshDatabaseUrl, query } from "../support/database";
import { type ServerProcess, startServer } from "../support/server-process";

let server: ServerProcess;
let dbUrl: string;
let folder: string;
const SLUG = "operario-de-bodega-cali-up01";

const CANDIDATE = { nombre: "Ana Ruiz", tipo_documento: "CC", celular: "3001234567", ciudad: "Cali", consentimiento: "on" };
/** A plain PDF of `size` bytes (spaces pad its body). */
const pdfOf = (size: number) => {
  const head = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n", "latin1");
  const tail = Buffer.from("\ntrailer << /Root 1 0 R >>\n%%EOF\n", "latin1");
  return Buffer.concat([head, Buffer.alloc(size - head.length - tail.length, 32), tail]);
};
const TWO_MB = pdfOf(2 * 1024 * 1024 - 1024);

function apply(fields: Record<string, string>, file: Buffer) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set("hoja_de_vida", new Blob([new Uint8Array(file)], { type: "application/pdf" }), "hv.pdf");
  return fetch(`${server.url}/empleos/${SLUG}`, { method: "POST", redirect: "manual", headers: { Origin: server.url }, body: form });
}

/** kB of the server's resident memory: now (VmRSS) or its peak since the last reset (VmHWM). */
const memory = (field: "VmRSS" | "VmHWM") => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${server.pid}/status`, "utf8"))?.[1]);
const leftovers = () => (existsSync(folder) ? readdirSync(folder) : []);
async function until(check: () => boolean, what: string) {
  const deadline = Date.now() + 15_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`sin ${what} a los 15 s`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A multipart post written by hand: its head, then `bytes` of file, then (unless `abort`) its end. */
function rawPost(bytes: number, options: { chunked?: boolean; abortWhen?: () => boolean }) {
  const boundary = "----prueba-subida";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="nombre"\r\n\r\nAna\r\n--${boundary}\r\nContent-Disposition: form-data; name="hoja_de_vida"; filename="hv.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
  );
  const end = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise<{ status: number; body: string } | "aborted">((resolve, reject) => {
    const req = http.request(`${server.url}/empleos/${SLUG}`, {
      method: "POST",
      headers: {
        Origin: server.url,
        "Content-Type": `multipart/form-data; boundary=${boundary}`,
        ...(options.chunked ? { "Transfer-Encoding": "chunked" } : { "Content-Length": String(head.length + bytes + end.length) }),
      },
    });
    req.on("response", (res) => {
      let body = "";
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      res.on("error", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", (error) => (options.abortWhen ? resolve("aborted") : reject(error)));
    req.write(head);
    const chunk = Buffer.alloc(64 * 1024, 32);
    let sent = 0;
    const pump = async () => {
      while (sent < bytes) {
        if (options.abortWhen?.()) {
          req.destroy();
          return;
        }
        const n = Math.min(chunk.length, bytes - sent);
        sent += n;
        if (!req.write(chunk.subarray(0, n))) await new Promise((r) => req.once("drain", r));
        if (req.destroyed) return;
      }
      if (options.abortWhen) {
        // Hold the post open (its end never sent) until the server has its temporary file, then go away.
        await until(options.abortWhen, "archivo temporal");
        req.destroy();
        return;
      }
      req.end(end);
    };
    pump().catch(() => undefined);
  });
}

beforeAll(async () => {
  dbUrl = await freshDatabaseUrl("subidas");
  server = await startServer({}, dbUrl);
  folder = uploadFolder(server.databaseUrl);
  const now = new Date().toISOString();
  await execute(
    dbUrl,
    `insert into vacancies (slug, status, title, city, city_code, department, sector, company_name, salary_min, salary_max, schedule, contract, workday, places, requirements, duties, closes_on, spe_code, search_text, created_at, updated_at, published_at, closed_at)
     values (?, 'publicada', 'Operario de bodega', 'Cali', '76001', 'Valle del Cauca', 'Logística y transporte', null, 1600000, null, 'Lunes a sábado', 'obra_labor', 'FULL_TIME', 20, 'Bachiller', 'Despachar pedidos', ?, 'SPE-UP01', 'operario de bodega cali', ?, ?, ?, null)`,
    [SLUG, bogotaDay(new Date(Date.now() + 10 * 86_400_000).toISOString()), now, now, now],
  );
});
afterAll(async () => {
  await server?.stop();
});

describe("uploads streamed to disk", () => {
  it("twenty 2 MB résumés at once raise the server's memory by less than 170 MB (read whole, they took twice that); no temporary file left", async () => {
    // Warm up the page, the parser, the check and the store with a refused post (no mail address) and an
    // accepted one, so the figure is the uploads' (the hourly per-address count then starts again).
    expect((await apply({ ...CANDIDATE, documento: "55000000" }, TWO_MB)).status).toBe(400);
    expect((await apply({ ...CANDIDATE, documento: "55000001", correo: "w@example.org" }, TWO_MB)).status).toBe(303);
    await execute(dbUrl, "delete from rate_limits where key like 'postulacion:%'");
    const before = memory("VmRSS");
    // Peak resident memory counted from here (Linux: writing 5 to clear_refs resets VmHWM).
    writeFileSync(`/proc/${server.pid}/clear_refs`, "5");
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => apply({ ...CANDIDATE, documento: `660000${10 + i}`, correo: `c${i}@example.org` }, TWO_MB).then((r) => r.status)),
    );
    const peak = memory("VmHWM");
    console.log(`subidas: memoria del servidor ${Math.round(before / 1024)} → pico ${Math.round(peak / 1024)} MB con 20 hojas de vida de 2 MB a la vez`);
    // Ten from one address in an hour (the rest refused with 429 once their bodies were read), each whole.
    expect(statuses.filter((s) => s === 303)).toHaveLength(10);
    expect(statuses.filter((s) => s !== 303 && s !== 429)).toEqual([]);
    // Streamed, what is held is not the bodies: each résumé while it is checked (2 MB), and the socket's
    // chunks until the collector runs (V8 lets tens of MB of them wait). Read whole, 20 bodies took about 200 MB more.
    expect(peak - before).toBeLessThan(170 * 1024);
    const rows = await query<{ n: number }>(dbUrl, "select count(*) as n from job_applications where resume_size = ?", [TWO_MB.length]);
    expect(Number(rows[0].n)).toBe(11);
    expect(leftovers()).toEqual([]);
  });

  it("a résumé over 2 MB is cut while it streams: the page with its message, nothing left on disk", async () => {
    const res = await apply({ ...CANDIDATE, documento: "77000001", correo: "g@example.org" }, pdfOf(3 * 1024 * 1024));
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("pesa más de 2 MB");
    expect(leftovers()).toEqual([]);
  });

  it("a client that goes away mid-upload leaves no temporary file", async () => {
    const answer = await rawPost(1024 * 1024, { abortWhen: () => leftovers().some((f) => f.endsWith(".subida")) });
    expect(answer).toBe("aborted");
    await until(() => leftovers().length === 0, "limpieza del archivo temporal");
    // The server goes on answering.
    expect((await fetch(`${server.url}/empleos`)).status).toBe(200);
  });

  it("a body over the limit without a declared length gets the 413 in Spanish, and leaves no temporary file", async () => {
    const answer = await rawPost(5 * 1024 * 1024, { chunked: true });
    expect(answer).not.toBe("aborted");
    if (answer === "aborted") return;
    expect(answer.status).toBe(413);
    expect(answer.body).toContain("demasiado largo");
    await until(() => leftovers().length === 0, "limpieza del archivo temporal");
    expect(path.basename(folder)).toMatch(/subidas/);
  });
});
