/**
 * The shapes of rate data. Each carrier declares its rates in its own folder
 * (`carriers/<code>/rates.ts`, as `CarrierRates`); `tables.ts` derives from the registry the
 * resolved `CarrierTable`s that rates and filter-by-parcels read. Lengths in millimetres, weights
 * in grams, prices in minor units of the table's currency. A weight bracket covers chargeable
 * weights above the previous bracket's edge up to and including its own edge.
 */
import type { Currency } from '../../platform/money.js';
import type { CourierServiceType, LockerSize, PickupPointType } from '../carriers/vocabulary.js';
import type { CountryCode } from '../carriers/countries.js';
import type { ParcelLimits, SizeLimit, WeightBracket } from './parcels.js';

export type SubtypeCode = PickupPointType | CourierServiceType;

export interface LockerSizeLimit extends SizeLimit {
  code: LockerSize;
}

export interface RateTable {
  currency: Currency;
  brackets: readonly WeightBracket[];
}

/**
 * Limits of a subtype as a carrier declares them. `sizes: 'lockers'` (parcel machines): the
 * carrier's own `lockerSizes`, so a compartment is declared once, in the definition.
 */
export interface RateLimits extends Omit<ParcelLimits, 'sizes'> {
  sizes: ParcelLimits['sizes'] | 'lockers';
}

interface SubtypeBase<C extends SubtypeCode, L> {
  code: C;
  limits: L;
  /** cm³ per kg; null: charged on actual weight only. */
  volumetricDivisor: number | null;
  /** Networks running the points, reported with the rate. */
  operators?: readonly string[];
  /** Destinations served, each with its table. */
  rates: Partial<Readonly<Record<CountryCode, RateTable>>>;
}

/** A subtype's rates as a carrier declares them. */
export type SubtypeRates<C extends SubtypeCode = SubtypeCode> = SubtypeBase<C, RateLimits>;

/** A method with its subtypes, whose limits are `L`. */
type MethodOf<L> =
  | { type: 'pickupPoint'; parcelDimensionsRequired: boolean; subtypes: readonly SubtypeBase<PickupPointType, L>[] }
  | { type: 'courier'; parcelDimensionsRequired: boolean; subtypes: readonly SubtypeBase<CourierServiceType, L>[] };

export type MethodRates = MethodOf<RateLimits>;

/** What a carrier's `rates.ts` declares (`CarrierDefinition.rates`). */
export interface CarrierRates {
  /** Where the carrier is based: its tables to this country are domestic (in that country's currency). */
  homeCountry: CountryCode;
  methods: readonly MethodRates[];
}

/** A subtype with its limits resolved (locker sizes filled in). */
export type SubtypeService<C extends SubtypeCode = SubtypeCode> = SubtypeBase<C, ParcelLimits>;

export type MethodService = MethodOf<ParcelLimits>;
