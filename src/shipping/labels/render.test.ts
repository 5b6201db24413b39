import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { textCleaner } from './fonts.js';
import { LabelInputError, type LabelInput } from './model.js';
import { orderLabels, pageGeometry, renderLabels, writeLabels, type RenderLabelsOptions } from './render.js';
import { sampleLabel, sampleLabels } from '../../../test/support/labels/samples.js';

const PDFTOPPM = '/usr/bin/pdftoppm';
const ZBARIMG = '/usr/bin/zbarimg';
const TOOLS_HINT = 'apt-get install -y poppler-utils zbar-tools';
const haveTools = existsSync(PDFTOPPM) && existsSync(ZBARIMG);
const inCI = process.env.CI === 'true';
// Scans run when the tools exist; in CI their absence is a failure, locally a visible skip.
const scanIt = haveTools || inCI ? it : it.skip;
if (!haveTools && !inCI) console.warn(`[labels] barcode scan tests skipped: ${PDFTOPPM} or ${ZBARIMG} missing (${TOOLS_HINT})`);

const dir = mkdtempSync(join(tmpdir(), 'kassa-labels-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Pages of a pdfkit PDF: page dictionaries are written uncompressed as "/Type /Page". */
function pageCount(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type \/Page(?![a-zA-Z])/g)?.length ?? 0;
}

function expectPdf(pdf: Buffer): void {
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.subarray(-8).toString('latin1')).toContain('%%EOF');
}

