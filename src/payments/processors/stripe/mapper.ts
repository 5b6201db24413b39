/**
 * Kassa's Stripe connector, the pure part: the PaymentIntent Kassa asks for, and what Stripe's
 * PaymentIntents, Refunds, errors and Events mean for Kassa's attempts and refunds. No I/O.
 *
 * PaymentIntent status → attempt (docs.stripe.com/payments/paymentintents/lifecycle):
 *   succeeded                                         → paid (card brand, last 4, wallet, 3-D Secure)
 *   requires_payment_method with last_payment_error   → declined (decline_code insufficient_funds →
 *                                                        INSUFFICIENT_FUNDS; code
 *                                                        payment_intent_authentication_failure →
 *                                                        AUTHENTICATION_FAILED; otherwise DECLINED)
 *   canceled                                          → canceled (CANCELED_BY_SHOPPER)
 *   processing, requires_action, requires_confirmation,
 *   requires_payment_method without an error          → not decided yet (waiting)
 */
import type Stripe from 'stripe';
import type { AttemptOutcome } from '../../orders/service.js';
import type { AttemptWaiting, BeginPayment, RefundOutcome } from '../contract.js';
import { brandDisplay } from './behaviour.js';

/** The metadata keys Kassa puts on its PaymentIntents. */
export const META_ORDER = 'kassaOrderId';
export const META_INTENT = 'kassaIntentId';
/** A draft payment intent's PaymentIntent before its order exists. */
export const META_DRAFT = 'kassaDraftId';

export function createParams(input: BeginPayment): Stripe.PaymentIntentCreateParams {
  return {
    amount: input.amountMinor,
    currency: input.currency.toLowerCase(),
    description: input.description,
    metadata: { [META_ORDER]: input.orderId, [META_INTENT]: input.intentId },
  };
}

/** Kassa's return URL given to Stripe: it names the order, so a return can be checked against the PaymentIntent's metadata. */
export function stripeReturnUrl(input: Pick<BeginPayment, 'returnUrl' | 'orderId'>): string {
  const u = new URL(input.returnUrl);
  u.searchParams.set('order', input.orderId);
  return u.toString();
}

function chargeOf(pi: Stripe.PaymentIntent): Stripe.Charge | undefined {
  return pi.latest_charge && typeof pi.latest_charge === 'object' ? pi.latest_charge : undefined;
}

/** The attempt metadata of a paid PaymentIntent (latest_charge expanded): the keys the card simulator always recorded. */
export function cardMetadata(pi: Stripe.PaymentIntent): Record<string, string | number | boolean> {
  const card = chargeOf(pi)?.payment_method_details?.card;
  return {
    paidWith: card?.wallet ? 'wallet' : 'card',
    cardBrand: brandDisplay(card?.brand),
    cardLast4: card?.last4 ?? '',
    threeDSecure: card?.three_d_secure?.result === 'authenticated' || card?.three_d_secure?.result === 'attempt_acknowledged',
  };
}

export type StripeError = { type?: string; code?: string | null | undefined; decline_code?: string | null | undefined };

/** Kassa's failure reason of a Stripe error (last_payment_error or a card error). */
export function declineReason(e: StripeError | null | undefined): 'DECLINED' | 'INSUFFICIENT_FUNDS' | 'AUTHENTICATION_FAILED' {
  if (e?.code === 'payment_intent_authentication_failure') return 'AUTHENTICATION_FAILED';
  if (e?.decline_code === 'insufficient_funds' || e?.code === 'insufficient_funds') return 'INSUFFICIENT_FUNDS';
  return 'DECLINED';
}

export function paymentOutcome(processor: string, pi: Stripe.PaymentIntent): AttemptOutcome | AttemptWaiting {
  switch (pi.status) {
    case 'succeeded':
      return { kind: 'paid', processor, processorReference: pi.id, metadata: cardMetadata(pi) };
    case 'canceled':
      return { kind: 'canceled', processor, processorReference: pi.id, reason: 'CANCELED_BY_SHOPPER' };
    case 'requires_payment_method':
      if (pi.last_payment_error) return { kind: 'declined', processor, processorReference: pi.id, reason: declineReason(pi.last_payment_error) };
      return { kind: 'waiting', processor, processorReference: pi.id, status: pi.status };
    default:
      return { kind: 'waiting', processor, processorReference: pi.id, status: pi.status };
  }
}

const REFUND_FAILURES: Readonly<Record<string, Extract<RefundOutcome, { kind: 'rejected' }>['description']>> = {
  declined: 'DECLINED',
  expired_or_canceled_card: 'EXPIRED_OR_CANCELLED_CARD',
  lost_or_stolen_card: 'LOST_OR_STOLEN_CARD',
  insufficient_funds: 'DECLINED',
  merchant_request: 'OTHER',
  unknown: 'OTHER',
};

/** A Refund's outcome; `pending` when Stripe has not finished it (pending, requires_action). */
export function refundOutcome(r: Stripe.Refund): RefundOutcome | { kind: 'pending' } {
  switch (r.status) {
    case 'succeeded':
      return { kind: 'succeeded', processorReference: r.id };
    case 'failed':
    case 'canceled': {
      const reason = r.failure_reason ?? 'unknown';
      return { kind: 'rejected', description: REFUND_FAILURES[reason] ?? 'OTHER', message: `Stripe refund ${r.id} ${r.status}: ${reason}` };
    }
    default:
      return { kind: 'pending' };
  }
}

/** A refund Stripe refused at once (an invalid_request_error): too large, or not refundable. */
export function refusedRefund(e: StripeError & { message?: string }): RefundOutcome {
  const description = e.code === 'amount_too_large' || e.code === 'charge_already_refunded' ? 'REFUND_EXCEEDS_ORDER_PAID_AMOUNT' : 'DECLINED';
  return { kind: 'rejected', description, message: `Stripe refused the refund: ${e.message ?? e.code ?? 'invalid request'}` };
}

/** The PaymentIntent events that decide an attempt. */
export const DECIDING_EVENTS = ['payment_intent.succeeded', 'payment_intent.payment_failed', 'payment_intent.canceled'] as const;

/** The PaymentIntent an Event is about, when it is one that decides an attempt. */
export function decidingIntent(e: Stripe.Event): Stripe.PaymentIntent | undefined {
  if (!(DECIDING_EVENTS as readonly string[]).includes(e.type)) return undefined;
  const o = e.data.object;
  return o.object === 'payment_intent' ? o : undefined;
}
