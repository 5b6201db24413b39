/**
 * One carrier's pickup points as the catalogue holds them: the data file's text (UTF-8, outside
 * the JavaScript heap) with where each point's line starts, an id index and the (country, type)
 * ranges; a point is decoded from its line when it is asked for (~1 µs). InPost's 25,000 points
 * are 3.4 MB of text and 0.4 MB of Uint32Arrays; as frozen objects, every carrier's 87,000 points
 * took 30.5 MB of live heap and their load lifted the RSS by ~80 MB (docs/decisions.md). Every
 * point is checked once, when its table is made; the catalogue (service.ts) makes a carrier's
 * table on first use.
 */
import { ADDITIONAL_SERVICE_CODES, PICKUP_POINT_TYPES, type AdditionalServiceCode } from '../carriers/contract.js';
import { POSTAL_CODE_FORMAT, isCountryCode } from '../carriers/countries.js';
import { isCarrierCode } from '../carriers/registry.js';
import type { AdditionalServiceItem, PickupPoint, PickupPointRow } from './model.js';
import { readPointLine, readPointLines, scanPointLines, type PointLines } from './points-file.js';

/** The items of `additionalServices`, one frozen object per code. */
export const SERVICE_ITEMS: Readonly<Record<AdditionalServiceCode, AdditionalServiceItem>> = Object.freeze({
  cod: Object.freeze({ code: 'cod' }),
  ageVerification: Object.freeze({ code: 'ageVerification' }),
});

/** A point's `additionalServices`, one frozen array per combination of codes (comma-separated, as the file writes them). */
const serviceLists = new Map<string, readonly AdditionalServiceItem[]>();
export function serviceItems(codes: string): readonly AdditionalServiceItem[] {
  let list = serviceLists.get(codes);
  if (!list) {
    const known = codes === '' ? [] : codes.split(',');
    if (!known.every((s) => (ADDITIONAL_SERVICE_CODES as readonly string[]).includes(s))) throw new Error(`unknown additional services ${codes}`);
    list = Object.freeze(known.map((s) => SERVICE_ITEMS[s as AdditionalServiceCode]));
    serviceLists.set(codes, list);
  }
  return list;
}

/** Checks one row of a carrier's data; throws naming the row. */
export function checkRow(row: PickupPointRow | Omit<PickupPointRow, 'additionalServices'>, index: number, services: unknown, source = 'pickup point data'): void {
  const bad = (why: string): never => {
    throw new Error(`${source}, row ${index} (${String(row?.id)}): ${why}`);
  };
  if (typeof row !== 'object' || row === null) bad('not an object');
  for (const k of ['id', 'name', 'streetAddress', 'locality', 'region', 'postalCode'] as const) {
    if (typeof row[k] !== 'string' || row[k].trim() === '') bad(`${k} is missing`);
  }
  if (!isCarrierCode(row.carrierCode)) bad(`unknown carrier ${String(row.carrierCode)}`);
  // The id names its carrier, so a lookup by id loads that carrier's table alone (and ids of two carriers never collide).
  if (!row.id.startsWith(`${row.carrierCode}-`)) bad(`the id must start with ${row.carrierCode}-`);
  if (!isCountryCode(row.countryCode)) bad(`unknown country ${String(row.countryCode)}`);
  if (!(PICKUP_POINT_TYPES as readonly string[]).includes(row.type)) bad(`unknown type ${String(row.type)}`);
  if (!POSTAL_CODE_FORMAT[row.countryCode].test(row.postalCode)) bad(`postal code ${row.postalCode} is not a ${row.countryCode} postal code`);
  if (!Array.isArray(services) || !services.every((s) => (ADDITIONAL_SERVICE_CODES as readonly string[]).includes(s))) {
    bad('additionalServices must be codes cod or ageVerification');
  }
}

/** FNV-1a over bytes `[from, to)`. */
function hashBytes(bytes: Uint8Array, from: number, to: number): number {
  let h = 0x811c9dc5;
  for (let k = from; k < to; k++) h = Math.imul(h ^ bytes[k]!, 0x01000193);
  return h >>> 0;
}

const TAB = 9;

