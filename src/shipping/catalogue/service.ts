/**
 * The shipping catalogue: pickup points (the shipped data set, each carrier's loaded on first
 * use), courier services (derived from the carrier definitions) and the shipping method listing.
 * A carrier's points are held as its data file's text, indexed (points-table.ts), and decoded
 * one by one when asked for: a lookup by id reads the id's carrier alone. The JSON answers of the listing
 * endpoints are rendered once per (carrier, country, type) on first use and served from memory
 * as bytes with an ETag (and a gzip copy on demand). The v3 pickup point lists that span
 * countries (the WooCommerce plugin's sync: every point of a carrier, or of every carrier) are
 * never rendered whole: `pickupPointsV3Stream` gives their ETag (from the data version, without
 * rendering) and their JSON in chunks of a few hundred points. Pure apart from reading the data
 * files.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { PICKUP_POINT_TYPES, type CarrierDefinition, type PickupPointType } from '../carriers/contract.js';
import type { CarrierCode } from '../carriers/registry.js';
import { COUNTRIES, isCountryCode, type CountryCode } from '../carriers/countries.js';
import { CARRIERS, isCarrierCode } from '../carriers/registry.js';
import type { AdditionalServiceItem, CourierService, PickupPoint, PickupPointRow, ShippingMethodListing } from './model.js';
import { encodePointsText } from './points-file.js';
import { PointsTable, SERVICE_ITEMS, checkRow } from './points-table.js';
import type { StreamedJson } from '../../platform/cached-reply.js';

export type { AdditionalServiceItem, CourierService, PickupPoint, ShippingMethodListing } from './model.js';

/** A ready JSON answer. */
export interface CachedJson {
  /** UTF-8 JSON. */
  readonly body: Buffer;
  /** Strong ETag, quoted. */
  readonly etag: string;
  /** The body gzipped (computed on first call, then kept). */
  gzip(): Buffer;
}

const COURIER_NAMES = { standard: 'courier', standardB2B: 'business courier (B2B)' } as const;

/**
 * zlib level of the cached answers' gzip copy, made once per answer and sent many times: the
 * smallest. The largest v2 list (inpost PL, 25,000 points, 6.3 MB) is 367 KB at level 9 against
 * 409 KB at level 6, for 0.35 s of CPU once instead of 0.06 s (docs/decisions.md).
 */
const CACHED_GZIP_LEVEL = 9;

