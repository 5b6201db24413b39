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
 * The decoder interns every value that repeats (type, country, town, region, the services list),
 * so 100,000+ points share a few thousand strings and arrays.
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
 * malformed. Each value is decoded from the bytes on its own, so no string keeps the whole
 * file's text alive (a slice of a large string would), and a value that repeats is interned.
 */
export function decodePointsFile(bytes: Buffer, source = 'pickup point data'): PickupPointRow[] {
  return decodePointsBytes(gunzipSync(bytes), source);
}

/** Reads a file's text back into rows (see decodePointsFile). */
export function decodePoints(text: string, source = 'pickup point data'): PickupPointRow[] {
  return decodePointsBytes(Buffer.from(text, 'utf8'), source);
}

const TAB = 9;
const LF = 10;
const LAST = POINTS_FILE_COLUMNS.length - 1;

function decodePointsBytes(buf: Buffer, source: string): PickupPointRow[] {
  const bad = (line: number, why: string): never => {
    throw new Error(`${source}, line ${line}: ${why}`);
  };
  const lineEnd = (from: number, line: number): number => {
    const end = buf.indexOf(LF, from);
    return end < 0 ? bad(line, 'the line has no line break') : end;
  };
  let end = lineEnd(0, 1);
  const head = buf.toString('utf8', 0, end).split('\t');
  if (head[0] !== POINTS_FILE_FORMAT || head.length !== 3) bad(1, `not a ${POINTS_FILE_FORMAT} file`);
  const carrier = head[1]! as PickupPointRow['carrierCode'];
  const count = Number(head[2]);
  if (!Number.isSafeInteger(count) || count < 0) bad(1, `bad count ${head[2]}`);
  let at = end + 1;
  end = lineEnd(at, 2);
  if (buf.toString('utf8', at, end) !== COLUMNS_LINE) bad(2, `columns must be ${POINTS_FILE_COLUMNS.join(', ')}`);
  at = end + 1;

  // Interned values: a repeated town, region, postal code or services list is one string or array.
  const strings = new Map<string, string>();
  const intern = (s: string): string => {
    const known = strings.get(s);
    if (known !== undefined) return known;
    strings.set(s, s);
    return s;
  };
  const services = new Map<string, AdditionalServiceCode[]>();
  const f: string[] = new Array<string>(POINTS_FILE_COLUMNS.length);
  const rows: PickupPointRow[] = new Array<PickupPointRow>(count);
  let line = 3;
  let n = 0;
  while (at < buf.length) {
    end = lineEnd(at, line);
    if (n >= count) bad(line, `more points than the ${count} the header announces`);
    let from = at;
    for (let k = 0; k < LAST; k++) {
      const tab = buf.indexOf(TAB, from);
      if (tab < 0 || tab > end) bad(line, `${k + 1} columns, expected ${POINTS_FILE_COLUMNS.length}`);
      f[k] = buf.toString('utf8', from, tab);
      from = tab + 1;
    }
    const extra = buf.indexOf(TAB, from);
    if (extra >= 0 && extra < end) bad(line, `more than ${POINTS_FILE_COLUMNS.length} columns`);
    f[LAST] = buf.toString('utf8', from, end);
    let list = services.get(f[8]!);
    if (!list) {
      list = f[8] === '' ? [] : (f[8]!.split(',') as AdditionalServiceCode[]);
      services.set(f[8]!, list);
    }
    rows[n++] = {
      id: f[0]!,
      name: f[1]!,
      type: intern(f[2]!) as PickupPointRow['type'],
      streetAddress: f[3]!,
      locality: intern(f[4]!),
      region: intern(f[5]!),
      postalCode: intern(f[6]!),
      countryCode: intern(f[7]!) as PickupPointRow['countryCode'],
      carrierCode: carrier,
      additionalServices: list,
    };
    at = end + 1;
    line++;
  }
  if (n !== count) bad(line, `${n} points, the header announces ${count}`);
  return rows;
}
