import { type AddressObject, simpleParser } from "mailparser";
import nodemailer from "nodemailer";
import { describe, expect, it } from "vitest";
import { composeMail, type PlainMail } from "~/platform/mime.server";

const text = (address: AddressObject | AddressObject[] | undefined) => (Array.isArray(address) ? address.map((a) => a.text).join(", ") : address?.text);

/** The same mail as nodemailer composes it on its own (what the outbox sent before). */
async function composedByNodemailer(mail: PlainMail): Promise<Buffer> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const sent = await transport.sendMail(mail);
  return sent.message as Buffer;
}

const MAIL: PlainMail = {
  from: "Sitio web — Temporales Ñandú <no-responder@example.org>",
  to: "gerencia@example.org, talento.humano@example.org",
  // The message forms' mails answer to the visitor's address.
  replyTo: "jose.perez@example.org",
  subject: `Nuevo mensaje de contacto — José Pérez, con un asunto largo que se parte en varias palabras codificadas: ñandú, acción, pingüino ${"ñ".repeat(40)}`,
  text: `Nombre: José Pérez\nMensaje: primera línea\r\nsegunda línea con = y .\n.\nuna línea que empieza con punto\n${"larga ".repeat(300)}`,
  html: `<!doctype html><html lang="es"><body><p>José &amp; Ñandú</p><p>${"x".repeat(2000)}</p></body></html>`,
  messageId: "<contacto-41.20261127@example.org>",
};

describe("composeMail", () => {
  it("reads back, parsed, exactly as nodemailer's own composition of the same mail", async () => {
    const { raw } = composeMail(MAIL);
    const ours = await simpleParser(raw);
    const theirs = await simpleParser(await composedByNodemailer(MAIL));
    expect(ours.subject).toBe(MAIL.subject);
    expect(ours.text).toBe(theirs.text);
    expect(ours.html).toBe(theirs.html);
    expect(ours.html).toBe(MAIL.html);
    expect(ours.messageId).toBe(MAIL.messageId);
    expect(text(ours.from)).toBe(text(theirs.from));
    expect(text(ours.to)).toBe(text(theirs.to));
    expect(text(ours.replyTo)).toBe(text(theirs.replyTo));
    expect(ours.replyTo?.value[0]).toEqual({ name: "", address: "jose.perez@example.org" });
    expect(ours.from?.value[0]).toEqual({ name: "Sitio web — Temporales Ñandú", address: "no-responder@example.org" });
    expect(ours.date).toBeInstanceOf(Date);
    expect(ours.headers.get("content-type")).toMatchObject({ value: "multipart/alternative" });
  });

  it("keeps every line within SMTP's limit and ends each line with CRLF", () => {
    const { raw } = composeMail(MAIL);
    const lines = raw.split("\r\n");
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(78);
    expect(raw).not.toMatch(/[^\r]\n/);
  });

  it("gives the SMTP envelope (the sender's address and every recipient's) and the Message-ID", () => {
    const composed = composeMail(MAIL);
    expect(composed.envelope).toEqual({ from: "no-responder@example.org", to: ["gerencia@example.org", "talento.humano@example.org"] });
    // Handed to nodemailer with the raw message, so its record of the send names the same id.
    expect(composed.messageId).toBe(MAIL.messageId);
  });

  it("without HTML, a plain-text mail (no multipart), without Reply-To when there is none", async () => {
    const { raw } = composeMail({ ...MAIL, html: undefined, replyTo: undefined });
    const parsed = await simpleParser(raw);
    expect(parsed.text).toBe(MAIL.text.replace(/\r\n/g, "\n"));
    expect(parsed.html).toBe(false);
    expect(parsed.replyTo).toBeUndefined();
    expect(parsed.headers.get("content-type")).toMatchObject({ value: "text/plain", params: { charset: "utf-8" } });
  });

  it("a header value cannot add a header (line breaks in a subject or a name are not new lines)", async () => {
    const { raw } = composeMail({ ...MAIL, subject: "Hola\r\nBcc: intruso@example.org", replyTo: "Ana\r\nBcc: otro@example.org <ana@example.org>" });
    const parsed = await simpleParser(raw);
    expect(parsed.bcc).toBeUndefined();
    expect(raw).not.toMatch(/^Bcc:/im);
  });
});
