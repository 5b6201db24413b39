/**
 * Rates and filter-by-parcels (shipping v2: POST /shipping-methods/rates and
 * POST /shipping-methods/filter-by-parcels), pure: requests are parsed once into millimetres and
 * grams, answers are rendered back in the spec's shape. No database, no HTTP.
 */
import { formatAmount, type Currency } from '../../platform/money.js';
import { isObject, Problems, Reader } from '../../platform/validate.js';
import { bracketPrice, chargeableWeightG, expandItems, fitsLimits, fitsWeight, packUnits, stack, volumetricWeightG, type ItemMeasures, type Unit } from './parcels.js';
import { SHIPPING_METHOD_TYPES, type ShippingMethodType as MethodType } from '../carriers/contract.js';
import type { CarrierCode } from '../carriers/registry.js';
import { COUNTRIES, type CountryCode } from '../carriers/countries.js';
import { CARRIER_CODES } from '../carriers/registry.js';
import { CARRIER_TABLES, REFERENCE_VOLUMETRIC_DIVISOR, STACKING_BUFFER_PERCENT, type RateTable, type SubtypeCode, type SubtypeService } from './tables.js';
import { gramsIn, LENGTH_UNITS, millimetresIn, toGrams, toMillimetres, WEIGHT_UNITS, type ConvertOptions, type LengthUnit, type WeightUnit } from './units.js';

/** Most parcels in one rates or filter-by-parcels request. */
export const MAX_PARCELS = 50;
/** Most units (item quantities summed over all parcels) in one rates request. */
export const MAX_UNITS = 10_000;
/** Largest `quantity` of one rate item (spec: max 1000, default 1). */
export const MAX_QUANTITY = 1000;

// ---------------------------------------------------------------------------------------------
// Types

export interface RatesRequest {
  destination: CountryCode;
  parcels: { items: ItemMeasures[] }[];
}

export interface RatesFilter {
  carrierCode?: string;
  shippingMethodType?: MethodType;
  /** Origin country (e.g. the store's shipping address); when given, only carriers accepting parcels there. */
  source?: CountryCode;
}

export interface EstimatedParcelView {
  length: number;
  width: number;
  height: number;
  dimensionUnit: 'cm';
  actualWeight: number;
  volumetricWeight: number;
  chargeableWeight: number;
  weightUnit: 'kg';
  bufferApplied: number;
}

export interface RateSubtypeView {
  code: SubtypeCode;
  rate: string;
  currency: Currency;
  operators?: string[];
}

export interface RatesResponse {
  calculationDetails: { estimatedParcels: EstimatedParcelView[] };
  destination: CountryCode;
  carriers: {
    carrierCode: CarrierCode;
    shippingMethods: { type: MethodType; subtypes: RateSubtypeView[] }[];
  }[];
}

/** A parcel as sent to filter-by-parcels, in grams and millimetres; sides all given or none. */
export interface ParcelMeasures {
  weightG: number;
  lengthMm?: number;
  widthMm?: number;
  heightMm?: number;
}

export interface FilterByParcelsRequest {
  destination: CountryCode;
  source?: CountryCode;
  parcels: ParcelMeasures[];
}

export interface ShippingMethodListing {
  countries: {
    countryCode: CountryCode;
    carriers: {
      carrierCode: CarrierCode;
      shippingMethods: { type: MethodType; subtypes: { code: SubtypeCode }[]; constraints: { parcelDimensionsRequired: boolean } }[];
    }[];
  }[];
}

// ---------------------------------------------------------------------------------------------
// Rates

function viewParcel(units: readonly Unit[]): EstimatedParcelView {
  const s = stack(units, STACKING_BUFFER_PERCENT);
  const volumetric = volumetricWeightG(s, REFERENCE_VOLUMETRIC_DIVISOR);
  return {
    length: millimetresIn(s.lengthMm, 'cm'),
    width: millimetresIn(s.widthMm, 'cm'),
    height: millimetresIn(s.heightMm, 'cm'),
    dimensionUnit: 'cm',
    actualWeight: gramsIn(s.weightG, 'kg'),
    volumetricWeight: gramsIn(volumetric, 'kg'),
    chargeableWeight: gramsIn(Math.max(s.weightG, volumetric), 'kg'),
    weightUnit: 'kg',
    bufferApplied: s.bufferPercent,
  };
}

