/**
 * Omniva's pickup points in the generated sandbox catalogue (`catalogue/generate-points.ts`):
 * how many of each (country, type), and how strongly they follow population (1: proportional).
 */
import type { PickupPointNetwork } from '../contract.js';

export const omnivaNetwork: readonly PickupPointNetwork[] = [
  { country: 'EE', type: 'parcelMachine', count: 420, exponent: 0.9 },
  { country: 'EE', type: 'postOffice', count: 60, exponent: 0.5 },
  { country: 'LV', type: 'parcelMachine', count: 380, exponent: 0.9 },
  { country: 'LT', type: 'parcelMachine', count: 460, exponent: 0.9 },
];
