import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import bwipjs from 'bwip-js';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeQr } from './barcode.js';
import {
  QR_EC_M,
  QR_MASK_CONDITIONS,
  QR_MASK_REFERENCE,
  QR_MAX_BYTES_M,
  alignmentPositions,
  blockStructure,
  encodeQrByteMode,
  formatInformation,
  qrByteCapacity,
  versionInformation,
  type QrMatrix,
} from './qr.js';

// ---------------------------------------------------------------------------------------------
// The oracle: bwip-js with the options barcode.ts used before qr.ts. `fixedeclevel: true`,
// because by default BWIPP *raises* the EC level (M → Q → H) when the data still fits the same
// version at a higher level; qr.ts always writes M.

function bwip(text: string): { size: number; dark: ArrayLike<number> } {
  const opts = { bcid: 'qrcode', text, eclevel: 'M', mask: 3, fixedeclevel: true } as bwipjs.RawOptions;
  const [symbol] = bwipjs.raw(opts);
  if (!symbol || !('pixs' in symbol)) throw new Error('bwip-js returned no QR symbol');
  return { size: symbol.pixx, dark: symbol.pixs };
}

// ---------------------------------------------------------------------------------------------
// A minimal reader (no error correction): unmasks, reads the codewords in placement order,
// de-interleaves the data codewords and parses the segments. It is checked against bwip-js's
// symbols (mixed modes included), then tells which of bwip-js's symbols are pure byte mode and
// reads ours back.

interface ReadSymbol {
  ecBits: number;
  mask: number;
  segments: Array<{ mode: 'numeric' | 'alphanumeric' | 'byte' | 'kanji' | 'eci'; count: number }>;
  text: string;
}

const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';

function readQr(symbol: { size: number; dark: ArrayLike<number> }): ReadSymbol {
  const n = symbol.size;
  const version = (n - 17) / 4;
  const at = (r: number, c: number): number => symbol.dark[r * n + c] as number;
  const align = alignmentPositions(version);
  const isFunction = (r: number, c: number): boolean => {
    if ((r < 9 && c < 9) || (r < 9 && c >= n - 8) || (r >= n - 8 && c < 9)) return true;
    if (r === 6 || c === 6) return true;
    if (version >= 7 && ((r < 6 && c >= n - 11 && c < n - 8) || (c < 6 && r >= n - 11 && r < n - 8))) return true;
    for (const ar of align) {
      for (const ac of align) {
        if ((ar === 6 && ac === 6) || (ar === 6 && ac === n - 7) || (ar === n - 7 && ac === 6)) continue;
        if (Math.abs(r - ar) <= 2 && Math.abs(c - ac) <= 2) return true;
      }
    }
    return false;
  };
  let fmt = 0;
  for (const [r, c] of [[8, 0], [8, 1], [8, 2], [8, 3], [8, 4], [8, 5], [8, 7], [8, 8], [7, 8], [5, 8], [4, 8], [3, 8], [2, 8], [1, 8], [0, 8]] as const) fmt = (fmt << 1) | at(r, c);
  fmt ^= 0x5412;
  const ecBits = fmt >> 13;
  const mask = (fmt >> 10) & 7;
  const cond = QR_MASK_CONDITIONS[mask]!;
  const bits: number[] = [];
  for (let right = n - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    for (let v = 0; v < n; v++) {
      const r = ((right + 1) & 2) === 0 ? n - 1 - v : v;
      for (const c of [right, right - 1]) if (!isFunction(r, c)) bits.push(at(r, c) ^ (cond(r, c) ? 1 : 0));
    }
  }
  const raw: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) raw.push(bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0));
  const s = blockStructure(version);
  const data: number[] = [];
  for (let b = 0; b < s.blocks; b++) {
    for (let i = 0; i < s.shortDataLen; i++) data.push(raw[i * s.blocks + b]!);
    if (b >= s.shortBlocks) data.push(raw[s.shortDataLen * s.blocks + (b - s.shortBlocks)]!);
  }
  let pos = 0;
  const take = (k: number): number => {
    let v = 0;
    for (let i = 0; i < k; i++, pos++) v = (v << 1) | ((data[pos >> 3]! >> (7 - (pos & 7))) & 1);
    return v;
  };
  const group = version < 10 ? 0 : version < 27 ? 1 : 2;
  const segments: ReadSymbol['segments'] = [];
  const bytes: number[] = [];
  while (pos + 4 <= data.length * 8) {
    const mode = take(4);
    if (mode === 0) break;
    if (mode === 1) {
      let count = take([10, 12, 14][group]!);
      segments.push({ mode: 'numeric', count });
      for (; count >= 3; count -= 3) bytes.push(...Buffer.from(String(take(10)).padStart(3, '0')));
      if (count > 0) bytes.push(...Buffer.from(String(take(count === 2 ? 7 : 4)).padStart(count, '0')));
    } else if (mode === 2) {
      let count = take([9, 11, 13][group]!);
      segments.push({ mode: 'alphanumeric', count });
      for (; count >= 2; count -= 2) {
        const v = take(11);
        bytes.push(ALNUM.charCodeAt(Math.floor(v / 45)), ALNUM.charCodeAt(v % 45));
      }
      if (count === 1) bytes.push(ALNUM.charCodeAt(take(6)));
    } else if (mode === 4) {
      const count = take([8, 16, 16][group]!);
      segments.push({ mode: 'byte', count });
      for (let i = 0; i < count; i++) bytes.push(take(8));
    } else if (mode === 8) {
      const count = take([8, 10, 12][group]!);
      segments.push({ mode: 'kanji', count });
      pos += 13 * count; // not decoded: the text comparison fails, as it should for us
    } else {
      segments.push({ mode: 'eci', count: 0 });
      break;
    }
  }
  return { ecBits, mask, segments, text: Buffer.from(bytes).toString('utf8') };
}

