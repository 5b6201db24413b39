/**
 * Smartpost's pickup points in the generated sandbox catalogue (`catalogue/generate-points.ts`):
 * how many of each (country, type), and how strongly they follow population (1: proportional).
 */
import type { PickupPointNetwork } from '../contract.js';

export const smartpostNetwork: readonly PickupPointNetwork[] = [
  { country: 'EE', type: 'parcelMachine', count: 190, exponent: 1 },
  { country: 'LV', type: 'parcelMachine', count: 110, exponent: 1 },
  { country: 'LT', type: 'parcelMachine', count: 120, exponent: 1 },
  { country: 'FI', type: 'parcelMachine', count: 2_600, exponent: 0.9 },
  { country: 'FI', type: 'postOffice', count: 1_400, exponent: 0.6 },
];
