/**
 * A small QR code encoder (ISO/IEC 18004) for the labels' tracking URLs: byte mode only (the
 * text's UTF-8 bytes, no ECI), one error correction level (M), one fixed mask, versions 1–40.
 *
 * Why not bwip-js (which still encodes Code 128, see barcode.ts): its QR encoder runs BWIPP's
 * PostScript logic, ~1.4 ms per symbol even with a fixed mask, most of a label's render time.
 * This one takes ~10 µs for a 70-character URL: per version (lazily, once) it builds a template
 * with the function patterns, format and version information drawn and the mask already applied
 * to the empty data area, plus the module order in which data bits are placed; an encode then
 * only writes the bit stream into reused buffers, computes Reed–Solomon codewords from
 * precomputed GF(256) log/antilog tables and generator polynomials, and flips the copied
 * template's modules where a data bit is 1.
 *
 * No mode optimisation. bwip-js switches to alphanumeric/numeric segments for runs of digits or
 * capitals (e.g. the tracking number at the end of a URL), so for such texts its symbol can be
 * one version smaller than ours (both decode to the same text); for lowercase URLs it uses byte
 * mode too, and qr.test.ts compares the two module by module.
 */

/** QR matrix: row-major dark (1) / light (0) modules, no quiet zone (the shape barcode.ts draws). */
export interface QrMatrix {
  size: number;
  dark: Uint8Array;
}

/**
 * An error correction level: its 2 format bits and, per version 1–40 (index 0 unused), the
 * error correction codewords per block and the number of blocks (ISO 18004 table 9). Only M is
 * defined; L, Q or H would be another constant of this shape.
 */
export interface QrEcLevel {
  name: 'L' | 'M' | 'Q' | 'H';
  formatBits: number;
  ecCodewordsPerBlock: readonly number[];
  blocks: readonly number[];
}

export const QR_EC_M: QrEcLevel = {
  name: 'M',
  formatBits: 0b00,
  // prettier-ignore
  ecCodewordsPerBlock: [
    -1, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
    26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
  ],
  // prettier-ignore
  blocks: [
    -1, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
    17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
  ],
};

/**
 * The mask pattern, as ISO 18004 mask reference (0–7). Reference 2 (binary 010) darkens/lightens
 * modules where column % 3 == 0. bwip-js (BWIPP) numbers masks 1–8, so this is its `mask: 3`
 * (see QR_MASK in barcode.ts for why the mask is fixed).
 */
export const QR_MASK_REFERENCE = 2;

/** ISO 18004 mask conditions by reference: true = invert the module at (row, col). */
export const QR_MASK_CONDITIONS: ReadonlyArray<(row: number, col: number) => boolean> = [
  (r, c) => (r + c) % 2 === 0,
  (r) => r % 2 === 0,
  (_r, c) => c % 3 === 0,
  (r, c) => (r + c) % 3 === 0,
  (r, c) => (Math.floor(r / 2) + Math.floor(c / 3)) % 2 === 0,
  (r, c) => ((r * c) % 2) + ((r * c) % 3) === 0,
  (r, c) => (((r * c) % 2) + ((r * c) % 3)) % 2 === 0,
  (r, c) => (((r + c) % 2) + ((r * c) % 3)) % 2 === 0,
];

export const QR_MIN_VERSION = 1;
export const QR_MAX_VERSION = 40;

/** Byte mode indicator (4 bits). */
const MODE_BYTE = 0b0100;

// ---------------------------------------------------------------------------------------------
// GF(256) with the QR polynomial x^8 + x^4 + x^3 + x^2 + 1 (0x11D), generator α = 2.

/** EXP[i] = α^i for i in 0..509 (doubled so a sum of two logs needs no modulo). */
const EXP = new Uint8Array(512);
/** LOG[x] = log_α(x) for x in 1..255 (LOG[0] unused). */
const LOG = new Uint8Array(256);
{
  let x = 1;
  for (let i = 0; i < 255; i++) {
    EXP[i] = x;
    LOG[x] = i;
    x <<= 1;
    if (x & 0x100) x ^= 0x11d;
  }
  for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255]!;
}

/**
 * Generator polynomials by degree, as logs of their coefficients, highest power first without
 * the leading 1: g(x) = Π (x − α^i), i = 0..degree−1.
 */
