/**
 * Pay-later plans: the whole amount in 30 days (period 1) or split into 2 or 3 monthly payments,
 * in integer minor units with the remainder on the first payment. Pure.
 */
import { splitMinor } from '../sim-kit/protocol.js';
import type { Period } from './mapper.js';

export function bnplInstalments(amountMinor: number, period: Period): number[] {
  return splitMinor(amountMinor, period);
}