/** Decoded barcode payloads of page 1 at 150 dpi. */
function scanPage1(pdfPath: string): string[] {
  if (!haveTools) throw new Error(`barcode scan needs ${PDFTOPPM} and ${ZBARIMG}: ${TOOLS_HINT}`);
  const prefix = `${pdfPath}.p`;
  execFileSync(PDFTOPPM, ['-png', '-r', '150', '-f', '1', '-l', '1', '-singlefile', pdfPath, prefix]);
  let out: string;
  try {
    out = execFileSync(ZBARIMG, ['--raw', '-q', `${prefix}.png`], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch (err) {
    // zbarimg exits 4 when it finds nothing; report that as "no codes".
    out = (err as { stdout?: string }).stdout ?? '';
  }
  return out
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
}

async function renderToFile(name: string, labels: LabelInput[], opts: Parameters<typeof writeLabels>[1]): Promise<{ path: string; pdf: Buffer }> {
  const path = join(dir, name);
  await writeLabels(labels, opts, createWriteStream(path));
  return { path, pdf: readFileSync(path) };
}

describe('label PDF', () => {
  it('A6: one 100 × 150 mm page per label', async () => {
    const label = sampleLabel(0);
    const { pdf } = await renderToFile('a6.pdf', [label], { pageSize: 'A6' });
    expectPdf(pdf);
    expect(pageCount(pdf)).toBe(1);
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 283\.46\d* 425\.19\d*\]/);
  });

  scanIt('A6: Code 128 decodes to the tracking number at 150 dpi', async () => {
    const label = sampleLabel(0);
    const { path } = await renderToFile('a6-scan.pdf', [label], { pageSize: 'A6' });
    const codes = scanPage1(path);
    expect(codes).toContain(label.trackingNumber);
    expect(codes).toContain(label.trackingUrl); // the QR code
  });

  it('A4: 10 labels, 4 per page → 3 pages', async () => {
    const { pdf } = await renderToFile('a4.pdf', sampleLabels(10), { pageSize: 'A4' });
    expectPdf(pdf);
    expect(pageCount(pdf)).toBe(3);
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.27\d* 841\.88\d*\]/);
  });

  scanIt('A4: the 4 tracking numbers of page 1 all decode at 150 dpi', async () => {
    const labels = sampleLabels(10);
    const { path } = await renderToFile('a4-scan.pdf', labels, { pageSize: 'A4' });
    const codes = scanPage1(path);
    for (const l of labels.slice(0, 4)) expect(codes).toContain(l.trackingNumber);
    expect(codes).not.toContain(labels[4]?.trackingNumber);
  });

  scanIt('Helvetica fallback (no TrueType font) also scans, 2 per A4 page', async () => {
    const labels = sampleLabels(3, 5);
    const { path, pdf } = await renderToFile('a4x2-builtin.pdf', labels, { pageSize: 'A4', labelsPerPage: 2, font: 'builtin' });
    expect(pageCount(pdf)).toBe(2);
    const codes = scanPage1(path);
    expect(codes).toContain(labels[0]?.trackingNumber);
    expect(codes).toContain(labels[1]?.trackingNumber);
  });

  it('A4 with 1 label per page, and the Readable API', async () => {
    const path = join(dir, 'a4x1.pdf');
    await pipeline(renderLabels(sampleLabels(3), { pageSize: 'A4', labelsPerPage: 1 }), createWriteStream(path));
    const pdf = readFileSync(path);
    expectPdf(pdf);
    expect(pageCount(pdf)).toBe(3);
  });

  it('page geometry: cells stay on the sheet and do not overlap', () => {
    for (const [size, per] of [
      ['A6', 1],
      ['A4', 1],
      ['A4', 2],
      ['A4', 4],
    ] as const) {
      const g = pageGeometry(size, per);
      expect(g.cells).toHaveLength(per);
      for (const c of g.cells) {
        expect(c.x).toBeGreaterThanOrEqual(0);
        expect(c.y).toBeGreaterThanOrEqual(0);
        expect(c.x + c.w).toBeLessThanOrEqual(g.size[0] + 1e-9);
        expect(c.y + c.h).toBeLessThanOrEqual(g.size[1] + 1e-9);
        expect(c.w).toBeCloseTo((100 * 72) / 25.4, 6);
      }
      for (const a of g.cells) for (const b of g.cells) if (a !== b) expect(a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y).toBe(true);
    }
  });

  it('orders labels', () => {
    const labels = [
      sampleLabel(2, { trackingNumber: 'B10', merchantReference: 'ORDER-10' }),
      sampleLabel(0, { trackingNumber: 'B9', merchantReference: undefined }),
      sampleLabel(1, { trackingNumber: 'A1', merchantReference: 'ORDER-9' }),
    ];
    expect(orderLabels(labels, 'asGiven').map((l) => l.trackingNumber)).toEqual(['B10', 'B9', 'A1']);
    expect(orderLabels(labels, 'trackingNumber').map((l) => l.trackingNumber)).toEqual(['A1', 'B9', 'B10']);
    expect(orderLabels(labels, 'merchantReference').map((l) => l.trackingNumber)).toEqual(['A1', 'B10', 'B9']);
  });

  it('rejects invalid input before writing anything, naming the field', async () => {
    const bad = [sampleLabel(0), sampleLabel(1, { trackingNumber: 'ŽŽ123' })];
    let written = 0;
    const sink = new Writable({ write: (c: Buffer, _e, cb) => ((written += c.length), cb()) });
    sink.on('error', () => undefined);
    const err = await writeLabels(bad, { pageSize: 'A6' }, sink).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LabelInputError);
    expect((err as LabelInputError).message).toMatch(/^labels\[1\]\.trackingNumber /);
    expect(written).toBe(0);
    expect(sink.destroyed).toBe(true);

    const noPoint = sampleLabel(0, { pickupPoint: undefined });
    await expect(
      writeLabels(
        [noPoint],
        { pageSize: 'A6' },
        new Writable({ write: (_c, _e, cb) => cb() }).on('error', () => undefined),
      ),
    ).rejects.toThrow('labels[0].pickupPoint is required');
    const stream = renderLabels([sampleLabel(0, { parcelIndex: 4, parcelCount: 3 })], { pageSize: 'A6' });
    await expect(pipeline(stream, new Writable({ write: (_c, _e, cb) => cb() }))).rejects.toThrow('parcelIndex');
    await expect(
      writeLabels(
        [],
        { pageSize: 'A6' },
        new Writable({ write: (_c, _e, cb) => cb() }).on('error', () => undefined),
      ),
    ).rejects.toThrow('at least one label');
  });

  it('stops rendering when the consumer goes away', async () => {
    const stream = renderLabels(sampleLabels(500), { pageSize: 'A6' });
    const first = await new Promise<Buffer>((resolve) => stream.once('data', resolve));
    expect(first.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const closed = new Promise((resolve) => stream.once('close', resolve));
    stream.destroy();
    await closed;
  });
});

describe('text for the fonts', () => {
  it('builtin Helvetica: transliterates what WinAnsi lacks, keeps what it has', () => {
    const clean = textCleaner('builtin');
    expect(clean('Jānis Bērziņš')).toBe('Janis Berzinš');
    expect(clean('Łódź')).toBe('Lódz');
    expect(clean('Šiauliai')).toBe('Šiauliai');
    expect(clean('Москва, ЖУК, Жанна')).toBe('Moskva, ZHUK, Zhanna');
    expect(clean('Київ')).toBe('Kyiv');
    expect(clean('Євгенія Гнатюк')).toBe('Yevheniia Hnatiuk');
    expect(clean('Ελένη')).toBe('Eleni');
    expect(clean('a\nb\tc\u0000')).toBe('a b c');
    expect(clean('李🙂')).toBe('??');
  });

  it('embedded font: keeps Baltic, Polish and Cyrillic, replaces the rest', () => {
    const clean = textCleaner('embedded');
    for (const s of ['Jānis Bērziņš', 'Łódź', 'Šiauliai', 'Анна Кузнецова', 'Ґанна', 'Ştefan Țurcanu']) expect(clean(s)).toBe(s);
    expect(clean('A\u0304')).toBe('Ā'); // combining macron composed
    expect(clean('李 Li')).toBe('? Li');
  });
});

