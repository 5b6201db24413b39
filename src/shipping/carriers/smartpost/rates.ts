/**
 * Smartpost's rates: per shipping method subtype its parcel limits, volumetric divisor and a
 * weight-bracket table per destination. Parcel machines take the compartments of `lockerSizes`
 * in the definition (`sizes: 'lockers'`). Lengths in mm, weights in g, prices in minor units.
 */
import type { CarrierRates } from '../../rates/model.js';
import { eur, longestSide } from '../kit/rates.js';

export const smartpostRates: CarrierRates = {
  homeCountry: 'FI',
  methods: [
    {
      type: 'pickupPoint',
      parcelDimensionsRequired: false,
      subtypes: [
        {
          code: 'parcelMachine',
          // XL (0.6 × 0.6 × 0.59 m) / 6000 = 35.4 kg volumetric, hence the 40 kg bracket.
          limits: { maxWeightG: 30_000, sizes: 'lockers' },
          volumetricDivisor: 6000,
          rates: {
            EE: eur([2_000, 269], [5_000, 329], [10_000, 429], [20_000, 579], [30_000, 729], [40_000, 929]),
            LV: eur([2_000, 329], [5_000, 389], [10_000, 489], [20_000, 639], [30_000, 789], [40_000, 989]),
            LT: eur([2_000, 329], [5_000, 389], [10_000, 489], [20_000, 639], [30_000, 789], [40_000, 989]),
            FI: eur([2_000, 599], [5_000, 699], [10_000, 899], [20_000, 1199], [30_000, 1499], [40_000, 1899]),
          },
        },
        {
          // Posti's post offices in Finland; WC's post-office class takes up to 36 × 60 × 60 cm, 35 kg.
          code: 'postOffice',
          limits: { maxWeightG: 35_000, sizes: [{ lengthMm: 600, widthMm: 600, heightMm: 360 }] },
          volumetricDivisor: 6000,
          rates: {
            FI: eur([2_000, 649], [5_000, 749], [10_000, 949], [20_000, 1249], [35_000, 1549]),
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
          },
        },
      ],
    },
  ],
};
