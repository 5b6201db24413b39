/**
 * Rate tables and parcel limits of the four sandbox carriers, as data. Lengths in millimetres,
 * weights in grams, prices in minor units of the table's currency. A weight bracket covers
 * chargeable weights above the previous bracket's edge up to and including its own edge.
 *
 * Data rules, checked by tables.test.ts:
 * - bracket edges strictly increase and prices never decrease;
 * - the last edge covers the heaviest chargeable weight the limits allow (actual weight up to
 *   `maxWeightG`, volumetric weight of the largest box within the sizes, sum of sides and girth),
 *   so every parcel within the limits has a price;
 * - a carrier's domestic tables (destination = its home country) are in that country's currency
 *   (`LOCAL_CURRENCY`: PLN in PL, EUR elsewhere), cross-border tables in EUR; so polexpress to PL
 *   is the only PLN table.
 */
import type { Currency } from '../../platform/money.js';
import type { ParcelLimits, SizeLimit, WeightBracket } from './parcels.js';

export const COUNTRY_CODES = ['EE', 'LV', 'LT', 'FI', 'PL'] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];

/** Currency of domestic rates per country; cross-border rates are in EUR. */
export const LOCAL_CURRENCY: Readonly<Record<CountryCode, Currency>> = { EE: 'EUR', LV: 'EUR', LT: 'EUR', FI: 'EUR', PL: 'PLN' };

export const CARRIER_CODES = ['baltpost', 'parcelnord', 'swiftcourier', 'polexpress'] as const;
export type CarrierCode = (typeof CARRIER_CODES)[number];

export const METHOD_TYPES = ['courier', 'pickupPoint'] as const;
export type MethodType = (typeof METHOD_TYPES)[number];

export const PICKUP_POINT_SUBTYPES = ['parcelMachine', 'postOffice', 'parcelShop'] as const;
export type PickupPointSubtype = (typeof PICKUP_POINT_SUBTYPES)[number];
export const COURIER_SUBTYPES = ['standard', 'standardB2B'] as const;
export type CourierSubtype = (typeof COURIER_SUBTYPES)[number];
export type SubtypeCode = PickupPointSubtype | CourierSubtype;

export const LOCKER_SIZES = ['XS', 'S', 'M', 'L', 'XL'] as const;
export type LockerSize = (typeof LOCKER_SIZES)[number];
export interface LockerSizeLimit extends SizeLimit {
  code: LockerSize;
}

/** Percentage added to the summed height of stacked units (not to a single unit). */
export const STACKING_BUFFER_PERCENT = 10;

/** Divisor of the volumetric weight shown in `calculationDetails` (the couriers' usual 5000 cm³/kg). */
export const REFERENCE_VOLUMETRIC_DIVISOR = 5000;

export interface RateTable {
  currency: Currency;
  brackets: readonly WeightBracket[];
}

export interface SubtypeService<C extends SubtypeCode = SubtypeCode> {
  code: C;
  limits: ParcelLimits;
  /** cm³ per kg; null: charged on actual weight only. */
  volumetricDivisor: number | null;
  /** Networks running the points, reported with the rate. */
  operators?: readonly string[];
  /** Destinations served, each with its table. */
  rates: Partial<Readonly<Record<CountryCode, RateTable>>>;
}

export type MethodService =
  | { type: 'pickupPoint'; parcelDimensionsRequired: boolean; subtypes: readonly SubtypeService<PickupPointSubtype>[] }
  | { type: 'courier'; parcelDimensionsRequired: boolean; subtypes: readonly SubtypeService<CourierSubtype>[] };

export interface CarrierTable {
  code: CarrierCode;
  /** Supports the service's own contract; only these carriers get rates. */
  hasServiceContract: boolean;
  /** Where the carrier is based: its tables to this country are domestic. */
  homeCountry: CountryCode;
  /** Countries the carrier accepts parcels in (the `source` of filter-by-parcels). */
  origins: readonly CountryCode[];
  /** Parcel-machine compartments, smallest first. */
  lockerSizes: readonly LockerSizeLimit[];
  methods: readonly MethodService[];
}

