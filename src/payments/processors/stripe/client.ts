/**
 * Kassa's Stripe connector, the I/O part: the official `stripe` SDK over Kassa's fetch. The
 * sandbox and production run this same code; only the keys and the host differ (the sandbox's
 * keys come from the installation's sandbox secret and its host is Kassa's own simulator of
 * Stripe's API; production uses the operator's keys at Stripe's own host, never overridable).
 */
import Stripe from 'stripe';
import type { Clock } from '../../../platform/clock.js';
import { Errors } from '../../../platform/errors.js';
import type { Fetch } from '../../../platform/self-fetch.js';
import type { AttemptOutcome } from '../../orders/service.js';
import type {
  AttemptWaiting,
  BeginPayment,
  BeginResult,
  EmbeddedCard,
  EmbeddedCardCheck,
  EmbeddedConfirmation,
  EmbeddedIntent,
  EmbeddedPayments,
  ProcessorAdapter,
  ProcessorDefinition,
  ProcessorReturn,
  RefundOutcome,
  RefundRequest,
} from '../contract.js';
import { createParams, META_DRAFT, META_ORDER, paymentOutcome, refundOutcome, refusedRefund, stripeReturnUrl } from './mapper.js';
import type { StripeKeys } from './sandbox-keys.js';
import { SIM_API_PREFIX } from './sim-service.js';
import { STRIPE_JS, STRIPE_ORIGINS } from './elements-page.js';

/** Stripe's signature tolerance (seconds): an older timestamp is a replay (Stripe's default). */
export const WEBHOOK_TOLERANCE_S = 300;

export interface StripeHost {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

/** The sandbox's host: Kassa's public origin, every path under /simulators/stripe (Kassa keeps /v1 free). */
export function simulatorHost(publicUrl: string, fetch: Fetch): { host: StripeHost; fetch: Fetch } {
  const u = new URL(publicUrl);
  const protocol = u.protocol === 'https:' ? 'https' : 'http';
  const port = u.port ? Number(u.port) : protocol === 'https' ? 443 : 80;
  const prefixed: Fetch = (input, init) => {
    const target = new URL(String(input));
    target.pathname = `${SIM_API_PREFIX}${target.pathname}`;
    return fetch(target.toString(), init);
  };
  return { host: { host: u.hostname, port, protocol }, fetch: prefixed };
}

/** The SDK over `fetch`; `host` only for the sandbox's simulator. */
export function stripeSdk(secretKey: string, fetch: Fetch, host?: StripeHost): Stripe {
  return new Stripe(secretKey, {
    // The SDK calls fetch(url string, init) only (FetchHttpClient.makeRequest).
    httpClient: Stripe.createFetchHttpClient((input: string | URL | Request, init?: RequestInit) => fetch(input instanceof Request ? input.url : input, init)),
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Kassa' },
    ...(host ?? {}),
  });
}

/** Where the shopper enters the card: the simulator's page (sandbox) or Kassa's Elements page (production). */
export type CardPageUrl = (input: BeginPayment, pi: { id: string; clientSecret: string }, returnUrl: string) => string;

/** A draft's PaymentIntent is made before its order: Stripe's minimum charge (0.50 EUR) until the order sets the amount. */
export const DRAFT_PLACEHOLDER_MINOR = 50;

/** The sandbox's own parts: its form's card check (Elements checks in the browser), the simulated issuer's challenge, refunds of payments that never reached Stripe. */
export interface SandboxParts {
  /** Refunds of sandbox payments made by the test helper (never at Stripe): the documented magic cents. */
  foreignRefund?: (input: RefundRequest) => RefundOutcome;
  checkCard?: (card: EmbeddedCard) => EmbeddedCardCheck;
  /** Answers the simulator's 3-D Secure challenge of a PaymentIntent, as the shopper's browser would. */
  answerChallenge?: (pi: Stripe.PaymentIntent, complete: boolean) => Promise<void>;
}

/** MM/YY (or MMYY, MM/YYYY) as Stripe's exp_month and four-digit exp_year. */
export function splitExpiry(expiry: string): [number, number] {
  const m = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!m) return [0, 0];
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  return [Number(m[1]), year];
}

