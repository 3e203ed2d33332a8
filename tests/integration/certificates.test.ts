/**
 * Employment certificates (docs/product.md §38, 39; ADR 027) on the built server and the suite's engine,
 * with the real SMTP sink: the payroll import (bad lines, a clean file, the same file twice), the worker's
 * flow without JavaScript (document, mailed code, choice, PDF once and by mail), the PDF read back, its
 * signature and its verification (valid, annulled, a changed byte), the same answer for a document not on
 * file, the limits, and the staff roles.
 */
import { createHash, createPublicKey, verify } from "node:crypto";
import http from "node:http";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, signIn } from "../support/accounts";
import { execute, freshDatabaseUrl, query } from "../support/database";
import QRCode from "qrcode";
import { pdfRectangles, pdfText, qrGridOf } from "../support/pdf-text";
import { type ServerProcess, startServer } from "../support/server-process";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";

const CERTIFICATE_KEY = Buffer.alloc(32, 7).toString("base64");
const HEADER = "tipo_documento;numero_documento;nombre_completo;correo;celular;cargo;tipo_contrato;fecha_inicio;fecha_fin;empresa_usuaria;salario;funciones";
const GOOD = [
  HEADER,
  "CC;52.123.456;María Fernanda Núñez Ruiz;maria.nunez@example.org;3001234567;Operaria de bodega;fijo;2023-02-01;2023-12-31;Alimentos del Valle S.A.S.;1300000;Recibir y despachar mercancía",
  "CC;52123456;María Fernanda Núñez Ruiz;maria.nunez@example.org;3001234567;Auxiliar de inventarios;indefinido;15/01/2024;;Alimentos del Valle S.A.S.;1.623.500;Conteos cíclicos",
  "CE;E998877;John Smith;;;Analista;obra_labor;2024-03-01;;;2500000;",
].join("\n");
const BAD = [
  HEADER,
  "CC;12AB;Pedro Pérez;p@example.org;;Operario;fijo;2024-01-01;;;1300000;",
  "CC;80111222;Pedro Pérez;p@example.org;;Operario;fijo;2024-02-30;;;1300000;",
  "CC;80111223;Ana Ruiz;a@example.org;;Operaria;fijo;2024-05-01;2024-04-01;;1300000;",
  "CC;80111224;Luis Díaz;l@example.org;;Operario;por_horas;2024-05-01;;;1300000;",
  "CC;80111225;Eva Mora;e@example.org;;Operaria;fijo;2024-05-01;;;1300000;",
  "CC;80111225;Eva Mora;e@example.org;;Operaria;fijo;2024-05-01;;;1300000;",
].join("\n");

let server: ServerProcess;
let smtp: SmtpSink;
const cookies: Record<string, string> = {};

const form = (body: Record<string, string | string[]>) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(body)) for (const one of [v].flat()) params.append(k, one);
  return params;
};
const post = (path: string, body: Record<string, string | string[]>, cookie = "") =>
  fetch(server.url + path, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: cookie },
    body: form(body),
  });
const get = (path: string, cookie = "") => fetch(server.url + path, { redirect: "manual", headers: { Cookie: cookie } });
/** A page's HTML without React's text separators, so sentences read as on screen. */
const html = async (res: Response | Promise<Response>) => (await (await res).text()).replace(/<!-- -->/g, "");
const flowCookieOf = (res: Response) => (res.headers.get("set-cookie") ?? "").split(";")[0];

async function upload(csv: string, cutoff: string, cookie = cookies.nomina) {
  const body = new FormData();
  body.append("archivo", new Blob([csv], { type: "text/csv" }), "nomina.csv");
  body.append("corte", cutoff);
  return fetch(`${server.url}/admin/nomina`, { method: "POST", redirect: "manual", headers: { Origin: server.url, Cookie: cookie }, body });
}

const snapshotOfPayroll = async () => [
  await query(server.databaseUrl, "select * from payroll_people order by person_key"),
  await query(server.databaseUrl, "select * from payroll_contracts order by person_key, contract_key"),
];

