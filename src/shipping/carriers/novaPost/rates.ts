/**
 * Nova Post's rates: per shipping method subtype its parcel limits, volumetric divisor and a
 * weight-bracket table per destination. Nova Post is Ukrainian, but Kassa's money has no UAH, so
 * its Ukrainian tables are in EUR like the cross-border ones (`RATE_CURRENCY`). Lengths in mm,
 * weights in g, prices in minor units. The pickup point subtypes report the networks that run
 * the points (`operators`), as the original service's international rates do.
 */
import type { CarrierRates } from '../../rates/model.js';
import { eur, longestSide } from '../kit/rates.js';

export const novaPostRates: CarrierRates = {
  homeCountry: 'UA',
  methods: [
    {
      type: 'pickupPoint',
      parcelDimensionsRequired: false,
      subtypes: [
        {
          code: 'parcelMachine',
          // A poshtomat's largest cell.
          limits: { maxWeightG: 20_000, sizes: [{ lengthMm: 600, widthMm: 400, heightMm: 300 }] },
          volumetricDivisor: 5000,
          operators: ['novaPost'],
          rates: {
            PL: eur([2_000, 595], [5_000, 695], [10_000, 895], [20_000, 1195]),
            UA: eur([2_000, 295], [5_000, 395], [10_000, 495], [20_000, 695]),
          },
        },
        {
          code: 'parcelShop',
          limits: { maxWeightG: 30_000, sizes: [longestSide(1_200)], maxSumOfSidesMm: 2_000 },
          volumetricDivisor: 5000,
          operators: ['novaPost'],
          rates: {
            EE: eur([2_000, 695], [5_000, 795], [10_000, 995], [20_000, 1295], [30_000, 1595], [60_000, 2495]),
            LV: eur([2_000, 695], [5_000, 795], [10_000, 995], [20_000, 1295], [30_000, 1595], [60_000, 2495]),
            LT: eur([2_000, 695], [5_000, 795], [10_000, 995], [20_000, 1295], [30_000, 1595], [60_000, 2495]),
            PL: eur([2_000, 595], [5_000, 695], [10_000, 895], [20_000, 1195], [30_000, 1495], [60_000, 2395]),
            UA: eur([2_000, 295], [5_000, 395], [10_000, 495], [20_000, 695], [30_000, 895], [60_000, 1495]),
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
          limits: { maxWeightG: 30_000, sizes: [longestSide(1_200)], maxSumOfSidesMm: 2_000 },
          volumetricDivisor: 5000,
          rates: {
            EE: eur([2_000, 995], [5_000, 1095], [10_000, 1295], [20_000, 1595], [30_000, 1895], [60_000, 2795]),
            LV: eur([2_000, 995], [5_000, 1095], [10_000, 1295], [20_000, 1595], [30_000, 1895], [60_000, 2795]),
            LT: eur([2_000, 995], [5_000, 1095], [10_000, 1295], [20_000, 1595], [30_000, 1895], [60_000, 2795]),
            PL: eur([2_000, 895], [5_000, 995], [10_000, 1195], [20_000, 1495], [30_000, 1795], [60_000, 2695]),
            UA: eur([2_000, 495], [5_000, 595], [10_000, 695], [20_000, 895], [30_000, 1095], [60_000, 1695]),
          },
        },
      ],
    },
  ],
};
