/**
 * Streams shipping labels as one PDF.
 *
 * Page sizes:
 * - 'A6': one label per page, and the page is exactly 100 × 150 mm (283.46 × 425.20 pt), the
 *   standard thermal label stock carriers use — NOT ISO A6 (105 × 148 mm). The option keeps the
 *   name 'A6' because that is what the API asks for.
 * - 'A4': a 210 × 297 mm sheet for office printers, with `labelsPerPage` 4 (default: 2 × 2 grid
 *   of 100 × 144 mm cells, 3 mm sheet margins, dashed cut lines in the gutters), 2 (one column of
 *   two 100 × 144 mm cells, for half-sheet label stock) or 1 (one true 100 × 150 mm label at the
 *   top, with a dashed cut frame).
 *
 * Memory stays bounded whatever the number of labels: pdfkit writes each page's objects as soon
 * as the page ends, we wait for the sink to drain (backpressure) before drawing more, and a
 * label's barcodes are encoded, drawn and forgotten. What does grow with the label count is
 * small bookkeeping inside pdfkit (one xref offset and one page reference per page). pdfkit's
 * per-font text layout cache (one entry per distinct word, never evicted) would grow with every
 * unique name and tracking number, but switching it off makes embedded-font text ~2× slower
 * (every measurement re-runs OpenType shaping), so we keep it and trim it every
 * LAYOUT_CACHE_LABELS labels to the words that recur (see LayoutCaches).
 *
 * What a file costs is mostly garbage, not what it keeps: objects and Buffers that live through
 * two scavenges wait in the old generation for a full collection, so they pile up between two
 * full collections and lift the process's RSS for good (the allocator keeps what it got). V8
 * runs one only when the old generation has grown by its growing factor (up to 4× its live size
 * on a machine with much memory), which a label file alone never reaches. PageContent,
 * LayoutCaches and barcode.ts's pdfNumber cut what survives (render.memory.test.ts).
 */
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { deflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import { resolveFonts, textCleaner, type LabelFontChoice } from './fonts.js';
import { drawLabel, mm, type DrawContext, type Rect } from './layout.js';
import { validateLabelInput, type LabelInput } from './model.js';

export type LabelPageSize = 'A6' | 'A4';
export type LabelsPerPage = 1 | 2 | 4;
/**
 * asGiven; trackingNumber; merchantReference (without one last); createdAt (the shipment's
 * creation, oldest first); carrier (by carrier name, then as createdAt). Sorts are stable, so
 * parcels of one shipment stay together in parcel order wherever keys tie.
 */
export type LabelOrder = 'asGiven' | 'trackingNumber' | 'merchantReference' | 'createdAt' | 'carrier';
export const LABEL_ORDERS: readonly LabelOrder[] = ['asGiven', 'trackingNumber', 'merchantReference', 'createdAt', 'carrier'];

export interface RenderLabelsOptions {
  pageSize: LabelPageSize;
  /** Only for A4; default 4. Ignored for A6 (always 1). */
  labelsPerPage?: LabelsPerPage;
  /** Default 'asGiven'. Sorting needs the whole list, so it requires an array input. */
  order?: LabelOrder;
  /** Default 'auto' (an installed font with Baltic/Polish/Cyrillic glyphs, else Helvetica + transliteration). */
  font?: LabelFontChoice;
  /** IANA time zone for the printed creation date. Default 'UTC'. */
  timeZone?: string;
  /** Stamped as the PDF's CreationDate (pass the injected clock's now; default: pdfkit's own). */
  documentDate?: Date;
  /** PDF title. Default 'Shipping labels'. */
  title?: string;
}

export type LabelSource = readonly LabelInput[] | Iterable<LabelInput> | AsyncIterable<LabelInput>;

export interface RenderStats {
  labels: number;
  pages: number;
  bytes: number;
  /** Which font was used, e.g. "DejaVu Sans (/usr/share/...)" or the Helvetica fallback. */
  font: string;
}

interface PageGeometry {
  size: [number, number];
  cells: Rect[];
  /** Dashed cut lines as [x1, y1, x2, y2]. */
  cuts: Array<[number, number, number, number]>;
}

export const LABEL_WIDTH_MM = 100;
export const LABEL_HEIGHT_MM = 150;

export function pageGeometry(pageSize: LabelPageSize, labelsPerPage: LabelsPerPage = 4): PageGeometry {
  if (pageSize === 'A6') {
    return { size: [mm(LABEL_WIDTH_MM), mm(LABEL_HEIGHT_MM)], cells: [{ x: 0, y: 0, w: mm(LABEL_WIDTH_MM), h: mm(LABEL_HEIGHT_MM) }], cuts: [] };
  }
  const pw = mm(210);
  const ph = mm(297);
  const margin = mm(3);
  const cellW = mm(100);
  if (labelsPerPage === 1) {
    const x = (pw - cellW) / 2;
    const y = margin;
    const h = mm(LABEL_HEIGHT_MM);
    return {
      size: [pw, ph],
      cells: [{ x, y, w: cellW, h }],
      cuts: [
        [0, y + h, pw, y + h],
        [x, 0, x, y + h],
        [x + cellW, 0, x + cellW, y + h],
      ],
    };
  }
  const cellH = mm(144);
  const vGap = ph - 2 * margin - 2 * cellH; // 3 mm
  const rowsY = [margin, margin + cellH + vGap];
  const midY = margin + cellH + vGap / 2;
  if (labelsPerPage === 2) {
    const x = (pw - cellW) / 2;
    return {
      size: [pw, ph],
      cells: rowsY.map((y) => ({ x, y, w: cellW, h: cellH })),
      cuts: [
        [0, midY, pw, midY],
        [x, 0, x, ph],
        [x + cellW, 0, x + cellW, ph],
      ],
    };
  }
  const hGap = pw - 2 * margin - 2 * cellW; // 4 mm
  const colsX = [margin, margin + cellW + hGap];
  const midX = margin + cellW + hGap / 2;
  return {
    size: [pw, ph],
    cells: rowsY.flatMap((y) => colsX.map((x) => ({ x, y, w: cellW, h: cellH }))),
    cuts: [
      [0, midY, pw, midY],
      [midX, 0, midX, ph],
    ],
  };
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** What the orders read of a label: a caller may sort lighter stand-ins of its labels the same way. */
export type LabelOrderKeys = Pick<LabelInput, 'trackingNumber' | 'createdAt' | 'carrier' | 'merchantReference' | 'parcelIndex'>;

export function orderLabels<T extends LabelOrderKeys>(labels: readonly T[], order: LabelOrder): readonly T[] {
  if (order === 'asGiven') return labels;
  const byTracking = (a: T, b: T): number => collator.compare(a.trackingNumber, b.trackingNumber);
  if (order === 'trackingNumber') return [...labels].sort(byTracking);
  const byCreated = (a: T, b: T): number => a.createdAt.getTime() - b.createdAt.getTime();
  if (order === 'createdAt') return [...labels].sort(byCreated);
  if (order === 'carrier') return [...labels].sort((a, b) => collator.compare(a.carrier.name, b.carrier.name) || collator.compare(a.carrier.code, b.carrier.code) || byCreated(a, b));
  // merchantReference: labels without one go last; ties keep parcels of one shipment together in parcel order.
  return [...labels].sort((a, b) => {
    const ra = a.merchantReference?.trim() || undefined;
    const rb = b.merchantReference?.trim() || undefined;
    if (ra === undefined || rb === undefined) return ra === rb ? 0 : ra === undefined ? 1 : -1;
    return collator.compare(ra, rb) || a.parcelIndex - b.parcelIndex;
  });
}

function isAsyncIterable(x: LabelSource): x is AsyncIterable<LabelInput> {
  return typeof (x as Partial<AsyncIterable<LabelInput>>)[Symbol.asyncIterator] === 'function';
}

function drawContext(fontKind: 'embedded' | 'builtin', regular: string, bold: string, timeZone: string): DrawContext {
  const dateFormat = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  let regions: Intl.DisplayNames | undefined;
  try {
    regions = new Intl.DisplayNames(['en'], { type: 'region' });
  } catch {
    regions = undefined;
  }
  const countryCache = new Map<string, string>();
  return {
    clean: textCleaner(fontKind),
    regular,
    bold,
    formatDate: (d) => dateFormat.format(d),
    countryName: (code) => {
      const key = code.trim().toUpperCase();
      let name = countryCache.get(key);
      if (name === undefined) {
        try {
          name = /^[A-Z]{2}$/.test(key) ? (regions?.of(key) ?? key) : key;
          // Unassigned codes come back as "Unknown Region" (or unchanged): print the code itself.
          if (name === 'Unknown Region' || name === '') name = key;
        } catch {
          name = key;
        }
        countryCache.set(key, name);
      }
      return name;
    },
  };
}

/** Waits until `sink` wants more data (or has closed, which the caller then checks). */
function drained(sink: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (): void => {
      cleanup();
      resolve();
    };
    const failed = (err: Error): void => {
      cleanup();
      reject(err);
    };
    const cleanup = (): void => {
      sink.off('drain', done);
      sink.off('close', done);
      sink.off('error', failed);
    };
    sink.on('drain', done);
    sink.on('close', done);
    sink.on('error', failed);
  });
}

