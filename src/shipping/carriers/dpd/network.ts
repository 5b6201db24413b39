/**
 * DPD's pickup points in the generated sandbox catalogue (`catalogue/generate-points.ts`):
 * how many of each (country, type), and how strongly they follow population (1: proportional).
 */
import type { PickupPointNetwork } from '../contract.js';

export const dpdNetwork: readonly PickupPointNetwork[] = [
  { country: 'EE', type: 'parcelMachine', count: 170, exponent: 0.9 },
  { country: 'EE', type: 'parcelShop', count: 100, exponent: 0.9 },
  { country: 'LV', type: 'parcelMachine', count: 220, exponent: 0.9 },
  { country: 'LV', type: 'parcelShop', count: 240, exponent: 0.9 },
  { country: 'LT', type: 'parcelMachine', count: 430, exponent: 0.9 },
  { country: 'LT', type: 'parcelShop', count: 300, exponent: 0.9 },
  { country: 'FI', type: 'parcelMachine', count: 150, exponent: 0.9 },
  { country: 'FI', type: 'parcelShop', count: 600, exponent: 0.9 },
  { country: 'PL', type: 'parcelMachine', count: 2_500, exponent: 0.9 },
  { country: 'PL', type: 'parcelShop', count: 9_000, exponent: 0.9 },
];
