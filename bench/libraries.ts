/**
 * Our hand-written writers against the maintained libraries that do the same job, on the
 * workloads of `npm run bench` (docs/decisions.md, "Exports and QR: our writers or libraries"):
 *
 *   npm install --no-save exceljs yazl archiver qrcode   # the candidates we did not adopt
 *   npx tsx bench/libraries.ts                           # all three comparisons
 *   BENCH_LIB=xlsx BENCH_LIB_RUNS=5 npx tsx bench/libraries.ts
 *
 * - xlsx: the payout export of the `exports` step (100,000 orders: a payment and a fee per order
 *   and a refund of every 50th, 202,000 rows), written as XLSX by ours (src/payouts/exports) and by
 *   exceljs' streaming WorkbookWriter (same two sheets, styles, frozen header), into a sink that
 *   drops the bytes, inside a worker thread with the heap limits of the export worker
 *   (src/payouts/export-runner.ts EXPORT_RESOURCE_LIMITS), as in production.
 * - zip: the same rows sheet (~81 MB of XML, generated on the fly) and the small parts, zipped at
 *   deflate level 3 by ours, yazl and archiver. "generate only" is the ceiling: the sheet's XML
 *   with no ZIP at all (on the main thread: in a worker with those limits its process died with
 *   SIGSEGV).
 * - qr: the 1,000 tracking URLs of `bench/labels.ts` (sampleLabel), encoded by qrcode (fixed mask,
 *   as the labels draw it, and its automatic mask) and by bwip-js (`raw()`, fixed mask), then the
 *   same symbols drawn into a 1,000-page A6 PDF: as vector modules (barcode.ts drawMatrix) and,
 *   for qrcode, as a PNG image (qrcode.toBuffer → pdfkit image). The full label file (Code 128,
 *   QR, text) of bench/labels.ts is measured in the same run for scale.
 *
 * Every candidate runs in a fresh child process: a warm-up, then BENCH_LIB_RUNS runs (default 5);
 * figures are the median run. Peak RSS is the child's (sampled every 5 ms, and its maxRSS); heap is
 * the peak V8 heap used by the isolate doing the work (the worker's for xlsx and zip) above its
 * baseline. The ratio column divides each candidate's median time by the first row's (for xlsx,
 * zip and the QR encoders: ours or the adopted library), all measured in this run. A candidate
 * whose package is not installed is listed as skipped. No targets: this informs a choice.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { totalmem } from 'node:os';
import { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import QRCode from 'qrcode';
import { EXPORT_RESOURCE_LIMITS } from '../src/payouts/export-runner.js';
import { writeExport, type PayoutExportHeader, type PayoutExportRow } from '../src/payouts/exports/index.js';
import { intEnv } from './lib/env.js';
import { MB } from './lib/proc.js';

const RUNS = intEnv('BENCH_LIB_RUNS', 5, 1);
const ORDERS = intEnv('BENCH_EXPORT_ORDERS', 100_000, 1);
const REFUND_EVERY = 50;
const LABELS = intEnv('BENCH_LABELS', 1000, 1);
const ZIP_LEVEL = 3; // what xlsx.ts uses

// ── Candidates ─────────────────────────────────────────────────────────────────────────────
type Component = 'xlsx' | 'zip' | 'qr';
interface Candidate {
  component: Component;
  name: string;
  /** npm packages it needs (a missing one skips the candidate). */
  packages: string[];
  /** Runs in a worker with the export worker's heap limits (xlsx, zip). */
  inWorker: boolean;
}

