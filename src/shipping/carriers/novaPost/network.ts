/**
 * Nova Post's pickup points in the generated sandbox catalogue (`catalogue/generate-points.ts`):
 * how many of each (country, type), and how strongly they follow population (1: proportional).
 * Ukraine: of the order of Nova Poshta's network (branches and poshtomats); Poland and the Baltics:
 * Nova Post's own European branches, a few dozen in Poland and a handful in each Baltic capital
 * region, and its first parcel lockers in Poland.
 */
import type { PickupPointNetwork } from '../contract.js';

export const novaPostNetwork: readonly PickupPointNetwork[] = [
  { country: 'EE', type: 'parcelShop', count: 6, exponent: 1.3 },
  { country: 'LV', type: 'parcelShop', count: 8, exponent: 1.3 },
  { country: 'LT', type: 'parcelShop', count: 15, exponent: 1.2 },
  { country: 'PL', type: 'parcelMachine', count: 60, exponent: 1.1 },
  { country: 'PL', type: 'parcelShop', count: 120, exponent: 1.1 },
  { country: 'UA', type: 'parcelMachine', count: 12_000, exponent: 0.9 },
  { country: 'UA', type: 'parcelShop', count: 8_000, exponent: 0.8 },
];