const YIELD_EVERY = 16;
const FLUSH_BYTES = 64 * 1024;
/**
 * How often pdfkit's per-font word layout caches are trimmed, in labels. A word that is in the
 * cache at two trims in a row (it was laid out in both windows: captions, the sender, carrier
 * names, common towns) stays; the rest (receivers' names, tracking numbers, references) goes.
 * Emptying the caches every 64 labels kept fontkit's layouts of one-off words alive long enough
 * to be promoted to the old generation (~6 MB per 1,000 labels, garbage until the next full
 * collection), and laid the constant words out again after each trim: 5,026 layouts for 1,000
 * sample labels, 3,727 now. Emptying them every label instead cost ~40 % more CPU.
 */
const LAYOUT_CACHE_LABELS = 8;

/**
 * Trims pdfkit's per-font word layout caches (EmbeddedFont.layoutCache, pdfkit 0.17), keeping the
 * words that were also there at the previous trim. This reaches into pdfkit internals on purpose,
 * defensively: if a future pdfkit renames them, this does nothing and only the memory bound is
 * lost (the memory test in render.memory.test.ts would say so).
 */
class LayoutCaches {
  private readonly previous = new WeakMap<object, Set<string>>();

  trim(doc: PDFKit.PDFDocument): void {
    const families = (doc as unknown as { _fontFamilies?: Record<string, unknown> })._fontFamilies;
    if (!families || typeof families !== 'object') return;
    // A font is there under each name it was asked for (the registered one and its PostScript name).
    for (const font of new Set(Object.values(families))) {
      if (!font || typeof font !== 'object' || !('layoutCache' in font) || !font.layoutCache || typeof font.layoutCache !== 'object') continue;
      const cache = font.layoutCache as Record<string, unknown>;
      const words = Object.keys(cache);
      const before = this.previous.get(font);
      const kept = Object.create(null) as Record<string, unknown>;
      if (before) for (const w of words) if (before.has(w)) kept[w] = cache[w];
      this.previous.set(font, new Set(words));
      (font as { layoutCache: Record<string, unknown> }).layoutCache = kept;
    }
  }
}