const CANDIDATES: Candidate[] = [
  { component: 'xlsx', name: 'ours (exports/xlsx.ts + zip.ts)', packages: [], inWorker: true },
  { component: 'xlsx', name: 'exceljs stream.xlsx.WorkbookWriter', packages: ['exceljs'], inWorker: true },
  { component: 'zip', name: 'ours (exports/zip.ts)', packages: [], inWorker: true },
  { component: 'zip', name: 'yazl', packages: ['yazl'], inWorker: true },
  { component: 'zip', name: 'archiver', packages: ['archiver'], inWorker: true },
  { component: 'zip', name: 'generate only (no ZIP; ceiling)', packages: [], inWorker: false },
  { component: 'qr', name: 'qrcode, fixed mask (barcode.ts)', packages: [], inWorker: false },
  { component: 'qr', name: 'qrcode.create, automatic mask', packages: [], inWorker: false },
  { component: 'qr', name: 'bwip-js raw(), fixed mask', packages: [], inWorker: false },
  { component: 'qr', name: 'PDF, qrcode as vectors (barcode.ts)', packages: [], inWorker: false },
  { component: 'qr', name: 'PDF, qrcode as PNG images', packages: [], inWorker: false },
  { component: 'qr', name: 'PDF, full labels (bench/labels.ts A6)', packages: [], inWorker: false },
];

function installed(pkg: string): boolean {
  return existsSync(new URL(`../node_modules/${pkg}/package.json`, import.meta.url));
}

/** Imports an optional package by a computed name (so tsc does not need it installed). */
async function optional<T>(pkg: string): Promise<T> {
  const mod = (await import(pkg)) as { default?: T } & T;
  return (mod.default ?? mod) as T;
}

// ── The export workload (bench/lib/exports.ts seeds the same shape) ──────────────────────────
const HEADER: PayoutExportHeader = {
  payoutUuid: '019a0000-0000-7000-8000-00000000b001',
  storeUuid: '019a0000-0000-7000-8000-00000000a001',
  storeName: 'Bench store',
  currency: 'EUR',
  settlementType: 'cardPayments',
  paymentsAmountMinor: 5_049_950_000,
  refundsAmountMinor: -1_000_000,
  feesAmountMinor: -63_124_000,
  totalAmountMinor: 4_985_826_000,
  createdAt: new Date('2026-01-01T00:00:00Z'),
};

function uuid(kind: string, i: number): string {
  return `019a${kind}-${(i >>> 16).toString(16).padStart(4, '0')}-7${(i & 0xfff).toString(16).padStart(3, '0')}-8000-${i.toString(16).padStart(12, '0')}`;
}

/** A payment and a fee per order, a 5.00 refund of every 50th order: 202,000 rows for 100,000 orders. */
function* exportRows(): Generator<PayoutExportRow> {
  const base = Date.UTC(2025, 11, 1);
  for (let i = 1; i <= ORDERS; i++) {
    const amount = 1000 + ((i * 7919) % 99000);
    const order = { orderUuid: uuid('0001', i), merchantReference: `BX-mk3x9a-${i}`, paymentMethod: 'cardPayments', currency: 'EUR', refundUuid: null };
    const at = new Date(base + i * 1000);
    yield { ...order, type: 'payment', amountMinor: amount, occurredAt: at };
    yield { ...order, type: 'fee', amountMinor: -Math.max(1, Math.floor(amount / 80)), occurredAt: at };
    if (i % REFUND_EVERY === 0) yield { ...order, type: 'refund', refundUuid: uuid('0004', i), amountMinor: -500, occurredAt: new Date(at.getTime() + 3_600_000) };
  }
}

class Discard extends Writable {
  bytes = 0;
  override _write(chunk: Buffer, _enc: BufferEncoding, cb: (err?: Error | null) => void): void {
    this.bytes += chunk.length;
    cb();
  }
}