const GENERATOR_LOGS = new Map<number, Uint8Array>();

function generatorLogs(degree: number): Uint8Array {
  let logs = GENERATOR_LOGS.get(degree);
  if (logs) return logs;
  // Coefficients (not logs), highest power first, leading 1 included.
  let poly = [1];
  for (let i = 0; i < degree; i++) {
    const next = new Array<number>(poly.length + 1).fill(0);
    for (let j = 0; j < poly.length; j++) {
      const c = poly[j]!;
      next[j]! ^= c;
      if (c !== 0) next[j + 1]! ^= EXP[LOG[c]! + i]!; // c · α^i
    }
    poly = next;
  }
  logs = new Uint8Array(degree);
  for (let j = 0; j < degree; j++) logs[j] = LOG[poly[j + 1]!]!; // no coefficient is 0
  GENERATOR_LOGS.set(degree, logs);
  return logs;
}

/** Writes the `degree` EC codewords of data[from..from+len) to out[outAt + k·stride], k = 0..degree−1. */
function reedSolomon(data: Uint8Array, from: number, len: number, gen: Uint8Array, rem: Uint8Array, out: Uint8Array, outAt: number, stride: number): void {
  const degree = gen.length;
  rem.fill(0, 0, degree);
  for (let i = 0; i < len; i++) {
    const factor = data[from + i]! ^ rem[0]!;
    rem.copyWithin(0, 1, degree);
    rem[degree - 1] = 0;
    if (factor !== 0) {
      const lf = LOG[factor]!;
      for (let j = 0; j < degree; j++) rem[j]! ^= EXP[gen[j]! + lf]!;
    }
  }
  for (let k = 0; k < degree; k++) out[outAt + k * stride] = rem[k]!;
}

// ---------------------------------------------------------------------------------------------
// Per-version structure.

/** Modules available for data and EC codewords (and remainder bits) in a version. */
function rawDataModules(version: number): number {
  let n = (16 * version + 128) * version + 64;
  if (version >= 2) {
    const align = Math.floor(version / 7) + 2;
    n -= (25 * align - 10) * align - 55;
    if (version >= 7) n -= 36;
  }
  return n;
}

/** Alignment pattern centre coordinates (rows and columns alike), ascending; empty for version 1. */
export function alignmentPositions(version: number): number[] {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const size = version * 4 + 17;
  const step = version === 32 ? 26 : Math.ceil((version * 4 + 4) / (count * 2 - 2)) * 2;
  const out = [6];
  for (let pos = size - 7; out.length < count; pos -= step) out.splice(1, 0, pos);
  return out;
}

export interface QrBlockStructure {
  version: number;
  size: number;
  /** Data codewords in the whole symbol. */
  dataCodewords: number;
  ecCodewordsPerBlock: number;
  blocks: number;
  /** Blocks with `shortDataLen` data codewords come first, then blocks with one more. */
  shortBlocks: number;
  shortDataLen: number;
}

export function blockStructure(version: number, level: QrEcLevel = QR_EC_M): QrBlockStructure {
  const rawCodewords = Math.floor(rawDataModules(version) / 8);
  const ec = level.ecCodewordsPerBlock[version]!;
  const blocks = level.blocks[version]!;
  const shortBlocks = blocks - (rawCodewords % blocks);
  const shortDataLen = Math.floor(rawCodewords / blocks) - ec;
  return { version, size: version * 4 + 17, dataCodewords: rawCodewords - ec * blocks, ecCodewordsPerBlock: ec, blocks, shortBlocks, shortDataLen };
}

/** BCH(15,5) format information, masked with 0x5412. */
export function formatInformation(level: QrEcLevel, maskReference: number): number {
  const data = (level.formatBits << 3) | maskReference;
  let rem = data;
  for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
  return ((data << 10) | (rem & 0x3ff)) ^ 0x5412;
}

/** BCH(18,6) version information (versions 7–40). */
export function versionInformation(version: number): number {
  let rem = version;
  for (let i = 0; i < 12; i++) rem = (rem << 1) ^ ((rem >>> 11) * 0x1f25);
  return (version << 12) | (rem & 0xfff);
}