/** The parts of pdfkit's PDFReference (pdfkit 0.17) that PageContent replaces on a page's content stream. */
interface ContentRef {
  write(chunk: unknown): unknown;
  finalize(): unknown;
  compress: boolean;
  buffer: unknown[];
  data: { Length?: number; Filter?: string };
}

/**
 * deflate's output buffer per page. zlib.deflateSync's default (16 KiB) is 5× a page's compressed
 * content (~2.7 KiB).
 */
const DEFLATE_CHUNK = 4 * 1024;

/**
 * Replaces how pdfkit turns a page's drawing operators into its compressed content stream, to
 * allocate less memory outside the JavaScript heap: pdfkit 0.17's PDFReference.write makes one
 * Buffer per operator (`Buffer.from(op + '\n', 'binary')`, ~600 per label), finalize joins them
 * into a new Buffer and deflates it into a fresh 16 KiB one: ~50 MB of Buffers for 1,000 labels.
 * Those that outlive a scavenge wait for a full garbage collection, pile up to tens of MB between
 * two and lift the process's RSS, which then stays up (the allocator keeps what it got). Here the
 * operators are collected as strings, encoded into one scratch buffer that the whole document
 * reuses, and deflated into a 4 KiB one: ~10 MB of Buffers for 1,000 labels, the output included,
 * of which ~1 MB now outlives a scavenge (the 4 KiB buffers did: see deflate).
 *
 * The bytes are pdfkit's own: each operator followed by a newline, latin1, deflated with zlib's
 * defaults, then pdfkit's finalize (the object, its Length and Filter in its order, offsets);
 * render.test.ts compares them with pdfkit's. Like LayoutCaches, this reaches into pdfkit on
 * purpose and defensively: a page whose content stream lacks these members is left to pdfkit, and
 * only the memory saving is lost (the memory test says so).
 */
