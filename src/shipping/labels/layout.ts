/**
 * Draws one label into a rectangle of a pdfkit page. Black only (thermal printers dither grey),
 * thick rules between sections, the receiver block biggest, the Code 128 across the full width
 * at the bottom. The layout adapts to the cell height (150 mm on A6 pages, 144 mm in an A4 grid):
 * every section has a fixed height except the receiver block, whose text shrinks to fit.
 *
 *   ┌──────────────────────────────────┬──────┐
 *   │ CARRIER NAME                     │  LV  │  header: carrier, service, destination country
 *   │ PICKUP POINT                     │      │
 *   ╞══════════════════════════════════╧══════╡
 *   │ FROM  sender, address, phone            │
 *   ╞═════════════════════════════════════════╡
 *   │ TO    RECEIVER NAME                     │  flexible
 *   │       street / pickup point box         │
 *   │       POSTCODE LOCALITY, COUNTRY        │
 *   ╞═════════════════════════════════════════╡
 *   │ ██ CASH ON DELIVERY 25.00 EUR ██████████│  only with COD
 *   ├──────────┬──────────┬─────────┬─────────┤
 *   │PARCEL    │ WEIGHT   │ LOCKER  │   QR    │  details (+ QR of the tracking link)
 *   │REFERENCE   │ PIN    │ CREATED │         │
 *   ╞═════════════════════════════════════════╡
 *   │ ║│║║│║│║║║│║│║║│║║║│║│║║│║║│║║│║│║║│║   │  Code 128, full width
 *   │          LV123456789012                 │
 *   └─────────────────────────────────────────┘
 */
import { drawLinear, drawMatrix, encodeCode128, encodeQr } from './barcode.js';
import type { TextCleaner } from './fonts.js';
import type { LabelInput } from './model.js';

export const PT_PER_MM = 72 / 25.4;
export const mm = (n: number): number => n * PT_PER_MM;

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The parts of pdfkit's PDFDocument the layout uses. */
export type LabelDoc = PDFKit.PDFDocument;

export interface DrawContext {
  clean: TextCleaner;
  regular: string;
  bold: string;
  formatDate: (d: Date) => string;
  countryName: (code: string) => string;
}

const THICK = 2;
const THIN = 0.75;
const FRAME_INSET = mm(2);
const PAD = mm(2.5);
const CELL_PAD = mm(1.8);

const HEADER_H = mm(16);
const SENDER_H = mm(18);
const COD_H = mm(8);
const DETAILS_H = mm(22);
const BARCODE_H = mm(31);

interface LineSpec {
  text: string;
  bold: boolean;
  size: number;
  minSize: number;
  /** Extra space above this line, in points at full scale. */
  gapBefore?: number;
}

type Align = 'left' | 'center' | 'right';

class Painter {
  constructor(
    readonly doc: LabelDoc,
    readonly ctx: DrawContext,
  ) {}

  /** Width of `text` at 1 pt in the given font. */
  unitWidth(text: string, bold: boolean): number {
    if (text === '') return 0;
    this.doc.font(bold ? this.ctx.bold : this.ctx.regular).fontSize(100);
    return this.doc.widthOfString(text) / 100;
  }

