/**
 * Barcodes as vector geometry: encodeCode128 (BWIPP's Code 128 encoder, as bwip-js runs it, for
 * the printable ASCII of tracking numbers) and the `qrcode` package encode, pdfkit draws filled
 * rectangles.
 *
 * Why not `bwipjs.toBuffer()` PNGs (DESIGN §4 only names bwip-js): measured here, toBuffer costs
 * 3–5 ms for a Code 128 and ~7 ms for a QR code, and its PNGs are RGBA, so pdfkit must inflate
 * them, split the alpha channel and deflate again, per label. `bwipjs.raw()` (which drew the
 * Code 128 here before encodeCode128) gives the same symbol as bar widths / a module matrix in
 * ~0.05 ms (Code 128). Vector bars are also sharper:
 * a 203 or 300 dpi label printer rasterises the edges itself instead of resampling a bitmap,
 * and the PDF is several times smaller. For QR, bwip-js's `raw()` took ~1.9 ms per symbol
 * (BWIPP's PostScript logic), more than the rest of a label; `qrcode.create()` takes ~0.1 ms
 * with a fixed mask, and its module matrix is drawn as vectors here too (its PNG output drawn
 * as an image was 8× slower per page: docs/decisions.md, "Exports and QR: our writers or
 * libraries"). Nothing is cached per label: each label's symbols are encoded, drawn and dropped.
 */
import { createRequire } from 'node:module';
import type { QRCode, QRCodeOptions } from 'qrcode';

/**
 * The `qrcode` package's encoder alone: its main module also loads its PNG (pngjs), SVG, UTF-8
 * and terminal renderers, which a label never uses (~5 MB of RSS). Same function, same symbols.
 */
const qrcode = createRequire(import.meta.url)('qrcode/lib/core/qrcode.js') as { create(text: string, options?: QRCodeOptions): QRCode };

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

/**
 * Code 128's symbol characters 0–106 as bar/space widths in modules (ISO/IEC 15417 table 1,
 * BWIPP's `code128_encs`); 106 is the stop pattern with its final bar (7 elements).
 */
const CODE128_PATTERNS = (
  '212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 221312 231212 112232 122132 122231 113222 ' +
  '123122 123221 223211 221132 221231 213212 223112 312131 311222 321122 321221 312212 322112 322211 212123 212321 ' +
  '232121 111323 131123 131321 112313 132113 132311 211313 231113 231311 112133 112331 132131 113123 113321 133121 ' +
  '313121 211331 231131 213113 213311 213131 311123 311321 331121 312113 312311 332111 314111 221411 431111 111224 ' +
  '111422 121124 121421 141122 141221 112214 112412 122114 122411 142112 142211 241211 221114 413111 241112 134111 ' +
  '111242 121142 121241 114212 124112 124211 411212 421112 421211 212141 214121 412121 111143 111341 131141 114113 ' +
  '114311 411113 411311 113141 114131 311141 411131 211412 211214 211232 2331112'
).split(' ');
const CODE_C = 99; // from code set B
const CODE_B = 100; // from code set C
const START_B = 104;
const START_C = 105;
const STOP = 106;

/**
 * Code 128 of printable ASCII (a tracking number: model.ts allows nothing else), as bar/space
 * widths. The code sets are chosen as BWIPP's encoder chooses them (its default, "legacy"
 * encoder, which bwip-js's `raw({ bcid: 'code128' })` ran here before; barcode.test.ts holds the
 * two equal): start in C for 4 or more leading digits (or exactly 2 digits), else in B; from B,
 * switch to C before a run of 4 or more digits (after its first digit when the run is odd); from
 * C, back to B when fewer than 2 digits follow. For printable ASCII BWIPP never uses code set A
 * (it does for control characters only). bwip-js ran BWIPP's PostScript translated to
 * JavaScript: its code was ~2 MB to load and its functions so large that compiling them cost a
 * process's first label file ~20 MB of RSS (measured with the renderer alone).
 */
