/**
 * Unisend's pickup points in the generated sandbox catalogue (`catalogue/generate-points.ts`):
 * how many of each (country, type), and how strongly they follow population (1: proportional).
 * Unisend (Lithuanian Post's parcel brand) runs parcel lockers only, most of them in Lithuania.
 */
import type { PickupPointNetwork } from '../contract.js';

export const unisendNetwork: readonly PickupPointNetwork[] = [
  { country: 'EE', type: 'parcelMachine', count: 110, exponent: 0.9 },
  { country: 'LV', type: 'parcelMachine', count: 150, exponent: 0.9 },
  { country: 'LT', type: 'parcelMachine', count: 480, exponent: 0.9 },
];
