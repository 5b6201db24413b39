/**
 * Barcodes as vector geometry: bwip-js encodes the Code 128, our own encoder (qr.ts) the QR
 * code, pdfkit draws filled rectangles.
 *
 * Why not `bwipjs.toBuffer()` PNGs (DESIGN §4 only names bwip-js): measured here, toBuffer costs
 * 3–5 ms for a Code 128 and ~7 ms for a QR code, and its PNGs are RGBA, so pdfkit must inflate
 * them, split the alpha channel and deflate again, per label. `bwipjs.raw()` gives the same
 * symbol as bar widths / a module matrix in ~0.05 ms (Code 128). Vector bars are also sharper:
 * a 203 or 300 dpi label printer rasterises the edges itself instead of resampling a bitmap,
 * and the PDF is several times smaller. For QR even `raw()` took ~1.4 ms per symbol (BWIPP's
 * PostScript logic), most of a label's render time; qr.ts encodes a tracking URL in ~10 µs.
 * Nothing is cached per label (qr.ts keeps only a per-version template): each label's symbols
 * are encoded, drawn and dropped.
 */
import bwipjs from 'bwip-js';
import { QR_MASK_REFERENCE, encodeQrByteMode } from './qr.js';

/** Code 128 as alternating bar/space widths in modules, starting with a bar. */
export interface LinearSymbol {
  widths: number[];
  modules: number;
}

/** QR code as a square matrix of dark (1) / light (0) modules, row-major, without quiet zone. */
export interface MatrixSymbol {
  size: number;
  dark: ArrayLike<number>;
}

export function encodeCode128(text: string): LinearSymbol {
  const [symbol] = bwipjs.raw({ bcid: 'code128', text });
  if (!symbol || !('sbs' in symbol)) throw new Error('bwip-js returned no Code 128 symbol');
  let modules = 0;
  for (const w of symbol.sbs) modules += w;
  return { widths: symbol.sbs, modules };
}

/**
 * QR code, byte mode (the URL's UTF-8 bytes), error correction M (survives scuffs on a parcel,
 * still small for a URL), with a fixed mask pattern. Choosing the mask by the ISO 18004 penalty
 * score means building the symbol 8 times (with bwip-js: ~2.4 ms per label, 80 % of a label's
 * render time). Any mask is valid for decoders (the format bits name it). Checked with zbarimg
 * on 120 tracking URLs rendered at label size and rasterised at 150 dpi: 120/120 decoded with the
 * fixed mask, 120/120 with the automatic one (bwip-js encodes then; qr.ts makes the same symbols,
 * see qr.test.ts).
 *
 * The number is BWIPP's (bwip-js `mask: 3`, masks numbered 1–8), which is ISO 18004 mask
 * reference 2 (binary 010): modules with column % 3 == 0 are inverted — not (row + col) % 3,
 * which is ISO reference 3. qr.ts takes the ISO number, QR_MASK_REFERENCE.
 */
export const QR_MASK = QR_MASK_REFERENCE + 1;

/** Throws a RangeError when the text exceeds 2331 UTF-8 bytes (version 40-M). */
export function encodeQr(text: string): MatrixSymbol {
  return encodeQrByteMode(text);
}

/** The subset of pdfkit's document we draw with (keeps this file testable and typed). */
export interface RectPainter {
  rect(x: number, y: number, w: number, h: number): unknown;
  fill(color?: string): unknown;
}

/** Draws the bars of `symbol` with module width `x` (pt) from (left, top), `height` tall. Returns the drawn width. */
export function drawLinear(doc: RectPainter, symbol: LinearSymbol, left: number, top: number, moduleWidth: number, height: number): number {
  let pos = left;
  for (let i = 0; i < symbol.widths.length; i++) {
    const w = (symbol.widths[i] as number) * moduleWidth;
    if (i % 2 === 0) doc.rect(pos, top, w, height);
    pos += w;
  }
  doc.fill('black');
  return pos - left;
}

/** Draws the dark modules of a QR symbol as one path: horizontal runs merged per row. */
export function drawMatrix(doc: RectPainter, symbol: MatrixSymbol, left: number, top: number, moduleSize: number): void {
  const n = symbol.size;
  for (let row = 0; row < n; row++) {
    let col = 0;
    while (col < n) {
      if (symbol.dark[row * n + col] !== 1) {
        col++;
        continue;
      }
      const start = col;
      while (col < n && symbol.dark[row * n + col] === 1) col++;
      // A hair of overlap between rows avoids white seams in some PDF rasterisers.
      doc.rect(left + start * moduleSize, top + row * moduleSize, (col - start) * moduleSize, moduleSize + 0.05);
    }
  }
  doc.fill('black');
}
