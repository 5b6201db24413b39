/**
 * PostNord's pickup points in the generated sandbox catalogue (`catalogue/generate-points.ts`):
 * how many of each (country, type), and how strongly they follow population (1: proportional).
 * Of the order of PostNord's real networks: service points ("ombud", "pakkeshop", "hentested") in
 * shops across Sweden, Denmark and Norway, fewer in Finland; parcel lockers growing fast in
 * Sweden and Denmark, fewer in Norway and Finland.
 */
import type { PickupPointNetwork } from '../contract.js';

export const postnordNetwork: readonly PickupPointNetwork[] = [
  { country: 'FI', type: 'parcelMachine', count: 150, exponent: 1.0 },
  { country: 'FI', type: 'parcelShop', count: 400, exponent: 0.9 },
  { country: 'SE', type: 'parcelMachine', count: 2_500, exponent: 0.9 },
  { country: 'SE', type: 'parcelShop', count: 1_800, exponent: 0.8 },
  { country: 'DK', type: 'parcelMachine', count: 1_500, exponent: 0.9 },
  { country: 'DK', type: 'parcelShop', count: 1_200, exponent: 0.8 },
  { country: 'NO', type: 'parcelMachine', count: 400, exponent: 0.9 },
  { country: 'NO', type: 'parcelShop', count: 1_000, exponent: 0.8 },
];
