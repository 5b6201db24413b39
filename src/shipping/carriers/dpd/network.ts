/**
 * DPD's pickup points in the generated sandbox catalogue (`catalogue/generate-points.ts`):
 * how many of each (country, type), and how strongly they follow population (1: proportional).
 */
import type { PickupPointNetwork } from '../contract.js';

export const dpdNetwork: readonly PickupPointNetwork[] = [
  { country: 'EE', type: 'parcelShop', count: 110, exponent: 0.9 },
  { country: 'LV', type: 'parcelShop', count: 160, exponent: 0.9 },
  { country: 'LT', type: 'parcelShop', count: 220, exponent: 0.9 },
  { country: 'FI', type: 'parcelShop', count: 480, exponent: 0.9 },
  { country: 'PL', type: 'parcelShop', count: 650, exponent: 0.9 },
];