/** Minor units for sending every request parcel with this subtype, or null when one cannot go. */
function priceSubtype(parcels: readonly (readonly Unit[])[], sub: SubtypeService, table: RateTable): number | null {
  let total = 0;
  for (const units of parcels) {
    const packing = packUnits(units, {
      limits: sub.limits,
      brackets: table.brackets,
      volumetricDivisor: sub.volumetricDivisor,
      bufferPercent: STACKING_BUFFER_PERCENT,
    });
    if (!packing) return null;
    total += packing.totalMinor;
  }
  return total;
}

/**
 * Rates for the request. `calculationDetails.estimatedParcels` has one entry per request parcel
 * (its items stacked, volumetric weight at the reference divisor). Each subtype is priced on the
 * same items under its own limits and divisor: a request parcel too big or heavy for it is split
 * into several (see parcels.ts) and the rate is the sum of their bracket prices. Subtypes that
 * cannot take some item, methods left without subtypes, carriers left without methods and
 * carriers without the service contract are omitted.
 */
export function calculateRates(request: RatesRequest, filter: RatesFilter = {}): RatesResponse {
  const unitsByParcel = request.parcels.map((p) => expandItems(p.items));
  const carriers: RatesResponse['carriers'] = [];
  for (const carrier of CARRIER_TABLES) {
    if (!carrier.hasServiceContract) continue;
    if (filter.carrierCode !== undefined && carrier.code !== filter.carrierCode) continue;
    if (filter.source !== undefined && !carrier.origins.includes(filter.source)) continue;
    const shippingMethods: RatesResponse['carriers'][number]['shippingMethods'] = [];
    for (const method of carrier.methods) {
      if (filter.shippingMethodType !== undefined && method.type !== filter.shippingMethodType) continue;
      const subtypes: RateSubtypeView[] = [];
      for (const sub of method.subtypes as readonly SubtypeService[]) {
        const table = sub.rates[request.destination];
        if (!table) continue;
        const total = priceSubtype(unitsByParcel, sub, table);
        if (total === null) continue;
        subtypes.push({
          code: sub.code,
          rate: formatAmount(total),
          currency: table.currency,
          ...(sub.operators ? { operators: [...sub.operators] } : {}),
        });
      }
      if (subtypes.length) shippingMethods.push({ type: method.type, subtypes });
    }
    if (shippingMethods.length) carriers.push({ carrierCode: carrier.code, shippingMethods });
  }
  return {
    calculationDetails: { estimatedParcels: unitsByParcel.map(viewParcel) },
    destination: request.destination,
    carriers,
  };
}

// ---------------------------------------------------------------------------------------------
// Filter by parcels

function hasSides(p: ParcelMeasures): p is Required<ParcelMeasures> {
  return p.lengthMm !== undefined && p.widthMm !== undefined && p.heightMm !== undefined;
}

/** Whether the subtype takes the parcel as it is (not re-packed): within the limits and priced. */
function takesParcel(sub: SubtypeService, table: RateTable, p: ParcelMeasures): boolean {
  if (!hasSides(p)) return fitsWeight(p.weightG, sub.limits) && bracketPrice(table.brackets, p.weightG) !== undefined;
  const box = { lengthMm: p.lengthMm, widthMm: p.widthMm, heightMm: p.heightMm, weightG: p.weightG };
  return fitsLimits(box, sub.limits) && bracketPrice(table.brackets, chargeableWeightG(box, sub.volumetricDivisor)) !== undefined;
}

/**
 * The shipping methods usable for these parcels from `source` (when given) to `destination`:
 * a subtype is usable when it serves the destination and takes every parcel (a parcel-machine
 * subtype: every parcel fits some locker size). Parcels without sides are checked on weight only,
 * and rule out methods whose `parcelDimensionsRequired` is true. The service contract is not
 * required here (a merchant may have a direct contract); the caller narrows the listing to the
 * store's carriers. `countries` is empty when nothing is usable.
 */
