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

/** Every rectangle a PDF's content streams draw (`x y w h re`), in the order drawn. */
export function pdfRectangles(bytes: Uint8Array): [number, number, number, number][] {
  const text = Buffer.from(bytes).toString("latin1");
  const found: [number, number, number, number][] = [];
  for (const m of text.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(m[1], "latin1")).toString("latin1");
    } catch {
      content = m[1];
    }
    for (const r of content.matchAll(/(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re/g)) found.push([Number(r[1]), Number(r[2]), Number(r[3]), Number(r[4])]);
  }
  return found;
}

/** The dark modules of a QR code drawn as runs of rectangles of one height, as a grid of rows. */
export function qrGridOf(rectangles: [number, number, number, number][]): boolean[][] {
  const cell = rectangles[0][3];
  const left = Math.min(...rectangles.map((r) => r[0]));
  const top = Math.max(...rectangles.map((r) => r[1]));
  const size = Math.round((Math.max(...rectangles.map((r) => r[0] + r[2])) - left) / cell);
  const grid = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  for (const [x, y, w] of rectangles) {
    const row = Math.round((top - y) / cell);
    const first = Math.round((x - left) / cell);
    for (let col = first; col < first + Math.round(w / cell); col++) grid[row][col] = true;
  }
  return grid;
}