function diffCount(a: { size: number; dark: ArrayLike<number> }, b: { size: number; dark: ArrayLike<number> }): number {
  if (a.size !== b.size) return Infinity;
  let d = 0;
  for (let i = 0; i < a.size * a.size; i++) if (a.dark[i] !== b.dark[i]) d++;
  return d;
}

/** True when bwip-js put the whole text in one byte-mode segment (then its symbol must equal ours). */
function bwipIsByteMode(text: string, read: ReadSymbol): boolean {
  return read.segments.length === 1 && read.segments[0]!.mode === 'byte' && read.segments[0]!.count === Buffer.byteLength(text);
}

const oracleStats = { compared: 0, mixed: 0 };

/** Checks one text against bwip-js: both read back as the text; identical matrices when bwip-js used byte mode. */
function checkAgainstOracle(text: string): void {
  const ours = encodeQrByteMode(text);
  const theirs = bwip(text);
  const readTheirs = readQr(theirs);
  const readOurs = readQr(ours);
  // Validates the reader on an independent encoder. (UTF-8 can contain byte pairs that are valid
  // Shift JIS, e.g. the 0x81 0xC4 inside "āā"; bwip-js may put runs of them in Kanji mode, which
  // the reader does not decode.)
  if (!readTheirs.segments.some((s) => s.mode === 'kanji')) expect(readTheirs.text).toBe(text);
  expect(readOurs).toEqual({ ecBits: 0, mask: QR_MASK_REFERENCE, segments: [{ mode: 'byte', count: Buffer.byteLength(text) }], text });
  if (bwipIsByteMode(text, readTheirs)) {
    oracleStats.compared++;
    expect(diffCount(ours, theirs)).toBe(0);
  } else {
    oracleStats.mixed++;
    expect(ours.size).toBeGreaterThanOrEqual(theirs.size); // segmenting never needs a bigger symbol
  }
}

// ---------------------------------------------------------------------------------------------

const lowercase = 'abcdefghijklmnopqrstuvwxyz';
const urlChars = `${lowercase}0123456789/.:-_?=&%#`;

