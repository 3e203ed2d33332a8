/**
 * The certificate's PDF (ADR 027), made with pdf-lib from the stored snapshot alone: the same snapshot
 * always gives the same bytes (fixed dates in the metadata, no random identifiers), so the file offered
 * for download, the one mailed and any re-issue are byte for byte the one whose SHA-256 was signed.
 * Helvetica (one of the 14 standard fonts) with WinAnsi covers Spanish; no object streams (PDF/A-1 forbids
 * them). It says what CST art. 57 num. 7 asks (time of service, kind of work, salary only when asked)
 * and nothing about why a contract ended, nor any mark (CST art. 59). With the company's PKCS#12 the file
 * also carries a PDF signature (pades.server.ts), placed last over the same drawing.
 */
import { pdflibAddPlaceholder } from "@signpdf/placeholder-pdf-lib";
import type { Signer } from "@signpdf/signpdf";
import { fill, PDFDocument, type PDFFont, type PDFPage, popGraphicsState, pushGraphicsState, rectangle, rgb, setFillingRgbColor, StandardFonts } from "pdf-lib";
import QRCode from "qrcode";
import { bogotaDay } from "~/platform/dates";
import { sha256Hex } from "./keys.server";
import { type CertificateSnapshot, CONTRACT_KINDS, DOCUMENT_TYPES, dayText, groupCode, pesos } from "./model";
import { placeSignature, storedSignature } from "./pades.server";

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const INK = rgb(0.1, 0.13, 0.17);
const MUTED = rgb(0.33, 0.36, 0.4);

// WinAnsi's characters beyond Latin-1's printable ones; anything else is written without its accent or as "?".
const WIN_ANSI_EXTRA = "€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ";
function winAnsi(text: string): string {
  let out = "";
  for (const ch of text.normalize("NFC")) {
    const code = ch.codePointAt(0) ?? 63;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.includes(ch)) out += ch;
    else if (ch === "\n" || ch === "\t") out += " ";
    else {
      const bare = ch.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
      out += bare && bare.codePointAt(0)! < 0x7f ? bare : "?";
    }
  }
  return out;
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of winAnsi(text).split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

class Writer {
  page: PDFPage;
  y: number;
  constructor(
    private doc: PDFDocument,
    private regular: PDFFont,
    private bold: PDFFont,
    private reserve: number,
  ) {
    this.page = doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }
  private room(height: number) {
    if (this.y - height < MARGIN + this.reserve) {
      this.page = this.doc.addPage(A4);
      this.y = A4[1] - MARGIN;
    }
  }
  text(text: string, options: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; center?: boolean; indent?: number; gap?: number } = {}) {
    const size = options.size ?? 11;
    const font = options.bold ? this.bold : this.regular;
    const indent = options.indent ?? 0;
    const width = A4[0] - 2 * MARGIN - indent;
    for (const line of wrap(text, font, size, width)) {
      this.room(size * 1.4);
      const x = options.center ? (A4[0] - font.widthOfTextAtSize(line, size)) / 2 : MARGIN + indent;
      this.page.drawText(line, { x, y: this.y - size, size, font, color: options.color ?? INK });
      this.y -= size * 1.4;
    }
    this.y -= options.gap ?? 0;
  }
  rule() {
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: A4[0] - MARGIN, y: this.y }, thickness: 0.8, color: MUTED });
    this.y -= 14;
  }
}

/**
 * The QR's dark modules as one filled path of rectangles, one per horizontal run of a row (vector: sharp
 * at any zoom and in print; one fill instead of a graphics state per module).
 */
function drawQr(page: PDFPage, url: string, x: number, y: number, size: number) {
  const qr = QRCode.create(url, { errorCorrectionLevel: "M" });
  const n = qr.modules.size;
  const quiet = 2;
  const cell = Math.round((size / (n + 2 * quiet)) * 100) / 100;
  const ops = [pushGraphicsState(), setFillingRgbColor(0, 0, 0)];
  for (let row = 0; row < n; row++) {
    let col = 0;
    while (col < n) {
      if (!qr.modules.get(row, col)) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < n && qr.modules.get(row, col)) col += 1;
      ops.push(rectangle(x + (quiet + start) * cell, y + (n + quiet - row - 1) * cell, (col - start) * cell, cell));
    }
  }
  ops.push(fill(), popGraphicsState());
  page.pushOperators(...ops);
}

const FOOTER = 120;

/** The certificate without a PDF signature. */
export const renderCertificate = (s: CertificateSnapshot): Promise<Uint8Array> => draw(s, false);

/**
 * The certificate with a PDF signature: its time is the issue time (the placeholder's /M and the PKCS#7's
 * signingTime), and the PKCS#7 made is returned to be stored.
 */
export async function renderSignedCertificate(s: CertificateSnapshot, signer: Signer): Promise<{ pdf: Uint8Array; cms: Buffer }> {
  return placeSignature(await draw(s, true), signer, new Date(s.issuedAt));
}