// ── xlsx ───────────────────────────────────────────────────────────────────────────────────
interface ExcelCell {
  numFmt?: string;
  font?: { bold: boolean };
}
interface ExcelRow {
  font?: { bold: boolean };
  commit(): void;
}
interface ExcelSheet {
  columns: Array<{ header: string; key: string; width: number; style?: ExcelCell }>;
  getRow(n: number): ExcelRow;
  addRow(values: unknown[]): ExcelRow;
  commit(): void;
}
interface ExcelWorkbookWriter {
  addWorksheet(name: string, options?: { views?: Array<{ state: 'frozen'; ySplit: number }> }): ExcelSheet;
  commit(): Promise<void>;
}
interface ExcelJs {
  stream: { xlsx: { WorkbookWriter: new (o: { stream: Writable; useStyles: boolean; useSharedStrings: boolean; zip?: { zlib: { level: number } } }) => ExcelWorkbookWriter } };
}

async function xlsxExceljs(sink: Discard): Promise<number> {
  const ExcelJS = await optional<ExcelJs>('exceljs');
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true, useSharedStrings: false, zip: { zlib: { level: ZIP_LEVEL } } });
  const ws = wb.addWorksheet('Rows', { views: [{ state: 'frozen', ySplit: 1 }] });
  const widths = [10, 38, 24, 38, 16, 12, 9, 20];
  const keys = ['type', 'orderUuid', 'merchantReference', 'refundUuid', 'paymentMethod', 'amount', 'currency', 'occurredAt'];
  ws.columns = keys.map((key, i) => ({
    header: key,
    key,
    width: widths[i] ?? 10,
    ...(key === 'amount' ? { style: { numFmt: '0.00' } } : key === 'occurredAt' ? { style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } } : {}),
  }));
  const head = ws.getRow(1);
  head.font = { bold: true };
  head.commit();
  let n = 0;
  for (const r of exportRows()) {
    ws.addRow([r.type, r.orderUuid, r.merchantReference, r.refundUuid ?? undefined, r.paymentMethod, r.amountMinor / 100, r.currency, r.occurredAt]).commit();
    n++;
  }
  ws.commit();
  const payout = wb.addWorksheet('Payout');
  payout.columns = [
    { header: 'payoutUuid', key: 'k', width: 18 },
    { header: HEADER.payoutUuid, key: 'v', width: 40 },
  ];
  for (const [k, v] of [
    ['storeUuid', HEADER.storeUuid],
    ['storeName', HEADER.storeName],
    ['currency', HEADER.currency],
    ['settlementType', HEADER.settlementType],
    ['paymentsAmount', HEADER.paymentsAmountMinor / 100],
    ['refundsAmount', HEADER.refundsAmountMinor / 100],
    ['feesAmount', HEADER.feesAmountMinor / 100],
    ['totalAmount', HEADER.totalAmountMinor / 100],
    ['createdAt', HEADER.createdAt],
  ] as const) {
    payout.addRow([k, v]).commit();
  }
  payout.commit();
  await wb.commit();
  return n;
}

// ── zip ────────────────────────────────────────────────────────────────────────────────────
/** The rows sheet's XML as xlsx.ts writes it (inline strings), in ~64 K-character chunks. */
function* sheetXml(): Generator<Buffer> {
  let text = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet><sheetData>';
  const t = (ref: string, v: string): string => `<c r="${ref}" t="inlineStr"><is><t>${v}</t></is></c>`;
  let n = 1;
  for (const r of exportRows()) {
    n++;
    text +=
      `<row r="${n}">${t(`A${n}`, r.type)}${t(`B${n}`, r.orderUuid)}${t(`C${n}`, r.merchantReference)}` +
      `${r.refundUuid === null ? '' : t(`D${n}`, r.refundUuid)}${t(`E${n}`, r.paymentMethod)}<c r="F${n}" s="1"><v>${(r.amountMinor / 100).toFixed(2)}</v></c>` +
      `${t(`G${n}`, r.currency)}<c r="H${n}" s="2"><v>${r.occurredAt.getTime() / 86_400_000 + 25_569}</v></c></row>`;
    if (text.length >= 65_536) {
      yield Buffer.from(text, 'utf8');
      text = '';
    }
  }
  yield Buffer.from(`${text}</sheetData></worksheet>`, 'utf8');
}