beforeAll(async () => {
  smtp = await startSmtpSink();
  const dbUrl = await freshDatabaseUrl("certificados");
  server = await startServer({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, CERTIFICATE_KEY, MAIL_POLL_MS: "100" }, dbUrl);
  // The payroll role, and one that may not read certificates (the admin's access: tests/integration/access.test.ts).
  for (const role of ["nomina", "datos"]) {
    createAccount(dbUrl, `${role}@example.com`, role);
    cookies[role] = (await signIn(server.url, `${role}@example.com`)).cookie;
  }
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const toOf = (mail: ParsedMail) => (mail.to && !Array.isArray(mail.to) ? mail.to.text : "");
/** The subject of the one-time code's mail; a PQRS receipt's radicado (PQRS-2026-000001) has six digits too. */
const CODE_SUBJECT = /^Su código para el certificado laboral: (\d{6})$/;
/** The one-time code mail to `address`, sent after `from` mails. */
const codeMail = (address: string, from: number) => smtp.waitForMail((m) => toOf(m) === address && CODE_SUBJECT.test(m.subject ?? ""), from);
/** The certificate mail (a PDF attached) to `address`, sent after `from` mails. */
const certificateMail = (address: string, from: number) => smtp.waitForMail((m) => toOf(m) === address && m.attachments.length > 0, from);

describe("the payroll import", () => {
  it("reports every bad line with its number and reason, and applies nothing", async () => {
    const res = await upload(BAD, "2026-11-20");
    expect(res.status).toBe(422);
    const page = await html(res);
    expect(page).toContain("Línea 2: documento inválido");
    expect(page).toContain("Línea 3: fecha de inicio imposible «2024-02-30»");
    expect(page).toContain("Línea 4: la fecha de fin es anterior a la de inicio");
    expect(page).toContain("Línea 5: tipo de contrato desconocido «por_horas»");
    expect(page).toContain("Línea 7: contrato repetido: igual al de la línea 6");
    expect(page).toContain("no se importó nada");
    expect(await query(server.databaseUrl, "select * from payroll_people")).toHaveLength(0);
    expect(await query(server.databaseUrl, "select * from payroll_imports")).toHaveLength(0);
  });

  it("imports a clean file, stores no document number, and a second import of it changes nothing", async () => {
    const first = await upload(GOOD, "2026-11-20");
    expect(first.status).toBe(303);
    const before = await snapshotOfPayroll();
    expect(before[0]).toHaveLength(2);
    expect(before[1]).toHaveLength(3);
    expect(JSON.stringify(before)).not.toContain("52123456");
    expect(JSON.stringify(before)).not.toContain("E998877");
    const second = await upload(GOOD, "2026-11-20");
    expect(second.status).toBe(303);
    expect(await snapshotOfPayroll()).toEqual(before);
    const imports = await query<Record<string, number | string>>(server.databaseUrl, "select * from payroll_imports order by id");
    expect(
      imports.map((i) => [Number(i.people), Number(i.people_new), Number(i.contracts_new), Number(i.contracts_changed), Number(i.contracts_unchanged)]),
    ).toEqual([
      [2, 2, 3, 0, 0],
      [2, 0, 0, 0, 3],
    ]);
    const page = await html(get("/admin/nomina", cookies.nomina));
    expect(page).toContain("20/11/2026");
    const audit = await query(server.databaseUrl, "select * from audit_log where action = 'importar_nomina'");
    expect(audit).toHaveLength(2);
  });

  it("refuses a malformed CSV and a 200 MB upload with a clear Spanish answer, never a 5xx", async () => {
    const unclosed = await upload(`${HEADER}\nCC;80111299;"Sin cerrar;x@example.org;;Operario;fijo;2024-01-01;;;1300000;\n`, "2026-11-20");
    expect(unclosed.status).toBe(422);
    expect(await html(unclosed)).toMatch(/Línea \d+: comillas mal cerradas/);
    // Declared 200 MB: answered at once, before the body is read.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const url = new URL(server.url);
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          method: "POST",
          path: "/admin/nomina",
          agent: false,
          headers: {
            "Content-Type": "multipart/form-data; boundary=x",
            "Content-Length": String(200 * 1024 * 1024),
            Origin: server.url,
            Cookie: cookies.nomina,
          },
        },
        (res) =>
          res.once("data", (chunk) => {
            resolve({ status: res.statusCode ?? 0, body: String(chunk) });
            req.destroy();
          }),
      );
      req.on("error", (error) => (String(error).includes("ECONNRESET") ? undefined : reject(error)));
      req.write("--x\r\n");
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toContain("El archivo de nómina supera el máximo de 64 MB");
  });

  it("is the payroll team's and the admin's only", async () => {
    expect((await get("/admin/nomina", cookies.datos)).status).toBe(403);
    expect((await get("/admin/certificados", cookies.datos)).status).toBe(403);
    expect((await get("/admin/certificados.csv", cookies.datos)).status).toBe(403);
    expect((await upload(GOOD, "2026-11-21", cookies.datos)).status).toBe(403);
    expect((await get("/admin/certificados", cookies.nomina)).status).toBe(200);
  });
});