export function isStripeError(e: unknown): e is Stripe.errors.StripeError {
  return e instanceof Stripe.errors.StripeError;
}

export class StripeAdapter implements ProcessorAdapter {
  constructor(
    readonly definition: ProcessorDefinition,
    readonly stripe: Stripe,
    readonly keys: StripeKeys,
    private readonly cardPage: CardPageUrl,
    private readonly clock: Clock,
    private readonly sandbox: SandboxParts = {},
  ) {
    this.embedded = {
      // Production: Kassa never receives card numbers; the embedded form mounts Stripe Elements.
      ...(sandbox.checkCard ? {} : { browser: { publicKey: keys.publishableKey, scriptUrl: STRIPE_JS, origins: STRIPE_ORIGINS } }),
      draft: (input) => this.draftIntent(input.draftId),
      prepare: (input, draftReference) => this.prepareIntent(input, draftReference),
      ...(sandbox.checkCard ? { checkCard: sandbox.checkCard } : {}),
      ...(sandbox.checkCard ? { confirmCard: (ref: string, card: EmbeddedCard, returnUrl: string) => this.confirmCard(ref, card, returnUrl) } : {}),
      ...(sandbox.answerChallenge ? { answerChallenge: (ref: string, complete: boolean) => this.answerChallenge(ref, complete) } : {}),
    };
  }

  readonly embedded: EmbeddedPayments;

  private embeddedIntent(pi: Stripe.PaymentIntent): EmbeddedIntent {
    if (!pi.client_secret) throw new Error(`Stripe answered PaymentIntent ${pi.id} without a client secret`);
    return { processorReference: pi.id, publicKey: this.keys.publishableKey, clientSecret: pi.client_secret };
  }

  /** A draft's PaymentIntent before its order exists: Stripe's minimum amount until `prepare` sets the order's. */
  private async draftIntent(draftId: string): Promise<EmbeddedIntent> {
    const pi = await this.stripe.paymentIntents.create(
      { amount: DRAFT_PLACEHOLDER_MINOR, currency: 'eur', description: `Kassa draft payment intent ${draftId}`, metadata: { [META_DRAFT]: draftId } },
      { idempotencyKey: `draft-${draftId}` },
    );
    return this.embeddedIntent(pi);
  }

  /** The attempt's PaymentIntent: the draft's, now with the order's amount, currency and ids; or a new one. */
  private async prepareIntent(input: BeginPayment, draftReference?: string): Promise<EmbeddedIntent> {
    if (!draftReference) return this.embeddedIntent(await this.createIntent(input));
    const p = createParams(input);
    const pi = await this.stripe.paymentIntents.update(draftReference, {
      amount: p.amount,
      currency: p.currency,
      ...(p.description ? { description: p.description } : {}),
      metadata: p.metadata ?? {},
    });
    return this.embeddedIntent(pi);
  }

  /** Sandbox: the card typed in Kassa's form becomes a PaymentMethod and confirms the PaymentIntent (as Stripe.js would in the browser). */
  private async confirmCard(ref: string, card: EmbeddedCard, returnUrl: string): Promise<EmbeddedConfirmation> {
    const [month, year] = splitExpiry(card.expiry);
    try {
      const pm = await this.stripe.paymentMethods.create({ type: 'card', card: { number: card.number.replace(/[\s-]+/g, ''), exp_month: month, exp_year: year, cvc: card.cvc.trim() } });
      await this.stripe.paymentIntents.confirm(ref, { payment_method: pm.id, return_url: returnUrl });
    } catch (e) {
      if (!(e instanceof Stripe.errors.StripeCardError)) throw e;
    }
    const outcome = paymentOutcome(this.definition.id, await this.retrieve(ref));
    if (outcome.kind === 'waiting') return { kind: 'challenge', processorReference: ref };
    return { kind: 'decided', outcome };
  }

  private async answerChallenge(ref: string, complete: boolean): Promise<AttemptOutcome | AttemptWaiting> {
    const pi = await this.retrieve(ref);
    await this.sandbox.answerChallenge?.(pi, complete);
    return paymentOutcome(this.definition.id, await this.retrieve(ref));
  }

