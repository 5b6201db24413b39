/**
 * The processor adapter contract. A processor family is one folder with `definition.ts` (id,
 * method, capabilities), `mapper.ts` (pure: build its request, parse its answer), `client.ts`
 * (I/O), `simulator.ts` (the sandbox's behaviour) and `processor.ts` (the family as `index.ts`
 * lists it). The core (orders and the hosted pages) does the I/O ordering and
 * state changes; an adapter only starts a payment and interprets the processor's return.
 */
import type { PaymentMethodName } from '../methods/catalogue/methods.js';
import type { CountryCode } from '../methods/catalogue/banks.js';
import type { Currency } from '../../platform/money.js';
import type { Locale } from '../../platform/locales.js';
import type { AttemptOutcome } from '../orders/service.js';
import type { FastifyInstance } from 'fastify';
import type { TObject } from 'typebox';
import type { Clock } from '../../platform/clock.js';
import type { Env } from '../../platform/env.js';
import type { Fetch } from '../../platform/self-fetch.js';
import type { Db } from '../../platform/db.js';
import type { ConnectorSource } from '../../connectors/store.js';
import type { ConnectorKind, ConnectorRecord } from '../../connectors/kinds.js';
import type { SimulatorDirectory } from './sim-kit/directory.js';

export interface ProcessorDefinition {
  /** Stable identifier, shown as `processor` in GET /stores/payment-methods. */
  id: string;
  name: string;
  method: PaymentMethodName;
  supportsRefunds: boolean;
}

/** What the shopper chose on Kassa's page before being handed to the processor. */
export interface PaymentChoice {
  bankCode?: string;
  country?: CountryCode;
  cardMode?: 'wallet' | 'card';
  period?: 1 | 2 | 3;
}

export interface BeginPayment {
  orderId: string;
  intentId: string;
  amountMinor: number;
  currency: Currency;
  locale: Locale;
  description: string;
  paymentReference?: string;
  choice: PaymentChoice;
  /** Kassa's URL the processor sends the shopper back to with its result. */
  returnUrl: string;
  /** The shopper's IP address as Kassa saw it (a bank's PSU-IP-Address), when known. */
  psuIpAddress?: string;
}

export interface BeginResult {
  /** Where to send the shopper now (the processor's page). */
  redirectUrl: string;
  processorReference: string;
}

/** The processor's return, as received by Kassa's return route (query and form fields). */
export type ProcessorReturn = Readonly<Record<string, string>>;

/** Why a processor refused a refund for good (the spec's refund status descriptions it can give). */
export const REFUND_REJECTIONS = ['DECLINED', 'EXPIRED_OR_CANCELLED_CARD', 'LOST_OR_STOLEN_CARD', 'REFUND_EXCEEDS_ORDER_PAID_AMOUNT', 'OTHER'] as const;
export type RefundRejection = (typeof REFUND_REJECTIONS)[number];

export interface RefundRequest {
  /** Kassa's refund id: the processor's idempotency key, so a repeated call refunds once. */
  refundId: string;
  /** The original payment at the processor: the money goes back to whoever paid it, only. */
  paymentReference: string;
  amountMinor: number;
  currency: Currency;
  /** 1 for the first call of this refund, 2 after one outage, … */
  attempt: number;
}

export type RefundOutcome =
  | { kind: 'succeeded'; processorReference: string }
  | { kind: 'rejected'; description: RefundRejection; message: string }
  /** The processor could not be reached or was down: call again later with the same refundId. */
  | { kind: 'unavailable'; message: string };

/** The processor has not decided yet (a bank still settling the payment): the attempt stays PENDING and its status poller finishes it. */
export interface AttemptWaiting {
  kind: 'waiting';
  processor: string;
  processorReference: string;
  /** The processor's own status word (e.g. a Berlin Group transactionStatus such as ACSP). */
  status: string;
}

/** The attempt the order waits for (or the one that paid it), as the hosted pages know it when the shopper returns. */
export interface AwaitedAttempt {
  processorReference: string;
}

export interface ProcessorAdapter {
  readonly definition: ProcessorDefinition;
  begin(input: BeginPayment): Promise<BeginResult>;
  /** Interprets the processor's return into the attempt's outcome; verifies its authenticity (a signature, or asking the processor about `awaited`). */
  interpret(ret: ProcessorReturn, awaited?: AwaitedAttempt): Promise<AttemptOutcome | AttemptWaiting>;
  /** Sends a refund of a paid payment back to its payer. */
  refund(input: RefundRequest): Promise<RefundOutcome>;
  /** Card payments in the merchant's checkout (sessions and draft payment intents), when the processor takes them. */
  readonly embedded?: EmbeddedPayments;
}

/** The card typed in Kassa's own embedded form (the sandbox's form; production's form is the processor's, e.g. Stripe Elements). */
export interface EmbeddedCard {
  number: string;
  expiry: string;
  cvc: string;
}

/** What a processor tells the browser SDK (makstech/montonio-php-sdk's PaymentIntentsClient reads them as stripePublicKey, stripeClientSecret). */
export interface EmbeddedIntent {
  processorReference: string;
  publicKey: string;
  clientSecret: string;
}

