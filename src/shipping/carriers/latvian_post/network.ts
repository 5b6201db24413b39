/**
 * Latvian Post's pickup points in the generated sandbox catalogue (`catalogue/generate-points.ts`).
 * LV: its own parcel lockers (252 in May 2024, with some 200 more planned that year) and post
 * offices; LT and EE: the partner lockers its e-commerce API reaches (`extStationApi`).
 */
import type { PickupPointNetwork } from '../contract.js';

export const latvianPostNetwork: readonly PickupPointNetwork[] = [
  { country: 'LV', type: 'parcelMachine', count: 450, exponent: 0.9 },
  { country: 'LV', type: 'postOffice', count: 220, exponent: 0.5 },
  { country: 'LT', type: 'parcelMachine', count: 300, exponent: 0.9 },
  { country: 'EE', type: 'parcelMachine', count: 150, exponent: 0.9 },
];
