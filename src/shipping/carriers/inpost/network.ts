/**
 * InPost's pickup points in the generated sandbox catalogue (`catalogue/generate-points.ts`):
 * how many of each (country, type), and how strongly they follow population (1: proportional).
 */
import type { PickupPointNetwork } from '../contract.js';

export const inpostNetwork: readonly PickupPointNetwork[] = [{ country: 'PL', type: 'parcelMachine', count: 25000, exponent: 1 }];
