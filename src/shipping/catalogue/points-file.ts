/**
 * The pickup point data file of one carrier (`carriers/<code>/pickup-points.tsv.gz`): UTF-8
 * tab-separated text, gzipped. One point a line, so `zcat` shows a readable, diffable list:
 *
 *   kassa.pickup-points/2 <TAB> <carrier> <TAB> <count>
 *   id <TAB> name <TAB> type <TAB> streetAddress <TAB> locality <TAB> region <TAB> postalCode <TAB> countryCode <TAB> additionalServices
 *   inpost-pl-pm-1 <TAB> InPost paczkomat Warszawa … <TAB> parcelMachine <TAB> … <TAB> PL <TAB> cod,ageVerification
 *
 * The carrier is in the first line (every point of the file is the carrier's); additional
 * services are comma-separated codes, empty for none. No value may hold a tab, a line break or a
 * backslash (the encoder refuses them), so no escaping is needed.
 *
 * gzip (zlib level 9) takes ~10 bytes a point: repeated towns, regions, streets and chains are
 * what it compresses best. The bytes depend on the zlib version; what a file holds is its text,
 * which is what the generator's `--check` and the unit test compare (`decodePointsText`).
 *
 * `decodePointsFile` reads a file into rows and interns every value that repeats (type, country,
 * town, region, the services list), so 100,000+ points share a few thousand strings and arrays.
 * The catalogue keeps the text instead (points-table.ts): `scanPointLines` checks it and finds its
 * lines, and `readPointLine`/`readPointLines` decode the points asked for.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import type { AdditionalServiceCode } from '../carriers/contract.js';
import type { PickupPointRow } from './model.js';

export const POINTS_FILE_FORMAT = 'kassa.pickup-points/2';
/** The columns of a point line, after the header lines. */
export const POINTS_FILE_COLUMNS = ['id', 'name', 'type', 'streetAddress', 'locality', 'region', 'postalCode', 'countryCode', 'additionalServices'] as const;
const COLUMNS_LINE = POINTS_FILE_COLUMNS.join('\t');
const FORBIDDEN = /[\t\n\r\\]/;

/** A point as the file stores it: a row without its carrier (the file's). */
export type StoredPoint = Omit<PickupPointRow, 'carrierCode'>;

/** The file's text: header, columns, one line per point (ending in a line break). */
export function encodePointsText(carrier: string, points: readonly PickupPointRow[]): string {
  const lines = [`${POINTS_FILE_FORMAT}\t${carrier}\t${points.length}`, COLUMNS_LINE];
  for (const p of points) {
    if (p.carrierCode !== carrier) throw new Error(`pickup point ${p.id} is ${p.carrierCode}'s, not ${carrier}'s`);
    const values = [p.id, p.name, p.type, p.streetAddress, p.locality, p.region, p.postalCode, p.countryCode, p.additionalServices.join(',')];
    for (const v of values) {
      if (FORBIDDEN.test(v)) throw new Error(`pickup point ${p.id}: ${JSON.stringify(v)} holds a tab, line break or backslash`);
    }
    lines.push(values.join('\t'));
  }
  return `${lines.join('\n')}\n`;
}

/** The file's bytes: the text, gzipped at level 9 (decompression costs the same at every level). */
export function encodePointsFile(carrier: string, points: readonly PickupPointRow[]): Buffer {
  return gzipSync(encodePointsText(carrier, points), { level: 9 });
}

/** The text of a file's bytes. */
export function decodePointsText(bytes: Buffer): string {
  return gunzipSync(bytes).toString('utf8');
}

/**
 * Reads a file's bytes back into rows, in file order; throws naming the file and line when
 * malformed. Each line is decoded from the bytes on its own, so no string keeps the whole
 * file's text alive (a slice of a large string would; a value may keep its line), and a value
 * that repeats is interned.
 */
export function decodePointsFile(bytes: Buffer, source = 'pickup point data'): PickupPointRow[] {
  return decodePointsBytes(gunzipSync(bytes), source);
}

/** Reads a file's text back into rows (see decodePointsFile). */
export function decodePoints(text: string, source = 'pickup point data'): PickupPointRow[] {
  return decodePointsBytes(Buffer.from(text, 'utf8'), source);
}

/**
 * A file's text with its point lines found but not decoded (what the catalogue keeps: see
 * points-table.ts). Point `i`'s line is `text[starts[i] .. starts[i + 1] - 1)` (without its line
 * break); `readPointLine` decodes one.
 */
export interface PointLines {
  /** The carrier the first line names. */
  readonly carrier: PickupPointRow['carrierCode'];
  /** The file's UTF-8 text (the gunzipped bytes). */
  readonly text: Buffer;
  /** `count + 1` offsets: where each point's line starts, then the end of the text. */
  readonly starts: Uint32Array;
}

const TAB = 9;
const LF = 10;
const LAST = POINTS_FILE_COLUMNS.length - 1;

/**
 * Checks a file's text line by line (header, columns, the number of columns of every point line,
 * the count) and finds its point lines, decoding none; throws naming the file and line.
 */