const SMALL_PARTS: Array<[string, string]> = [
  ['[Content_Types].xml', '<?xml version="1.0"?><Types/>'.repeat(20)],
  ['_rels/.rels', '<?xml version="1.0"?><Relationships/>'.repeat(10)],
  ['xl/workbook.xml', '<?xml version="1.0"?><workbook/>'.repeat(10)],
  ['xl/styles.xml', '<?xml version="1.0"?><styleSheet/>'.repeat(40)],
];
const MTIME = new Date('2026-01-01T00:00:00Z');

async function zipOurs(sink: Discard): Promise<void> {
  const { WritableTarget } = await import('../src/payouts/exports/output.js');
  const { ZipWriter } = await import('../src/payouts/exports/zip.js');
  const target = new WritableTarget(sink);
  const zip = new ZipWriter(target, { modifiedAt: MTIME, level: ZIP_LEVEL });
  for (const [name, text] of SMALL_PARTS) await zip.addEntry(name, text);
  const entry = await zip.openEntry('xl/worksheets/sheet1.xml');
  for await (const chunk of Readable.from(sheetXml(), { objectMode: true }) as AsyncIterable<Buffer>) {
    const p = entry.write(chunk);
    if (p) await p;
  }
  await entry.close();
  await zip.finish();
  await target.end();
  target.release();
}

interface YazlZipFile {
  outputStream: Readable;
  addBuffer(b: Buffer, name: string, o: { mtime: Date; compressionLevel: number }): void;
  addReadStream(s: Readable, name: string, o: { mtime: Date; compressionLevel: number }): void;
  end(): void;
}

async function zipYazl(sink: Discard): Promise<void> {
  const yazl = await optional<{ ZipFile: new () => YazlZipFile }>('yazl');
  const zip = new yazl.ZipFile();
  const done = new Promise<void>((resolve, reject) => {
    sink.on('finish', resolve);
    sink.on('error', reject);
    zip.outputStream.on('error', reject);
  });
  zip.outputStream.pipe(sink);
  for (const [name, text] of SMALL_PARTS) zip.addBuffer(Buffer.from(text), name, { mtime: MTIME, compressionLevel: ZIP_LEVEL });
  zip.addReadStream(Readable.from(sheetXml(), { objectMode: false }), 'xl/worksheets/sheet1.xml', { mtime: MTIME, compressionLevel: ZIP_LEVEL });
  zip.end();
  await done;
}

interface ArchiverZip extends NodeJS.ReadableStream {
  append(source: Buffer | Readable, data: { name: string; date: Date }): void;
  finalize(): Promise<void>;
  on(event: 'error', fn: (err: Error) => void): this;
}

async function zipArchiver(sink: Discard): Promise<void> {
  const mod = (await import('archiver' as string)) as { ZipArchive: new (o: { zlib: { level: number } }) => ArchiverZip };
  const zip = new mod.ZipArchive({ zlib: { level: ZIP_LEVEL } });
  const done = new Promise<void>((resolve, reject) => {
    sink.on('finish', resolve);
    sink.on('error', reject);
    zip.on('error', reject);
  });
  zip.pipe(sink);
  for (const [name, text] of SMALL_PARTS) zip.append(Buffer.from(text), { name, date: MTIME });
  zip.append(Readable.from(sheetXml(), { objectMode: false }), { name: 'xl/worksheets/sheet1.xml', date: MTIME });
  await zip.finalize();
  await done;
}

async function zipNone(sink: Discard): Promise<void> {
  for (const [, text] of SMALL_PARTS) sink.write(text);
  for await (const chunk of Readable.from(sheetXml(), { objectMode: true }) as AsyncIterable<Buffer>) {
    if (!sink.write(chunk)) await new Promise((r) => sink.once('drain', r));
  }
  sink.end();
  await new Promise((r) => sink.once('finish', r));
}