  /**
   * Draws one line with its baseline at y, shrinking from `size` down to `minSize` to fit `width`,
   * then truncating with an ellipsis. Returns the size used.
   */
  line(raw: string, x: number, baseline: number, width: number, o: { bold?: boolean; size: number; minSize?: number; align?: Align; color?: string; spacing?: number }): number {
    let text = this.ctx.clean(raw);
    const bold = o.bold ?? false;
    const gaps = Math.max(0, text.length - 1);
    let spacing = o.spacing ?? 0;
    const unit = this.unitWidth(text, bold);
    let size = o.size;
    // Tight? First give up letter spacing, then shrink down to minSize, then truncate.
    if (unit * size + spacing * gaps > width) spacing = gaps > 0 ? Math.max(0, (width - unit * size) / gaps) : 0;
    if (unit * size + spacing * gaps > width) size = Math.max(o.minSize ?? o.size, ((width - spacing * gaps) / Math.max(unit, 1e-6)) * 0.999);
    if (unit * size + spacing * gaps > width + 0.01) {
      spacing = 0;
      text = this.truncate(text, bold, size, width);
    }
    const textWidth = this.unitWidth(text, bold) * size + spacing * Math.max(0, text.length - 1);
    const dx = o.align === 'center' ? (width - textWidth) / 2 : o.align === 'right' ? width - textWidth : 0;
    this.doc
      .font(bold ? this.ctx.bold : this.ctx.regular)
      .fontSize(size)
      .fillColor(o.color ?? 'black')
      .text(text, x + dx, baseline, { lineBreak: false, baseline: 'alphabetic', characterSpacing: spacing });
    return size;
  }

  private truncate(text: string, bold: boolean, size: number, width: number): string {
    const ellipsis = this.ctx.clean('…');
    const chars = [...text];
    let lo = 0;
    let hi = chars.length;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (this.unitWidth(chars.slice(0, mid).join('').trimEnd() + ellipsis, bold) * size <= width) lo = mid;
      else hi = mid - 1;
    }
    return chars.slice(0, lo).join('').trimEnd() + ellipsis;
  }

  hline(x1: number, x2: number, y: number, width: number): void {
    this.doc.moveTo(x1, y).lineTo(x2, y).lineWidth(width).strokeColor('black').stroke();
  }

  vline(x: number, y1: number, y2: number, width: number): void {
    this.doc.moveTo(x, y1).lineTo(x, y2).lineWidth(width).strokeColor('black').stroke();
  }

  /** Small bold caption such as "FROM"; returns nothing, drawn at baseline y. */
  caption(text: string, x: number, baseline: number, width = 200, color = 'black'): void {
    this.line(text, x, baseline, width, { bold: true, size: 6.5, minSize: 4, color, spacing: 0.4 });
  }

  /**
   * A line that would have to shrink below 75 % to fit becomes two lines, broken at the space
   * that best balances them ("Aleksandra Konstantynopolitańczykiewiczówna" / "-Brzęczyszczykiewicz").
   */
  wrap(spec: LineSpec, width: number): LineSpec[] {
    const text = this.ctx.clean(spec.text);
    const full = this.unitWidth(text, spec.bold) * spec.size;
    if (full <= width / 0.75) return [spec];
    let best: [string, string] | undefined;
    let bestWidth = Infinity;
    for (let i = text.indexOf(' '); i > 0; i = text.indexOf(' ', i + 1)) {
      const a = text.slice(0, i).trimEnd();
      const b = text.slice(i + 1).trimStart();
      const w = Math.max(this.unitWidth(a, spec.bold), this.unitWidth(b, spec.bold));
      if (w < bestWidth) {
        bestWidth = w;
        best = [a, b];
      }
    }
    if (!best) return [spec];
    return [
      { ...spec, text: best[0] },
      { ...spec, text: best[1], gapBefore: 0 },
    ];
  }

  /** Height of `lines` at `scale` (each size clamped to its minSize). */
  static blockHeight(lines: LineSpec[], scale: number): number {
    return lines.reduce((h, l) => h + Math.max(l.minSize, l.size * scale) * LINE + (l.gapBefore ?? 0) * scale, 0);
  }

  /** The largest scale in [min…max] at which `lines` fit `height` (min when nothing fits). */
  static fitScale(lines: LineSpec[], height: number, max = 1, fixed = 0): number {
    let lo = 0.3;
    let hi = max;
    if (Painter.blockHeight(lines, hi) + fixed <= height) return hi;
    for (let i = 0; i < 12; i++) {
      const mid = (lo + hi) / 2;
      if (Painter.blockHeight(lines, mid) + fixed <= height) lo = mid;
      else hi = mid;
    }
    return lo;
  }

  /**
   * Draws `lines` top-down from `top` at `scale`; lines that would end below `bottom` are dropped
   * (the least important come last). Returns the y where the block ends.
   */
  block(lines: LineSpec[], x: number, top: number, width: number, scale: number, bottom = Infinity): number {
    let y = top;
    for (const l of lines) {
      const size = Math.max(l.minSize, l.size * scale);
      const next = y + (l.gapBefore ?? 0) * scale + size * LINE;
      if (next > bottom + 0.5) break;
      this.line(l.text, x, next - size * DESCENT, width, { bold: l.bold, size, minSize: l.minSize });
      y = next;
    }
    return y;
  }
}

