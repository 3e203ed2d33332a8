/**
 * The certificates' signatures (ADR 027, addendum) on the built server and the suite's engine: with the
 * company's PKCS#12 the PDF carries a PAdES signature whose PKCS#7 verifies over its byte ranges, and the
 * file re-rendered for the mail and for /verificar is byte for byte the one issued; a PKCS#12 that does
 * not open is reported at start and the certificate goes out with the Ed25519 signature alone; after the
 * Ed25519 key is rotated (the old one kept in CERTIFICATE_KEY_PREVIOUS), a certificate signed with the old
 * key is still valid with its signature checked against that key, and a new one is signed with the new key.
 */
import { execFile } from "node:child_process";
import { createHash, createPublicKey, verify } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount, signIn } from "../support/accounts";
import { execute, freshDatabaseUrl, query } from "../support/database";
import { type ServerProcess, startServer } from "../support/server-process";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";

const run = promisify(execFile);
const KEY_A = Buffer.alloc(32, 11).toString("base64");
const KEY_B = Buffer.alloc(32, 12).toString("base64");
const CSV = [
  "tipo_documento;numero_documento;nombre_completo;correo;celular;cargo;tipo_contrato;fecha_inicio;fecha_fin;empresa_usuaria;salario;funciones",
  "CC;52123456;María Fernanda Núñez Ruiz;maria.nunez@example.org;3001234567;Auxiliar de inventarios;indefinido;2024-01-15;;;1623500;",
].join("\n");

const dir = mkdtempSync(path.join(tmpdir(), "firma-pdf-"));
const p12File = path.join(dir, "empresa.p12");
let smtp: SmtpSink;
let server: ServerProcess;
let databaseUrl = "";

const keyIdOf = (pem: string) =>
  createHash("sha256")
    .update(createPublicKey(pem).export({ format: "der", type: "spki" }))
    .digest("hex")
    .slice(0, 16);

async function importPayroll() {
  createAccount(databaseUrl, `nomina${Date.now()}@example.com`, "nomina");
  const { cookie } = await signIn(server.url, (await query<{ email: string }>(databaseUrl, "select email from users order by id desc"))[0].email);
  const body = new FormData();
  body.append("archivo", new Blob([CSV], { type: "text/csv" }), "nomina.csv");
  body.append("corte", "2026-11-20");
  const res = await fetch(`${server.url}/admin/nomina`, { method: "POST", redirect: "manual", headers: { Origin: server.url, Cookie: cookie }, body });
  expect(res.status).toBe(303);
}

/** The worker's flow without JavaScript, to the downloaded PDF. */
async function issue(): Promise<{ pdf: Buffer; code: string; mailed: Buffer }> {
  const post = (fields: Record<string, string>, cookie = "") =>
    fetch(`${server.url}/certificados`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: cookie },
      body: new URLSearchParams(fields),
    });
  const mails = smtp.mails.length;
  const first = await post({ accion: "documento", tipo_documento: "CC", documento: "52123456" });
  expect(first.status).toBe(303);
  const flow = (first.headers.get("set-cookie") ?? "").split(";")[0];
  const codeSubject = /^Su código para el certificado laboral: (\d{6})$/;
  const codeMail = await smtp.waitForMail((m) => codeSubject.test(m.subject ?? ""), mails);
  const otp = codeSubject.exec(codeMail.subject ?? "")?.[1] ?? "";
  expect((await post({ accion: "codigo", codigo: otp }, flow)).status).toBe(303);
  expect((await post({ accion: "emitir", contrato: "todos", salario: "si" }, flow)).status).toBe(303);
  const download = await fetch(`${server.url}/certificados/descargar`, { headers: { Cookie: flow } });
  expect(download.status).toBe(200);
  const pdf = Buffer.from(await download.arrayBuffer());
  const mail = await smtp.waitForMail((m) => m.attachments.length > 0, mails);
  const [row] = await query<{ code: string }>(databaseUrl, "select code from certificates order by id desc");
  return { pdf, code: row.code, mailed: mail.attachments[0].content };
}