describe('content streams (PageContent)', () => {
  // The renderer builds pages' content streams itself (fewer Buffers for the garbage collector);
  // the bytes must be pdfkit's own, for every layout and both font kinds.
  const labels = sampleLabels(60);
  const layouts: RenderLabelsOptions[] = [
    { pageSize: 'A6' },
    { pageSize: 'A4', labelsPerPage: 4, order: 'merchantReference' },
    { pageSize: 'A4', labelsPerPage: 2 },
    { pageSize: 'A4', labelsPerPage: 1, font: 'builtin' },
  ];
  const bytes = async (opts: RenderLabelsOptions, pdfkitContent: boolean): Promise<Buffer> => {
    const chunks: Buffer[] = [];
    await writeLabels(labels, { ...opts, documentDate: new Date('2026-01-02T03:04:05Z') }, new Writable({ write: (c: Buffer, _e, cb) => (chunks.push(c), cb()) }), { pdfkitContent });
    return Buffer.concat(chunks);
  };
  for (const opts of layouts) {
    it(`are byte for byte pdfkit's (${JSON.stringify(opts)})`, async () => {
      const ours = await bytes(opts, false);
      const theirs = await bytes(opts, true);
      expect(ours.length).toBe(theirs.length);
      expect(ours.equals(theirs)).toBe(true);
    });
  }
});

describe('bounded memory', () => {
  it('2,000 labels to a discarding sink keep RSS growth under 150 MB', { timeout: 120_000 }, async () => {
    const labels = sampleLabels(2000);
    const discard = (): Writable & { bytes: number } => {
      const w = new Writable({
        write(chunk: Buffer, _enc, cb) {
          w.bytes += chunk.length;
          cb();
        },
      }) as Writable & { bytes: number };
      w.bytes = 0;
      return w;
    };
    await writeLabels(labels.slice(0, 20), { pageSize: 'A6' }, discard()); // warm up fonts, JIT
    const before = process.memoryUsage().rss;
    let peak = before;
    const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    const sink = discard();
    const stats = await writeLabels(labels, { pageSize: 'A6' }, sink);
    clearInterval(timer);
    peak = Math.max(peak, process.memoryUsage().rss);
    expect(stats.pages).toBe(2000);
    expect(sink.bytes).toBe(stats.bytes);
    const growthMb = (peak - before) / 1e6;
    expect(growthMb, `RSS grew ${growthMb.toFixed(0)} MB`).toBeLessThan(150);
  });
});

describe('property: any names render', () => {
  const letters = [...'aąbcčdeēęėfgģhiīįjkķlļłmnņńoóprsšśtuūųvzžźżAĄČĒĘĖĢĪĮĶĻŁŅŃÓŠŚŪŲŽŹŻабвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВЖЗИЙЩЫЭЮЯєіїґ'];
  const name = fc
    .array(fc.oneof(fc.constantFrom(...letters), fc.constantFrom(' ', '-', "'", '.'), fc.string({ unit: 'binary', maxLength: 2 })), { minLength: 1, maxLength: 60 })
    .map((parts) => `X${parts.join('')}`);

  for (const font of ['auto', 'builtin'] as const) {
    it(`never throws and yields a valid PDF (${font} font)`, { timeout: 120_000 }, async () => {
      await fc.assert(
        fc.asyncProperty(name, name, name, fc.boolean(), async (receiver, street, point, pickup) => {
          const base = sampleLabel(pickup ? 0 : 1);
          const label: LabelInput = {
            ...base,
            receiver: { ...base.receiver, name: receiver, streetAddress: street, locality: point },
            sender: { ...base.sender, name: point },
            ...(pickup ? { pickupPoint: { id: 'P1', name: point, streetAddress: street, locality: receiver, postalCode: 'LV-1000' } } : {}),
          };
          const chunks: Buffer[] = [];
          await writeLabels([label], { pageSize: 'A4', labelsPerPage: 1, font }, new Writable({ write: (c: Buffer, _e, cb) => (chunks.push(c), cb()) }));
          const pdf = Buffer.concat(chunks);
          expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
          expect(pdf.subarray(-8).toString('latin1')).toContain('%%EOF');
          expect(pageCount(pdf)).toBe(1);
        }),
        { numRuns: 40 },
      );
    });
  }
});
