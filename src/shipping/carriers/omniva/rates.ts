/**
 * Omniva's rates: per shipping method subtype its parcel limits, volumetric divisor and a
 * weight-bracket table per destination. Parcel machines take the compartments of `lockerSizes`
 * in the definition (`sizes: 'lockers'`). Lengths in mm, weights in g, prices in minor units.
 */
import type { CarrierRates } from '../../rates/model.js';
import { eur, longestSide } from '../kit/rates.js';

export const omnivaRates: CarrierRates = {
  homeCountry: 'EE',
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
};