export function cachedJson(value: unknown): CachedJson {
  const body = Buffer.from(JSON.stringify(value));
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  let gz: Buffer | undefined;
  return Object.freeze({ body, etag, gzip: () => (gz ??= gzipSync(body, { level: CACHED_GZIP_LEVEL })) });
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** The v2 listing's view of a point (the spec's fields, in the spec's order). */
function pickupPointView(p: PickupPoint): Record<string, unknown> {
  return {
    id: p.id,
    name: p.name,
    type: p.type,
    streetAddress: p.streetAddress,
    locality: p.locality,
    postalCode: p.postalCode,
    carrierCode: p.carrierCode,
    additionalServices: p.additionalServices,
  };
}

function courierServiceView(s: CourierService): Record<string, unknown> {
  return { id: s.id, name: s.name, type: s.type, carrierCode: s.carrierCode, additionalServices: s.additionalServices };
}

/**
 * The v3 view of a point (what the WooCommerce plugin's sync stores): v2's fields plus the
 * point's `countryCode`, as a v3 list spans countries, and `carrierAssignedId` (the carrier's own
 * id of the point; Kassa's ids are its carriers' ids, so the same).
 */
export function pickupPointV3View(p: PickupPoint): Record<string, unknown> {
  const { additionalServices, ...v2 } = pickupPointView(p);
  return { ...v2, countryCode: p.countryCode, carrierAssignedId: p.id, additionalServices };
}

/** The v3 view of a courier service: v2's fields plus `countryCode` and `b2bOnly` (the plugin skips B2B-only services). */
function courierServiceV3View(s: CourierService): Record<string, unknown> {
  const { additionalServices, ...v2 } = courierServiceView(s);
  return { ...v2, countryCode: s.countryCode, b2bOnly: s.type === 'standardB2B', additionalServices };
}

/** JSON of an additionalServices list (one per shared list). */
const servicesJson = new WeakMap<readonly AdditionalServiceItem[], string>();

/**
 * `JSON.stringify(pickupPointV3View(p))`, written out (~2× faster once warm, and what the streamed lists
 * spend their time on); the unit test holds the two equal.
 */
export function pickupPointV3Json(p: PickupPoint): string {
  let services = servicesJson.get(p.additionalServices);
  if (services === undefined) {
    services = JSON.stringify(p.additionalServices);
    servicesJson.set(p.additionalServices, services);
  }
  const id = JSON.stringify(p.id);
  return (
    `{"id":${id},"name":${JSON.stringify(p.name)},"type":"${p.type}","streetAddress":${JSON.stringify(p.streetAddress)},` +
    `"locality":${JSON.stringify(p.locality)},"postalCode":${JSON.stringify(p.postalCode)},"carrierCode":"${p.carrierCode}",` +
    `"countryCode":"${p.countryCode}","carrierAssignedId":${id},"additionalServices":${services}}`
  );
}

/** Filters of the v3 lists; every one optional. */
export interface V3Filter {
  carrierCode?: CarrierCode;
  countryCode?: string;
  type?: PickupPointType;
  /** Case-insensitive, matched in the name, street address, locality and postal code. */
  search?: string;
}

/** The name of a carrier's data file in its folder (points-file.ts has the format). */
export const PICKUP_POINTS_FILE = 'pickup-points.tsv.gz';

/** A carrier's generated pickup points, in its own folder: `carriers/<code>/pickup-points.tsv.gz`. */
export function carrierDataFileUrl(code: string): URL {
  return new URL(`../carriers/${code}/${PICKUP_POINTS_FILE}`, import.meta.url);
}

/**
 * Where a carrier's data file is: in its folder beside this module's (scripts/build.ts copies
 * the files into dist/), or, running from a dist/ built without them, in src/.
 */
export function carrierDataFile(code: string): string {
  const here = fileURLToPath(carrierDataFileUrl(code));
  if (existsSync(here)) return here;
  const inSrc = here.replace(`${sep}dist${sep}shipping${sep}carriers${sep}`, `${sep}src${sep}shipping${sep}carriers${sep}`);
  if (existsSync(inSrc)) return inSrc;
  throw new Error(`pickup point data not found at ${here}`);
}

/**
 * Where a catalogue's pickup points come from: the carriers that have points, in the catalogue's
 * order, and each one's table, made the first time that carrier is asked for.
 */
interface PointSource {
  readonly carriers: readonly CarrierCode[];
  table(code: CarrierCode): PointsTable;
  /** What identifies the data (for ETags that need no rendering); undefined: the points' digest. */
  version(): string | undefined;
}

/** The shipped data: each registered carrier's `pickup-points.tsv.gz` that has a network, in registry order. */
function shippedData(file: (code: CarrierCode) => string): PointSource {
  return {
    carriers: CARRIERS.filter((d) => d.pickupPointNetwork.length > 0).map((d) => d.code),
    table(code) {
      const path = file(code);
      return new PointsTable(gunzipSync(readFileSync(path)), code, path);
    },
    // The files' digest, read again (without decompressing: ~1.2 MB) so no table needs loading.
    version() {
      const digest = createHash('sha256');
      for (const code of this.carriers) digest.update(readFileSync(file(code)));
      return digest.digest('base64url');
    },
  };
}

/** Rows of any carriers, checked and indexed at once (tests' and tools' catalogues). */
function givenRows(rows: readonly PickupPointRow[], version: string | undefined): PointSource {
  const byCarrier = new Map<CarrierCode, PickupPointRow[]>();
  rows.forEach((row, i) => {
    checkRow(row, i, row?.additionalServices);
    let list = byCarrier.get(row.carrierCode);
    if (!list) byCarrier.set(row.carrierCode, (list = []));
    list.push(row);
  });
  const carriers = CARRIERS.map((d) => d.code).filter((code) => byCarrier.has(code));
  const tables = new Map(carriers.map((code) => [code, new PointsTable(Buffer.from(encodePointsText(code, byCarrier.get(code)!)), code)]));
  return { carriers, table: (code) => tables.get(code)!, version: () => version };
}

const key = (...parts: readonly string[]): string => parts.join('|');
/** Characters of JSON per chunk of a streamed answer (~250 points). */
const STREAM_CHUNK_CHARS = 64 * 1024;
const EMPTY: readonly never[] = Object.freeze([]);
const HYPHEN = 45;

export class ShippingCatalogue {
  private readonly source: PointSource;
  private readonly tables = new Map<CarrierCode, PointsTable>();
  private readonly courierLists = new Map<string, readonly CourierService[]>();
  private readonly courierById = new Map<string, CourierService>();
  private readonly carriers: readonly CarrierDefinition<CarrierCode>[];
  private readonly answers = new Map<string, CachedJson>();
  private readonly listings = new Map<string, { listing: ShippingMethodListing; json: CachedJson }>();
  /** Identifies the data (the data files' digest): the streamed answers' ETags derive from it. */
  private dataVersion: string | undefined;

  /**
   * `points`: rows (checked and indexed at once), or the shipped data's source (fromFiles, each
   * carrier's read on first use). `version`: what identifies the rows; without it the points'
   * digest is computed the first time a streamed answer needs an ETag.
   */
  constructor(points: readonly PickupPointRow[] | PointSource, carriers: readonly CarrierDefinition<CarrierCode>[] = CARRIERS, version?: string) {
    this.carriers = carriers;
    this.source = Array.isArray(points) ? givenRows(points, version) : (points as PointSource);

    for (const def of carriers) {
      for (const country of def.countries) {
        const services: CourierService[] = [];
        for (const method of def.methods[country] ?? []) {
          if (method.type !== 'courier') continue;
          for (const type of method.subtypes) {
            const s: CourierService = deepFreeze({
              id: `${def.code}-${country.toLowerCase()}-courier-${type}`,
              name: `${def.name} ${COURIER_NAMES[type]}`,
              type,
              carrierCode: def.code,
              countryCode: country,
              additionalServices: method.additionalServices.map((c) => SERVICE_ITEMS[c]),
            });
            services.push(s);
            this.courierById.set(s.id, s);
          }
        }
        this.courierLists.set(key(def.code, country), Object.freeze(services));
      }
    }
  }

  /**
   * The shipped data set: each carrier's `pickup-points.tsv.gz` (`file` says where), read,
   * checked and indexed the first time one of its points is asked for.
   */
  static fromFiles(file: (code: CarrierCode) => string = carrierDataFile): ShippingCatalogue {
    return new ShippingCatalogue(shippedData(file));
  }

  /** A carrier's table, loaded on first use; undefined for a carrier without points. */
  private table(code: string): PointsTable | undefined {
    let table = this.tables.get(code as CarrierCode);
    if (table === undefined && (this.source.carriers as readonly string[]).includes(code)) {
      table = this.source.table(code as CarrierCode);
      this.tables.set(code as CarrierCode, table);
    }
    return table;
  }

  /** What identifies the data set (for ETags that need no rendering). */
  version(): string {
    if (this.dataVersion === undefined) {
      this.dataVersion = this.source.version();
      if (this.dataVersion === undefined) {
        const digest = createHash('sha256');
        for (const p of this.pickupPointsOf()) digest.update(JSON.stringify(p)).update('\n');
        this.dataVersion = digest.digest('base64url');
      }
    }
    return this.dataVersion;
  }

  /** Number of points (reads every carrier's). */
  get size(): number {
    return this.source.carriers.reduce((sum, code) => sum + this.table(code)!.size, 0);
  }

  /**
   * Every point of these carriers (of every carrier when omitted), in catalogue order (registry
   * order, then data file order), decoded as it is iterated.
   */
  *pickupPointsOf(carrierCodes?: readonly string[]): Generator<PickupPoint> {
    for (const code of this.source.carriers) {
      if (carrierCodes !== undefined && !carrierCodes.includes(code)) continue;
      yield* this.table(code)!.points();
    }
  }

  /** Every point, in catalogue order, as one array (for tests and tools: ~90,000 objects). */
  allPickupPoints(): readonly PickupPoint[] {
    return Object.freeze([...this.pickupPointsOf()]);
  }

  /**
   * Points of a carrier in a country, optionally of one type, in data file order (the first
   * `limit`, when given); empty for unknown codes. Decoded for the call: keep what you need.
   */
  pickupPoints(carrierCode: string, countryCode: string, type?: string, limit = Number.POSITIVE_INFINITY): readonly PickupPoint[] {
    const table = isCountryCode(countryCode) ? this.table(carrierCode) : undefined;
    if (!table) return EMPTY;
    const ranges = table.indexRanges(countryCode, type);
    const out: PickupPoint[] = [];
    for (let r = 0; r < ranges.length && out.length < limit; r += 2) {
      for (const p of table.points(ranges[r]!, Math.min(ranges[r + 1]!, ranges[r]! + limit - out.length))) out.push(p);
    }
    return out.length === 0 ? EMPTY : Object.freeze(out);
  }

  /** GET /shipping-methods/pickup-points: `{pickupPoints, countryCode}`, rendered once and kept. */
  pickupPointsJson(carrierCode: string, countryCode: string, type?: string): CachedJson {
    const known = isCarrierCode(carrierCode) && isCountryCode(countryCode) && (type === undefined || (PICKUP_POINT_TYPES as readonly string[]).includes(type));
    // Unknown codes are not cached, so arbitrary query strings cannot grow the cache.
    if (!known) return cachedJson({ pickupPoints: [], countryCode });
    const k = key('points', carrierCode, countryCode, type ?? '*');
    let answer = this.answers.get(k);
    if (!answer) {
      answer = cachedJson({ pickupPoints: this.pickupPoints(carrierCode, countryCode, type).map(pickupPointView), countryCode });
      this.answers.set(k, answer);
    }
    return answer;
  }

  /** Courier services of a carrier in a country (ids `<carrier>-<country>-courier-<type>`). */
  courierServices(carrierCode: string, countryCode: string): readonly CourierService[] {
    return this.courierLists.get(key(carrierCode, countryCode)) ?? EMPTY;
  }

  /** GET /shipping-methods/courier-services: `{courierServices, countryCode}`. */
  courierServicesJson(carrierCode: string, countryCode: string): CachedJson {
    if (!isCarrierCode(carrierCode) || !isCountryCode(countryCode)) return cachedJson({ courierServices: [], countryCode });
    const k = key('couriers', carrierCode, countryCode);
    let answer = this.answers.get(k);
    if (!answer) {
      answer = cachedJson({ courierServices: this.courierServices(carrierCode, countryCode).map(courierServiceView), countryCode });
      this.answers.set(k, answer);
    }
    return answer;
  }

  /**
   * The points a v3 filter leaves, in catalogue order, decoded as iterated: a carrier's table
   * only when the filter names it, a country's ranges only when it names one.
   */
  private *v3Points(f: V3Filter): Generator<PickupPoint> {
    const term = f.search?.trim().toLowerCase();
    const found = (p: PickupPoint): boolean => !term || `${p.name}\n${p.streetAddress}\n${p.locality}\n${p.postalCode}`.toLowerCase().includes(term);
    for (const code of this.source.carriers) {
      if (f.carrierCode !== undefined && f.carrierCode !== code) continue;
      const table = this.table(code)!;
      if (f.countryCode === undefined) {
        for (const p of table.points()) {
          if ((f.type === undefined || p.type === f.type) && found(p)) yield p;
        }
        continue;
      }
      const ranges = table.indexRanges(f.countryCode, f.type);
      for (let r = 0; r < ranges.length; r += 2) {
        for (const p of table.points(ranges[r]!, ranges[r + 1]!)) {
          if (found(p)) yield p;
        }
      }
    }
  }

  /**
   * GET /v3/shipping-methods/pickup-points: `{pickupPoints}` of every carrier and country the
   * filter leaves (catalogue order). Answers without a search term are rendered once and kept;
   * a country outside the catalogue has no points. The route asks this only with a countryCode;
   * lists across countries are streamed (pickupPointsV3Stream), never rendered whole.
   */
  pickupPointsV3Json(f: V3Filter): CachedJson {
    const k = key('points-v3', f.carrierCode ?? '*', f.countryCode ?? '*', f.type ?? '*');
    const known = f.countryCode === undefined || isCountryCode(f.countryCode);
    let answer = f.search === undefined && known ? this.answers.get(k) : undefined;
    if (answer) return answer;
    const points = known ? Array.from(this.v3Points(f), pickupPointV3View) : EMPTY;
    answer = cachedJson({ pickupPoints: points });
    if (f.search === undefined && known) this.answers.set(k, answer);
    return answer;
  }

  /**
   * GET /v3/shipping-methods/pickup-points without countryCode (the plugin's sync: `carrierCode`
   * alone, or nothing): the same `{pickupPoints}` as pickupPointsV3Json would render, in
   * catalogue order, as chunks of JSON text of at most ~64 KB produced as they are read, never
   * whole. The ETag comes from the data version and the filter, so a 304 renders nothing.
   */
  pickupPointsV3Stream(f: Omit<V3Filter, 'countryCode'>): StreamedJson {
    const term = f.search?.trim().toLowerCase();
    const tag = createHash('sha256')
      // Bump the first part when the v3 view of a point changes (the data version doesn't).
      .update(['points-v3-stream/1', this.version(), f.carrierCode ?? '*', f.type ?? '*', term ?? ''].join('\n'))
      .digest('base64url')
      .slice(0, 27);
    const points = (): Iterable<PickupPoint> => this.v3Points({ carrierCode: f.carrierCode, type: f.type, search: f.search });
    return Object.freeze({
      etag: `"${tag}"`,
      chunks: function* (): Generator<string> {
        let chunk = '{"pickupPoints":[';
        let first = true;
        for (const p of points()) {
          chunk += (first ? '' : ',') + pickupPointV3Json(p);
          first = false;
          if (chunk.length >= STREAM_CHUNK_CHARS) {
            yield chunk;
            chunk = '';
          }
        }
        yield `${chunk}]}`;
      },
    });
  }

  /** GET /v3/shipping-methods/courier-services: `{courierServices}` of every carrier and country the filter leaves. */
  courierServicesV3Json(f: Pick<V3Filter, 'carrierCode' | 'countryCode'>): CachedJson {
    const k = key('couriers-v3', f.carrierCode ?? '*', f.countryCode ?? '*');
    let answer = this.answers.get(k);
    if (answer) return answer;
    const services = [...this.courierLists.values()]
      .flat()
      .filter((s) => (f.carrierCode === undefined || s.carrierCode === f.carrierCode) && (f.countryCode === undefined || s.countryCode === f.countryCode));
    answer = cachedJson({ courierServices: services.map(courierServiceV3View) });
    if (f.countryCode === undefined || isCountryCode(f.countryCode)) this.answers.set(k, answer);
    return answer;
  }

  /** The point with this id: the id starts with its carrier's code (points-table.ts checks), so only that carrier's table is read. */
  findPickupPoint(id: string): PickupPoint | undefined {
    for (const code of this.source.carriers) {
      const found = id.startsWith(code) && id.charCodeAt(code.length) === HYPHEN ? this.table(code)!.find(id) : undefined;
      if (found) return found;
    }
    return undefined;
  }

  findCourierService(id: string): CourierService | undefined {
    return this.courierById.get(id);
  }

  /**
   * GET /shipping-methods for a store whose active carriers are `activeCarriers`: per country
   * (EE, LV, LT, FI, PL), the carriers delivering there (registry order) and their methods.
   * Countries no active carrier serves are left out. Unknown codes are ignored.
   */
  shippingMethodsListing(activeCarriers: readonly string[]): ShippingMethodListing {
    return this.listingEntry(activeCarriers).listing;
  }

  shippingMethodsListingJson(activeCarriers: readonly string[]): CachedJson {
    return this.listingEntry(activeCarriers).json;
  }

  private listingEntry(activeCarriers: readonly string[]): { listing: ShippingMethodListing; json: CachedJson } {
    const active = this.carriers.filter((d) => activeCarriers.includes(d.code));
    const k = active.map((d) => d.code).join(',');
    let entry = this.listings.get(k);
    if (!entry) {
      const listing: ShippingMethodListing = {
        countries: COUNTRIES.flatMap((countryCode) => {
          const carriers = active.flatMap((def) => {
            const methods = def.methods[countryCode];
            if (!def.countries.includes(countryCode) || !methods || methods.length === 0) return [];
            return [
              {
                carrierCode: def.code,
                shippingMethods: methods.map((m) => ({
                  type: m.type,
                  subtypes: m.subtypes.map((code) => ({ code })),
                  constraints: { parcelDimensionsRequired: m.constraints.parcelDimensionsRequired },
                })),
              },
            ];
          });
          return carriers.length > 0 ? [{ countryCode, carriers }] : [];
        }),
      };
      entry = { listing: deepFreeze(listing), json: cachedJson(listing) };
      this.listings.set(k, entry);
    }
    return entry;
  }

  /** Number of points per country, carrier and type. */
  counts(): Record<CountryCode, Partial<Record<CarrierCode, Partial<Record<PickupPointType, number>>>>> {
    const out = Object.fromEntries(COUNTRIES.map((c) => [c, {}])) as Record<CountryCode, Partial<Record<CarrierCode, Partial<Record<PickupPointType, number>>>>>;
    for (const code of this.source.carriers) {
      for (const g of this.table(code)!.groups()) {
        const byCarrier = (out[g.countryCode as CountryCode][code] ??= {});
        byCarrier[g.type as PickupPointType] = (byCarrier[g.type as PickupPointType] ?? 0) + g.count;
      }
    }
    return out;
  }
}

// ---------------------------------------------------------------------------------------------
// The process's catalogue of the shipped data, loaded on first use.

let loaded: ShippingCatalogue | undefined;

export function shippingCatalogue(): ShippingCatalogue {
  return (loaded ??= ShippingCatalogue.fromFiles());
}

export const pickupPoints = (carrierCode: string, countryCode: string, type?: string, limit?: number): readonly PickupPoint[] =>
  shippingCatalogue().pickupPoints(carrierCode, countryCode, type, limit);
export const courierServices = (carrierCode: string, countryCode: string): readonly CourierService[] => shippingCatalogue().courierServices(carrierCode, countryCode);
export const shippingMethodsListing = (activeCarriers: readonly string[]): ShippingMethodListing => shippingCatalogue().shippingMethodsListing(activeCarriers);
export const findPickupPoint = (id: string): PickupPoint | undefined => shippingCatalogue().findPickupPoint(id);
export const findCourierService = (id: string): CourierService | undefined => shippingCatalogue().findCourierService(id);