// ── qr ─────────────────────────────────────────────────────────────────────────────────────
interface Matrix {
  size: number;
  dark: ArrayLike<number>;
}

async function trackingUrls(): Promise<string[]> {
  const { sampleLabel } = await import('../test/support/labels/samples.js');
  return Array.from({ length: LABELS }, (_, i) => {
    const l = sampleLabel(i);
    return l.trackingUrl ?? `https://track.kassa.example/p/${l.trackingNumber}`;
  });
}

async function qrEncoder(name: string): Promise<(text: string) => Matrix> {
  if (name.includes('barcode.ts')) {
    const { encodeQr } = await import('../src/shipping/labels/barcode.js');
    return encodeQr;
  }
  if (name.includes('bwip-js')) {
    const bwipjs = (await import('bwip-js')).default;
    return (text) => {
      const [s] = bwipjs.raw({ bcid: 'qrcode', text, eclevel: 'M', mask: 3, fixedeclevel: true } as Parameters<typeof bwipjs.raw>[0]);
      if (!s || !('pixs' in s)) throw new Error('no symbol');
      return { size: s.pixx, dark: s.pixs };
    };
  }
  // qrcode with the automatic mask (the fixed one is barcode.ts's encodeQr)
  return (text) => {
    const m = QRCode.create(text, { errorCorrectionLevel: 'M' }).modules;
    return { size: m.size, dark: m.data };
  };
}

/** A 1,000-page A6 PDF with one QR code per page (the label's QR cell: 28 mm). */
async function qrPdf(name: string, urls: string[], sink: Discard): Promise<void> {
  const PDFDocument = (await import('pdfkit')).default;
  const { drawMatrix } = await import('../src/shipping/labels/barcode.js');
  const mm = (x: number): number => (x * 72) / 25.4;
  const doc = new PDFDocument({ size: [mm(100), mm(150)], autoFirstPage: false, compress: true });
  const done = new Promise<void>((resolve) => sink.on('finish', resolve));
  doc.pipe(sink);
  const cell = mm(28);
  if (name.includes('PNG')) {
    for (const url of urls) {
      doc.addPage({ size: [mm(100), mm(150)], margin: 0 });
      const png = await QRCode.toBuffer(url, { errorCorrectionLevel: 'M', maskPattern: 2, margin: 0, scale: 4, type: 'png' });
      doc.image(png, mm(60), mm(100), { width: cell, height: cell });
    }
  } else {
    const encode = await qrEncoder(name);
    for (const url of urls) {
      doc.addPage({ size: [mm(100), mm(150)], margin: 0 });
      const m = encode(url);
      drawMatrix(doc, m, mm(60), mm(100), cell / m.size);
    }
  }
  doc.end();
  await done;
}

async function fullLabels(urls: string[], sink: Discard): Promise<void> {
  const { writeLabels } = await import('../src/shipping/labels/render.js');
  const { sampleLabel } = await import('../test/support/labels/samples.js');
  const labels = urls.map((trackingUrl, i) => ({ ...sampleLabel(i), trackingUrl }));
  await writeLabels(labels, { pageSize: 'A6' }, sink);
}

// ── One run of a candidate ─────────────────────────────────────────────────────────────────
interface RunResult {
  ms: number;
  /** CPU time of the whole process (all threads, zlib's thread pool included) during the run. */
  cpuMs: number;
  bytes: number;
  heapGrowthMB: number;
  /** Extra figure: per-symbol µs for the QR encoders, rows for the exports. */
  unit: number;
}

