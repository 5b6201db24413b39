/**
 * Venipak's pickup points in the generated sandbox catalogue (`catalogue/generate-points.ts`):
 * how many of each (country, type), and how strongly they follow population (1: proportional).
 * Venipak runs its own lockers and partner pickup shops ("Venipak Pickup") in the Baltics, the
 * densest network in Lithuania, its home market.
 */
import type { PickupPointNetwork } from '../contract.js';

export const venipakNetwork: readonly PickupPointNetwork[] = [
  { country: 'EE', type: 'parcelMachine', count: 120, exponent: 0.9 },
  { country: 'EE', type: 'parcelShop', count: 90, exponent: 0.8 },
  { country: 'LV', type: 'parcelMachine', count: 180, exponent: 0.9 },
  { country: 'LV', type: 'parcelShop', count: 140, exponent: 0.8 },
  { country: 'LT', type: 'parcelMachine', count: 420, exponent: 0.9 },
  { country: 'LT', type: 'parcelShop', count: 330, exponent: 0.8 },
];