/** A tracking URL like the labels print: carrier slug and tracking number vary. */
const trackingUrl = fc
  .tuple(
    fc.constantFrom('https://kassa.example.com', 'https://app.kassa.example.com', 'http://localhost:3000'),
    fc.constantFrom('baltpost', 'omniva', 'dpd', 'dhl-express', 'inpost'),
    fc.stringMatching(/^[A-Z]{2}\d{9}[A-Z]{2}$|^\d{10,14}$|^[a-z0-9]{6,20}$/),
  )
  .map(([base, carrier, number]) => `${base}/track/${carrier}/${number}`);

describe('encodeQrByteMode against bwip-js', () => {
  afterAll(() => {
    console.info(`[qr] oracle: ${oracleStats.compared} symbols compared module by module, ${oracleStats.mixed} where bwip-js chose mixed modes (read back only)`);
  });

  it('pure lowercase texts: bwip-js always uses byte mode, and the matrices are identical', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...lowercase), minLength: 1, maxLength: 200 }), (text) => {
        const theirs = bwip(text);
        expect(bwipIsByteMode(text, readQr(theirs))).toBe(true);
        expect(diffCount(encodeQrByteMode(text), theirs)).toBe(0);
      }),
      { numRuns: 150 },
    );
  });

  it('URL-like texts (lowercase, digits, punctuation), 1..200 characters', () => {
    const before = oracleStats.compared;
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom(...urlChars), minLength: 1, maxLength: 200 }), (text) => checkAgainstOracle(text)), { numRuns: 200 });
    // Most such texts have no digit run long enough for bwip-js to switch modes.
    expect(oracleStats.compared - before).toBeGreaterThan(50);
  });

  it('tracking URLs', () => {
    fc.assert(fc.property(trackingUrl, (text) => checkAgainstOracle(text)), { numRuns: 150 });
    // Upper-case S10 numbers and long digit runs at the end make bwip-js switch to alphanumeric
    // or numeric; lowercase slugs stay byte mode.
    checkAgainstOracle('https://kassa.example.com/track/baltpost/CC123456785EE');
    const lower = 'https://kassa.example.com/track/inpost/x7k2p9q4w8e1';
    expect(diffCount(encodeQrByteMode(lower), bwip(lower))).toBe(0);
  });

  it('non-ASCII text is encoded as its UTF-8 bytes', () => {
    checkAgainstOracle('ā'.repeat(40));
    for (const text of ['Łódź', 'Jānis Bērziņš, Rīga', 'Привет, мир', 'žluťoučký kůň', '日本語のテキスト', 'emoji 🙂📦']) checkAgainstOracle(text);
    fc.assert(fc.property(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }), (text) => checkAgainstOracle(text)), { numRuns: 100 });
  });

  // Byte-mode capacities of level M (ISO 18004 table 7).
  const capacities: Array<[number, number]> = [[1, 14], [2, 26], [3, 42], [4, 62], [5, 84], [6, 106], [7, 122], [8, 152], [9, 180], [10, 213], [20, 666], [26, 1059], [27, 1125], [40, 2331]];

  it.each(capacities)('version %i holds %i bytes and not one more', (version, capacity) => {
    expect(qrByteCapacity(version)).toBe(capacity);
    const full = 'abcdefghij/klmnopqrstuvwxyz.'.repeat(100).slice(0, capacity);
    const symbol = encodeQrByteMode(full);
    expect(symbol.size).toBe(version * 4 + 17);
    checkAgainstOracle(full);
    expect(oracleStats.compared).toBeGreaterThan(0);
    expect(diffCount(symbol, bwip(full))).toBe(0);
    if (version < 40) expect(encodeQrByteMode(`${full}x`).size).toBe(version * 4 + 21);
  });

  it('every version 1–40 matches bwip-js at its capacity', () => {
    for (let version = 1; version <= 40; version++) {
      const text = 'q'.repeat(qrByteCapacity(version));
      const ours = encodeQrByteMode(text);
      expect(ours.size).toBe(version * 4 + 17);
      expect(diffCount(ours, bwip(text))).toBe(0);
    }
  });
});