class PageContent {
  private scratch = Buffer.allocUnsafe(64 * 1024);

  /** Takes over the current page's content stream. */
  adopt(doc: PDFKit.PDFDocument): void {
    const ref = (doc as unknown as { page?: { content?: Partial<ContentRef> } }).page?.content;
    if (!ref || typeof ref.write !== 'function' || typeof ref.finalize !== 'function' || !Array.isArray(ref.buffer) || typeof ref.data !== 'object') return;
    const own = ref as ContentRef;
    // addPage has already written the page's initial transform, one Buffer per operator with its
    // newline: those become the first operators here.
    if (!own.buffer.every((b) => b instanceof Uint8Array && b.length > 0 && b[b.length - 1] === 0x0a)) return;
    let ops: string[] = (own.buffer as Uint8Array[]).map((b) => Buffer.from(b.buffer, b.byteOffset, b.length - 1).toString('latin1'));
    own.buffer = [];
    const write = own.write.bind(own);
    const finalize = own.finalize.bind(own);
    // Anything but an operator string (never, from the layout) goes through pdfkit as it came.
    let mixed = false;
    own.write = (chunk: unknown): unknown => {
      if (typeof chunk === 'string' && !mixed) {
        ops.push(chunk);
        return undefined;
      }
      mixed = true;
      // pdfkit appends the newline after the last one, as after each operator.
      if (ops.length) write(ops.join('\n'));
      ops = [];
      return write(chunk);
    };
    own.finalize = (): unknown => {
      if (!mixed && ops.length && own.compress) {
        // What pdfkit's write sets, in its order (the dictionary's keys print in insertion order).
        own.data.Length ??= 0;
        own.data.Filter = 'FlateDecode';
        own.buffer = [this.deflate(`${ops.join('\n')}\n`)];
        own.compress = false;
      } else if (ops.length) write(ops.join('\n'));
      ops = [];
      return finalize();
    };
  }

