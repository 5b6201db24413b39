/**
 * InPost's rates: per shipping method subtype its parcel limits, volumetric divisor and a
 * weight-bracket table per destination. Parcel machines take the compartments of `lockerSizes`
 * in the definition (`sizes: 'lockers'`). Lengths in mm, weights in g, prices in minor units.
 */
import type { CarrierRates } from '../../rates/model.js';
import { pln } from '../kit/rates.js';

export const inpostRates: CarrierRates = {
  homeCountry: 'PL',
  methods: [
    {
      type: 'pickupPoint',
      parcelDimensionsRequired: false,
      subtypes: [
        {
          code: 'parcelMachine',
          // Its three templates (mapper.ts INPOST_TEMPLATES): A, B and C.
          limits: {
            maxWeightG: 25_000,
            sizes: [
              { lengthMm: 640, widthMm: 380, heightMm: 80 },
              { lengthMm: 640, widthMm: 380, heightMm: 190 },
              { lengthMm: 640, widthMm: 380, heightMm: 410 },
            ],
          },
          volumetricDivisor: null,
          rates: {
            PL: pln([5_000, 1299], [10_000, 1499], [25_000, 1799]),
          },
        },
      ],
    },
    {
      type: 'courier',
      // As the definition: InPost's courier parcels need their measures.
      parcelDimensionsRequired: true,
      subtypes: [
        {
          code: 'standard',
          // Sum of sides 1.8 m bounds the volume at 0.6³ m³ = 43.2 kg volumetric, hence 50 kg.
          limits: { maxWeightG: 30_000, sizes: [{ lengthMm: 1_200, widthMm: 600, heightMm: 600 }], maxSumOfSidesMm: 1_800 },
          volumetricDivisor: 5000,
          rates: {
            PL: pln([2_000, 1499], [5_000, 1699], [10_000, 1999], [20_000, 2499], [30_000, 2999], [50_000, 3999]),
          },
        },
        {
          code: 'standardB2B',
          limits: { maxWeightG: 30_000, sizes: [{ lengthMm: 1_200, widthMm: 600, heightMm: 600 }], maxSumOfSidesMm: 1_800 },
          volumetricDivisor: 5000,
          rates: {
            PL: pln([2_000, 1399], [5_000, 1599], [10_000, 1899], [20_000, 2399], [30_000, 2899], [50_000, 3899]),
          },
        },
      ],
    },
  ],
};
