/**
 * DPD's rates: per shipping method subtype its parcel limits, volumetric divisor and a
 * weight-bracket table per destination. Parcel machines take the compartments of `lockerSizes`
 * in the definition (`sizes: 'lockers'`). Lengths in mm, weights in g, prices in minor units.
 */
import type { CarrierRates } from '../../rates/model.js';
import { eur, longestSide } from '../kit/rates.js';

/** DPD Pickup: lockers and parcel shops alike take up to 36 × 43 × 61 cm and 31.5 kg (WC's dpd parcel-machine and parcel-shop classes). */
const PICKUP_LIMITS = { maxWeightG: 31_500, sizes: [{ lengthMm: 610, widthMm: 430, heightMm: 360 }] };
const PICKUP_RATES = {
  EE: eur([5_000, 349], [10_000, 449], [20_000, 599], [31_500, 749]),
  LV: eur([5_000, 349], [10_000, 449], [20_000, 599], [31_500, 749]),
  LT: eur([5_000, 299], [10_000, 399], [20_000, 549], [31_500, 699]),
  FI: eur([5_000, 799], [10_000, 999], [20_000, 1299], [31_500, 1599]),
  PL: eur([5_000, 449], [10_000, 549], [20_000, 699], [31_500, 849]),
};

export const dpdRates: CarrierRates = {
  // Direct contracts only (no SERVICE contract): listed by filter-by-parcels, never rated.
  homeCountry: 'LT',
  methods: [
    {
      type: 'pickupPoint',
      parcelDimensionsRequired: false,
      subtypes: [
        { code: 'parcelMachine', limits: PICKUP_LIMITS, volumetricDivisor: null, rates: PICKUP_RATES },
        { code: 'parcelShop', limits: PICKUP_LIMITS, volumetricDivisor: null, rates: PICKUP_RATES },
      ],
    },
    {
      type: 'courier',
      // As the definition: DPD takes courier parcels without their measures.
      parcelDimensionsRequired: false,
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
};