function table(currency: Currency, rows: readonly (readonly [upToG: number, priceMinor: number])[]): RateTable {
  return { currency, brackets: rows.map(([upToG, priceMinor]) => ({ upToG, priceMinor })) };
}
const eur = (...rows: (readonly [number, number])[]) => table('EUR', rows);
const pln = (...rows: (readonly [number, number])[]) => table('PLN', rows);

/** A limit on the longest side only (a cube of that side), for services limited by girth or sum. */
const longestSide = (mm: number): SizeLimit => ({ lengthMm: mm, widthMm: mm, heightMm: mm });

const BALTPOST_LOCKERS: readonly LockerSizeLimit[] = [
  { code: 'S', lengthMm: 640, widthMm: 380, heightMm: 90 },
  { code: 'M', lengthMm: 640, widthMm: 380, heightMm: 190 },
  { code: 'L', lengthMm: 640, widthMm: 380, heightMm: 390 },
];

const PARCELNORD_LOCKERS: readonly LockerSizeLimit[] = [
  { code: 'XS', lengthMm: 600, widthMm: 360, heightMm: 80 },
  { code: 'S', lengthMm: 600, widthMm: 360, heightMm: 160 },
  { code: 'M', lengthMm: 600, widthMm: 360, heightMm: 330 },
  { code: 'L', lengthMm: 600, widthMm: 360, heightMm: 590 },
  { code: 'XL', lengthMm: 600, widthMm: 600, heightMm: 590 },
];

const POLEXPRESS_LOCKERS: readonly LockerSizeLimit[] = [
  { code: 'S', lengthMm: 640, widthMm: 380, heightMm: 80 },
  { code: 'M', lengthMm: 640, widthMm: 380, heightMm: 190 },
  { code: 'L', lengthMm: 640, widthMm: 380, heightMm: 410 },
];

