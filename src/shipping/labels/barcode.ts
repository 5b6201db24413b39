/**
 * Barcodes as vector geometry: bwip-js encodes the Code 128, the `qrcode` package the QR code,
 * pdfkit draws filled rectangles.
 *
 * Why not `bwipjs.toBuffer()` PNGs (DESIGN §4 only names bwip-js): measured here, toBuffer costs
 * 3–5 ms for a Code 128 and ~7 ms for a QR code, and its PNGs are RGBA, so pdfkit must inflate
 * them, split the alpha channel and deflate again, per label. `bwipjs.raw()` gives the same
 * symbol as bar widths / a module matrix in ~0.05 ms (Code 128). Vector bars are also sharper:
 * a 203 or 300 dpi label printer rasterises the edges itself instead of resampling a bitmap,
 * and the PDF is several times smaller. For QR, bwip-js's `raw()` took ~1.9 ms per symbol
 * (BWIPP's PostScript logic), more than the rest of a label; `qrcode.create()` takes ~0.1 ms
 * with a fixed mask, and its module matrix is drawn as vectors here too (its PNG output drawn
 * as an image was 8× slower per page: docs/decisions.md, "Exports and QR: our writers or
 * libraries"). Nothing is cached per label: each label's symbols are encoded, drawn and dropped.
 */
import bwipjs from 'bwip-js';
import QRCode from 'qrcode';

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
 * mask pattern. The qrcode package splits the text into the shortest mix of byte, alphanumeric
 * and numeric segments (a tracking number in capitals and digits at the end of a URL costs fewer
 * bits), so a symbol is often one version smaller than byte mode alone: larger modules in the
 * same cell. Choosing the mask by the ISO 18004 penalty score means building the symbol 8 times
 * (qrcode: ~0.45 ms instead of ~0.1 ms per label). Any mask is valid for decoders (the format
 * bits name it). Checked with zbarimg on 120 tracking URLs rendered at label size and
 * rasterised at 150 dpi (bwip-js symbols then): 120/120 decoded with this fixed mask, 120/120
 * with the automatic one; barcode.test.ts and render.test.ts scan qrcode's symbols.
 *
 * QR_MASK_REFERENCE is the ISO 18004 mask reference 2 (binary 010): modules with
 * column % 3 == 0 are inverted. (bwip-js numbers masks 1–8: this is its `mask: 3`.)
 */
export const QR_MASK_REFERENCE = 2;

/** The largest byte-mode payload of a level-M symbol (version 40). */
export const QR_MAX_BYTES_M = 2331;

/** Throws a RangeError when the text does not fit a version 40-M symbol (2331 UTF-8 bytes of lowercase text). */
export function encodeQr(text: string): MatrixSymbol {
  let qr: QRCode.QRCode;
  try {
    qr = QRCode.create(text, { errorCorrectionLevel: 'M', maskPattern: QR_MASK_REFERENCE });
  } catch (err) {
    // qrcode throws a plain Error; a text too long for any version is a range error for callers.
    const message = err instanceof Error ? err.message : String(err);
    if (/too big/i.test(message)) throw new RangeError(`QR: ${message} (version 40-M)`);
    throw err;
  }
  return { size: qr.modules.size, dark: qr.modules.data };
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
