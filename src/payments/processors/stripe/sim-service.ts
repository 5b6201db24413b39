/**
 * The Stripe simulator's rules: PaymentIntents (create, confirm with a PaymentMethod or card
 * data, the 3-D Secure step, cancel), PaymentMethods, Refunds and Events, each state change in
 * one transaction with the Event it causes; Idempotency-Key replays; and the Events delivered
 * to Kassa's sandbox webhook endpoint, signed by Stripe's scheme, after the commit.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Clock } from '../../../platform/clock.js';
import { withTx, type Db, type Tx } from '../../../platform/db.js';
import type { Fetch } from '../../../platform/self-fetch.js';
import { cardBrand, cardDigits, cardOutcome, luhnValid, parseExpiry, refundBehaviour, STRIPE_BRANDS, type CardOutcome } from './behaviour.js';
import {
  eventObject,
  paymentIntentObject,
  paymentMethodObject,
  refundObject,
  SimError,
  SimErrors,
  type JsonObject,
  type PaymentIntentRow,
  type PaymentMethodRow,
  type SimCard,
} from './sim-objects.js';
import * as sql from './sim-store.js';
import type { StripeKeys } from './sandbox-keys.js';

/** Where the simulator's API and the shopper's pages live. */
export const SIM_API_PREFIX = '/simulators/stripe';
export const CARD_PAGE_PATH = '/simulators/card/pay';
export const WALLET_PAGE_PATH = '/simulators/card/wallet';
export const CHALLENGE_PAGE_PATH = '/simulators/card/3ds';
/** Kassa's sandbox webhook endpoint: the simulated account's one webhook endpoint. */
export const SANDBOX_WEBHOOK_PATH = '/processors/stripe/sandbox/webhook';

export interface SimAnswer {
  status: number;
  body: JsonObject;
}

interface Done {
  answer: SimAnswer;
  events: JsonObject[];
  /** False for an answer Stripe never records under the key (the simulated outage). */
  save?: boolean;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export function stripeId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let s = '';
  for (const b of bytes) s += ALPHABET[b % ALPHABET.length];
  return `${prefix}_${s}`;
}

