/**
 * The shipping catalogue: pickup points (the shipped data set, loaded once), courier services
 * (derived from the carrier definitions) and the shipping method listing. Everything is indexed
 * when the catalogue is built, so a lookup is one Map read; the JSON answers of the listing
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
import { gzipSync } from 'node:zlib';
import { ADDITIONAL_SERVICE_CODES, PICKUP_POINT_TYPES, type AdditionalServiceCode, type CarrierDefinition, type PickupPointType } from '../carriers/contract.js';
import type { CarrierCode } from '../carriers/registry.js';
import { COUNTRIES, POSTAL_CODE_FORMAT, isCountryCode, type CountryCode } from '../carriers/countries.js';
import { CARRIERS, isCarrierCode } from '../carriers/registry.js';
import type { AdditionalServiceItem, CourierService, PickupPoint, PickupPointRow, ShippingMethodListing } from './model.js';
import { decodePointsFile } from './points-file.js';
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

const SERVICE_ITEMS: Readonly<Record<AdditionalServiceCode, AdditionalServiceItem>> = Object.freeze({
  cod: Object.freeze({ code: 'cod' }),
  ageVerification: Object.freeze({ code: 'ageVerification' }),
});

const COURIER_NAMES = { standard: 'courier', standardB2B: 'business courier (B2B)' } as const;

export function cachedJson(value: unknown): CachedJson {
  const body = Buffer.from(JSON.stringify(value));
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  let gz: Buffer | undefined;
  return Object.freeze({ body, etag, gzip: () => (gz ??= gzipSync(body)) });
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

/** A point's `additionalServices`, one frozen array per combination of codes. */
const serviceLists = new Map<string, readonly AdditionalServiceItem[]>();
function serviceItems(codes: readonly AdditionalServiceCode[]): readonly AdditionalServiceItem[] {
  const k = codes.join(',');
  let list = serviceLists.get(k);
  if (!list) {
    list = Object.freeze(codes.map((s) => SERVICE_ITEMS[s]));
    serviceLists.set(k, list);
  }
  return list;
}