export type EmbeddedCardCheck = { ok: true; brand: string; last4: string } | { ok: false; invalidNumber: boolean; invalidExpiry: boolean; invalidCvc: boolean };

/** A card confirmation: decided (paid or declined), or waiting for the shopper's 3-D Secure answer. */
export type EmbeddedConfirmation = { kind: 'decided'; outcome: AttemptOutcome } | { kind: 'challenge'; processorReference: string };

/** The processor's own card fields for a browser (Stripe Elements): its script, key and the origins a page mounting them must allow. */
export interface BrowserFields {
  publicKey: string;
  scriptUrl: string;
  origins: { script: readonly string[]; frame: readonly string[]; connect: readonly string[]; img: readonly string[] };
}

export interface EmbeddedPayments {
  /** Where Kassa never receives card numbers: the processor's fields the embedded form mounts instead. */
  readonly browser?: BrowserFields;
  /** A payment of the processor for a draft payment intent, before its order exists (its amount is set by `prepare`). */
  draft(input: { draftId: string }): Promise<EmbeddedIntent>;
  /** The attempt's payment at the processor: the draft's (amount and order set now) or a new one. */
  prepare(input: BeginPayment, draftReference?: string): Promise<EmbeddedIntent>;
  /** Card data typed in Kassa's own form: checked, then confirmed. Absent where Kassa never receives card numbers (production). */
  checkCard?(card: EmbeddedCard): EmbeddedCardCheck;
  confirmCard?(processorReference: string, card: EmbeddedCard, returnUrl: string): Promise<EmbeddedConfirmation>;
  /** The shopper's answer to the 3-D Secure challenge of a confirmation (Kassa's embedded step in the sandbox). */
  answerChallenge?(processorReference: string, complete: boolean): Promise<AttemptOutcome | AttemptWaiting>;
}

/** An attempt still waiting for its processor's answer (for status polling). */
export interface PendingAttempt {
  orderId: string;
  intentId: string;
  env: Env;
  processorReference: string;
  /** When the attempt was bound to the processor. */
  boundAt: Date;
}

/** How a processor's own routes (webhooks) and pollers record what the processor says. */
export interface AttemptSink {
  /** Records the outcome on the attempt bound to `processorReference`; false when the order no longer waits for it (already recorded, or another attempt). */
  complete(orderId: string, outcome: AttemptOutcome, processorReference: string): Promise<boolean>;
  /** Attempts of this processor still PENDING, bound at least `olderThanSeconds` ago, oldest first. */
  pending(processor: string, olderThanSeconds: number, limit: number): Promise<PendingAttempt[]>;
}

/** What every processor family is given by the composition root. */
export interface ProcessorContext {
  /** Kassa's public base URL (return URLs, the sandbox simulators' endpoints). */
  publicUrl: string;
  /** The sandbox orders a simulator may pay (production orders are never found there). */
  directory: SimulatorDirectory;
  /** HTTP out: the real party in production; Kassa's own simulators in the sandbox (platform/self-fetch.ts). */
  fetch: Fetch;
  /** Real time. */
  clock: Clock;
  /** A stable secret of this installation for `purpose` (64 hex digits): the sandbox simulators' keys. */
  sandboxSecret(purpose: string): string;
  attempts: AttemptSink;
  /** The database: the sandbox simulators keep their state there (API nodes are stateless). */
  db: Db;
  /** The operator's configured connectors (a production webhook verifies with its connector's secret). */
  connectors: ConnectorSource;
}

/**
 * A processor as `processors/index.ts` lists it: the adapter the sandbox runs (the real protocol's
 * client pointed at Kassa's simulator of it, or a built-in simulator), the adapter production runs
 * through the operator's configured connector, and its routes (simulator pages, webhooks).
 */
export interface ProcessorFamily {
  readonly definition: ProcessorDefinition;
  /** The real party's connector production needs; null while Kassa has no real connector for it (the method is then absent from production). */
  readonly connector: ConnectorKind<TObject, TObject> | null;
  sandbox(ctx: ProcessorContext): ProcessorAdapter;
  /** Production's adapter over the configured connectors of its kind (never called with none). */
  production?(ctx: ProcessorContext, configured: readonly ConnectorRecord[]): ProcessorAdapter;
  /** A bank-payment family: the banks its configured connectors reach in production (the bank list of each country comes from them). */
  productionBanks?(configured: readonly ConnectorRecord[]): readonly { country: CountryCode; code: string }[];
  routes(app: FastifyInstance, ctx: ProcessorContext): Promise<void>;
  /**
   * One pass of the family's status poller (the worker role calls it every few seconds): asks the
   * processor about attempts still waiting (`ctx.attempts.pending`) and records the final ones;
   * returns how many it recorded. `configured` are production's connectors of its kind.
   */
  poll?(ctx: ProcessorContext, configured: readonly ConnectorRecord[], opts: { olderThanSeconds: number; limit: number }): Promise<number>;
}