interface VersionTemplate {
  structure: QrBlockStructure;
  /** Function patterns drawn; data area holds the mask (what an all-zero bit stream gives). */
  template: Uint8Array;
  /** Module index of data bit i, in placement order (length = raw data modules). */
  order: Uint16Array;
  gen: Uint8Array;
}

const TEMPLATES = new Map<string, VersionTemplate>();

function versionTemplate(version: number, level: QrEcLevel, maskReference: number): VersionTemplate {
  const key = `${level.name}${version}/${maskReference}`;
  const cached = TEMPLATES.get(key);
  if (cached) return cached;

  const structure = blockStructure(version, level);
  const size = structure.size;
  const dark = new Uint8Array(size * size);
  const fn = new Uint8Array(size * size); // 1 = function module (not data)
  const set = (row: number, col: number, on: boolean): void => {
    dark[row * size + col] = on ? 1 : 0;
    fn[row * size + col] = 1;
  };

  // Timing patterns (drawn first; finders and alignment patterns overwrite their ends).
  for (let i = 0; i < size; i++) {
    set(6, i, i % 2 === 0);
    set(i, 6, i % 2 === 0);
  }
  // Finder patterns with separators.
  for (const [fr, fc] of [[3, 3], [3, size - 4], [size - 4, 3]] as const) {
    for (let dr = -4; dr <= 4; dr++) {
      for (let dc = -4; dc <= 4; dc++) {
        const r = fr + dr;
        const c = fc + dc;
        if (r < 0 || r >= size || c < 0 || c >= size) continue;
        const dist = Math.max(Math.abs(dr), Math.abs(dc));
        set(r, c, dist !== 2 && dist !== 4);
      }
    }
  }
  // Alignment patterns, except where they would overlap a finder.
  const align = alignmentPositions(version);
  const last = align.length - 1;
  for (let i = 0; i <= last; i++) {
    for (let j = 0; j <= last; j++) {
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) continue;
      for (let dr = -2; dr <= 2; dr++) {
        for (let dc = -2; dc <= 2; dc++) set(align[i]! + dr, align[j]! + dc, Math.max(Math.abs(dr), Math.abs(dc)) !== 1);
      }
    }
  }
  // Format information (both copies) and the dark module.
  const format = formatInformation(level, maskReference);
  const bit = (value: number, i: number): boolean => ((value >>> i) & 1) === 1;
  for (let i = 0; i <= 5; i++) set(i, 8, bit(format, i));
  set(7, 8, bit(format, 6));
  set(8, 8, bit(format, 7));
  set(8, 7, bit(format, 8));
  for (let i = 9; i < 15; i++) set(8, 14 - i, bit(format, i));
  for (let i = 0; i < 8; i++) set(8, size - 1 - i, bit(format, i));
  for (let i = 8; i < 15; i++) set(size - 15 + i, 8, bit(format, i));
  set(size - 8, 8, true);
  // Version information (both copies).
  if (version >= 7) {
    const info = versionInformation(version);
    for (let i = 0; i < 18; i++) {
      const a = size - 11 + (i % 3);
      const b = Math.floor(i / 3);
      set(b, a, bit(info, i));
      set(a, b, bit(info, i));
    }
  }

  // Data module order: two-column strips from the right, alternately upward and downward,
  // skipping the vertical timing column. Remainder bits are data modules that stay 0.
  const order = new Uint16Array(rawDataModules(version));
  const mask = QR_MASK_CONDITIONS[maskReference]!;
  let k = 0;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    const upward = ((right + 1) & 2) === 0;
    for (let v = 0; v < size; v++) {
      const row = upward ? size - 1 - v : v;
      for (let j = 0; j < 2; j++) {
        const col = right - j;
        const idx = row * size + col;
        if (fn[idx] === 1) continue;
        order[k++] = idx;
        dark[idx] = mask(row, col) ? 1 : 0;
      }
    }
  }
  if (k !== order.length) throw new Error(`QR version ${version}: placed ${k} data modules, expected ${order.length}`);

  const entry: VersionTemplate = { structure, template: dark, order, gen: generatorLogs(structure.ecCodewordsPerBlock) };
  TEMPLATES.set(key, entry);
  return entry;
}

// ---------------------------------------------------------------------------------------------
// Encoding.