export class PointsTable {
  readonly carrier: PickupPointRow['carrierCode'];
  readonly size: number;
  private readonly lines: PointLines;
  /** Open addressing on the id's hash: point index + 1, 0 for an empty slot. */
  private readonly slots: Uint32Array;
  /** `country` and `country|type` → the points' index ranges `[from, to, from, to, …]`, in file order. */
  private readonly ranges = new Map<string, number[]>();

  /**
   * A data file's text (points-file.ts); throws naming the file and row when a point is not
   * valid, or when the file is not `carrier`'s.
   */
  constructor(text: Buffer, carrier: string, source = 'pickup point data') {
    const lines = scanPointLines(text, source);
    if (lines.carrier !== carrier) throw new Error(`${source}: the data of ${lines.carrier}, not of ${carrier}`);
    this.carrier = lines.carrier;
    this.lines = lines;
    this.size = lines.starts.length - 1;
    let capacity = 1;
    while (capacity < this.size * 2) capacity *= 2;
    this.slots = new Uint32Array(capacity);
    let group = '';
    let range: number[] = [];
    let typed: number[] = [];
    for (let i = 0; i < this.size; i++) {
      // Every point is decoded once here, to check it (the strings are young garbage).
      const row = readPointLine(lines, i, (codes) => (codes === '' ? [] : codes.split(',')));
      checkRow(row, i, row.additionalServices, source);
      const start = lines.starts[i]!;
      const idEnd = text.indexOf(TAB, start);
      let slot = hashBytes(text, start, idEnd) & (capacity - 1);
      while (this.slots[slot] !== 0) {
        const other = lines.starts[this.slots[slot]! - 1]!;
        if (text.indexOf(TAB, other) - other === idEnd - start && text.compare(text, start, idEnd, other, other + idEnd - start) === 0) {
          throw new Error(`${source}: duplicate id ${row.id}`);
        }
        slot = (slot + 1) & (capacity - 1);
      }
      this.slots[slot] = i + 1;
      // The data comes grouped by country and type: a range grows while its group goes on.
      if (group !== `${row.countryCode}|${row.type}`) {
        group = `${row.countryCode}|${row.type}`;
        range = this.rangesOf(row.countryCode);
        typed = this.rangesOf(group);
      }
      extend(range, i);
      extend(typed, i);
    }
  }

  private rangesOf(k: string): number[] {
    let list = this.ranges.get(k);
    if (!list) this.ranges.set(k, (list = []));
    return list;
  }

  /** Point `i` (file order), decoded from its line. */
  point(i: number): PickupPoint {
    return Object.freeze(readPointLine(this.lines, i, serviceItems));
  }

  /** Points `[from, to)` in file order, decoded as iterated (a block of lines at a time). */
  *points(from = 0, to = this.size): Generator<PickupPoint> {
    for (const p of readPointLines(this.lines, from, to, serviceItems)) yield Object.freeze(p);
  }

  /** The point with this id, if the carrier has it. */
  find(id: string): PickupPoint | undefined {
    const { text, starts } = this.lines;
    const wanted = Buffer.from(id, 'utf8');
    const mask = this.slots.length - 1;
    for (let slot = hashBytes(wanted, 0, wanted.length) & mask; this.slots[slot] !== 0; slot = (slot + 1) & mask) {
      const i = this.slots[slot]! - 1;
      const start = starts[i]!;
      if (text.indexOf(TAB, start) - start === wanted.length && text.compare(wanted, 0, wanted.length, start, start + wanted.length) === 0) return this.point(i);
    }
    return undefined;
  }

  /** Indexes of the points in a country, optionally of one type, as `[from, to)` ranges in file order. */
  indexRanges(countryCode: string, type?: string): readonly number[] {
    return this.ranges.get(type === undefined ? countryCode : `${countryCode}|${type}`) ?? [];
  }

  /** The countries and types the table holds, with their number of points. */
  *groups(): Generator<{ countryCode: string; type: string; count: number }> {
    for (const [k, list] of this.ranges) {
      const bar = k.indexOf('|');
      if (bar < 0) continue;
      let count = 0;
      for (let r = 0; r < list.length; r += 2) count += list[r + 1]! - list[r]!;
      yield { countryCode: k.slice(0, bar), type: k.slice(bar + 1), count };
    }
  }
}

function extend(ranges: number[], i: number): void {
  if (ranges.length > 0 && ranges[ranges.length - 1] === i) ranges[ranges.length - 1] = i + 1;
  else ranges.push(i, i + 1);
}