describe('encodeQrByteMode', () => {
  it('throws a RangeError beyond version 40-M', () => {
    expect(QR_MAX_BYTES_M).toBe(2331);
    expect(encodeQrByteMode('a'.repeat(2331)).size).toBe(177);
    expect(() => encodeQrByteMode('a'.repeat(2332))).toThrow(RangeError);
    expect(() => encodeQrByteMode('ā'.repeat(1166))).toThrow(RangeError); // 2332 UTF-8 bytes
    expect(encodeQrByteMode('ā'.repeat(1165)).size).toBe(177);
    expect(() => encodeQrByteMode('a'.repeat(100_000))).toThrow(RangeError);
    expect(() => encodeQr('a'.repeat(2332))).toThrow(RangeError);
  });

  it('encodes the empty string (version 1)', () => {
    expect(readQr(encodeQrByteMode('')).text).toBe('');
  });

  it('returns a fresh matrix each time (callers may keep it)', () => {
    const a = encodeQrByteMode('https://kassa.example.com/track/dpd/abc');
    const copy = a.dark.slice();
    encodeQrByteMode('https://kassa.example.com/track/dpd/xyz');
    expect(a.dark).toEqual(copy);
  });

  it('format and version information match ISO 18004 examples', () => {
    expect(formatInformation(QR_EC_M, 5)).toBe(0b100000011001110); // annex C: M, mask 101
    expect(versionInformation(7)).toBe(0x07c94);
    expect(versionInformation(40)).toBe(0x28c69);
    expect(alignmentPositions(32)).toEqual([6, 34, 60, 86, 112, 138]);
    expect(alignmentPositions(40)).toEqual([6, 30, 58, 86, 114, 142, 170]);
  });

  it('encodeQr (barcode.ts) returns this encoder\'s symbol', () => {
    const text = 'https://kassa.example.com/track/baltpost/CC123456785EE';
    const symbol = encodeQr(text);
    expect(symbol.size).toBe(33);
    expect(diffCount(symbol, encodeQrByteMode(text))).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------
// zbarimg reads our symbols (PNG written here: 8-bit grey, 4 px per module, 4-module quiet zone).

const ZBARIMG = '/usr/bin/zbarimg';
const PDFTOPPM = '/usr/bin/pdftoppm';
const haveTools = existsSync(ZBARIMG) && existsSync(PDFTOPPM);
const inCI = process.env.CI === 'true';
const scanIt = haveTools || inCI ? it : it.skip;
if (!haveTools && !inCI) console.warn(`[qr] zbarimg scan test skipped: ${ZBARIMG} or ${PDFTOPPM} missing (apt-get install -y poppler-utils zbar-tools)`);

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

function toPng(symbol: QrMatrix, scale = 4, quiet = 4): Buffer {
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

describe('zbarimg', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kassa-qr-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  scanIt('decodes our symbols to the exact text (versions 1–40, tracking URLs)', () => {
    if (!haveTools) throw new Error(`the scan needs ${ZBARIMG} and ${PDFTOPPM}: apt-get install -y poppler-utils zbar-tools`);
    const texts = [
      'a',
      'https://kassa.example.com/track/baltpost/CC123456785EE',
      'https://kassa.example.com/track/omniva/00123456789012345678',
      'https://app.kassa.example.com/track/dhl-express/JJD0099999999?lang=et&ref=label',
      ...fc.sample(trackingUrl, { numRuns: 12, seed: 42 }),
      ...[1, 2, 6, 7, 10, 20, 27, 40].map((v) => 'https://kassa.example.com/x/'.padEnd(qrByteCapacity(v), 'abcdefghijklmnopqrstuvwxyz0123456789-')),
    ];
    texts.forEach((text, i) => {
      const file = join(dir, `q${i}.png`);
      writeFileSync(file, toPng(encodeQrByteMode(text)));
      let out = '';
      try {
        out = execFileSync(ZBARIMG, ['--quiet', '--raw', '-Sdisable', '-Sqrcode.enable', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
      } catch (err) {
        out = String((err as { stdout?: string }).stdout ?? '');
      }
      expect(out.replace(/\n$/, ''), `text #${i} (${text.length} bytes)`).toBe(text);
    });
  });
});
