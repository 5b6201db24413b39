/**
 * Test helpers for the export writers (not used by production code): sample rows, an
 * in-memory sink, a minimal ZIP reader, a minimal XML parser and an RFC 4180 CSV parser.
 */
import { Writable } from 'node:stream';
import zlib from 'node:zlib';
import type { PayoutExportHeader, PayoutExportRow } from '../../src/payouts/exports/row.js';

export const HEADER: PayoutExportHeader = {
  payoutUuid: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
  storeUuid: '0190a1b2-0000-7000-8000-000000000001',
  storeName: 'Sklep "Pod & Różą" <test>',
  currency: 'EUR',
  settlementType: 'daily',
  paymentsAmountMinor: 123456,
  refundsAmountMinor: -2500,
  feesAmountMinor: -5,
  totalAmountMinor: 120951,
  createdAt: new Date('2025-03-04T05:06:07.890Z'),
};

const TYPES = ['payment', 'refund', 'fee'] as const;

/** HEADER as every format writes it: amounts as decimal strings, the time in ISO 8601. */
export const HEADER_FIELDS = {
  payoutUuid: HEADER.payoutUuid,
  storeUuid: HEADER.storeUuid,
  storeName: 'Sklep "Pod & Różą" <test>',
  currency: 'EUR',
  settlementType: 'daily',
  paymentsAmount: '1234.56',
  refundsAmount: '-25.00',
  feesAmount: '-0.05',
  totalAmount: '1209.51',
  createdAt: '2025-03-04T05:06:07.890Z',
};

/** A deterministic row i. */
export function sampleRow(i: number): PayoutExportRow {
  const type = TYPES[i % 3] ?? 'payment';
  const hex = i.toString(16).padStart(12, '0');
  return {
    type,
    orderUuid: `0190a1b2-c3d4-7e5f-8a9b-${hex}`,
    merchantReference: `ORDER-${i}`,
    refundUuid: type === 'refund' ? `0190a1b2-ffff-7e5f-8a9b-${hex}` : null,
    paymentMethod: 'cardPayments',
    amountMinor: type === 'payment' ? 1000 + (i % 10_000) : -(1 + (i % 500)),
    currency: 'EUR',
    occurredAt: new Date(Date.UTC(2025, 2, 1) + i * 1000),
  };
}

export async function* sampleRows(count: number): AsyncGenerator<PayoutExportRow> {
  for (let i = 0; i < count; i++) yield sampleRow(i);
}

/** A Writable keeping every byte. */
export class MemorySink extends Writable {
  readonly chunks: Buffer[] = [];
  override _write(chunk: Buffer, _enc: BufferEncoding, cb: (err?: Error | null) => void): void {
    this.chunks.push(chunk);
    cb();
  }
  get buffer(): Buffer {
    return Buffer.concat(this.chunks);
  }
  get text(): string {
    return this.buffer.toString('utf8');
  }
}

/** A Writable that counts and discards bytes, asynchronously, with a small highWaterMark. */
export class CountingSink extends Writable {
  bytes = 0;
  writes = 0;
  constructor() {
    super({ highWaterMark: 16 * 1024 });
  }
  override _write(chunk: Buffer, _enc: BufferEncoding, cb: (err?: Error | null) => void): void {
    this.bytes += chunk.length;
    this.writes++;
    setImmediate(cb);
  }
}

// ---------------------------------------------------------------- ZIP reader

export interface ZipEntry {
  name: string;
  data: Buffer;
  flags: number;
  method: number;
}

/** Reads a ZIP via its central directory; inflates each entry, checks CRC and sizes. */
export function readZip(zip: Buffer): ZipEntry[] {
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error('no end of central directory');
  const count = zip.readUInt16LE(eocd + 10);
  const cdSize = zip.readUInt32LE(eocd + 12);
  let p = zip.readUInt32LE(eocd + 16);
  if (p + cdSize !== eocd) throw new Error('central directory size/offset mismatch');
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (zip.readUInt32LE(p) !== 0x02014b50) throw new Error('bad central header signature');
    const flags = zip.readUInt16LE(p + 8);
    const method = zip.readUInt16LE(p + 10);
    const crc = zip.readUInt32LE(p + 16);
    const csize = zip.readUInt32LE(p + 20);
    const size = zip.readUInt32LE(p + 24);
    const nameLen = zip.readUInt16LE(p + 28);
    const extraLen = zip.readUInt16LE(p + 30);
    const commentLen = zip.readUInt16LE(p + 32);
    const local = zip.readUInt32LE(p + 42);
    const name = zip.subarray(p + 46, p + 46 + nameLen).toString('utf8');
    p += 46 + nameLen + extraLen + commentLen;

    if (zip.readUInt32LE(local) !== 0x04034b50) throw new Error(`bad local header for ${name}`);
    const localName = zip.subarray(local + 30, local + 30 + zip.readUInt16LE(local + 26)).toString('utf8');
    if (localName !== name) throw new Error(`local/central name mismatch ${localName} ${name}`);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(start, start + csize);
    const data = method === 8 ? zlib.inflateRawSync(raw) : Buffer.from(raw);
    if (data.length !== size) throw new Error(`size mismatch for ${name}`);
    if (zlib.crc32(data) >>> 0 !== crc) throw new Error(`CRC mismatch for ${name}`);
    if (flags & 8) {
      const d = start + csize;
      if (zip.readUInt32LE(d) !== 0x08074b50) throw new Error(`missing data descriptor for ${name}`);
      if (zip.readUInt32LE(d + 4) !== crc || zip.readUInt32LE(d + 8) !== csize || zip.readUInt32LE(d + 12) !== size) {
        throw new Error(`data descriptor mismatch for ${name}`);
      }
    }
    entries.push({ name, data, flags, method });
  }
  return entries;
}