export const CARRIER_TABLES: readonly CarrierTable[] = [
  {
    code: 'baltpost',
    homeCountry: 'EE',
    hasServiceContract: true,
    origins: ['EE', 'LV', 'LT'],
    lockerSizes: BALTPOST_LOCKERS,
    methods: [
      {
        type: 'pickupPoint',
        parcelDimensionsRequired: false,
        subtypes: [
          {
            code: 'parcelMachine',
            limits: { maxWeightG: 30_000, sizes: BALTPOST_LOCKERS },
            volumetricDivisor: null,
            rates: {
              EE: eur([5_000, 299], [10_000, 399], [20_000, 549], [30_000, 699]),
              LV: eur([5_000, 349], [10_000, 449], [20_000, 599], [30_000, 749]),
              LT: eur([5_000, 349], [10_000, 449], [20_000, 599], [30_000, 749]),
              FI: eur([5_000, 799], [10_000, 999], [20_000, 1299], [30_000, 1599]),
            },
          },
          {
            code: 'postOffice',
            limits: { maxWeightG: 30_000, sizes: [longestSide(1_500)], maxSumOfSidesMm: 2_000 },
            volumetricDivisor: null,
            rates: {
              EE: eur([2_000, 349], [5_000, 449], [10_000, 599], [20_000, 799], [30_000, 999]),
              LV: eur([2_000, 449], [5_000, 549], [10_000, 699], [20_000, 899], [30_000, 1099]),
              LT: eur([2_000, 449], [5_000, 549], [10_000, 699], [20_000, 899], [30_000, 1099]),
            },
          },
        ],
      },
      {
        type: 'courier',
        parcelDimensionsRequired: false,
        subtypes: [
          {
            code: 'standard',
            // Volumetric weight within girth 3 m reaches 50 kg (1.0 × 0.5 × 0.5 m), hence the 50 kg bracket.
            limits: { maxWeightG: 30_000, sizes: [longestSide(1_500)], maxGirthMm: 3_000 },
            volumetricDivisor: 5000,
            rates: {
              EE: eur([2_000, 499], [5_000, 599], [10_000, 749], [20_000, 949], [30_000, 1199], [50_000, 1599]),
              LV: eur([2_000, 599], [5_000, 699], [10_000, 849], [20_000, 1049], [30_000, 1299], [50_000, 1799]),
              LT: eur([2_000, 599], [5_000, 699], [10_000, 849], [20_000, 1049], [30_000, 1299], [50_000, 1799]),
              FI: eur([2_000, 1199], [5_000, 1399], [10_000, 1699], [20_000, 2199], [30_000, 2699], [50_000, 3499]),
            },
          },
        ],
      },
    ],
  },
  {
    code: 'parcelnord',
    homeCountry: 'FI',
    hasServiceContract: true,
    origins: ['EE', 'LV', 'LT', 'FI'],
    lockerSizes: PARCELNORD_LOCKERS,
    methods: [
      {
        type: 'pickupPoint',
        parcelDimensionsRequired: false,
        subtypes: [
          {
            code: 'parcelMachine',
            // XL (0.6 × 0.6 × 0.59 m) / 6000 = 35.4 kg volumetric, hence the 40 kg bracket.
            limits: { maxWeightG: 30_000, sizes: PARCELNORD_LOCKERS },
            volumetricDivisor: 6000,
            rates: {
              EE: eur([2_000, 269], [5_000, 329], [10_000, 429], [20_000, 579], [30_000, 729], [40_000, 929]),
              LV: eur([2_000, 329], [5_000, 389], [10_000, 489], [20_000, 639], [30_000, 789], [40_000, 989]),
              LT: eur([2_000, 329], [5_000, 389], [10_000, 489], [20_000, 639], [30_000, 789], [40_000, 989]),
              FI: eur([2_000, 599], [5_000, 699], [10_000, 899], [20_000, 1199], [30_000, 1499], [40_000, 1899]),
            },
          },
          {
            code: 'parcelShop',
            limits: { maxWeightG: 20_000, sizes: [{ lengthMm: 1_000, widthMm: 600, heightMm: 600 }], maxSumOfSidesMm: 1_500 },
            volumetricDivisor: 6000,
            rates: {
              EE: eur([2_000, 299], [5_000, 359], [10_000, 459], [20_000, 609], [30_000, 809]),
              LV: eur([2_000, 359], [5_000, 419], [10_000, 519], [20_000, 669], [30_000, 869]),
              LT: eur([2_000, 359], [5_000, 419], [10_000, 519], [20_000, 669], [30_000, 869]),
              FI: eur([2_000, 649], [5_000, 749], [10_000, 949], [20_000, 1249], [30_000, 1549]),
            },
          },
        ],
      },
      {
        type: 'courier',
        parcelDimensionsRequired: false,
        subtypes: [
          {
            code: 'standard',
            limits: { maxWeightG: 31_500, sizes: [longestSide(1_750)], maxGirthMm: 3_000 },
            volumetricDivisor: 5000,
            rates: {
              EE: eur([2_000, 459], [5_000, 559], [10_000, 699], [20_000, 899], [31_500, 1149], [50_000, 1549]),
              LV: eur([2_000, 559], [5_000, 659], [10_000, 799], [20_000, 999], [31_500, 1249], [50_000, 1749]),
              LT: eur([2_000, 559], [5_000, 659], [10_000, 799], [20_000, 999], [31_500, 1249], [50_000, 1749]),
              FI: eur([2_000, 1099], [5_000, 1299], [10_000, 1599], [20_000, 2099], [31_500, 2599], [50_000, 3399]),
              PL: eur([2_000, 1299], [5_000, 1499], [10_000, 1799], [20_000, 2299], [31_500, 2799], [50_000, 3699]),
            },
          },
          {
            code: 'standardB2B',
            limits: { maxWeightG: 50_000, sizes: [longestSide(2_000)], maxGirthMm: 3_000 },
            volumetricDivisor: 5000,
            rates: {
              EE: eur([5_000, 699], [10_000, 849], [20_000, 1049], [30_000, 1299], [50_000, 1699]),
              LV: eur([5_000, 799], [10_000, 949], [20_000, 1149], [30_000, 1399], [50_000, 1899]),
              LT: eur([5_000, 799], [10_000, 949], [20_000, 1149], [30_000, 1399], [50_000, 1899]),
              FI: eur([5_000, 1399], [10_000, 1699], [20_000, 2199], [30_000, 2699], [50_000, 3499]),
            },
          },
        ],
      },
    ],
  },
  {
    // Direct contracts only: listed by filter-by-parcels, never rated.
    code: 'swiftcourier',
    homeCountry: 'LT',
    hasServiceContract: false,
    origins: ['EE', 'LV', 'LT', 'FI', 'PL'],
    lockerSizes: [],
    methods: [
      {
        type: 'courier',
        parcelDimensionsRequired: true,
        subtypes: [
          {
            code: 'standard',
            limits: { maxWeightG: 30_000, sizes: [longestSide(1_200)], maxGirthMm: 3_000 },
            volumetricDivisor: 5000,
            rates: {
              EE: eur([1_000, 899], [5_000, 1199], [10_000, 1499], [20_000, 1999], [30_000, 2499], [50_000, 3299]),
              LV: eur([1_000, 899], [5_000, 1199], [10_000, 1499], [20_000, 1999], [30_000, 2499], [50_000, 3299]),
              LT: eur([1_000, 899], [5_000, 1199], [10_000, 1499], [20_000, 1999], [30_000, 2499], [50_000, 3299]),
              FI: eur([1_000, 1299], [5_000, 1599], [10_000, 1999], [20_000, 2599], [30_000, 3199], [50_000, 4199]),
              PL: eur([1_000, 1299], [5_000, 1599], [10_000, 1999], [20_000, 2599], [30_000, 3199], [50_000, 4199]),
            },
          },
          {
            code: 'standardB2B',
            limits: { maxWeightG: 70_000, sizes: [longestSide(1_200)], maxGirthMm: 3_000 },
            volumetricDivisor: 5000,
            rates: {
              EE: eur([10_000, 1999], [30_000, 2999], [50_000, 3999], [70_000, 4999]),
              LV: eur([10_000, 1999], [30_000, 2999], [50_000, 3999], [70_000, 4999]),
              LT: eur([10_000, 1999], [30_000, 2999], [50_000, 3999], [70_000, 4999]),
              FI: eur([10_000, 2499], [30_000, 3499], [50_000, 4499], [70_000, 5499]),
              PL: eur([10_000, 2499], [30_000, 3499], [50_000, 4499], [70_000, 5499]),
            },
          },
        ],
      },
    ],
  },
  {
    code: 'polexpress',
    homeCountry: 'PL',
    hasServiceContract: true,
    origins: ['PL', 'LT'],
    lockerSizes: POLEXPRESS_LOCKERS,
    methods: [
      {
        type: 'pickupPoint',
        parcelDimensionsRequired: false,
        subtypes: [
          {
            code: 'parcelMachine',
            limits: { maxWeightG: 25_000, sizes: POLEXPRESS_LOCKERS },
            volumetricDivisor: null,
            rates: {
              EE: eur([5_000, 449], [10_000, 549], [25_000, 699]),
              LV: eur([5_000, 449], [10_000, 549], [25_000, 699]),
              LT: eur([5_000, 349], [10_000, 449], [25_000, 599]),
              PL: pln([5_000, 1299], [10_000, 1499], [25_000, 1799]),
            },
          },
          {
            code: 'parcelShop',
            limits: { maxWeightG: 20_000, sizes: [{ lengthMm: 800, widthMm: 500, heightMm: 500 }] },
            volumetricDivisor: null,
            operators: ['polexpress', 'kiosk24'],
            rates: {
              PL: pln([5_000, 1199], [10_000, 1399], [20_000, 1699]),
            },
          },
        ],
      },
      {
        type: 'courier',
        parcelDimensionsRequired: false,
        subtypes: [
          {
            code: 'standard',
            // Sum of sides 1.8 m bounds the volume at 0.6³ m³ = 43.2 kg volumetric, hence 50 kg.
            limits: { maxWeightG: 30_000, sizes: [{ lengthMm: 1_200, widthMm: 600, heightMm: 600 }], maxSumOfSidesMm: 1_800 },
            volumetricDivisor: 5000,
            rates: {
              LT: eur([2_000, 699], [5_000, 799], [10_000, 999], [20_000, 1299], [30_000, 1599], [50_000, 2199]),
              PL: pln([2_000, 1499], [5_000, 1699], [10_000, 1999], [20_000, 2499], [30_000, 2999], [50_000, 3999]),
            },
          },
        ],
      },
    ],
  },
];
