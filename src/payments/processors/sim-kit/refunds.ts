/**
 * How the built-in simulators answer refunds, chosen by the refund amount's cents so a merchant's
 * CI can reach every outcome (docs/sandbox.md):
 *   …​.51 → rejected DECLINED
 *   …​.52 → rejected EXPIRED_OR_CANCELLED_CARD (card families; others DECLINED)
 *   …​.53 → rejected LOST_OR_STOLEN_CARD (card families; others DECLINED)
 *   …​.54 → rejected REFUND_EXCEEDS_ORDER_PAID_AMOUNT
 *   …​.55 → rejected OTHER
 *   …​.57 → the processor is down for the first call, then succeeds
 *   anything else → succeeds
 * A success is idempotent per refund id: the same id always gets the same reference.
 */
import { createHash } from 'node:crypto';
import type { RefundOutcome, RefundRequest } from '../contract.js';

export interface RefundSimulation {
  /** Card-like families can report expired and lost cards. */
  cards: boolean;
  /** Prefix of the processor's refund references. */
  refPrefix: string;
}

export const REFUND_MAGIC_CENTS = Object.freeze({ declined: 51, expiredCard: 52, lostCard: 53, exceeds: 54, other: 55, outageOnce: 57 });

export function simulateRefund(sim: RefundSimulation, r: RefundRequest): RefundOutcome {
  const cents = r.amountMinor % 100;
  const rejected = (description: Extract<RefundOutcome, { kind: 'rejected' }>['description'], message: string): RefundOutcome => ({ kind: 'rejected', description, message });
  switch (cents) {
    case REFUND_MAGIC_CENTS.declined:
      return rejected('DECLINED', 'the provider declined the refund');
    case REFUND_MAGIC_CENTS.expiredCard:
      return sim.cards ? rejected('EXPIRED_OR_CANCELLED_CARD', 'the card has expired or was cancelled') : rejected('DECLINED', 'the provider declined the refund');
    case REFUND_MAGIC_CENTS.lostCard:
      return sim.cards ? rejected('LOST_OR_STOLEN_CARD', 'the card was reported lost or stolen') : rejected('DECLINED', 'the provider declined the refund');
    case REFUND_MAGIC_CENTS.exceeds:
      return rejected('REFUND_EXCEEDS_ORDER_PAID_AMOUNT', 'the provider holds less for this payment than the refund');
    case REFUND_MAGIC_CENTS.other:
      return rejected('OTHER', 'the provider could not refund this payment');
    case REFUND_MAGIC_CENTS.outageOnce:
      if (r.attempt === 1) return { kind: 'unavailable', message: 'the provider is temporarily unavailable' };
  }
  const ref = createHash('sha256').update(`${r.paymentReference}/${r.refundId}`).digest('hex').slice(0, 24);
  return { kind: 'succeeded', processorReference: `${sim.refPrefix}_rf_${ref}` };
}