/** Line height and descent as fractions of the font size. */
const LINE = 1.18;
const DESCENT = 0.24;

function formatWeight(kg: number): string {
  return `${kg.toFixed(2)} kg`;
}

const fractionDigits = new Map<string, number>();
export function formatCod(amountMinor: number, currency: string): string {
  let digits = fractionDigits.get(currency);
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    fractionDigits.set(currency, digits);
  }
  if (digits === 0) return `${amountMinor} ${currency}`;
  const unit = 10 ** digits;
  return `${Math.floor(amountMinor / unit)}.${String(amountMinor % unit).padStart(digits, '0')} ${currency}`;
}

function joinParts(...parts: Array<string | undefined>): string {
  return parts.filter((p): p is string => typeof p === 'string' && p.trim() !== '').join(' ');
}

export function drawLabel(doc: LabelDoc, label: LabelInput, cell: Rect, ctx: DrawContext): void {
  const p = new Painter(doc, ctx);
  const L = cell.x + FRAME_INSET;
  const T = cell.y + FRAME_INSET;
  const R = cell.x + cell.w - FRAME_INSET;
  const B = cell.y + cell.h - FRAME_INSET;
  const W = R - L;
  const cx = L + PAD;
  const cw = W - 2 * PAD;

  // ── Header: carrier, service, destination country ─────────────────────────────────────────
  const countryBoxW = mm(20);
  const headerBottom = T + HEADER_H;
  doc.rect(R - countryBoxW, T, countryBoxW, HEADER_H).fill('black');
  p.line(label.receiver.country.toUpperCase(), R - countryBoxW, T + HEADER_H * 0.66, countryBoxW, {
    bold: true,
    size: 26,
    minSize: 10,
    align: 'center',
    color: 'white',
  });
  const headW = W - countryBoxW - 2 * PAD;
  p.line(label.carrier.name, cx, T + mm(8.4), headW, { bold: true, size: 22, minSize: 11 });
  const service = label.service === 'pickupPoint' ? 'PICKUP POINT' : 'COURIER';
  p.line(service, cx, T + HEADER_H - mm(2.6), headW, { bold: true, size: 10, minSize: 6, spacing: 1 });
  p.hline(L, R, headerBottom, THICK);

  // ── Sender ────────────────────────────────────────────────────────────────────────────────
  const s = label.sender;
  const senderTop = headerBottom;
  p.caption('FROM', cx, senderTop + mm(3.4));
  const senderLines: LineSpec[] = [
    { text: s.name, bold: true, size: 9, minSize: 6 },
    { text: s.streetAddress, bold: false, size: 8, minSize: 5.5 },
    { text: `${joinParts(s.postalCode, s.locality)}, ${ctx.countryName(s.country)}`, bold: false, size: 8, minSize: 5.5 },
    ...(s.phone ? [{ text: `Tel. ${s.phone}`, bold: false, size: 8, minSize: 5.5 }] : []),
  ];
  const senderBodyTop = senderTop + mm(4.2);
  const senderBottom = senderTop + SENDER_H;
  p.block(senderLines, cx, senderBodyTop, cw, Painter.fitScale(senderLines, senderBottom - mm(0.6) - senderBodyTop), senderBottom);
  p.hline(L, R, senderBottom, THICK);

  // ── Bottom-up: barcode, details, COD; the receiver gets what is left ────────────────────────
  const barcodeTop = B - BARCODE_H;
  const detailsTop = barcodeTop - DETAILS_H;
  const codTop = label.cod ? detailsTop - COD_H : detailsTop;

  // ── Receiver ──────────────────────────────────────────────────────────────────────────────
  const r = label.receiver;
  const receiverTop = senderBottom;
  p.caption('TO', cx, receiverTop + mm(3.6));
  const bodyTop = receiverTop + mm(5.4); // room for carons and rings above capitals (Ž, Å)
  const bodyBottom = codTop - mm(1.8);
  const country = ctx.countryName(r.country).toUpperCase();
  if (label.service === 'pickupPoint' && label.pickupPoint) {
    const pp = label.pickupPoint;
    const nameLines: LineSpec[] = [...p.wrap({ text: r.name, bold: true, size: 18, minSize: 9 }, cw), ...(r.phone ? [{ text: `Tel. ${r.phone}`, bold: false, size: 10, minSize: 6.5 }] : [])];
    const pointLines: LineSpec[] = [
      ...p.wrap({ text: pp.name, bold: true, size: 14, minSize: 7.5 }, cw - mm(4)),
      ...p.wrap({ text: pp.streetAddress, bold: false, size: 12, minSize: 6.5 }, cw - mm(4)),
      { text: joinParts(pp.postalCode, pp.locality.toUpperCase()), bold: true, size: 14, minSize: 7.5 },
      { text: `${country}  ·  Point ID ${pp.id}`, bold: false, size: 9, minSize: 6 },
    ];
    // The pickup point box: a black tag on top, padding around the lines.
    const tagH = mm(4.2);
    const boxChrome = mm(2) + tagH + mm(1.4) + mm(1.6);
    const all = [...nameLines, ...pointLines];
    const scale = Painter.fitScale(all, bodyBottom - bodyTop, 1.2, boxChrome);
    const nameEnd = p.block(nameLines, cx, bodyTop, cw, scale, bodyBottom);
    const boxTop = nameEnd + mm(2);
    const boxBottom = Math.min(bodyBottom, boxTop + tagH + mm(1.4) + Painter.blockHeight(pointLines, scale) + mm(1.6));
    doc
      .rect(cx, boxTop, cw, boxBottom - boxTop)
      .lineWidth(1.25)
      .strokeColor('black')
      .stroke();
    const tagW = mm(42);
    doc.rect(cx, boxTop, tagW, tagH).fill('black');
    p.line('DELIVER TO PICKUP POINT', cx + mm(1.5), boxTop + tagH - mm(1.2), tagW - mm(3), { bold: true, size: 7, minSize: 4, color: 'white', spacing: 0.4 });
    p.block(pointLines, cx + mm(2), boxTop + tagH + mm(1.4), cw - mm(4), scale, boxBottom);
  } else {
    const lines: LineSpec[] = [
      ...p.wrap({ text: r.name, bold: true, size: 18, minSize: 9 }, cw),
      ...p.wrap({ text: r.streetAddress ?? '', bold: false, size: 14, minSize: 7, gapBefore: 2 }, cw),
      { text: joinParts(r.postalCode, r.locality?.toUpperCase()), bold: true, size: 18, minSize: 8 },
      { text: country, bold: true, size: 14, minSize: 7 },
      ...(r.phone ? [{ text: `Tel. ${r.phone}`, bold: false, size: 10, minSize: 6.5, gapBefore: 3 }] : []),
    ];
    p.block(lines, cx, bodyTop, cw, Painter.fitScale(lines, bodyBottom - bodyTop, 1.3), bodyBottom);
  }

  // ── Cash on delivery ──────────────────────────────────────────────────────────────────────
  if (label.cod) {
    doc.rect(L, codTop, W, COD_H).fill('black');
    p.line(`CASH ON DELIVERY   ${formatCod(label.cod.amountMinor, label.cod.currency)}`, cx, codTop + COD_H * 0.7, cw, {
      bold: true,
      size: 15,
      minSize: 8,
      align: 'center',
      color: 'white',
    });
  } else {
    p.hline(L, R, codTop, THICK);
  }

  // ── Details grid (+ QR) ───────────────────────────────────────────────────────────────────
  const qrCell = label.trackingUrl ? DETAILS_H : 0;
  const gridR = R - qrCell;
  const rowH = DETAILS_H / 2;
  const rowMid = detailsTop + rowH;
  const cells: Array<{ caption: string; value: string; weight: number }> = [
    { caption: 'PARCEL', value: `${label.parcelIndex} / ${label.parcelCount}`, weight: 1.1 },
    { caption: 'WEIGHT', value: formatWeight(label.weightKg), weight: 1.2 },
  ];
  if (label.lockerSize) cells.push({ caption: 'LOCKER', value: label.lockerSize, weight: 0.9 });
  drawCells(p, cells, L, gridR, detailsTop, rowH, 15);
  p.hline(L, gridR, rowMid, THIN);
  drawCells(
    p,
    [
      { caption: 'REFERENCE', value: label.merchantReference?.trim() || '—', weight: label.dropOffPin ? 1.5 : 1.8 },
      ...(label.dropOffPin ? [{ caption: 'DROP-OFF PIN', value: label.dropOffPin, weight: 1.1 }] : []),
      { caption: 'CREATED', value: ctx.formatDate(label.createdAt), weight: 1.1 },
    ],
    L,
    gridR,
    rowMid,
    rowH,
    11,
  );
  if (label.trackingUrl) {
    p.vline(gridR, detailsTop, barcodeTop, THIN);
    const qr = encodeQr(label.trackingUrl);
    // Quiet zone: at least 2 modules on every side inside the cell (phones cope; 4 is the ideal).
    const module = (qrCell - 2 * mm(1)) / (qr.size + 4);
    const side = module * qr.size;
    drawMatrix(doc, qr, gridR + (qrCell - side) / 2, detailsTop + (DETAILS_H - side) / 2, module);
  }
  p.hline(L, R, barcodeTop, THICK);

  // ── Code 128 ──────────────────────────────────────────────────────────────────────────────
  const code = encodeCode128(label.trackingNumber);
  // Full frame width, minus the 10-module quiet zone each side (ISO/IEC 15417) and the frame line.
  const avail = W - 2 * THICK;
  const moduleW = Math.min(mm(1), avail / (code.modules + 20));
  const barsW = code.modules * moduleW;
  const barsH = BARCODE_H - mm(10);
  drawLinear(doc, code, L + (W - barsW) / 2, barcodeTop + mm(3), moduleW, barsH);
  p.line(label.trackingNumber, cx, B - mm(2.3), cw, { bold: true, size: 13, minSize: 5, align: 'center', spacing: 1.2 });

  // ── Frame last, so it sits on top of the filled header and COD band edges ────────────────────
  doc
    .rect(L, T, W, B - T)
    .lineWidth(THICK)
    .strokeColor('black')
    .stroke();
}

function drawCells(p: Painter, cells: Array<{ caption: string; value: string; weight: number }>, left: number, right: number, top: number, height: number, valueSize: number): void {
  const total = cells.reduce((sum, c) => sum + c.weight, 0);
  const widths = cells.map((c) => ((right - left) * c.weight) / total);
  let x = left;
  cells.forEach((c, i) => {
    const w = widths[i] as number;
    if (i > 0) p.vline(x, top, top + height, THIN);
    p.caption(c.caption, x + CELL_PAD, top + mm(3.2), w - 2 * CELL_PAD);
    p.line(c.value, x + CELL_PAD, top + height - mm(2), w - 2 * CELL_PAD, { bold: true, size: valueSize, minSize: 6 });
    x += w;
  });
}
