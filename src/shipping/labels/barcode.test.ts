import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import bwipjs from 'bwip-js';
import { QR_MAX_BYTES_M, encodeCode128, encodeQr, pdfNumber, type MatrixSymbol } from './barcode.js';

describe('encodeQr', () => {
  it('throws a RangeError beyond version 40-M', () => {
    expect(QR_MAX_BYTES_M).toBe(2331);
    expect(encodeQr('a'.repeat(2331)).size).toBe(177);
    expect(() => encodeQr('a'.repeat(2332))).toThrow(RangeError);
    expect(() => encodeQr('ā'.repeat(1166))).toThrow(RangeError); // 2332 UTF-8 bytes
    expect(encodeQr('ā'.repeat(1165)).size).toBe(177);
    expect(() => encodeQr('a'.repeat(100_000))).toThrow(RangeError);
  });

  it('returns a fresh matrix each time (callers may keep it)', () => {
    const a = encodeQr('https://kassa.example.com/track/dpd/abc');
    const copy = Array.from(a.dark);
    encodeQr('https://kassa.example.com/track/dpd/xyz');
    expect(Array.from(a.dark)).toEqual(copy);
  });
});

/** bwip-js's Code 128 (BWIPP's encoder), which encodeCode128 replaced: the same bars are expected. */
function bwipCode128(text: string): number[] {
  const [symbol] = bwipjs.raw({ bcid: 'code128', text });
  if (!symbol || !('sbs' in symbol)) throw new Error('bwip-js returned no Code 128 symbol');
  return symbol.sbs;
}

describe('encodeCode128', () => {
  it("draws BWIPP's bars for any tracking number (printable ASCII)", () => {
    const fixed = [
      ...Array.from({ length: 14 }, (_, k) => '1234567890123'.slice(0, k + 1)),
      ...[
        'CE123456789EE',
        'LV123456789012',
        '00340434161234567890',
        'JJD0002249812345678',
        '1Z999AA10123456784',
        '3SKAAA0000001',
        'A1',
        'A12',
        'A123',
        'A1234',
        'A12345',
        'A123456B',
        '12A',
        '123A',
        '1234A',
        '12345A',
        '12 34',
        'a1234b56789',
        'x',
        '~',
        '!0"1#2',
        'ab1234cd',
      ],
    ];
    for (const t of fixed) expect(encodeCode128(t).widths, t).toEqual(bwipCode128(t));
    const printable = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...'0123456789') },
      { weight: 3, arbitrary: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ') },
      { weight: 1, arbitrary: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)) },
    );
    const trackingNumber = fc
      .array(printable, { minLength: 1, maxLength: 48 })
      .map((cs) => cs.join('').trim())
      .filter((t) => t.length > 0);
    fc.assert(
      fc.property(trackingNumber, (t) => {
        const ours = encodeCode128(t);
        expect(ours.widths).toEqual(bwipCode128(t));
        expect(ours.modules).toBe(ours.widths.reduce((a, b) => a + b, 0));
      }),
      { numRuns: 5_000 },
    );
  });

  it('refuses what is not printable ASCII', () => {
    for (const t of ['', 'a\tb', 'ā', '\u007f']) expect(() => encodeCode128(t), JSON.stringify(t)).toThrow(RangeError);
  });
});

/** How pdfkit 0.17 writes a number into a content stream (PDFObject.number, then a template literal). */
const pdfkitNumber = (n: number): string => {
  if (!(n > -1e21 && n < 1e21)) throw new Error(`unsupported number: ${n}`);
  return `${Math.round(n * 1e6) / 1e6}`;
};

