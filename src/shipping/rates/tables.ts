/**
 * The carriers as rates and filter-by-parcels read them, derived from the registry: every
 * registered carrier's `rates` (declared in `carriers/<code>/rates.ts`), its countries as the
 * origins it accepts parcels in, and its definition's `lockerSizes` as the parcel machines'
 * compartments. Nothing here names a carrier: a carrier in the registry is a carrier here.
 *
 * Data rules, checked by tables.test.ts:
 * - bracket edges strictly increase and prices never decrease;
 * - the last edge covers the heaviest chargeable weight the limits allow (actual weight up to
 *   `maxWeightG`, volumetric weight of the largest box within the sizes, sum of sides and girth),
 *   so every parcel within the limits has a price;
 * - a carrier's domestic tables (destination = its home country) are in that country's currency
 *   (`LOCAL_CURRENCY`: PLN in PL, EUR elsewhere), cross-border tables in EUR; so inpost to PL
 *   is the only PLN table.
 */
import { LOCKER_SIZES, type CarrierDefinition, type LockerSizeTable } from '../carriers/contract.js';
import { CARRIERS, type CarrierCode } from '../carriers/registry.js';
import type { SizeLimit } from './parcels.js';
import type { CountryCode } from '../carriers/countries.js';
import type { LockerSizeLimit, MethodRates, MethodService, RateLimits, SubtypeRates, SubtypeService } from './model.js';

/** A registered carrier as rates and filter-by-parcels read it, derived from its definition. */
export interface CarrierTable {
  code: CarrierCode;
  /** Supports the service's own contract; only these carriers get rates. */
  hasServiceContract: boolean;
  homeCountry: CountryCode;
  /** Countries the carrier accepts parcels in (the `source` of filter-by-parcels): its `countries`. */
  origins: readonly CountryCode[];
  /** Parcel-machine compartments, smallest first: its `lockerSizes`, in millimetres and grams. */
  lockerSizes: readonly LockerSizeLimit[];
  methods: readonly MethodService[];
}

export type { LockerSizeLimit, MethodService, RateTable, SubtypeCode, SubtypeService } from './model.js';

/** Percentage added to the summed height of stacked units (not to a single unit). */
export const STACKING_BUFFER_PERCENT = 10;

/** Divisor of the volumetric weight shown in `calculationDetails` (the couriers' usual 5000 cm³/kg). */
export const REFERENCE_VOLUMETRIC_DIVISOR = 5000;

/** A definition's compartments (cm, kg) as size limits (mm, g), XS first. */
export function lockerLimits(table: LockerSizeTable | undefined): readonly LockerSizeLimit[] {
  if (!table) return [];
  return LOCKER_SIZES.map((code) => {
    const d = table[code];
    return { code, lengthMm: d.depthCm * 10, widthMm: d.widthCm * 10, heightMm: d.heightCm * 10, maxWeightG: d.maxWeightKg * 1000 };
  });
}

function resolveSizes(limits: RateLimits, lockers: readonly LockerSizeLimit[], where: string): readonly SizeLimit[] {
  if (limits.sizes !== 'lockers') return limits.sizes;
  if (!lockers.length) throw new Error(`${where}: sizes 'lockers', but the carrier has no lockerSizes`);
  return lockers;
}

function resolveSubtype<C extends SubtypeService['code']>(sub: SubtypeRates<C>, lockers: readonly LockerSizeLimit[], where: string): SubtypeService<C> {
  return { ...sub, limits: { ...sub.limits, sizes: resolveSizes(sub.limits, lockers, `${where}/${sub.code}`) } };
}

function resolveMethod(m: MethodRates, lockers: readonly LockerSizeLimit[], where: string): MethodService {
  return m.type === 'courier' ? { ...m, subtypes: m.subtypes.map((s) => resolveSubtype(s, lockers, where)) } : { ...m, subtypes: m.subtypes.map((s) => resolveSubtype(s, lockers, where)) };
}

/** One carrier's table, from its definition. */
export function carrierTable(def: CarrierDefinition<CarrierCode>): CarrierTable {
  const lockerSizes = lockerLimits(def.lockerSizes);
  return {
    code: def.code,
    hasServiceContract: def.hasServiceContract,
    homeCountry: def.rates.homeCountry,
    origins: def.countries,
    lockerSizes,
    methods: def.rates.methods.map((m) => resolveMethod(m, lockerSizes, def.code)),
  };
}

/** Every registered carrier, in registry order. */
export const CARRIER_TABLES: readonly CarrierTable[] = Object.freeze(CARRIERS.map(carrierTable));