export function scanPointLines(text: Buffer, source = 'pickup point data'): PointLines {
  const bad = (line: number, why: string): never => {
    throw new Error(`${source}, line ${line}: ${why}`);
  };
  const lineEnd = (from: number, line: number): number => {
    const end = text.indexOf(LF, from);
    return end < 0 ? bad(line, 'the line has no line break') : end;
  };
  let end = lineEnd(0, 1);
  const head = text.toString('utf8', 0, end).split('\t');
  if (head[0] !== POINTS_FILE_FORMAT || head.length !== 3) bad(1, `not a ${POINTS_FILE_FORMAT} file`);
  const carrier = head[1]! as PickupPointRow['carrierCode'];
  const count = Number(head[2]);
  if (!Number.isSafeInteger(count) || count < 0) bad(1, `bad count ${head[2]}`);
  let at = end + 1;
  end = lineEnd(at, 2);
  if (text.toString('utf8', at, end) !== COLUMNS_LINE) bad(2, `columns must be ${POINTS_FILE_COLUMNS.join(', ')}`);
  at = end + 1;
  // A count larger than the text could hold is refused below (more points than lines) before it is allocated.
  const starts = new Uint32Array(Math.min(count, text.length - at) + 1);
  let line = 3;
  let n = 0;
  while (at < text.length) {
    end = lineEnd(at, line);
    if (n >= count) bad(line, `more points than the ${count} the header announces`);
    let from = at;
    for (let k = 0; k < LAST; k++) {
      const tab = text.indexOf(TAB, from);
      if (tab < 0 || tab > end) bad(line, `${k + 1} columns, expected ${POINTS_FILE_COLUMNS.length}`);
      from = tab + 1;
    }
    const extra = text.indexOf(TAB, from);
    if (extra >= 0 && extra < end) bad(line, `more than ${POINTS_FILE_COLUMNS.length} columns`);
    starts[n++] = at;
    at = end + 1;
    line++;
  }
  if (n !== count) bad(line, `${n} points, the header announces ${count}`);
  starts[n] = at;
  return { carrier, text, starts };
}

/**
 * Point `i` of scanned lines, decoded from its line alone (no string keeps the whole text
 * alive). `services` makes the additional services of their comma-separated codes;
 * `intern` (optional) shares a repeated type, town, region, postal code or country.
 */
export function readPointLine<S>(
  lines: PointLines,
  i: number,
  services: (codes: string) => S,
  intern: (s: string) => string = (s) => s,
): Omit<PickupPointRow, 'additionalServices'> & { additionalServices: S } {
  // One decode and one split: ~3× faster than decoding the nine values one by one.
  return pointOfLine(lines.carrier, lines.text.toString('utf8', lines.starts[i]!, lines.starts[i + 1]! - 1), services, intern);
}

/**
 * Points `[from, to)` of scanned lines, in order, decoded a block of lines at a time (one decode
 * per ~256 lines instead of one per line: what lists and streams iterate with).
 */
export function* readPointLines<S>(lines: PointLines, from: number, to: number, services: (codes: string) => S): Generator<Omit<PickupPointRow, 'additionalServices'> & { additionalServices: S }> {
  for (let block = from; block < to; block += LINES_PER_BLOCK) {
    const end = Math.min(block + LINES_PER_BLOCK, to);
    const text = lines.text.toString('utf8', lines.starts[block]!, lines.starts[end]! - 1);
    for (const line of text.split('\n')) yield pointOfLine(lines.carrier, line, services, (s) => s);
  }
}

const LINES_PER_BLOCK = 256;

function pointOfLine<S>(
  carrier: PickupPointRow['carrierCode'],
  line: string,
  services: (codes: string) => S,
  intern: (s: string) => string,
): Omit<PickupPointRow, 'additionalServices'> & { additionalServices: S } {
  const f = line.split('\t');
  return {
    id: f[0]!,
    name: f[1]!,
    type: intern(f[2]!) as PickupPointRow['type'],
    streetAddress: f[3]!,
    locality: intern(f[4]!),
    region: intern(f[5]!),
    postalCode: intern(f[6]!),
    countryCode: intern(f[7]!) as PickupPointRow['countryCode'],
    carrierCode: carrier,
    additionalServices: services(f[8]!),
  };
}

function decodePointsBytes(buf: Buffer, source: string): PickupPointRow[] {
  const lines = scanPointLines(buf, source);
  // Interned values: a repeated town, region, postal code or services list is one string or array.
  const strings = new Map<string, string>();
  const intern = (s: string): string => {
    const known = strings.get(s);
    if (known !== undefined) return known;
    strings.set(s, s);
    return s;
  };
  const lists = new Map<string, AdditionalServiceCode[]>();
  const services = (codes: string): AdditionalServiceCode[] => {
    let list = lists.get(codes);
    if (!list) {
      list = codes === '' ? [] : (codes.split(',') as AdditionalServiceCode[]);
      lists.set(codes, list);
    }
    return list;
  };
  const rows: PickupPointRow[] = new Array<PickupPointRow>(lines.starts.length - 1);
  for (let i = 0; i < rows.length; i++) rows[i] = readPointLine(lines, i, services, intern);
  return rows;
}