/** Checks one row of the data file and turns it into a point; throws naming the row. */
function readRow(row: PickupPointRow, index: number): PickupPoint {
  const bad = (why: string): never => {
    throw new Error(`pickup point data, row ${index} (${String(row?.id)}): ${why}`);
  };
  if (typeof row !== 'object' || row === null) bad('not an object');
  for (const k of ['id', 'name', 'streetAddress', 'locality', 'region', 'postalCode'] as const) {
    if (typeof row[k] !== 'string' || row[k].trim() === '') bad(`${k} is missing`);
  }
  if (!isCarrierCode(row.carrierCode)) bad(`unknown carrier ${String(row.carrierCode)}`);
  if (!isCountryCode(row.countryCode)) bad(`unknown country ${String(row.countryCode)}`);
  if (!(PICKUP_POINT_TYPES as readonly string[]).includes(row.type)) bad(`unknown type ${String(row.type)}`);
  if (!POSTAL_CODE_FORMAT[row.countryCode].test(row.postalCode)) bad(`postal code ${row.postalCode} is not a ${row.countryCode} postal code`);
  if (!Array.isArray(row.additionalServices) || !row.additionalServices.every((s) => (ADDITIONAL_SERVICE_CODES as readonly string[]).includes(s))) {
    bad('additionalServices must be codes cod or ageVerification');
  }
  return Object.freeze({
    id: row.id,
    name: row.name,
    type: row.type,
    streetAddress: row.streetAddress,
    locality: row.locality,
    region: row.region,
    postalCode: row.postalCode,
    countryCode: row.countryCode,
    carrierCode: row.carrierCode,
    additionalServices: serviceItems(row.additionalServices),
  });
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

/** The data files of the registered carriers that have pickup points, in registry order. */
export function defaultDataFiles(carriers: readonly CarrierDefinition<CarrierCode>[] = CARRIERS): string[] {
  return carriers.filter((d) => d.pickupPointNetwork.length > 0).map((d) => carrierDataFile(d.code));
}

const key = (...parts: readonly string[]): string => parts.join('|');
/** Characters of JSON per chunk of a streamed answer (~250 points). */
const STREAM_CHUNK_CHARS = 64 * 1024;
const EMPTY: readonly never[] = Object.freeze([]);

export class ShippingCatalogue {
  private readonly all: readonly PickupPoint[];
  private readonly pointById = new Map<string, PickupPoint>();
  /** (carrier, country) and (carrier, country, type) → points, in data file order. */
  private readonly pointLists = new Map<string, readonly PickupPoint[]>();
  private readonly courierLists = new Map<string, readonly CourierService[]>();
  private readonly courierById = new Map<string, CourierService>();
  private readonly carriers: readonly CarrierDefinition<CarrierCode>[];
  private readonly answers = new Map<string, CachedJson>();
  private readonly listings = new Map<string, { listing: ShippingMethodListing; json: CachedJson }>();
  /** Identifies the data (the data files' digest): the streamed answers' ETags derive from it. */
  private dataVersion: string | undefined;

  /**
   * `version`: what identifies the rows (fromFiles passes the files' digest); without it the
   * rows' digest is computed the first time a streamed answer needs an ETag.
   */
  constructor(rows: readonly PickupPointRow[], carriers: readonly CarrierDefinition<CarrierCode>[] = CARRIERS, version?: string) {
    this.carriers = carriers;
    this.dataVersion = version;
    this.all = Object.freeze(rows.map(readRow));
    const lists = new Map<string, PickupPoint[]>();
    const listOf = (k: string): PickupPoint[] => {
      let list = lists.get(k);
      if (!list) lists.set(k, (list = []));
      return list;
    };
    // The data comes grouped by carrier, country and type: the three lists change only between groups.
    let group: PickupPoint | undefined;
    let byCarrier: PickupPoint[] = [];
    let byCountry: PickupPoint[] = [];
    let byType: PickupPoint[] = [];
    for (const p of this.all) {
      if (this.pointById.has(p.id)) throw new Error(`pickup point data: duplicate id ${p.id}`);
      this.pointById.set(p.id, p);
      if (group === undefined || group.carrierCode !== p.carrierCode || group.countryCode !== p.countryCode || group.type !== p.type) {
        group = p;
        byCarrier = listOf(key(p.carrierCode));
        byCountry = listOf(key(p.carrierCode, p.countryCode));
        byType = listOf(key(p.carrierCode, p.countryCode, p.type));
      }
      byCarrier.push(p);
      byCountry.push(p);
      byType.push(p);
    }
    for (const [k, list] of lists) this.pointLists.set(k, Object.freeze(list));

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

  /** The shipped data set: each carrier's `pickup-points.tsv.gz`, in registry order. */
  static fromFiles(paths: readonly string[] = defaultDataFiles()): ShippingCatalogue {
    const digest = createHash('sha256');
    const rows = paths.flatMap((path) => {
      const bytes = readFileSync(path);
      digest.update(bytes);
      return decodePointsFile(bytes, path);
    });
    return new ShippingCatalogue(rows, CARRIERS, digest.digest('base64url'));
  }

  /** What identifies the data set (for ETags that need no rendering). */
  version(): string {
    if (this.dataVersion === undefined) {
      const digest = createHash('sha256');
      for (const p of this.all) digest.update(JSON.stringify(p)).update('\n');
      this.dataVersion = digest.digest('base64url');
    }
    return this.dataVersion;
  }

  get size(): number {
    return this.all.length;
  }

  /** Every point, in data file order. */
  allPickupPoints(): readonly PickupPoint[] {
    return this.all;
  }

  /** Points of a carrier in a country, optionally of one type; empty for unknown codes. */
  pickupPoints(carrierCode: string, countryCode: string, type?: string): readonly PickupPoint[] {
    return this.pointLists.get(type === undefined ? key(carrierCode, countryCode) : key(carrierCode, countryCode, type)) ?? EMPTY;
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
    const term = f.search?.trim().toLowerCase();
    const points = !known
      ? EMPTY
      : this.all.filter(
          (p) =>
            (f.carrierCode === undefined || p.carrierCode === f.carrierCode) &&
            (f.countryCode === undefined || p.countryCode === f.countryCode) &&
            (f.type === undefined || p.type === f.type) &&
            (!term || `${p.name}\n${p.streetAddress}\n${p.locality}\n${p.postalCode}`.toLowerCase().includes(term)),
        );
    answer = cachedJson({ pickupPoints: points.map(pickupPointV3View) });
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
    const points = f.carrierCode === undefined ? this.all : (this.pointLists.get(key(f.carrierCode)) ?? EMPTY);
    const keep = (p: PickupPoint): boolean => (f.type === undefined || p.type === f.type) && (!term || `${p.name}\n${p.streetAddress}\n${p.locality}\n${p.postalCode}`.toLowerCase().includes(term));
    return Object.freeze({
      etag: `"${tag}"`,
      chunks: function* (): Generator<string> {
        let chunk = '{"pickupPoints":[';
        let first = true;
        for (const p of points) {
          if (!keep(p)) continue;
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

  findPickupPoint(id: string): PickupPoint | undefined {
    return this.pointById.get(id);
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
    for (const p of this.all) {
      const byCarrier = (out[p.countryCode][p.carrierCode] ??= {});
      byCarrier[p.type] = (byCarrier[p.type] ?? 0) + 1;
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

export const pickupPoints = (carrierCode: string, countryCode: string, type?: string): readonly PickupPoint[] => shippingCatalogue().pickupPoints(carrierCode, countryCode, type);
export const courierServices = (carrierCode: string, countryCode: string): readonly CourierService[] => shippingCatalogue().courierServices(carrierCode, countryCode);
export const shippingMethodsListing = (activeCarriers: readonly string[]): ShippingMethodListing => shippingCatalogue().shippingMethodsListing(activeCarriers);
export const findPickupPoint = (id: string): PickupPoint | undefined => shippingCatalogue().findPickupPoint(id);
export const findCourierService = (id: string): CourierService | undefined => shippingCatalogue().findCourierService(id);