async function runOnce(c: Candidate, warm: boolean): Promise<RunResult> {
  const baseline = v8.getHeapStatistics().used_heap_size;
  let peak = baseline;
  const timer = setInterval(() => (peak = Math.max(peak, v8.getHeapStatistics().used_heap_size)), 5);
  const sink = new Discard();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let unit = 0;
  try {
    if (c.component === 'xlsx') {
      if (c.name.startsWith('ours')) unit = (await writeExport('excel', HEADER, exportRows(), sink)).rows;
      else unit = await xlsxExceljs(sink);
    } else if (c.component === 'zip') {
      if (c.name.startsWith('ours')) await zipOurs(sink);
      else if (c.name === 'yazl') await zipYazl(sink);
      else if (c.name === 'archiver') await zipArchiver(sink);
      else await zipNone(sink);
    } else {
      const urls = await trackingUrls();
      const list = warm ? urls.slice(0, 50) : urls;
      if (c.name.startsWith('PDF, full')) await fullLabels(list, sink);
      else if (c.name.startsWith('PDF')) await qrPdf(c.name, list, sink);
      else {
        const encode = await qrEncoder(c.name);
        const t = performance.now();
        let modules = 0;
        for (const url of list) modules += encode(url).size;
        unit = ((performance.now() - t) * 1000) / list.length;
        sink.bytes = modules;
      }
    }
  } finally {
    clearInterval(timer);
  }
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  peak = Math.max(peak, v8.getHeapStatistics().used_heap_size);
  return { ms, cpuMs: (cpu.user + cpu.system) / 1000, bytes: sink.bytes, heapGrowthMB: (peak - baseline) / MB, unit };
}

interface ChildResult {
  runs: RunResult[];
  rssMB: number;
  error?: string;
}

/** The child: a warm-up and RUNS runs, in a worker with the export limits when the candidate says so. */
async function child(index: number): Promise<void> {
  const c = CANDIDATES[index]!;
  let rss = 0;
  const sampler = setInterval(() => (rss = Math.max(rss, process.memoryUsage().rss)), 5);
  const result: ChildResult = { runs: [], rssMB: 0 };
  try {
    if (c.inWorker) {
      const runs = await new Promise<RunResult[]>((resolve, reject) => {
        const w = new Worker(fileURLToPath(import.meta.url), { workerData: index, resourceLimits: EXPORT_RESOURCE_LIMITS, execArgv: process.execArgv });
        let answer: RunResult[] | { error: string } | undefined;
        w.once('message', (m: RunResult[] | { error: string }) => {
          answer = m;
          void w.terminate(); // exiting this process under a live worker can crash it
        });
        w.once('error', reject);
        w.once('exit', (code) => {
          if (!answer) reject(new Error(`worker exited (${code}) before it answered`));
          else if ('error' in answer) reject(new Error(answer.error));
          else resolve(answer);
        });
      });
      result.runs = runs;
    } else {
      result.runs = await runAll(c);
    }
  } catch (err) {
    result.error = err instanceof Error ? `${(err as { code?: string }).code ?? ''} ${err.message}`.trim() : String(err);
  }
  clearInterval(sampler);
  result.rssMB = Math.max(rss, process.resourceUsage().maxRSS * 1024) / MB;
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
}

async function runAll(c: Candidate): Promise<RunResult[]> {
  if (c.component === 'qr') await runOnce(c, true);
  const runs: RunResult[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await runOnce(c, false));
  return runs;
}

// ── Parent ─────────────────────────────────────────────────────────────────────────────────
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