/** Byte-mode capacity per version (index 0 unused): data bits minus mode and count fields. */
function byteCapacity(version: number, level: QrEcLevel): number {
  const s = blockStructure(version, level);
  return Math.floor((s.dataCodewords * 8 - 4 - (version < 10 ? 8 : 16)) / 8);
}

const CAPACITY_M: readonly number[] = Array.from({ length: QR_MAX_VERSION + 1 }, (_, v) => (v === 0 ? 0 : byteCapacity(v, QR_EC_M)));

/** Largest number of UTF-8 bytes a level-M symbol of `version` holds in byte mode. */
export function qrByteCapacity(version: number): number {
  return CAPACITY_M[version]!;
}

/** The largest byte-mode payload of any level-M symbol (2331 bytes, version 40). */
export const QR_MAX_BYTES_M = CAPACITY_M[QR_MAX_VERSION]!;

const encoder = new TextEncoder();
// Reused buffers (encoding is synchronous, so one set per process is enough).
const textBytes = new Uint8Array(QR_MAX_BYTES_M * 3 + 4);
const dataBuf = new Uint8Array(4096);
const codewords = new Uint8Array(4096);
const ecScratch = new Uint8Array(64);

/** ORs the low `bits` bits of `value` into dataBuf at bit `bitPos` (MSB first); returns the next position. */
function put(bitPos: number, value: number, bits: number): number {
  for (let i = bits - 1; i >= 0; i--, bitPos++) {
    if ((value >>> i) & 1) dataBuf[bitPos >>> 3]! |= 0x80 >>> (bitPos & 7);
  }
  return bitPos;
}

/**
 * Encodes `text` (as UTF-8) in byte mode with error correction level M and the fixed mask, in
 * the smallest version that holds it. Throws a RangeError when it does not fit version 40.
 */
export function encodeQrByteMode(text: string): QrMatrix {
  if (text.length > QR_MAX_BYTES_M) throw new RangeError(`QR: text of ${text.length} characters exceeds ${QR_MAX_BYTES_M} bytes (version 40-M)`);
  const { written: len } = encoder.encodeInto(text, textBytes);
  if (len > QR_MAX_BYTES_M) throw new RangeError(`QR: text of ${len} UTF-8 bytes exceeds ${QR_MAX_BYTES_M} bytes (version 40-M)`);

  let version = 1;
  while (CAPACITY_M[version]! < len) version++;
  const { structure: s, template, order, gen } = versionTemplate(version, QR_EC_M, QR_MASK_REFERENCE);

  // Bit stream: mode, count, bytes, terminator (≤ 4 zeros), zero bits to a byte boundary, pad bytes.
  const nData = s.dataCodewords;
  dataBuf.fill(0, 0, nData);
  let bitPos = put(0, MODE_BYTE, 4);
  bitPos = put(bitPos, len, version < 10 ? 8 : 16);
  for (let i = 0; i < len; i++) bitPos = put(bitPos, textBytes[i]!, 8);
  bitPos = Math.min(bitPos + 4, nData * 8); // terminator: the buffer is already zero
  let at = (bitPos + 7) >>> 3;
  for (let pad = 0xec; at < nData; at++, pad ^= 0xec ^ 0x11) dataBuf[at] = pad;

  // Split into blocks, interleave data codewords, compute and interleave EC codewords.
  const { blocks, shortBlocks, shortDataLen, ecCodewordsPerBlock: ec } = s;
  let from = 0;
  for (let b = 0; b < blocks; b++) {
    const dataLen = b < shortBlocks ? shortDataLen : shortDataLen + 1;
    for (let i = 0; i < shortDataLen; i++) codewords[i * blocks + b] = dataBuf[from + i]!;
    if (dataLen > shortDataLen) codewords[shortDataLen * blocks + (b - shortBlocks)] = dataBuf[from + shortDataLen]!;
    reedSolomon(dataBuf, from, dataLen, gen, ecScratch, codewords, nData + b, blocks);
    from += dataLen;
  }

  // Place: the template already holds the masked empty data area; each 1 bit flips its module.
  const dark = template.slice();
  const totalBits = (nData + ec * blocks) * 8;
  for (let i = 0; i < totalBits; i++) {
    if (codewords[i >>> 3]! & (0x80 >>> (i & 7))) dark[order[i]!]! ^= 1;
  }
  return { size: s.size, dark };
}