/** The PDF's signature: its byte ranges and the PKCS#7 in /Contents (the zero padding cut off). */
function signatureOf(pdf: Buffer) {
  const text = pdf.toString("latin1");
  const match = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(text);
  if (!match) return null;
  const [a, b, c, d] = match.slice(1).map(Number);
  const der = Buffer.from(text.slice(a + b + 1, c - 1), "hex");
  // A DER SEQUENCE with a long length: 0x30 0x8N and N bytes of length.
  const lengthBytes = der[1] & 0x7f;
  const length = 2 + lengthBytes + der.subarray(2, 2 + lengthBytes).reduce((n, byte) => n * 256 + byte, 0);
  return { ranges: [a, b, c, d], cms: der.subarray(0, length), signed: Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]) };
}

const verifyApi = async (pdf: Buffer) => {
  const res = await fetch(`${server.url}/api/verificar`, { method: "POST", headers: { "Content-Type": "application/pdf" }, body: new Uint8Array(pdf) });
  return { status: res.status, body: await res.json() };
};

beforeAll(async () => {
  await run("openssl", [
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-keyout",
    path.join(dir, "clave.pem"),
    "-out",
    path.join(dir, "cert.pem"),
    "-days",
    "30",
    "-subj",
    "/CN=Puente Laboral Servicios Temporales S.A.S.",
  ]);
  await run("openssl", [
    "pkcs12",
    "-export",
    "-inkey",
    path.join(dir, "clave.pem"),
    "-in",
    path.join(dir, "cert.pem"),
    "-out",
    p12File,
    "-passout",
    "pass:secreto",
  ]);
  smtp = await startSmtpSink();
  databaseUrl = await freshDatabaseUrl("firmas");
  server = await startServer(
    {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_POLL_MS: "100",
      CERTIFICATE_KEY: KEY_A,
      CERTIFICATE_P12_FILE: p12File,
      CERTIFICATE_P12_PASSWORD: "secreto",
    },
    databaseUrl,
  );
  await importPayroll();
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

let first: { pdf: Buffer; code: string; mailed: Buffer };
let keyA = "";
let keyIdB = "";

describe("with the company's PKCS#12", () => {
  it("signs the PDF (PAdES): the PKCS#7 verifies over the byte ranges, and the stored hash and Ed25519 signature are of the signed bytes", async () => {
    first = await issue();
    expect(server.output()).not.toContain("No se pudo usar el certificado digital");
    const signature = signatureOf(first.pdf);
    expect(signature).not.toBeNull();
    const { ranges, cms, signed } = signature!;
    // The ranges cover the whole file but the /Contents hex string.
    expect(ranges[0]).toBe(0);
    expect(ranges[2] + ranges[3]).toBe(first.pdf.length);
    writeFileSync(path.join(dir, "firma.der"), cms);
    writeFileSync(path.join(dir, "firmado.bin"), signed);
    // The PKCS#7 checked over `content` by OpenSSL (the signer's certificate not checked: it is self-signed).
    const cmsVerify = (content: string, ...extra: string[]) =>
      run("openssl", [
        "cms",
        "-verify",
        "-inform",
        "DER",
        "-in",
        path.join(dir, "firma.der"),
        "-content",
        path.join(dir, content),
        "-binary",
        "-noverify",
        ...extra,
      ]);
    const checked = await cmsVerify("firmado.bin", "-certsout", path.join(dir, "firmante.pem"), "-out", path.join(dir, "salida.bin"));
    expect(checked.stderr).toContain("Verification successful");
    // Signed by the configured certificate.
    expect(readFileSync(path.join(dir, "firmante.pem"), "utf8")).toContain(readFileSync(path.join(dir, "cert.pem"), "utf8").trim());
    // One changed byte inside the signed ranges and the PKCS#7 no longer verifies.
    const tampered = Buffer.from(signed);
    tampered[100] ^= 1;
    writeFileSync(path.join(dir, "alterado.bin"), tampered);
    await expect(cmsVerify("alterado.bin")).rejects.toThrow();

    const [row] = await query<Record<string, string>>(databaseUrl, "select * from certificates");
    expect(createHash("sha256").update(first.pdf).digest("hex")).toBe(row.sha256);
    keyA = createPublicKey(await (await fetch(`${server.url}/verificar/clave`)).text())
      .export({ format: "pem", type: "spki" })
      .toString();
    expect(verify(null, Buffer.from(row.sha256, "hex"), createPublicKey(keyA), Buffer.from(row.signature, "base64"))).toBe(true);
    expect(row.key_id).toBe(keyIdOf(keyA));
    expect(Buffer.from(row.pades_cms, "base64").equals(cms)).toBe(true);
    // The mailed file is the snapshot re-rendered with the stored PKCS#7: the same bytes.
    expect(first.mailed.equals(first.pdf)).toBe(true);
    const answer = await verifyApi(first.pdf);
    expect(answer.status).toBe(200);
    expect(answer.body.estado).toBe("valido");
    expect(answer.body.certificado.signatureValid).toBe(true);
  });
});

describe("after a rotation of the Ed25519 key, with a PKCS#12 that does not open", () => {
  beforeAll(async () => {
    await server.stop();
    server = await startServer(
      {
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        MAIL_POLL_MS: "100",
        CERTIFICATE_KEY: KEY_B,
        CERTIFICATE_KEY_PREVIOUS: KEY_A,
        CERTIFICATE_P12_FILE: p12File,
        CERTIFICATE_P12_PASSWORD: "otra",
      },
      databaseUrl,
    );
  }, 120_000);

  it("says at start why the PDF signature is off, and issues with the Ed25519 signature alone, signed by the new key", async () => {
    expect(server.output()).toContain("No se pudo usar el certificado digital de la empresa");
    expect(server.output()).toContain("la contraseña no abre el archivo");
    // The payroll is looked up with the new key: it is imported again (README, "Certificados laborales").
    await importPayroll();
    const second = await issue();
    expect(signatureOf(second.pdf)).toBeNull();
    const [row] = await query<Record<string, string | null>>(databaseUrl, "select * from certificates where code = ?", [second.code]);
    expect(row.pades_cms).toBeNull();
    const published = await (await fetch(`${server.url}/verificar/clave`)).text();
    const keyB = await (await fetch(`${server.url}/verificar/clave?id=${row.key_id}`)).text();
    expect(row.key_id).toBe(keyIdOf(keyB));
    expect(row.key_id).not.toBe(keyIdOf(keyA));
    keyIdB = row.key_id as string;
    // The current key first, alone enough for a PEM reader; the earlier one after it, with its id.
    expect(createPublicKey(published).export({ format: "pem", type: "spki" })).toBe(keyB);
    expect(published).toContain(`Clave vigente, id ${row.key_id}:`);
    expect(published).toContain(`Clave anterior (solo para verificar los certificados que firmó), id ${keyIdOf(keyA)}:\n${keyA}`);
    expect(verify(null, Buffer.from(row.sha256 as string, "hex"), createPublicKey(keyB), Buffer.from(row.signature as string, "base64"))).toBe(true);
    expect((await verifyApi(second.pdf)).body.certificado.signatureValid).toBe(true);
    expect((await fetch(`${server.url}/verificar/clave?id=0000000000000000`)).status).toBe(404);
  });

  it("still finds the certificate signed with the old key valid, byte for byte, its signature checked with that key, its salary shown to who types the number", async () => {
    const byFile = await verifyApi(first.pdf);
    expect(byFile.status).toBe(200);
    expect(byFile.body.estado).toBe("valido");
    expect(byFile.body.certificado.signatureValid).toBe(true);
    const page = await fetch(`${server.url}/verificar`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
      body: new URLSearchParams({ codigo: first.code, documento: "52123456" }),
    });
    const html = (await page.text()).replace(/<!-- -->/g, "");
    expect(html).toContain("Certificado válido");
    expect(html).toContain("salario básico mensual: $ 1.623.500");
    // Checked against the key it names: named as signed by the new key, its signature no longer matches.
    await execute(databaseUrl, "update certificates set key_id = ? where code = ?", [keyIdB, first.code]);
    expect((await verifyApi(first.pdf)).body.certificado.signatureValid).toBe(false);
  });
});