  private deflate(content: string): Buffer {
    // latin1: one byte per character, as pdfkit's 'binary'.
    if (content.length > this.scratch.length) this.scratch = Buffer.allocUnsafe(content.length * 2);
    const n = this.scratch.write(content, 0, 'latin1');
    // Node's zlib engine outlives its deflateSync call: its native handle keeps it through
    // young-generation collections (measured: every engine, with the 4 KiB output buffer it
    // allocated, waited in the old generation for a full collection: 4 KiB outside the heap per
    // page, ~10 MB for a 1,000-page file). `info: true` hands us the engine, and we drop its
    // buffer; what we return is a view of it, dead once pdfkit has copied it into the document.
    const { buffer, engine } = deflateSync(this.scratch.subarray(0, n), { chunkSize: DEFLATE_CHUNK, info: true }) as unknown as DeflateResult;
    if (engine && typeof engine === 'object' && '_outBuffer' in engine) engine._outBuffer = undefined;
    return buffer;
  }
}

/** zlib.deflateSync's result with `info: true` (typed as a Buffer by @types/node). */
interface DeflateResult {
  buffer: Buffer;
  /** Node's Deflate object; `_outBuffer` is its output buffer (node:zlib, since Node 0.x). */
  engine: { _outBuffer?: unknown } | undefined;
}

/**
 * Writes the PDF to `sink`, honouring its backpressure, then ends it and waits for 'finish'.
 * Inputs given as an array are all validated before the first byte is written. On failure the
 * sink is destroyed with the error (a half-written PDF must not look complete) and the
 * promise rejects.
 */
export async function writeLabels(labels: LabelSource, opts: RenderLabelsOptions, sink: Writable, internals: RenderInternals = {}): Promise<RenderStats> {
  try {
    return await writeLabelsUnguarded(labels, opts, sink, internals);
  } catch (err) {
    if (!sink.destroyed) sink.destroy(err instanceof Error ? err : new Error(String(err)));
    throw err;
  }
}

/** For tests: `pdfkitContent` leaves pages' content streams to pdfkit (no PageContent), to compare the bytes. */
export interface RenderInternals {
  pdfkitContent?: boolean;
}