/** An issued certificate's bytes again, from its snapshot (and its stored PKCS#7); never other bytes than the ones hashed and signed. */
export async function renderIssued(row: { snapshot: string; sha256: string; pades_cms: string | null }): Promise<Uint8Array> {
  const snapshot = JSON.parse(row.snapshot) as CertificateSnapshot;
  const pdf = row.pades_cms ? (await renderSignedCertificate(snapshot, storedSignature(row.pades_cms))).pdf : await renderCertificate(snapshot);
  if (sha256Hex(pdf) !== row.sha256) throw new Error("el certificado no coincide con su huella registrada");
  return pdf;
}

async function draw(s: CertificateSnapshot, signed: boolean): Promise<Uint8Array> {
  const issued = new Date(s.issuedAt);
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(winAnsi(`Certificado laboral ${groupCode(s.code)}`));
  doc.setAuthor(winAnsi(s.company.legalName));
  doc.setSubject("Certificado laboral");
  doc.setCreator(winAnsi(s.company.legalName));
  doc.setProducer("pdf-lib");
  doc.setLanguage("es-CO");
  doc.setCreationDate(issued);
  doc.setModificationDate(issued);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const w = new Writer(doc, regular, bold, FOOTER);
  const c = s.company;

  w.text(c.legalName, { size: 14, bold: true });
  w.text(`NIT ${c.nit}`, { size: 10, color: MUTED });
  w.text(`${c.address}, ${c.city}`, { size: 10, color: MUTED, gap: 6 });
  w.rule();
  w.text("CERTIFICADO LABORAL", { size: 16, bold: true, center: true, gap: 10 });
  w.text(`${c.signerName}, ${c.signerPosition} de ${c.legalName}, con NIT ${c.nit},`, { gap: 6 });
  w.text("CERTIFICA:", { bold: true, center: true, gap: 6 });
  const plural = s.contracts.length > 1;
  w.text(
    `Que ${s.holder.name}, identificado(a) con ${DOCUMENT_TYPES[s.holder.documentType].toLowerCase()} número ${s.holder.documentNumber}, ` +
      `tiene o tuvo con esta empresa ${plural ? "los siguientes contratos" : "el siguiente contrato"} de trabajo:`,
    { gap: 8 },
  );
  s.contracts.forEach((k, i) => {
    w.text(`${plural ? `${i + 1}. ` : ""}Cargo: ${k.position}`, { bold: true, indent: 12 });
    w.text(`Tipo de contrato: ${CONTRACT_KINDS[k.kind]}`, { indent: 24 });
    w.text(k.endDay ? `Desde el ${dayText(k.startDay)} hasta el ${dayText(k.endDay)}` : `Desde el ${dayText(k.startDay)}, vigente`, { indent: 24 });
    if (k.userCompany) w.text(`Empresa usuaria (trabajador en misión): ${k.userCompany}`, { indent: 24 });
    if (k.salary !== null) w.text(`Salario básico mensual: ${pesos(k.salary)}`, { indent: 24 });
    if (k.duties) w.text(`Funciones: ${k.duties}`, { indent: 24 });
    w.y -= 6;
  });
  w.text(`Este certificado se expide a solicitud del interesado el ${dayText(bogotaDay(s.issuedAt))}, con datos de nómina al ${dayText(s.cutoffDay)}.`, {
    gap: 22,
  });
  w.text(c.signerName, { bold: true });
  w.text(c.signerPosition);
  w.text(c.legalName, { color: MUTED, size: 10 });

  // The verification block, at the foot of the last page.
  const page = w.page;
  const qrSize = 96;
  drawQr(page, s.verifyUrl, MARGIN, MARGIN, qrSize);
  const x = MARGIN + qrSize + 12;
  let y = MARGIN + qrSize - 14;
  const line = (text: string, size: number, font: PDFFont) => {
    for (const part of wrap(text, font, size, A4[0] - MARGIN - x)) {
      page.drawText(part, { x, y, size, font, color: INK });
      y -= size * 1.35;
    }
  };
  line(`Código de verificación: ${groupCode(s.code)}`, 11, bold);
  line(`Verifique este certificado en ${s.verifyUrl} o escaneando el código QR.`, 9, regular);
  line(
    "El emisor registró la huella SHA-256 de este archivo, firmada con su clave Ed25519 (clave pública en /verificar/clave). Cualquier cambio en el archivo lo invalida.",
    8,
    regular,
  );
  if (signed) {
    // An invisible signature field on the last page, beside the verification block.
    pdflibAddPlaceholder({
      pdfDoc: doc,
      pdfPage: page,
      reason: winAnsi(`Certificado laboral ${groupCode(s.code)}`),
      contactInfo: winAnsi(s.verifyUrl),
      name: winAnsi(c.legalName),
      location: winAnsi(c.city),
      signingTime: issued,
      // Room for a PKCS#7 of up to 8 KB: the certificate and a certification authority's chain.
      signatureLength: 16_384,
    });
  }
  return doc.save({ useObjectStreams: false });
}