export function filterByParcels(parcels: readonly ParcelMeasures[], destination: CountryCode, source?: CountryCode): ShippingMethodListing {
  const allSided = parcels.every(hasSides);
  const carriers: ShippingMethodListing['countries'][number]['carriers'] = [];
  for (const carrier of CARRIER_TABLES) {
    if (source !== undefined && !carrier.origins.includes(source)) continue;
    const shippingMethods: ShippingMethodListing['countries'][number]['carriers'][number]['shippingMethods'] = [];
    for (const method of carrier.methods) {
      if (method.parcelDimensionsRequired && !allSided) continue;
      const subtypes = (method.subtypes as readonly SubtypeService[])
        .filter((sub) => {
          const table = sub.rates[destination];
          return table !== undefined && parcels.every((p) => takesParcel(sub, table, p));
        })
        .map((sub) => ({ code: sub.code }));
      if (subtypes.length) shippingMethods.push({ type: method.type, subtypes, constraints: { parcelDimensionsRequired: method.parcelDimensionsRequired } });
    }
    if (shippingMethods.length) carriers.push({ carrierCode: carrier.code, shippingMethods });
  }
  return { countries: carriers.length ? [{ countryCode: destination, carriers }] : [] };
}

// ---------------------------------------------------------------------------------------------
// Parsing

function readMeasure(r: Reader, key: string, convert: (v: unknown) => ReturnType<typeof toGrams>, required: boolean): number | undefined {
  const v = r.obj[key];
  if (v === undefined || v === null) {
    if (required) r.p.add(r.name(key), 'is required');
    return undefined;
  }
  const c = convert(v);
  if (!c.ok) {
    r.p.add(r.name(key), c.reason);
    return undefined;
  }
  return c.value;
}

/** A required, non-empty array of at most `max` entries. */
function readList(r: Reader, key: string, max: number): unknown[] | undefined {
  const list = r.array(key, { required: true });
  if (list === undefined) return undefined;
  if (list.length === 0) {
    r.p.add(r.name(key), 'must not be empty');
    return undefined;
  }
  if (list.length > max) {
    r.p.add(r.name(key), `must have at most ${max} entries`);
    return undefined;
  }
  return list;
}

/** Reader of entry i of a list, or undefined (with a problem) when it is not an object. */
function entry(r: Reader, key: string, list: unknown[], i: number): Reader | undefined {
  const v = list[i];
  const name = `${r.name(key)}[${i}]`;
  if (!isObject(v)) {
    r.p.add(name, 'must be an object');
    return undefined;
  }
  return new Reader(r.p, v, name);
}

function readItem(r: Reader): ItemMeasures | undefined {
  // An unknown unit is reported once; the sides are still checked (as cm / kg) for their own problems.
  const dimensionUnit: LengthUnit = r.oneOf('dimensionUnit', LENGTH_UNITS) ?? 'cm';
  const weightUnit: WeightUnit = r.oneOf('weightUnit', WEIGHT_UNITS) ?? 'kg';
  const length = (v: unknown) => toMillimetres(v, dimensionUnit);
  const lengthMm = readMeasure(r, 'length', length, true);
  const widthMm = readMeasure(r, 'width', length, true);
  const heightMm = readMeasure(r, 'height', length, true);
  // A weight of 0 is what WooCommerce sends for a product without a weight (its method's
  // default_weight unset, or a few grams rounded to 0.00 kg): the lightest weight, 1 g.
  const weightG = readMeasure(r, 'weight', (v) => toGrams(v, weightUnit, { zeroIsLightest: true }), true);
  const quantity = r.has('quantity') ? r.integer('quantity', { min: 1, max: MAX_QUANTITY }) : 1;
  if (lengthMm === undefined || widthMm === undefined || heightMm === undefined || weightG === undefined || quantity === undefined) return undefined;
  return { lengthMm, widthMm, heightMm, weightG, quantity };
}