function parent(): void {
  const only = process.env.BENCH_LIB?.split(',');
  console.log(`Ours vs libraries: ${RUNS} runs per candidate in a fresh process (median); node ${process.version}, ${Math.round(totalmem() / 1024 ** 3)} GB RAM`);
  console.log(`exports: ${ORDERS.toLocaleString('en-US')} orders → ${(2 * ORDERS + Math.floor(ORDERS / REFUND_EVERY)).toLocaleString('en-US')} rows; labels: ${LABELS} tracking URLs / pages`);
  let component = '';
  let first = NaN;
  let firstCpu = NaN;
  for (let i = 0; i < CANDIDATES.length; i++) {
    const c = CANDIDATES[i]!;
    if (only && !only.includes(c.component)) continue;
    // The ratio's base: the first row of each table, and again the first PDF row.
    if (c.name.startsWith('PDF') && !CANDIDATES[i - 1]?.name.startsWith('PDF')) first = firstCpu = NaN;
    if (c.component !== component) {
      component = c.component;
      first = firstCpu = NaN;
      console.log(`\n${component}${c.inWorker ? ` (in a worker, resourceLimits ${JSON.stringify(EXPORT_RESOURCE_LIMITS)})` : ''}`);
      console.log(
        `${'candidate'.padEnd(40)} ${'median ms'.padStart(10)} ${'ratio'.padStart(6)} ${'CPU ms'.padStart(7)} ${'ratio'.padStart(6)} ${'runs ms'.padEnd(30)} ${'output'.padStart(12)} ${'heap +MB'.padStart(9)} ${'RSS MB'.padStart(7)}  note`,
      );
    }
    const missing = c.packages.filter((p) => !installed(p));
    if (missing.length) {
      console.log(`${c.name.padEnd(40)} skipped: npm install --no-save ${missing.join(' ')}`);
      continue;
    }
    let out: string;
    try {
      out = execFileSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
        env: { ...process.env, BENCH_LIB_CHILD: String(i) },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
        maxBuffer: 1024 * 1024,
      });
    } catch (err) {
      console.log(`${c.name.padEnd(40)} FAILED: the child process ${(err as { signal?: string }).signal ?? 'failed'}`);
      process.exitCode = 1;
      continue;
    }
    const r = JSON.parse(out.trim().split('\n').pop() ?? '{}') as ChildResult;
    if (r.error) {
      console.log(`${c.name.padEnd(40)} FAILED: ${r.error} (RSS ${r.rssMB.toFixed(0)} MB)`);
      process.exitCode = 1;
      continue;
    }
    const ms = median(r.runs.map((x) => x.ms));
    const cpuMs = median(r.runs.map((x) => x.cpuMs));
    if (Number.isNaN(first)) first = ms;
    if (Number.isNaN(firstCpu)) firstCpu = cpuMs;
    const isEncoder = c.component === 'qr' && !c.name.startsWith('PDF');
    const output = isEncoder ? `${(median(r.runs.map((x) => x.bytes)) / LABELS).toFixed(1)} mod/side` : `${(median(r.runs.map((x) => x.bytes)) / MB).toFixed(2)} MB`;
    const note = isEncoder
      ? `${median(r.runs.map((x) => x.unit)).toFixed(1)} µs/symbol`
      : c.component === 'qr'
        ? `${(ms / LABELS).toFixed(2)} ms/page`
        : c.component === 'xlsx'
          ? `${((median(r.runs.map((x) => x.unit)) / ms) * 1000).toFixed(0)} rows/s`
          : '';
    console.log(
      `${c.name.padEnd(40)} ${ms.toFixed(0).padStart(10)} ${(ms / first).toFixed(2).padStart(6)} ${cpuMs.toFixed(0).padStart(7)} ${(cpuMs / firstCpu).toFixed(2).padStart(6)} ${r.runs
        .map((x) => x.ms.toFixed(0))
        .join(', ')
        .padEnd(30)} ` +
        `${output.padStart(12)} ${median(r.runs.map((x) => x.heapGrowthMB))
          .toFixed(1)
          .padStart(9)} ${r.rssMB.toFixed(0).padStart(7)}  ${note}`,
    );
  }
}

if (!isMainThread) {
  const c = CANDIDATES[workerData as number]!;
  runAll(c).then(
    (runs) => parentPort!.postMessage(runs),
    (err: unknown) => parentPort!.postMessage({ error: err instanceof Error ? err.message : String(err) }),
  );
} else if (process.env.BENCH_LIB_CHILD !== undefined) await child(Number(process.env.BENCH_LIB_CHILD));
else parent();