describe("the worker's flow without JavaScript", () => {
  let flow = "";
  let code = "";
  let pdf: Uint8Array<ArrayBuffer>;

  it("answers a known and an unknown document alike, and mails a code only to the one on file", async () => {
    const mailsBefore = smtp.mails.length;
    const known = await post("/certificados", { accion: "documento", tipo_documento: "CC", documento: "52 123 456" });
    const unknown = await post("/certificados", { accion: "documento", tipo_documento: "CC", documento: "79000111" });
    expect(known.status).toBe(303);
    expect(unknown.status).toBe(303);
    flow = flowCookieOf(known);
    const knownAnswer = await get("/certificados", flow);
    expect(knownAnswer.headers.get("cross-origin-opener-policy")).toBe("same-origin");
    expect(knownAnswer.headers.get("cache-control")).toBe("no-store");
    const knownPage = await html(knownAnswer);
    const unknownPage = await html(get("/certificados", flowCookieOf(unknown)));
    expect(knownPage).toContain("Si sus datos están en nuestra nómina, enviamos un código de 6 dígitos a su correo <strong>m***@e***.org</strong>");
    expect(unknownPage).toMatch(
      /Si sus datos están en nuestra nómina, enviamos un código de 6 dígitos a su correo <strong>[a-z]\*\*\*@[ghoy]\*\*\*\.com<\/strong>/,
    );
    // Apart from the masked address and the code's expiry (the moment each was asked, for the countdown).
    const differ = (page: string) => page.replace(/<strong>[^<]*@[^<]*<\/strong>/g, "").replace(/ data-vence="[^"]*"/, "");
    expect(differ(knownPage)).toBe(differ(unknownPage));
    expect(knownPage).toMatch(/<p class="certificates-countdown" role="timer" data-vence="\d{4}-\d\d-\d\dT[^"]+" hidden=""><\/p>/);
    const mail = await codeMail("maria.nunez@example.org", mailsBefore);
    code = CODE_SUBJECT.exec(mail.subject ?? "")?.[1] ?? "";
    expect(code).toMatch(/^\d{6}$/);
    // The code is stored hashed only; the mail's body is dropped once delivered.
    expect(JSON.stringify(await query(server.databaseUrl, "select * from certificate_codes"))).not.toContain(code);
    await expect.poll(async () => (await query(server.databaseUrl, "select id from outbox where status <> 'sent'")).length, { timeout: 10_000 }).toBe(0);
    expect(JSON.stringify(await query(server.databaseUrl, "select body_text, body_html from outbox"))).not.toContain(code);
    // No second mail for the unknown document.
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.mails.length).toBe(mailsBefore + 1);
  });

  it("refuses a wrong code with the tries left, then takes the right one", async () => {
    const wrong = await post("/certificados", { accion: "codigo", codigo: code === "000000" ? "111111" : "000000" }, flow);
    expect(wrong.status).toBe(400);
    expect(await html(wrong)).toContain("Código incorrecto. Le quedan 2 intentos.");
    const right = await post("/certificados", { accion: "codigo", codigo: code }, flow);
    expect(right.status).toBe(303);
    const page = await html(get("/certificados", flow));
    expect(page).toContain("María Fernanda Núñez Ruiz: elija qué dice su certificado. Datos de nómina al 20/11/2026.");
    expect(page).toContain("Auxiliar de inventarios");
    expect(page).toMatch(/<input id="salario" type="checkbox" name="salario" value="si"\/>/);
  });

  it("issues the certificate: downloaded once, mailed as a PDF, signed, and saying what was asked and nothing more", async () => {
    const mailsBefore = smtp.mails.length;
    const issued = await post("/certificados", { accion: "emitir", contrato: "todos", salario: "si" }, flow);
    expect(issued.status).toBe(303);
    const ready = await html(get("/certificados", flow));
    expect(ready).toContain("Su certificado está listo");
    const download = await get("/certificados/descargar", flow);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    pdf = new Uint8Array(await download.arrayBuffer());
    expect((await get("/certificados/descargar", flow)).status).toBe(303);
    expect(await html(get("/certificados", flow))).toContain("Ya lo descargó");

    const [row] = await query<Record<string, string>>(server.databaseUrl, "select * from certificates");
    expect(createHash("sha256").update(pdf).digest("hex")).toBe(row.sha256);
    const publicKey = createPublicKey(await (await get("/verificar/clave")).text());
    expect(verify(null, Buffer.from(row.sha256, "hex"), publicKey, Buffer.from(row.signature, "base64"))).toBe(true);
    expect(row.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{15}$/);

    const text = pdfText(pdf);
    for (const expected of [
      "CERTIFICADO LABORAL",
      "Que María Fernanda Núñez Ruiz, identificado(a) con cédula de ciudadanía número 52123456",
      "Cargo: Operaria de bodega",
      "Tipo de contrato: A término fijo",
      "Desde el 01/02/2023 hasta el 31/12/2023",
      "Desde el 15/01/2024, vigente",
      "Empresa usuaria (trabajador en misión): Alimentos del Valle S.A.S.",
      "Salario básico mensual: $ 1.623.500",
      "NIT 900.000.000-0",
      "Laura Gómez Rincón",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text.replace(/\n/g, " ")).toContain("con datos de nómina al 20/11/2026");
    expect(text).toContain(`Código de verificación: ${row.code.slice(0, 5)}-${row.code.slice(5, 10)}-${row.code.slice(10)}`);
    expect(text.replace(/\n/g, " ")).toContain(`https://www.example.com/verificar/${row.code}`);
    expect(JSON.parse(row.snapshot).verifyUrl).toBe(`https://www.example.com/verificar/${row.code}`);
    // The QR drawn is the QR of the verification address, module for module.
    const qr = QRCode.create(`https://www.example.com/verificar/${row.code}`, { errorCorrectionLevel: "M" });
    const expected = Array.from({ length: qr.modules.size }, (_, r) => Array.from({ length: qr.modules.size }, (_, c) => Boolean(qr.modules.get(r, c))));
    expect(qrGridOf(pdfRectangles(pdf))).toEqual(expected);
    // Duties were not asked for; no reason for termination, nor any mark (CST art. 59).
    expect(text).not.toContain("Funciones");
    expect(text.toLowerCase()).not.toMatch(/retiro|renuncia|despido|justa causa|motivo/);

    const mail = await certificateMail("maria.nunez@example.org", mailsBefore);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0].contentType).toBe("application/pdf");
    expect(Buffer.compare(mail.attachments[0].content, pdf)).toBe(0);
    // Delivered: the PDF is no longer in the outbox.
    await expect
      .poll(async () => (await query(server.databaseUrl, "select * from outbox where attachment_content is not null")).length, { timeout: 15_000 })
      .toBe(0);
  });

  it("verifies the code and the file; a changed byte, a wrong code and an unknown one are told apart; annulment shows", async () => {
    const [row] = await query<Record<string, string>>(server.databaseUrl, "select * from certificates");
    const page = await get(`/verificar/${row.code.toLowerCase().replace(/(.{5})(?=.)/g, "$1-")}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("x-robots-tag")).toContain("noindex");
    const shown = await html(page);
    expect(shown).toContain("Certificado válido");
    expect(shown).toContain("María F. N. R.");
    expect(shown).not.toContain("Núñez");
    expect(shown).not.toContain("1.623.500");
    const withDocument = await html(post("/verificar", { codigo: row.code, documento: "52.123.456" }));
    expect(withDocument).toContain("salario básico mensual: $ 1.623.500");
    const asFile = await fetch(`${server.url}/api/verificar`, { method: "POST", headers: { "Content-Type": "application/pdf" }, body: pdf });
    expect(asFile.status).toBe(200);
    expect((await asFile.json()).estado).toBe("valido");
    const tampered = new Uint8Array(pdf);
    tampered[Math.floor(tampered.length / 2)] ^= 1;
    const changed = await fetch(`${server.url}/api/verificar`, { method: "POST", headers: { "Content-Type": "application/pdf" }, body: tampered });
    expect(changed.status).toBe(404);
    expect((await changed.json()).error.code).toBe("no_coincide");
    const multipart = new FormData();
    multipart.append("archivo", new Blob([pdf], { type: "application/pdf" }), "certificado.pdf");
    const dropped = await fetch(`${server.url}/verificar`, { method: "POST", headers: { Origin: server.url }, body: multipart });
    expect(dropped.status).toBe(200);
    expect(await html(dropped)).toContain("Certificado válido");
    const notPdf = new FormData();
    notPdf.append("archivo", new Blob(["no soy un PDF"], { type: "application/pdf" }), "falso.pdf");
    const refusedFile = await fetch(`${server.url}/verificar`, { method: "POST", headers: { Origin: server.url }, body: notPdf });
    expect(refusedFile.status).toBe(400);
    expect(await html(refusedFile)).toContain("El archivo no es un PDF.");
    const wrongLetters = await post("/verificar", { codigo: "UUUUU-UUUUU-UUUUU" });
    expect(wrongLetters.status).toBe(400);
    expect(await html(wrongLetters)).toContain("tiene 15 letras y números");
    const unknown = await get("/verificar/00000-00000-00000");
    expect(unknown.status).toBe(404);
    expect(await html(unknown)).toContain("No encontramos un certificado con ese código");
    const [counted] = await query<{ verifications: number | string }>(server.databaseUrl, "select verifications from certificates");
    expect(Number(counted.verifications)).toBe(4);

    const annul = await post("/admin/certificados", { accion: "anular", id: String(row.id), motivo: "Expedido con datos de nómina errados" }, cookies.nomina);
    expect(annul.status).toBe(303);
    const after = await html(get(`/verificar/${row.code}`));
    expect(after).toMatch(/Certificado anulado el \d{2}\/\d{2}\/\d{4}/);
    expect(await query(server.databaseUrl, "select * from audit_log where action = 'anular_certificado'")).toHaveLength(1);
    const list = await html(get(`/admin/certificados?q=52123456`, cookies.nomina));
    expect(list).toContain("Expedido con datos de nómina errados");
    expect(list).toContain("5 veces");
    const csv = await get("/admin/certificados.csv", cookies.nomina);
    expect(csv.status).toBe(200);
    const exported = await csv.text();
    expect(exported).toContain(`"${row.code.slice(0, 5)}-${row.code.slice(5, 10)}-${row.code.slice(10)}"`);
    expect(exported).toContain('"Expedido con datos de nómina errados"');
  });

  it("puts the person's certificates and payroll data in a data-subject access export", async () => {
    const filed = await fetch(`${server.url}/php/pqrs`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.url },
      body: JSON.stringify({
        tipo: "datos_consulta",
        descripcion: "Quiero saber qué datos míos tienen.",
        nombre: "María Fernanda Núñez Ruiz",
        tipo_documento: "CC",
        documento: "52123456",
        correo: "maria.nunez@example.org",
        consentimiento: true,
      }),
    });
    expect(filed.status).toBe(201);
    const { radicado } = (await filed.json()) as { radicado: string };
    const [request] = await query<{ id: number | string }>(server.databaseUrl, "select id from cases where radicado = ?", [radicado]);
    expect((await post(`/admin/datos/${request.id}`, { accion: "exportar" }, cookies.datos)).status).toBe(302);
    const exported = (await (await get(`/admin/datos/${request.id}/exportacion.json`, cookies.datos)).json()) as {
      certificados_laborales: { codigo: string; contenido: { holder: { name: string } } }[];
      nomina_importada: { nombre: string; contratos: unknown[] } | null;
    };
    const [row] = await query<{ code: string }>(server.databaseUrl, "select code from certificates");
    expect(exported.certificados_laborales.map((c) => c.codigo)).toEqual([`${row.code.slice(0, 5)}-${row.code.slice(5, 10)}-${row.code.slice(10)}`]);
    expect(exported.nomina_importada?.nombre).toBe("María Fernanda Núñez Ruiz");
    expect(exported.nomina_importada?.contratos).toHaveLength(2);
  });

  it("keeps its limits in the database: codes per document, certificates per 30 days", async () => {
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await post("/certificados", { accion: "documento", tipo_documento: "CC", documento: "79000222" }));
    expect(answers.slice(0, 3).map((a) => a.status)).toEqual([303, 303, 303]);
    expect(answers[3].status).toBe(429);
    expect(Number(answers[3].headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await html(answers[3])).toContain("Ya pedimos varios códigos para este documento");

    // Four more certificates of the same holder in the window: the fifth was the one above.
    const [row] = await query<Record<string, string>>(server.databaseUrl, "select * from certificates");
    for (let i = 0; i < 4; i++) {
      await execute(
        server.databaseUrl,
        `insert into certificates (code, person_key, document_check, document_number, holder_name, issued_at, snapshot, sha256, signature, includes_salary, verifications)
         select 'ZZZZZZZZZZZZZZ${i}', person_key, document_check, document_number, holder_name, issued_at, snapshot, '${String(i).repeat(64)}', signature, 0, 0 from certificates where code = '${row.code}'`,
      );
    }
    const start = await post("/certificados", { accion: "documento", tipo_documento: "CC", documento: "52123456" });
    const again = flowCookieOf(start);
    const mails = smtp.mails.length;
    const mail = await codeMail("maria.nunez@example.org", mails);
    const fresh = CODE_SUBJECT.exec(mail.subject ?? "")?.[1] ?? "";
    expect((await post("/certificados", { accion: "codigo", codigo: fresh }, again)).status).toBe(303);
    const refused = await post("/certificados", { accion: "emitir", contrato: "todos" }, again);
    expect(refused.status).toBe(429);
    expect(await html(refused)).toContain("Ya expedimos 5 certificados para este documento en los últimos 30 días");
  });
});
