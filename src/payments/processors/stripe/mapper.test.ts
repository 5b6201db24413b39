import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { beginInput } from '../../../../test/support/processors/fixtures.js';
import { brandDisplay, cardBrand, cardOutcome, checkCard, luhnValid, parseExpiry, refundBehaviour, TEST_CARDS } from './behaviour.js';
import { splitExpiry } from './client.js';
import { createParams, decidingIntent, declineReason, paymentOutcome, refundOutcome, refusedRefund, stripeReturnUrl } from './mapper.js';
import { chargeObject, eventObject, paymentIntentObject, refundObject, type PaymentIntentRow } from './sim-objects.js';
import { signatureHeader } from './sim-service.js';
import { sandboxStripeKeys } from './sandbox-keys.js';
import { stripeConnector } from './definition.js';

const fixture = <T>(name: string): T => JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8')) as T;
const today = { year: 2026, month: 5 };
const ok = (number: string) => checkCard({ number, expiry: '12/30', cvc: '123' }, today);

describe('the Stripe mapper on Stripe\u2019s documented objects', () => {
  it('asks for a PaymentIntent in minor units, lowercase currency, Kassa\u2019s ids in metadata; the return_url names the order', () => {
    const input = beginInput({ amountMinor: 2499, currency: 'EUR' });
    expect(createParams(input)).toEqual({ amount: 2499, currency: 'eur', description: 'ORDER-1', metadata: { kassaOrderId: input.orderId, kassaIntentId: input.intentId } });
    expect(new URL(stripeReturnUrl(input)).searchParams.get('order')).toBe(input.orderId);
    expect(new URL(stripeReturnUrl(input)).searchParams.get('lang')).toBe('et');
  });

  it('reads succeeded as paid with the card metadata, requires_action as waiting, a last_payment_error as declined', () => {
    const paid = paymentOutcome('stripe', fixture<Stripe.PaymentIntent>('payment_intent.succeeded'));
    expect(paid).toEqual({
      kind: 'paid',
      processor: 'stripe',
      processorReference: 'pi_1PgafyB7WZ01zgkWSjxsAJo3',
      metadata: { paidWith: 'card', cardBrand: 'Visa', cardLast4: '4242', threeDSecure: true },
    });
    expect(paymentOutcome('stripe', fixture<Stripe.PaymentIntent>('payment_intent.requires_action'))).toMatchObject({ kind: 'waiting', status: 'requires_action' });
    expect(paymentOutcome('stripe', fixture<Stripe.PaymentIntent>('payment_intent.payment_failed'))).toMatchObject({ kind: 'declined', reason: 'INSUFFICIENT_FUNDS' });
    const canceled = { ...fixture<Stripe.PaymentIntent>('payment_intent.requires_action'), status: 'canceled' as const };
    expect(paymentOutcome('stripe', canceled)).toMatchObject({ kind: 'canceled', reason: 'CANCELED_BY_SHOPPER' });
    const wallet = fixture<Stripe.PaymentIntent & { latest_charge: Stripe.Charge }>('payment_intent.succeeded');
    wallet.latest_charge.payment_method_details!.card!.wallet = { type: 'google_pay', dynamic_last4: null } as Stripe.Charge.PaymentMethodDetails.Card.Wallet;
    expect(paymentOutcome('stripe', wallet)).toMatchObject({ metadata: { paidWith: 'wallet' } });
  });

  it('maps decline codes and the 3-D Secure failure', () => {
    expect(declineReason({ type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' })).toBe('DECLINED');
    expect(declineReason({ type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' })).toBe('INSUFFICIENT_FUNDS');
    expect(declineReason({ type: 'invalid_request_error', code: 'payment_intent_authentication_failure' })).toBe('AUTHENTICATION_FAILED');
  });

  it('reads refunds: succeeded, failed with its reason, pending; a refusal of the amount', () => {
    expect(refundOutcome(fixture<Stripe.Refund>('refund.succeeded'))).toEqual({ kind: 'succeeded', processorReference: 're_1Pgc72B7WZ01zgkWqPvrRrPE' });
    expect(refundOutcome(fixture<Stripe.Refund>('refund.failed'))).toMatchObject({ kind: 'rejected', description: 'LOST_OR_STOLEN_CARD' });
    for (const [reason, description] of [
      ['expired_or_canceled_card', 'EXPIRED_OR_CANCELLED_CARD'],
      ['declined', 'DECLINED'],
      ['unknown', 'OTHER'],
    ] as const) {
      expect(refundOutcome({ ...fixture<Stripe.Refund>('refund.failed'), failure_reason: reason })).toMatchObject({ description });
    }
    expect(refundOutcome({ ...fixture<Stripe.Refund>('refund.succeeded'), status: 'pending' })).toEqual({ kind: 'pending' });
    expect(refusedRefund({ code: 'amount_too_large', message: 'too much' })).toMatchObject({ kind: 'rejected', description: 'REFUND_EXCEEDS_ORDER_PAID_AMOUNT' });
  });

  it('finds the PaymentIntent of a deciding event', () => {
    const e = fixture<Stripe.Event>('event.payment_intent.succeeded');
    expect(decidingIntent(e)?.id).toBe('pi_1PgafyB7WZ01zgkWSjxsAJo3');
    expect(decidingIntent({ ...e, type: 'payment_intent.created' } as Stripe.Event)).toBeUndefined();
  });
});

/** Maps whose keys are data (metadata) or per payment method type: compared as objects only. */
const MAPS = new Set(['$.metadata', '$.payment_method_options', '$.amount_details', '$.fraud_details']);

/** Same keys (the top level and one level down), and the same JSON type wherever both sides have a value. */
function sameShape(ours: unknown, theirs: unknown, path = '$'): string[] {
  const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
  if (kind(ours) === 'null' || kind(theirs) === 'null') return [];
  if (kind(ours) !== kind(theirs)) return [`${path}: ${kind(ours)} vs ${kind(theirs)}`];
  if (kind(ours) !== 'object' || MAPS.has(path)) return [];
  const a = ours as Record<string, unknown>;
  const b = theirs as Record<string, unknown>;
  const problems: string[] = [];
  for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (!(k in a)) problems.push(`${path}.${k}: missing in the simulator`);
    else if (!(k in b)) problems.push(`${path}.${k}: not in Stripe's object`);
    else if (path === '$') problems.push(...sameShape(a[k], b[k], `${path}.${k}`));
  }
  return problems;
}

describe("the simulator's objects have Stripe's shapes", () => {
  const at = new Date('2026-05-01T10:00:00Z');
  const row: PaymentIntentRow = {
    id: 'pi_sim',
    client_secret: 'pi_sim_secret_x',
    amount: 1050,
    currency: 'eur',
    description: 'ORDER-1',
    metadata: { kassaOrderId: 'o', kassaIntentId: 'i' },
    status: 'succeeded',
    payment_method: 'pm_sim',
    last_payment_error: null,
    next_action: null,
    latest_charge: 'ch_sim',
    charge_details: { id: 'ch_sim', card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030, wallet: null, outcome: 'approve' }, threeDs: true, created: 1 },
    amount_refunded: 0,
    cancellation_reason: null,
    canceled_at: null,
    created_at: at,
  };

  it('PaymentIntent, Charge, Refund and Event', () => {
    const succeeded = fixture<Record<string, unknown>>('payment_intent.succeeded');
    expect(sameShape(paymentIntentObject(row, true), succeeded)).toEqual([]);
    expect(sameShape(chargeObject(row, row.charge_details!), succeeded.latest_charge)).toEqual([]);
    const refund = { id: 're_sim', payment_intent: 'pi_sim', amount: 500, currency: 'eur', metadata: {}, created_at: at };
    expect(sameShape(refundObject({ ...refund, status: 'succeeded', failure_reason: null }, 'ch_sim'), fixture('refund.succeeded'))).toEqual([]);
    // A failed refund carries failure_reason (and Stripe's failure_balance_transaction, which the simulator has no ledger for).
    expect(sameShape(refundObject({ ...refund, status: 'failed', failure_reason: 'lost_or_stolen_card' }, 'ch_sim'), fixture('refund.failed'))).toEqual([
      '$.failure_balance_transaction: missing in the simulator',
    ]);
    expect(sameShape(eventObject('evt_sim', 'payment_intent.succeeded', paymentIntentObject(row), 1), fixture('event.payment_intent.succeeded'))).toEqual([]);
  });
});

describe('the test cards and the sandbox account', () => {
  it('follows the documented magic numbers', () => {
    expect(ok('4242 4242 4242 4242')).toMatchObject({ ok: true, outcome: 'approve', brand: 'Visa', last4: '4242' });
    expect(ok(TEST_CARDS.declined)).toMatchObject({ ok: true, outcome: 'decline', reason: 'DECLINED' });
    expect(ok('4000-0000-0000-3220')).toMatchObject({ ok: true, outcome: 'challenge', last4: '3220' });
    expect(ok(TEST_CARDS.insufficientFunds)).toMatchObject({ ok: true, outcome: 'decline', reason: 'INSUFFICIENT_FUNDS' });
    expect(ok('5555555555554444')).toMatchObject({ ok: true, outcome: 'approve', brand: 'Mastercard' });
    expect(cardOutcome('4000 0000 0000 0002')).toBe('generic_decline');
    expect(cardOutcome(TEST_CARDS.insufficientFunds)).toBe('insufficient_funds');
    expect(brandDisplay('amex')).toBe('American Express');
    expect(brandDisplay('discover')).toBe('Card');
  });

  it('checks Luhn, expiry and CVC', () => {
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(ok('4242424242424241')).toEqual({ ok: false, invalidNumber: true, invalidExpiry: false, invalidCvc: false });
    expect(checkCard({ number: '4242424242424242', expiry: '04/26', cvc: '123' }, today)).toMatchObject({ ok: false, invalidExpiry: true });
    expect(checkCard({ number: '378282246310005', expiry: '1230', cvc: '1234' }, today)).toMatchObject({ ok: true, brand: 'American Express' });
    expect(parseExpiry('7 / 2031')).toEqual({ year: 2031, month: 7 });
    expect(splitExpiry('07/31')).toEqual([7, 2031]);
    expect(cardBrand('6011000990139424')).toBe('Card');
  });

  it("keeps docs/sandbox.md's refund cents", () => {
    expect(refundBehaviour(1051)).toEqual({ kind: 'fail', failureReason: 'declined' });
    expect(refundBehaviour(1052)).toEqual({ kind: 'fail', failureReason: 'expired_or_canceled_card' });
    expect(refundBehaviour(1053)).toEqual({ kind: 'fail', failureReason: 'lost_or_stolen_card' });
    expect(refundBehaviour(1054)).toEqual({ kind: 'too_large' });
    expect(refundBehaviour(1055)).toEqual({ kind: 'fail', failureReason: 'unknown' });
    expect(refundBehaviour(1057)).toEqual({ kind: 'outage_once' });
    expect(refundBehaviour(1000)).toEqual({ kind: 'succeed' });
  });

  it("derives the sandbox's keys (Stripe's formats) and signs webhooks by Stripe's scheme", () => {
    const k = sandboxStripeKeys('ab'.repeat(32));
    expect(k.publishableKey).toMatch(/^pk_test_KassaSandbox[0-9a-f]{40}$/);
    expect(k.secretKey).toMatch(/^sk_test_[0-9a-f]{40}$/);
    expect(k.webhookSecret).toMatch(/^whsec_[0-9a-f]{40}$/);
    expect(sandboxStripeKeys('ab'.repeat(32))).toEqual(k);
    const h = signatureHeader('{"a":1}', 'whsec_x', 1700000000);
    expect(h).toMatch(/^t=1700000000,v1=[0-9a-f]{64}$/);
    expect(stripeConnector.check!({ publishableKey: 'pk_live_1' }, { secretKey: 'sk_test_1', webhookSecret: 'whsec_1' })).toContain('same mode');
    expect(stripeConnector.check!({ publishableKey: 'pk_live_1' }, { secretKey: 'rk_live_1', webhookSecret: 'whsec_1' })).toBeUndefined();
  });
});