/** Stripe's webhook signature header: `t=<unix>,v1=HMAC-SHA256(secret, "<t>.<payload>")`. */
export function signatureHeader(payload: string, secret: string, timestamp: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/** What a confirm carries: a saved PaymentMethod or card data, and where 3-D Secure returns to. */
export interface ConfirmInput {
  paymentMethod?: string;
  card?: { number: string; expMonth: string; expYear: string; cvc: string };
  returnUrl?: string;
}

const PAYABLE = ['requires_payment_method', 'requires_confirmation'];
const CANCELABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action', 'processing'];

export class StripeSimulator {
  constructor(private readonly d: { db: Db; clock: Clock; keys: StripeKeys; publicUrl: string; fetch: Fetch; log?: (msg: string, err?: unknown) => void }) {}

  get keys(): StripeKeys {
    return this.d.keys;
  }

  private now(): Date {
    return this.d.clock.now();
  }

  /**
   * Runs a write: replays the key's first answer when the same request comes again (400 when the
   * key was used for another request), records the answer under the key, delivers the events
   * after the commit.
   */
  async write(key: string | undefined, request: string, fn: (tx: Tx) => Promise<Done>): Promise<SimAnswer & { replayed: boolean }> {
    const out = await withTx(this.d.db, async (tx) => {
      if (key) {
        await sql.lockKey(tx, key);
        const prior = await sql.readIdempotent(tx, key);
        if (prior) {
          if (prior.request !== request) {
            const e = SimErrors.idempotency(
              `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            );
            return { done: { answer: { status: e.status, body: e.body() }, events: [] }, replayed: false };
          }
          return { done: { answer: { status: prior.status, body: prior.body }, events: [] }, replayed: true };
        }
      }
      let done: Done;
      try {
        done = await fn(tx);
      } catch (e) {
        if (!(e instanceof SimError)) throw e;
        done = { answer: { status: e.status, body: e.body() }, events: [] };
      }
      if (key && done.save !== false) await sql.saveIdempotent(tx, key, request, done.answer.status, done.answer.body, this.now());
      return { done, replayed: false };
    });
    await this.deliver(out.done.events);
    return { ...out.done.answer, replayed: out.replayed };
  }

  /** Records an event (inside the change's transaction); delivered after the commit. */
  private async event(tx: Tx, type: string, object: JsonObject): Promise<JsonObject> {
    const at = this.now();
    const e = eventObject(stripeId('evt'), type, object, Math.floor(at.getTime() / 1000));
    await sql.insertEvent(tx, String(e.id), type, e, at);
    return e;
  }

  /** Best effort, one try each: the shopper's return resolves the payment as well, and GET /v1/events lists them. */
  private async deliver(events: JsonObject[]): Promise<void> {
    for (const e of events) {
      const payload = JSON.stringify(e, null, 2);
      const header = signatureHeader(payload, this.d.keys.webhookSecret, Math.floor(this.now().getTime() / 1000));
      try {
        const res = await this.d.fetch(`${this.d.publicUrl}${SANDBOX_WEBHOOK_PATH}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
          body: payload,
        });
        if (!res.ok) this.d.log?.(`stripe simulator: webhook ${String(e.type)} answered ${res.status}`);
      } catch (err) {
        this.d.log?.(`stripe simulator: webhook ${String(e.type)} not delivered`, err);
      }
    }
  }

  // ---- reads ----

  async paymentIntent(id: string): Promise<PaymentIntentRow> {
    const pi = await sql.readPaymentIntent(this.d.db, id);
    if (!pi) throw SimErrors.missing('payment_intent', id);
    return pi;
  }

  async paymentMethod(id: string): Promise<PaymentMethodRow | undefined> {
    return sql.readPaymentMethod(this.d.db, id);
  }

  /** The PaymentIntent a client secret opens (Stripe.js's capability); undefined when it does not. */
  async byClientSecret(clientSecret: string): Promise<PaymentIntentRow | undefined> {
    const id = /^(pi_[A-Za-z0-9]+)_secret_[A-Za-z0-9]+$/.exec(clientSecret)?.[1];
    const pi = id ? await sql.readPaymentIntent(this.d.db, id) : undefined;
    return pi && pi.client_secret === clientSecret ? pi : undefined;
  }

  async refund(id: string): Promise<JsonObject> {
    const r = await sql.readRefund(this.d.db, id);
    if (!r) throw SimErrors.missing('refund', id);
    const pi = await sql.readPaymentIntent(this.d.db, r.payment_intent);
    return refundObject(r, pi?.latest_charge ?? null);
  }

  async events(limit: number, type: string | undefined): Promise<JsonObject> {
    const { objects, hasMore } = await sql.listEvents(this.d.db, limit, type);
    return { object: 'list', data: objects, has_more: hasMore, url: '/v1/events' };
  }

  // ---- writes (each inside `write`) ----

  async createPaymentIntent(tx: Tx, p: { amount: number; currency: string; description: string | null; metadata: Record<string, string> }): Promise<Done> {
    const id = stripeId('pi');
    const pi = await sql.insertPaymentIntent(tx, { id, clientSecret: `${id}_secret_${stripeId('x', 25).slice(2)}`, ...p, at: this.now() });
    return { answer: { status: 200, body: paymentIntentObject(pi) }, events: [await this.event(tx, 'payment_intent.created', paymentIntentObject(pi))] };
  }

  /** A card PaymentMethod from card data (the number is checked, never kept). */
  async createPaymentMethod(tx: Tx, card: { number: string; expMonth: string; expYear: string; cvc: string }, wallet: string | null = null): Promise<PaymentMethodRow> {
    const digits = cardDigits(card.number);
    if (!luhnValid(digits)) throw SimErrors.card('incorrect_number', 'Your card number is incorrect.', 'number');
    const expiry = parseExpiry(`${card.expMonth}/${card.expYear}`);
    if (!expiry) throw SimErrors.card('invalid_expiry_month', "Your card's expiration month is invalid.", 'exp_month');
    const now = this.now();
    if (expiry.year * 12 + expiry.month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) throw SimErrors.card('invalid_expiry_year', "Your card's expiration year is in the past.", 'exp_year');
    const brand = cardBrand(digits);
    if (!(brand === 'American Express' ? /^\d{4}$/ : /^\d{3}$/).test(card.cvc.trim())) throw SimErrors.card('invalid_cvc', "Your card's security code is invalid.", 'cvc');
    const sim: SimCard = { brand: STRIPE_BRANDS[brand], last4: digits.slice(-4), exp_month: expiry.month, exp_year: expiry.year, wallet, outcome: cardOutcome(digits) };
    return sql.insertPaymentMethod(tx, stripeId('pm'), sim, now);
  }

  /** The simulated wallet's card (Visa •••• 4242 in Google Pay). */
  async walletPaymentMethod(tx: Tx): Promise<PaymentMethodRow> {
    const now = this.now();
    return this.createPaymentMethod(tx, { number: '4242424242424242', expMonth: '12', expYear: String(now.getUTCFullYear() + 3), cvc: '123' }, 'google_pay');
  }

  async confirm(tx: Tx, id: string, input: ConfirmInput): Promise<Done> {
    const pi = await sql.readPaymentIntent(tx, id, true);
    if (!pi) throw SimErrors.missing('payment_intent', id);
    if (!PAYABLE.includes(pi.status)) {
      throw SimErrors.invalid(`You cannot confirm this PaymentIntent because it has a status of ${pi.status}.`, undefined, 'payment_intent_unexpected_state');
    }
    let pm: PaymentMethodRow | undefined;
    if (input.card) pm = await this.createPaymentMethod(tx, input.card);
    else if (input.paymentMethod) {
      pm = await sql.readPaymentMethod(tx, input.paymentMethod);
      if (!pm) throw SimErrors.missing('payment_method', input.paymentMethod);
    } else if (pi.payment_method) pm = await sql.readPaymentMethod(tx, pi.payment_method);
    if (!pm) throw SimErrors.invalid('You cannot confirm this PaymentIntent because it\u2019s missing a payment method.', 'payment_method', 'payment_intent_unexpected_state');
    return this.settle(tx, pi, pm, pm.card.outcome, input.returnUrl);
  }

  private async settle(tx: Tx, pi: PaymentIntentRow, pm: PaymentMethodRow, outcome: CardOutcome | 'authenticated' | 'authentication_failed', returnUrl?: string): Promise<Done> {
    const at = this.now();
    switch (outcome) {
      case 'approve':
      case 'authenticated': {
        const charge = { id: stripeId('ch'), card: pm.card, threeDs: outcome === 'authenticated', created: Math.floor(at.getTime() / 1000) };
        const row = await sql.updatePaymentIntent(tx, pi.id, {
          status: 'succeeded',
          payment_method: pm.id,
          last_payment_error: null,
          next_action: null,
          latest_charge: charge.id,
          charge_details: charge,
        });
        return { answer: { status: 200, body: paymentIntentObject(row) }, events: [await this.event(tx, 'payment_intent.succeeded', paymentIntentObject(row))] };
      }
      case 'challenge': {
        const q = new URLSearchParams({ payment_intent: pi.id, client_secret: pi.client_secret });
        const next = { type: 'redirect_to_url', redirect_to_url: { url: `${this.d.publicUrl}${CHALLENGE_PAGE_PATH}?${q.toString()}`, return_url: returnUrl ?? null } };
        const row = await sql.updatePaymentIntent(tx, pi.id, { status: 'requires_action', payment_method: pm.id, last_payment_error: null, next_action: next });
        return { answer: { status: 200, body: paymentIntentObject(row) }, events: [await this.event(tx, 'payment_intent.requires_action', paymentIntentObject(row))] };
      }
      default: {
        const error: JsonObject =
          outcome === 'authentication_failed'
            ? {
                type: 'invalid_request_error',
                code: 'payment_intent_authentication_failure',
                message: 'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.',
                doc_url: 'https://docs.stripe.com/error-codes#payment-intent-authentication-failure',
                payment_method: paymentMethodObject(pm),
              }
            : {
                type: 'card_error',
                code: 'card_declined',
                decline_code: outcome,
                message: outcome === 'insufficient_funds' ? 'Your card has insufficient funds.' : 'Your card was declined.',
                doc_url: 'https://docs.stripe.com/error-codes#card-declined',
                payment_method: paymentMethodObject(pm),
              };
        const row = await sql.updatePaymentIntent(tx, pi.id, { status: 'requires_payment_method', payment_method: null, last_payment_error: error, next_action: null });
        const events = [await this.event(tx, 'payment_intent.payment_failed', paymentIntentObject(row))];
        // A decline at confirmation is the request's error (402 with the PaymentIntent); a failed challenge is not.
        if (outcome === 'authentication_failed') return { answer: { status: 200, body: paymentIntentObject(row) }, events };
        return { answer: { status: 402, body: { error: { ...error, payment_intent: paymentIntentObject(row) } } }, events };
      }
    }
  }

  /** The shopper completes or fails the 3-D Secure challenge of a PaymentIntent that requires it. */
  async authenticate(tx: Tx, id: string, ok: boolean): Promise<Done> {
    const pi = await sql.readPaymentIntent(tx, id, true);
    if (!pi || pi.status !== 'requires_action' || !pi.payment_method) throw SimErrors.invalid('This PaymentIntent does not wait for authentication.', undefined, 'payment_intent_unexpected_state');
    const pm = await sql.readPaymentMethod(tx, pi.payment_method);
    if (!pm) throw SimErrors.missing('payment_method', pi.payment_method);
    return this.settle(tx, pi, pm, ok ? 'authenticated' : 'authentication_failed');
  }

  /** Changes the amount, currency, description or metadata (merged, as Stripe does) of a PaymentIntent not yet confirmed. */
  async update(tx: Tx, id: string, p: { amount?: number; currency?: string; description?: string | null; metadata: Record<string, string> }): Promise<Done> {
    const pi = await sql.readPaymentIntent(tx, id, true);
    if (!pi) throw SimErrors.missing('payment_intent', id);
    if (!PAYABLE.includes(pi.status)) throw SimErrors.invalid(`You cannot update this PaymentIntent because it has a status of ${pi.status}.`, undefined, 'payment_intent_unexpected_state');
    const row = await sql.updateFields(tx, id, {
      amount: p.amount ?? pi.amount,
      currency: p.currency ?? pi.currency,
      description: p.description === undefined ? pi.description : p.description,
      metadata: { ...pi.metadata, ...p.metadata },
    });
    return { answer: { status: 200, body: paymentIntentObject(row) }, events: [] };
  }

  async cancel(tx: Tx, id: string, reason: string | null): Promise<Done> {
    const pi = await sql.readPaymentIntent(tx, id, true);
    if (!pi) throw SimErrors.missing('payment_intent', id);
    if (!CANCELABLE.includes(pi.status)) {
      throw SimErrors.invalid(
        `You cannot cancel this PaymentIntent because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(', ')}.`,
        undefined,
        'payment_intent_unexpected_state',
      );
    }
    const row = await sql.updatePaymentIntent(tx, id, { status: 'canceled', next_action: null, cancellation_reason: reason, canceled_at: this.now() });
    return { answer: { status: 200, body: paymentIntentObject(row) }, events: [await this.event(tx, 'payment_intent.canceled', paymentIntentObject(row))] };
  }

  async createRefund(tx: Tx, key: string | undefined, p: { paymentIntent: string; amount: number | undefined; metadata: Record<string, string> }): Promise<Done> {
    const pi = await sql.readPaymentIntent(tx, p.paymentIntent, true);
    if (!pi) throw SimErrors.missing('payment_intent', p.paymentIntent);
    if (pi.status !== 'succeeded' || !pi.latest_charge)
      throw SimErrors.invalid(`This PaymentIntent (${pi.id}) does not have a successful charge to refund.`, 'payment_intent', 'charge_not_refundable');
    const amount = p.amount ?? pi.amount - pi.amount_refunded;
    const behaviour = refundBehaviour(amount);
    if (behaviour.kind === 'outage_once' && key && (await sql.firstOutage(tx, key, this.now()))) {
      const e = SimErrors.outage();
      return { answer: { status: e.status, body: e.body() }, events: [], save: false };
    }
    const left = pi.amount - pi.amount_refunded;
    if (behaviour.kind === 'too_large' || amount > left) {
      throw SimErrors.invalid(`Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`, 'amount', 'amount_too_large');
    }
    const failed = behaviour.kind === 'fail';
    const refund = await sql.insertRefund(
      tx,
      {
        id: stripeId('re'),
        payment_intent: pi.id,
        amount,
        currency: pi.currency,
        status: failed ? 'failed' : 'succeeded',
        failure_reason: failed ? behaviour.failureReason : null,
        metadata: p.metadata,
      },
      this.now(),
    );
    const events: JsonObject[] = [];
    if (failed) events.push(await this.event(tx, 'refund.failed', refundObject(refund, pi.latest_charge)));
    else {
      const row = await sql.updatePaymentIntent(tx, pi.id, { status: pi.status, amount_refunded: pi.amount_refunded + amount });
      events.push(await this.event(tx, 'charge.refunded', paymentIntentObject(row, true).latest_charge as JsonObject));
    }
    return { answer: { status: 200, body: refundObject(refund, pi.latest_charge) }, events };
  }
}
