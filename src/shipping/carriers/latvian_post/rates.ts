/**
 * Latvian Post's rates: per shipping method subtype its parcel limits, volumetric divisor and a
 * weight-bracket table per destination (all EUR: its home country is LV). Parcel lockers take the
 * definition's compartments (`sizes: 'lockers'`, XL the LV maximum 38×38×58 cm); the simulator
 * also holds the LT partner lockers to their own 35×36×61 cm (the Montonio plugin's maxima). Lengths in mm, weights in
 * g, prices in minor units.
 */
import type { CarrierRates } from '../../rates/model.js';
import { eur, longestSide } from '../kit/rates.js';

export const LOCKER_BOX_LV = { lengthMm: 580, widthMm: 380, heightMm: 380 } as const;
export const LOCKER_BOX_LT = { lengthMm: 610, widthMm: 360, heightMm: 350 } as const;

export const latvianPostRates: CarrierRates = {
  homeCountry: 'LV',
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
            LV: eur([2_000, 299], [5_000, 349], [10_000, 449], [20_000, 599], [30_000, 749]),
            LT: eur([2_000, 549], [5_000, 649], [10_000, 799], [20_000, 999], [30_000, 1199]),
            EE: eur([2_000, 599], [5_000, 699], [10_000, 849], [20_000, 1049], [30_000, 1249]),
          },
        },
        {
          code: 'postOffice',
          limits: { maxWeightG: 30_000, sizes: [longestSide(1_500)], maxSumOfSidesMm: 3_000 },
          volumetricDivisor: null,
          rates: {
            LV: eur([2_000, 349], [5_000, 429], [10_000, 549], [20_000, 749], [30_000, 949]),
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
          limits: { maxWeightG: 30_000, sizes: [longestSide(1_500)], maxGirthMm: 3_000 },
          volumetricDivisor: 5000,
          rates: {
            LV: eur([2_000, 599], [5_000, 699], [10_000, 849], [20_000, 1099], [30_000, 1349], [50_000, 1849]),
            LT: eur([2_000, 1099], [5_000, 1299], [10_000, 1599], [20_000, 1999], [30_000, 2399], [50_000, 3199]),
            EE: eur([2_000, 1099], [5_000, 1299], [10_000, 1599], [20_000, 1999], [30_000, 2399], [50_000, 3199]),
          },
        },
      ],
    },
  ],
};
