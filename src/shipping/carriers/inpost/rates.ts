/**
 * InPost's rates: per shipping method subtype its parcel limits, volumetric divisor and a
 * weight-bracket table per destination. Parcel machines take the compartments of `lockerSizes`
 * in the definition (`sizes: 'lockers'`). Lengths in mm, weights in g, prices in minor units.
 */
import type { CarrierRates } from '../../rates/model.js';
import { eur, pln } from '../kit/rates.js';

export const inpostRates: CarrierRates = {
  homeCountry: 'PL',
  methods: [
    {
      type: 'pickupPoint',
      parcelDimensionsRequired: false,
      subtypes: [
        {
          code: 'parcelMachine',
          limits: { maxWeightG: 25_000, sizes: 'lockers' },
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
          operators: ['inpost', 'kiosk24'],
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
};