describe('pdfNumber', () => {
  it('writes any number as pdfkit does', () => {
    const edges = [
      0,
      -0,
      1,
      -1,
      0.5e-6,
      -0.5e-6,
      0.4e-6,
      1e-6,
      -1e-6,
      1.5e-6,
      0.1,
      0.123456,
      0.1234565,
      -0.1234565,
      2.5,
      -2.5,
      999.999999,
      2147.483647,
      2147.4836475,
      2147.483648,
      -2147.483648,
      12345.678901,
      1e15,
      9.999e20,
      283.464567,
      425.19685,
      2 ** 31,
      -(2 ** 31),
    ];
    for (const n of edges) expect(pdfNumber(n), String(n)).toBe(pdfkitNumber(n));
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ min: -3000, max: 3000, noNaN: true }),
          fc.double({ min: -1e20, max: 1e20, noNaN: true }),
          fc.integer({ min: -3_000_000_000, max: 3_000_000_000 }).map((i) => i / 1e6),
        ),
        (n) => {
          expect(pdfNumber(n)).toBe(pdfkitNumber(n));
        },
      ),
      { numRuns: 20_000 },
    );
    for (const n of [Number.NaN, Number.POSITIVE_INFINITY, -1e21, 1e21]) expect(() => pdfNumber(n)).toThrow(`unsupported number: ${n}`);
  });
});

// ---------------------------------------------------------------------------------------------
// zbarimg reads the symbols (PNG written here: 8-bit grey, 4 px per module, 4-module quiet zone).

const ZBARIMG = '/usr/bin/zbarimg';
const PDFTOPPM = '/usr/bin/pdftoppm';
const haveTools = existsSync(ZBARIMG) && existsSync(PDFTOPPM);
const inCI = process.env.CI === 'true';
const scanIt = haveTools || inCI ? it : it.skip;
if (!haveTools && !inCI) console.warn(`[qr] zbarimg scan test skipped: ${ZBARIMG} or ${PDFTOPPM} missing (apt-get install -y poppler-utils zbar-tools)`);

const trackingUrl = fc
  .tuple(
    fc.constantFrom('https://kassa.example.com', 'https://app.kassa.example.com', 'http://localhost:3000'),
    fc.constantFrom('omniva', 'omniva', 'dpd', 'dhl-express', 'inpost'),
    fc.stringMatching(/^[A-Z]{2}\d{9}[A-Z]{2}$|^\d{10,14}$|^[a-z0-9]{6,20}$/),
  )
  .map(([base, carrier, number]) => `${base}/track/${carrier}/${number}`);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

function toPng(symbol: MatrixSymbol, scale = 4, quiet = 4): Buffer {
  const w = (symbol.size + 2 * quiet) * scale;
  const rows = Buffer.alloc((w + 1) * w, 255);
  for (let y = 0; y < w; y++) {
    rows[y * (w + 1)] = 0; // filter: none
    const r = Math.floor(y / scale) - quiet;
    for (let x = 0; x < w; x++) {
      const c = Math.floor(x / scale) - quiet;
      if (r >= 0 && r < symbol.size && c >= 0 && c < symbol.size && symbol.dark[r * symbol.size + c] === 1) rows[y * (w + 1) + 1 + x] = 0;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(w, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

/** Byte-mode capacity of level-M versions 1, 2, 6, 7, 10, 20, 27 and 40 (ISO 18004 table 7). */
const BYTE_CAPACITY_M = [14, 26, 106, 122, 213, 666, 1082, 2331];

describe('zbarimg', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kassa-qr-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  scanIt('decodes the symbols to the exact text (versions 1–40, tracking URLs)', () => {
    if (!haveTools) throw new Error(`the scan needs ${ZBARIMG} and ${PDFTOPPM}: apt-get install -y poppler-utils zbar-tools`);
    const texts = [
      'a',
      'https://kassa.example.com/track/omniva/CC123456785EE',
      'https://kassa.example.com/track/omniva/00123456789012345678',
      'https://app.kassa.example.com/track/dhl-express/JJD0099999999?lang=et&ref=label',
      ...fc.sample(trackingUrl, { numRuns: 12, seed: 42 }),
      ...BYTE_CAPACITY_M.map((capacity) => 'https://kassa.example.com/x/'.padEnd(capacity, 'abcdefghijklmnopqrstuvwxyz0123456789-')),
    ];
    texts.forEach((text, i) => {
      const file = join(dir, `q${i}.png`);
      writeFileSync(file, toPng(encodeQr(text)));
      let out = '';
      try {
        out = execFileSync(ZBARIMG, ['--quiet', '--raw', '-Sdisable', '-Sqrcode.enable', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
      } catch (err) {
        out = String((err as { stdout?: string }).stdout ?? '');
      }
      expect(out.replace(/\n$/, ''), `text #${i} (${text.length} characters)`).toBe(text);
    });
  });
});
