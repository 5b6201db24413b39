/**
 * ORLEN Paczka's rates: domestic only (PL, in PLN). Priced by box size (BoxSize S, M, L), up to
 * 20 kg; a parcel must fit one of the boxes. Lengths in mm, weights in g, prices in minor units.
 */
import type { CarrierRates } from '../../rates/model.js';
import { pln } from '../kit/rates.js';

/** The three box sizes, smallest first (L: the Montonio plugin's maximum 38×41×60 cm). */
export const ORLEN_BOXES = [
  { code: 'S', lengthMm: 600, widthMm: 380, heightMm: 90, maxWeightG: 20_000 },
  { code: 'M', lengthMm: 600, widthMm: 380, heightMm: 190, maxWeightG: 20_000 },
  { code: 'L', lengthMm: 600, widthMm: 410, heightMm: 380, maxWeightG: 20_000 },
] as const;

const table = pln([5_000, 999], [10_000, 1199], [20_000, 1499]);

export const orlenRates: CarrierRates = {
  homeCountry: 'PL',
  methods: [
    {
      type: 'pickupPoint',
      parcelDimensionsRequired: false,
      subtypes: [
        { code: 'parcelMachine', limits: { maxWeightG: 20_000, sizes: ORLEN_BOXES }, volumetricDivisor: null, rates: { PL: table } },
        // Its counters are run by ORLEN stations (PKN) and partner shops (PPP): ORLEN Paczka's own point types.
        { code: 'parcelShop', limits: { maxWeightG: 20_000, sizes: ORLEN_BOXES }, volumetricDivisor: null, operators: ['PKN', 'PPP'], rates: { PL: table } },
      ],
    },
  ],
};