async function writeLabelsUnguarded(labels: LabelSource, opts: RenderLabelsOptions, sink: Writable, internals: RenderInternals): Promise<RenderStats> {
  const order = opts.order ?? 'asGiven';
  if (opts.pageSize !== 'A6' && opts.pageSize !== 'A4') throw new TypeError(`pageSize must be 'A6' or 'A4'`);
  const perPage: LabelsPerPage = opts.pageSize === 'A6' ? 1 : (opts.labelsPerPage ?? 4);
  if (![1, 2, 4].includes(perPage)) throw new TypeError('labelsPerPage must be 1, 2 or 4');
  if (!LABEL_ORDERS.includes(order)) throw new TypeError(`order must be one of ${LABEL_ORDERS.join(', ')}`);

  // Arrays (and anything to be sorted) are validated up front: no byte is written for a bad batch.
  const isList = Array.isArray(labels);
  let source: Iterable<LabelInput> | AsyncIterable<LabelInput>;
  if (isList || order !== 'asGiven') {
    let list: readonly LabelInput[];
    if (isList) list = labels as readonly LabelInput[];
    else {
      const collected: LabelInput[] = [];
      if (isAsyncIterable(labels)) for await (const l of labels) collected.push(l);
      else for (const l of labels as Iterable<LabelInput>) collected.push(l);
      list = collected;
    }
    list.forEach((l, i) => validateLabelInput(l, i));
    source = orderLabels(list, order);
  } else {
    source = labels as Iterable<LabelInput> | AsyncIterable<LabelInput>;
  }
  const validated = isList || order !== 'asGiven';

  const fonts = resolveFonts(opts.font);
  const geometry = pageGeometry(opts.pageSize, perPage);
  const doc = new PDFDocument({
    autoFirstPage: false,
    compress: true,
    info: {
      Title: opts.title ?? 'Shipping labels',
      Producer: 'Kassa',
      Creator: 'Kassa shipping labels',
      ...(opts.documentDate ? { CreationDate: opts.documentDate } : {}),
    },
  });
  let regular = 'Helvetica';
  let bold = 'Helvetica-Bold';
  if (fonts.kind === 'embedded' && fonts.regular && fonts.bold) {
    doc.registerFont('LabelSans', fonts.regular);
    doc.registerFont('LabelSans-Bold', fonts.bold);
    regular = 'LabelSans';
    bold = 'LabelSans-Bold';
  }
  const ctx = drawContext(fonts.kind, regular, bold, opts.timeZone ?? 'UTC');
  const content = new PageContent();
  const layoutCaches = new LayoutCaches();

  let bytes = 0;
  let sinkError: Error | undefined;
  const onSinkError = (err: Error): void => {
    sinkError = err;
  };
  sink.on('error', onSinkError);
  // pdfkit emits many tiny chunks (each object header, dictionary and stream separately); hand
  // the sink fewer, larger writes: what a label produced, or 64 KiB, whichever comes first.
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = (): void => {
    if (pendingBytes === 0) return;
    const out = pending.length === 1 ? (pending[0] as Buffer) : Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    if (!sink.destroyed) sink.write(out);
  };
  doc.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    pending.push(chunk);
    pendingBytes += chunk.length;
    if (pendingBytes >= FLUSH_BYTES) flush();
  });
  const docEnded = new Promise<void>((resolve, reject) => {
    doc.once('end', resolve);
    doc.once('error', reject);
  });

  let count = 0;
  let pages = 0;
  try {
    for await (const label of source) {
      if (!validated) validateLabelInput(label, count);
      const slot = count % perPage;
      if (slot === 0) {
        doc.addPage({ size: geometry.size, margin: 0 });
        if (!internals.pdfkitContent) content.adopt(doc);
        pages++;
        drawCutLines(doc, geometry);
      }
      const cell = geometry.cells[slot] as Rect;
      drawLabel(doc, label, cell, ctx);
      flush();
      count++;
      if (count % LAYOUT_CACHE_LABELS === 0) layoutCaches.trim(doc);
      if (sinkError) throw sinkError;
      if (sink.destroyed) throw new Error('label PDF output was closed before the document was complete');
      if (sink.writableNeedDrain) {
        await drained(sink);
        if (sinkError) throw sinkError;
        if (sink.destroyed) throw new Error('label PDF output was closed before the document was complete');
      } else if (count % YIELD_EVERY === 0) {
        // Let timers and I/O run between batches; a big file must not freeze the process.
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    }
    if (count === 0) {
      // A PDF needs at least one page; an empty batch is a caller error.
      throw new RangeError('labels must contain at least one label');
    }
    doc.end();
    await docEnded;
    flush();
    if (sinkError) throw sinkError;
    await new Promise<void>((resolve, reject) => {
      sink.end((err?: Error | null) => (err ? reject(err) : resolve()));
    });
  } catch (err) {
    doc.removeAllListeners('data');
    throw err;
  } finally {
    sink.off('error', onSinkError);
  }
  return { labels: count, pages, bytes, font: fonts.description };
}

/**
 * The same PDF as a Readable stream, produced as the consumer reads it. Errors (invalid input,
 * rendering failures) surface as the stream's 'error' event.
 */
export function renderLabels(labels: LabelSource, opts: RenderLabelsOptions): Readable {
  const out = new PassThrough({ highWaterMark: 256 * 1024 });
  writeLabels(labels, opts, out).catch(() => {
    // writeLabels already destroyed `out` with the error; nothing else to do.
  });
  return out;
}

function drawCutLines(doc: PDFKit.PDFDocument, geometry: PageGeometry): void {
  if (geometry.cuts.length === 0) return;
  doc.save().lineWidth(0.5).strokeColor('black').dash(3, { space: 3 });
  for (const [x1, y1, x2, y2] of geometry.cuts) doc.moveTo(x1, y1).lineTo(x2, y2).stroke();
  doc.undash().restore();
}