// ---------------------------------------------------------------- minimal XML parser

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const NAME = /^[A-Za-z_:][-A-Za-z0-9_.:]*/;
const ILLEGAL_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/u;

function decodeEntities(s: string, where: string): string {
  return s.replace(/&([^;]*);?/g, (m, body: string) => {
    if (!m.endsWith(';')) throw new Error(`bare & in ${where}`);
    if (body === 'amp') return '&';
    if (body === 'lt') return '<';
    if (body === 'gt') return '>';
    if (body === 'quot') return '"';
    if (body === 'apos') return "'";
    const num = /^#(?:x([0-9a-fA-F]+)|([0-9]+))$/.exec(body);
    if (!num) throw new Error(`unknown entity &${body}; in ${where}`);
    const cp = num[1] !== undefined ? parseInt(num[1], 16) : Number(num[2]);
    const ch = String.fromCodePoint(cp);
    if (ILLEGAL_XML.test(ch)) throw new Error(`illegal character reference ${m}`);
    return ch;
  });
}

/**
 * Parses a (non-validating, no DTD/CDATA/comments) XML document and checks well-formedness:
 * one root, balanced tags, quoted unique attributes, known entities, no illegal characters.
 * Applies XML's line-end and attribute-value normalisation, so values read back as a real
 * parser would return them.
 */
export function parseXml(input: string): XmlElement {
  if (ILLEGAL_XML.test(input)) throw new Error('illegal character in document');
  let s = input.replace(/\r\n?/g, '\n');
  let i = 0;
  if (s.startsWith('<?xml')) {
    const end = s.indexOf('?>');
    if (end < 0) throw new Error('unterminated declaration');
    i = end + 2;
  }
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  const ws = () => {
    while (i < s.length && /\s/.test(s[i] ?? '')) i++;
  };
  ws();
  while (i < s.length) {
    if (s[i] === '<') {
      if (s[i + 1] === '/') {
        const m = NAME.exec(s.slice(i + 2, i + 200));
        if (!m) throw new Error(`bad end tag at ${i}`);
        const open = stack.pop();
        if (!open || open.name !== m[0]) throw new Error(`mismatched </${m[0]}> at ${i}`);
        i += 2 + m[0].length;
        ws();
        if (s[i] !== '>') throw new Error(`bad end tag at ${i}`);
        i++;
      } else {
        if (root && stack.length === 0) throw new Error('content after root element');
        const m = NAME.exec(s.slice(i + 1, i + 200));
        if (!m) throw new Error(`bad start tag at ${i}`);
        const el: XmlElement = { name: m[0], attrs: {}, children: [], text: '' };
        const parent = stack.at(-1);
        if (parent) parent.children.push(el);
        else root = el;
        i += 1 + m[0].length;
        for (;;) {
          const before = i;
          ws();
          if (s.startsWith('/>', i)) {
            i += 2;
            break;
          }
          if (s[i] === '>') {
            i++;
            stack.push(el);
            break;
          }
          if (i === before) throw new Error(`expected whitespace before attribute at ${i}`);
          const a = NAME.exec(s.slice(i, i + 200));
          if (!a) throw new Error(`bad attribute at ${i}`);
          i += a[0].length;
          ws();
          if (s[i] !== '=') throw new Error(`expected = at ${i}`);
          i++;
          ws();
          const q = s[i];
          if (q !== '"' && q !== "'") throw new Error(`unquoted attribute at ${i}`);
          const end = s.indexOf(q, i + 1);
          if (end < 0) throw new Error('unterminated attribute');
          const rawValue = s.slice(i + 1, end);
          if (rawValue.includes('<')) throw new Error('< in attribute value');
          if (a[0] in el.attrs) throw new Error(`duplicate attribute ${a[0]}`);
          el.attrs[a[0]] = decodeEntities(rawValue.replace(/[\t\n]/g, ' '), 'attribute');
          i = end + 1;
        }
      }
    } else {
      const end = s.indexOf('<', i);
      const raw = s.slice(i, end < 0 ? s.length : end);
      const top = stack.at(-1);
      if (!top) {
        if (raw.trim() !== '') throw new Error('text outside root element');
      } else {
        if (raw.includes(']]>')) throw new Error(']]> in text');
        top.text += decodeEntities(raw, 'text');
      }
      i = end < 0 ? s.length : end;
    }
  }
  if (stack.length > 0) throw new Error(`unclosed <${stack.at(-1)?.name}>`);
  if (!root) throw new Error('no root element');
  s = '';
  return root;
}

export function child(el: XmlElement, name: string): XmlElement | undefined {
  return el.children.find((c) => c.name === name);
}

// ---------------------------------------------------------------- RFC 4180 parser

/** Parses RFC 4180 CSV (CRLF records; quoted fields may hold commas, quotes, CR and LF). */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let i = 0;
  while (i < text.length) {
    const record: string[] = [];
    for (;;) {
      let field = '';
      if (text[i] === '"') {
        i++;
        for (;;) {
          const q = text.indexOf('"', i);
          if (q < 0) throw new Error('unterminated quoted field');
          field += text.slice(i, q);
          if (text[q + 1] === '"') {
            field += '"';
            i = q + 2;
          } else {
            i = q + 1;
            break;
          }
        }
      } else {
        let j = i;
        while (j < text.length && text[j] !== ',' && text[j] !== '\r' && text[j] !== '\n') {
          if (text[j] === '"') throw new Error(`quote in unquoted field at ${j}`);
          j++;
        }
        field = text.slice(i, j);
        i = j;
      }
      record.push(field);
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text.startsWith('\r\n', i)) {
        i += 2;
        break;
      }
      throw new Error(`expected , or CRLF at ${i}`);
    }
    records.push(record);
  }
  return records;
}