function throwIfNotObject(p: Problems, body: unknown, name: string): asserts body is Record<string, unknown> {
  if (!isObject(body)) {
    p.add(name, 'must be an object');
    p.throwIfAny();
  }
}

/**
 * The body of POST /shipping-methods/rates in millimetres and grams. Throws a 400 ApiError
 * listing every problem, each naming its field (`parcels[0].items[2].quantity must be from 1 to 1000`).
 */
export function parseRatesRequest(body: unknown): RatesRequest {
  const p = new Problems();
  throwIfNotObject(p, body, 'body');
  const r = new Reader(p, body);
  const destination = r.oneOf('destination', COUNTRIES, true);
  const parcels: { items: ItemMeasures[] }[] = [];
  let units = 0;
  const list = readList(r, 'parcels', MAX_PARCELS);
  list?.forEach((_, i) => {
    const pr = entry(r, 'parcels', list, i);
    if (!pr) return;
    const itemList = readList(pr, 'items', MAX_UNITS);
    const items: ItemMeasures[] = [];
    itemList?.forEach((__, k) => {
      const ir = entry(pr, 'items', itemList, k);
      const item = ir && readItem(ir);
      if (item) {
        items.push(item);
        units += item.quantity;
      }
    });
    parcels.push({ items });
  });
  if (units > MAX_UNITS) p.add('parcels', `must hold at most ${MAX_UNITS} items in all, quantities included`);
  p.throwIfAny();
  return { destination: destination!, parcels };
}

/** The query of POST /shipping-methods/rates: optional `carrierCode` and `shippingMethodType`. */
export function parseRatesQuery(query: unknown): Pick<RatesFilter, 'carrierCode' | 'shippingMethodType'> {
  const p = new Problems();
  const r = new Reader(p, isObject(query) ? query : {});
  const carrierCode = r.oneOf('carrierCode', CARRIER_CODES);
  const shippingMethodType = r.oneOf('shippingMethodType', SHIPPING_METHOD_TYPES);
  p.throwIfAny();
  return { ...(carrierCode ? { carrierCode } : {}), ...(shippingMethodType ? { shippingMethodType } : {}) };
}

const SIDES = ['length', 'width', 'height'] as const;

/**
 * Query and body of POST /shipping-methods/filter-by-parcels: `destination` (required) and
 * `source` (optional; the caller defaults it to the store's shipping country) from the query;
 * `parcels` with `weight` in kg and optional `length`, `width`, `height` in metres (all three or
 * none), each positive with at most 2 decimals. Throws a 400 ApiError naming every bad field.
 */
export function parseFilterByParcels(query: unknown, body: unknown): FilterByParcelsRequest {
  const p = new Problems();
  const q = new Reader(p, isObject(query) ? query : {});
  const destination = q.oneOf('destination', COUNTRIES, true);
  const source = q.oneOf('source', COUNTRIES);
  throwIfNotObject(p, body, 'body');
  const r = new Reader(p, body);
  const twoDecimals: ConvertOptions = { maxDecimals: 2 };
  const parcels: ParcelMeasures[] = [];
  const list = readList(r, 'parcels', MAX_PARCELS);
  list?.forEach((_, i) => {
    const pr = entry(r, 'parcels', list, i);
    if (!pr) return;
    const weightG = readMeasure(pr, 'weight', (v) => toGrams(v, 'kg', twoDecimals), true);
    const given = SIDES.filter((s) => pr.has(s));
    if (given.length > 0 && given.length < 3) {
      for (const s of SIDES) if (!given.includes(s)) p.add(pr.name(s), `is required when ${given.join(' or ')} is given`);
    }
    const [lengthMm, widthMm, heightMm] = SIDES.map((s) => readMeasure(pr, s, (v) => toMillimetres(v, 'm', twoDecimals), false));
    if (weightG === undefined) return;
    parcels.push(lengthMm !== undefined && widthMm !== undefined && heightMm !== undefined ? { weightG, lengthMm, widthMm, heightMm } : { weightG });
  });
  p.throwIfAny();
  return { destination: destination!, ...(source ? { source } : {}), parcels };
}