  /** A PaymentIntent for the attempt (Kassa's intent id is the idempotency key: a repeated start answers the same one). */
  async createIntent(input: BeginPayment): Promise<Stripe.PaymentIntent> {
    const pi = await this.stripe.paymentIntents.create(createParams(input), { idempotencyKey: input.intentId });
    if (!pi.client_secret) throw new Error(`Stripe answered PaymentIntent ${pi.id} without a client secret`);
    return pi;
  }

  async begin(input: BeginPayment): Promise<BeginResult> {
    const pi = await this.createIntent(input);
    return { redirectUrl: this.cardPage(input, { id: pi.id, clientSecret: pi.client_secret! }, stripeReturnUrl(input)), processorReference: pi.id };
  }

  /** The PaymentIntent with its latest charge (the card's brand, last four digits, wallet and 3-D Secure). */
  async retrieve(id: string): Promise<Stripe.PaymentIntent> {
    if (!/^pi_[A-Za-z0-9]+$/.test(id)) throw Errors.badRequest('the Stripe return names no PaymentIntent');
    try {
      return await this.stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] });
    } catch (e) {
      if (e instanceof Stripe.errors.StripeInvalidRequestError && e.statusCode === 404) throw Errors.badRequest(`Stripe knows no PaymentIntent ${id}`);
      throw e;
    }
  }

  /**
   * The shopper's return (Stripe's query: payment_intent, payment_intent_client_secret,
   * redirect_status; Kassa's `order`): the PaymentIntent is asked of Stripe, never read from the
   * query, and must be this order's.
   */
  async interpret(ret: ProcessorReturn): Promise<AttemptOutcome | AttemptWaiting> {
    const pi = await this.retrieve(ret.payment_intent ?? '');
    if (!ret.order || pi.metadata[META_ORDER] !== ret.order) throw Errors.forbidden('the PaymentIntent of this return belongs to another order');
    return paymentOutcome(this.definition.id, pi);
  }

  /** What a PaymentIntent means now, and whose order it is. */
  async resolve(id: string): Promise<{ orderId: string | undefined; outcome: AttemptOutcome | AttemptWaiting }> {
    const pi = await this.retrieve(id);
    return { orderId: pi.metadata[META_ORDER], outcome: paymentOutcome(this.definition.id, pi) };
  }

  /** Stripe's Refund API, Kassa's refund id the idempotency key: a retry never refunds twice. */
  async refund(input: RefundRequest): Promise<RefundOutcome> {
    if (!/^pi_[A-Za-z0-9]+$/.test(input.paymentReference)) {
      return this.sandbox.foreignRefund?.(input) ?? { kind: 'rejected', description: 'OTHER', message: `${input.paymentReference} is not a Stripe PaymentIntent` };
    }
    try {
      let r = await this.stripe.refunds.create({ payment_intent: input.paymentReference, amount: input.amountMinor, metadata: { kassaRefundId: input.refundId } }, { idempotencyKey: input.refundId });
      let o = refundOutcome(r);
      // A pending refund (replayed as pending under its key) is asked again by id.
      if (o.kind === 'pending') {
        r = await this.stripe.refunds.retrieve(r.id);
        o = refundOutcome(r);
      }
      return o.kind === 'pending' ? { kind: 'unavailable', message: `Stripe refund ${r.id} is still ${r.status}; asked again at the next attempt` } : o;
    } catch (e) {
      if (e instanceof Stripe.errors.StripeInvalidRequestError) return refusedRefund({ code: e.code, message: e.message });
      if (e instanceof Stripe.errors.StripeCardError) return { kind: 'rejected', description: 'DECLINED', message: `Stripe declined the refund: ${e.message}` };
      if (e instanceof Stripe.errors.StripeError) return { kind: 'unavailable', message: `Stripe could not take the refund now (${e.type}): ${e.message}` };
      throw e;
    }
  }

  /** Checks a webhook's Stripe-Signature (Stripe's scheme and tolerance) and reads the Event; throws when it does not verify. */
  verifyWebhook(raw: Buffer, header: string): Stripe.Event {
    return this.stripe.webhooks.constructEvent(raw, header, this.keys.webhookSecret, WEBHOOK_TOLERANCE_S, undefined, this.clock.now().getTime());
  }
}
