/**
 * Unisend's rates: per shipping method subtype its parcel limits, volumetric divisor and a
 * weight-bracket table per destination. Parcel machines take the compartments of `lockerSizes`
 * in the definition (`sizes: 'lockers'`); courier parcels are sized XS–XL too, so they fit the
 * largest compartment (35 × 61 × 74.5 cm). Lengths in mm, weights in g, prices in minor units.
 */
import type { CarrierRates } from '../../rates/model.js';
import { eur } from '../kit/rates.js';

export const unisendRates: CarrierRates = {
  homeCountry: 'LT',
  methods: [
    {
      type: 'pickupPoint',
      parcelDimensionsRequired: false,
      subtypes: [
        {
          code: 'parcelMachine',
          limits: { maxWeightG: 30_000, sizes: 'lockers' },
          volumetricDivisor: null,
          rates: {
            LT: eur([5_000, 229], [10_000, 279], [20_000, 359], [30_000, 449]),
            LV: eur([5_000, 329], [10_000, 379], [20_000, 459], [30_000, 549]),
            EE: eur([5_000, 349], [10_000, 399], [20_000, 479], [30_000, 569]),
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
          limits: { maxWeightG: 30_000, sizes: [{ lengthMm: 745, widthMm: 610, heightMm: 350 }] },
          volumetricDivisor: null,
          rates: {
            LT: eur([5_000, 399], [10_000, 449], [20_000, 549], [30_000, 649]),
            LV: eur([5_000, 499], [10_000, 549], [20_000, 649], [30_000, 749]),
            EE: eur([5_000, 519], [10_000, 569], [20_000, 669], [30_000, 769]),
          },
        },
      ],
    },
  ],
};
