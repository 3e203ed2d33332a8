/**
 * The text a PDF shows, read back without a PDF library: every content stream inflated, every string of
 * a text operator (`<hex> Tj`, `(literal) Tj`) decoded as WinAnsi (Latin-1 for Spanish), one per line.
 * Enough for the certificates, whose PDFs write their text that way (app/features/certificates/pdf.server.ts).
 */
import { inflateSync } from "node:zlib";

export function pdfText(bytes: Uint8Array): string {
  const text = Buffer.from(bytes).toString("latin1");
  const lines: string[] = [];
  for (const m of text.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(m[1], "latin1")).toString("latin1");
    } catch {
      content = m[1];
    }
    for (const t of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g)) {
      lines.push(t[1] !== undefined ? Buffer.from(t[1], "hex").toString("latin1") : t[2].replace(/\\(.)/g, "$1"));
    }
  }
  return lines.join("\n");
}
