/**
 * ORLEN Paczka's pickup points in the generated sandbox catalogue: its parcel machines (APM) and
 * the pickup points at ORLEN stations and partner shops (PKN, PPP), all in Poland. Its API lists
 * some ten thousand points in all (about 3,000 machines): the sandbox has as many.
 */
import type { PickupPointNetwork } from '../contract.js';

export const orlenNetwork: readonly PickupPointNetwork[] = [
  { country: 'PL', type: 'parcelMachine', count: 3_000, exponent: 0.9 },
  { country: 'PL', type: 'parcelShop', count: 7_500, exponent: 0.8 },
];
