/**
 * Venipak's rates: per shipping method subtype its parcel limits, volumetric divisor and a
 * weight-bracket table per destination. Venipak has no sender-chosen compartments, so its parcel
 * machines take one box: the Montonio plugin's 39.5 × 41 × 61 cm (395 mm as written), 30 kg.
 * Lengths in mm, weights in g, prices in minor units (EUR: all three countries).
 */
import type { CarrierRates } from '../../rates/model.js';
import { eur, longestSide } from '../kit/rates.js';

export const venipakRates: CarrierRates = {
  homeCountry: 'LT',
  methods: [
    {
      type: 'pickupPoint',
      parcelDimensionsRequired: false,
      subtypes: [
        {
          code: 'parcelMachine',
          limits: { maxWeightG: 30_000, sizes: [{ lengthMm: 610, widthMm: 410, heightMm: 395 }] },
          volumetricDivisor: null,
          rates: {
            LT: eur([5_000, 249], [10_000, 299], [20_000, 399], [30_000, 499]),
            LV: eur([5_000, 349], [10_000, 399], [20_000, 499], [30_000, 599]),
            EE: eur([5_000, 379], [10_000, 429], [20_000, 529], [30_000, 629]),
          },
        },
        {
          code: 'parcelShop',
          limits: { maxWeightG: 30_000, sizes: [{ lengthMm: 1_000, widthMm: 600, heightMm: 600 }] },
          volumetricDivisor: null,
          rates: {
            LT: eur([5_000, 249], [10_000, 299], [20_000, 399], [30_000, 499]),
            LV: eur([5_000, 349], [10_000, 399], [20_000, 499], [30_000, 599]),
            EE: eur([5_000, 379], [10_000, 429], [20_000, 529], [30_000, 629]),
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
          // Charged on actual weight: a 1.5 m side would otherwise reach far past the 40 kg bracket.
          limits: { maxWeightG: 30_000, sizes: [longestSide(1_500)] },
          volumetricDivisor: null,
          rates: {
            LT: eur([2_000, 399], [5_000, 449], [10_000, 549], [20_000, 699], [30_000, 849], [40_000, 1049]),
            LV: eur([2_000, 499], [5_000, 549], [10_000, 649], [20_000, 799], [30_000, 949], [40_000, 1149]),
            EE: eur([2_000, 529], [5_000, 579], [10_000, 679], [20_000, 829], [30_000, 979], [40_000, 1179]),
          },
        },
      ],
    },
  ],
};
