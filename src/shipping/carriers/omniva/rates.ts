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
          // The largest compartment, as WC's parcel-machine class states it (38 × 39 × 64 cm).
          limits: { maxWeightG: 30_000, sizes: [{ lengthMm: 640, widthMm: 390, heightMm: 380 }] },
          volumetricDivisor: null,
          rates: {
            EE: eur([5_000, 299], [10_000, 399], [20_000, 549], [30_000, 699]),
            LV: eur([5_000, 349], [10_000, 449], [20_000, 599], [30_000, 749]),
            LT: eur([5_000, 349], [10_000, 449], [20_000, 599], [30_000, 749]),
          },
        },
        {
          code: 'postOffice',
          limits: { maxWeightG: 30_000, sizes: [longestSide(1_500)], maxSumOfSidesMm: 2_000 },
          volumetricDivisor: null,
          rates: {
            EE: eur([2_000, 349], [5_000, 449], [10_000, 599], [20_000, 799], [30_000, 999]),
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
          },
        },
        {
          // Business parcels (Omniva's BUSINESS_PARCEL), in Estonia.
          code: 'standardB2B',
          limits: { maxWeightG: 30_000, sizes: [longestSide(1_500)], maxGirthMm: 3_000 },
          volumetricDivisor: 5000,
          rates: {
            EE: eur([2_000, 449], [5_000, 549], [10_000, 699], [20_000, 899], [30_000, 1149], [50_000, 1549]),
          },
        },
      ],
    },
  ],
};