export function encodeCode128(text: string): LinearSymbol {
  const n = text.length;
  if (n === 0) throw new RangeError('Code 128: empty text');
  // The number of digits from each position on.
  const digits = new Array<number>(n + 1).fill(0);
  for (let i = n - 1; i >= 0; i--) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c > 0x7e) throw new RangeError(`Code 128: only printable ASCII is encoded (character ${i} is U+${c.toString(16).padStart(4, '0')})`);
    digits[i] = c >= 48 && c <= 57 ? (digits[i + 1] as number) + 1 : 0;
  }
  const first = digits[0] as number;
  let inC = (n === 2 && first === 2) || first >= 4;
  const codes: number[] = [inC ? START_C : START_B];
  let i = 0;
  while (i < n) {
    const run = digits[i] as number;
    if (!inC && run >= 4) {
      if (run % 2 === 1) codes.push(text.charCodeAt(i++) - 32);
      codes.push(CODE_C);
      inC = true;
    } else if (inC && run < 2) {
      codes.push(CODE_B);
      inC = false;
    } else if (inC) {
      codes.push((text.charCodeAt(i) - 48) * 10 + text.charCodeAt(i + 1) - 48);
      i += 2;
    } else codes.push(text.charCodeAt(i++) - 32);
  }
  let check = codes[0] as number;
  for (let k = 1; k < codes.length; k++) check += (codes[k] as number) * k;
  codes.push(check % 103, STOP);
  const widths: number[] = [];
  let modules = 0;
  for (const code of codes) {
    const pattern = CODE128_PATTERNS[code] as string;
    for (let k = 0; k < pattern.length; k++) {
      const w = pattern.charCodeAt(k) - 48;
      widths.push(w);
      modules += w;
    }
  }
  return { widths, modules };
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
  let qr: QRCode;
  try {
    qr = qrcode.create(text, { errorCorrectionLevel: 'M', maskPattern: QR_MASK_REFERENCE });
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
  /** Appends one operator to the page's content stream (pdfkit's `addContent`). */
  addContent(operator: string): unknown;
  fill(color?: string): unknown;
}

/** "0".."999" padded to three digits, and the same without trailing zeros (pdfNumber's fractions). */
const PAD3 = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));
const TRIM3 = PAD3.map((d) => d.replace(/0+$/, ''));
/** pdfNumber's fast path: |n × 10⁶| below 2³¹, so the arithmetic stays on small integers (coordinates are < 1,000 pt). */
const FAST_LIMIT = 2 ** 31;

/**
 * A number as pdfkit 0.17 writes it into a content stream (`PDFObject.number`: rounded to 6
 * decimals, then JavaScript's own number-to-string), without JavaScript's number-to-string of a
 * fraction: V8 keeps every such string in its number-string cache, which lives in the old
 * generation, so the strings of a QR code's ~1,000 coordinates survived into the old generation
 * as garbage (measured: ~2.5 MB per 1,000 labels). The digits come from integers and a table
 * instead; barcode.test.ts holds the result equal to pdfkit's for any number.
 */
export function pdfNumber(n: number): string {
  if (!(n > -1e21 && n < 1e21)) throw new Error(`unsupported number: ${n}`);
  let m = Math.round(n * 1e6);
  if (!(m > -FAST_LIMIT && m < FAST_LIMIT)) return `${m / 1e6}`;
  if (m === 0) return '0';
  let sign = '';
  if (m < 0) {
    sign = '-';
    m = -m;
  }
  const int = Math.floor(m / 1e6);
  const frac = m - int * 1e6;
  if (frac === 0) return `${sign}${int}`;
  const hi = Math.floor(frac / 1000);
  const lo = frac - hi * 1000;
  return lo === 0 ? `${sign}${int}.${TRIM3[hi]}` : `${sign}${int}.${PAD3[hi]}${TRIM3[lo]}`;
}

/** pdfkit's `rect(x, y, w, h)` operator, with pdfNumber. */
function rect(doc: RectPainter, x: number, y: number, w: number, h: number): void {
  doc.addContent(`${pdfNumber(x)} ${pdfNumber(y)} ${pdfNumber(w)} ${pdfNumber(h)} re`);
}

/** Draws the bars of `symbol` with module width `x` (pt) from (left, top), `height` tall. Returns the drawn width. */
export function drawLinear(doc: RectPainter, symbol: LinearSymbol, left: number, top: number, moduleWidth: number, height: number): number {
  let pos = left;
  for (let i = 0; i < symbol.widths.length; i++) {
    const w = (symbol.widths[i] as number) * moduleWidth;
    if (i % 2 === 0) rect(doc, pos, top, w, height);
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
      rect(doc, left + start * moduleSize, top + row * moduleSize, (col - start) * moduleSize, moduleSize + 0.05);
    }
  }
  doc.fill('black');
}
