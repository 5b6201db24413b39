/**
 * PostNord's rates: per shipping method subtype its parcel limits, volumetric divisor and a
 * weight-bracket table per destination. PostNord is Swedish, but Kassa's money has no SEK, so its
 * domestic tables are in EUR like the cross-border ones (`RATE_CURRENCY`). Service points and
 * home delivery (MyPack Collect, MyPack Home) take 20 kg; business parcels (Parcel) 35 kg. Lengths
 * in mm, weights in g, prices in minor units.
 */
import type { CarrierRates, RateTable } from '../../rates/model.js';
import { eur, longestSide } from '../kit/rates.js';

type Dest = 'SE' | 'DK' | 'NO' | 'FI';
const table = (build: (d: Dest) => RateTable): Readonly<Record<Dest, RateTable>> => ({ SE: build('SE'), DK: build('DK'), NO: build('NO'), FI: build('FI') });
/** Cents added to the Swedish price per destination. */
const EXTRA: Readonly<Record<Dest, number>> = { SE: 0, DK: 200, NO: 400, FI: 300 };

export const postnordRates: CarrierRates = {
  homeCountry: 'SE',
  methods: [
    {
      type: 'pickupPoint',
      parcelDimensionsRequired: false,
      subtypes: [
        {
          code: 'parcelMachine',
          // The largest locker compartment.
          limits: { maxWeightG: 20_000, sizes: [{ lengthMm: 600, widthMm: 400, heightMm: 350 }] },
          volumetricDivisor: 5000,
          rates: table((d) => eur([1_000, 549 + EXTRA[d]], [5_000, 649 + EXTRA[d]], [10_000, 849 + EXTRA[d]], [20_000, 1149 + EXTRA[d]])),
        },
        {
          code: 'parcelShop',
          limits: { maxWeightG: 20_000, sizes: [longestSide(1_500)], maxGirthMm: 3_000 },
          volumetricDivisor: 5000,
          rates: table((d) => eur([1_000, 599 + EXTRA[d]], [5_000, 699 + EXTRA[d]], [10_000, 899 + EXTRA[d]], [20_000, 1199 + EXTRA[d]], [30_000, 1499 + EXTRA[d]], [50_000, 1999 + EXTRA[d]])),
        },
      ],
    },
    {
      type: 'courier',
      parcelDimensionsRequired: false,
      subtypes: [
        {
          code: 'standard',
          limits: { maxWeightG: 20_000, sizes: [longestSide(1_500)], maxGirthMm: 3_000 },
          volumetricDivisor: 5000,
          rates: table((d) => eur([1_000, 899 + EXTRA[d]], [5_000, 999 + EXTRA[d]], [10_000, 1199 + EXTRA[d]], [20_000, 1499 + EXTRA[d]], [30_000, 1799 + EXTRA[d]], [50_000, 2299 + EXTRA[d]])),
        },
        {
          code: 'standardB2B',
          limits: { maxWeightG: 35_000, sizes: [longestSide(1_500)], maxGirthMm: 3_000 },
          volumetricDivisor: 5000,
          rates: table((d) => eur([5_000, 999 + EXTRA[d]], [10_000, 1199 + EXTRA[d]], [20_000, 1499 + EXTRA[d]], [35_000, 1899 + EXTRA[d]], [50_000, 2399 + EXTRA[d]])),
        },
      ],
    },
  ],
};
