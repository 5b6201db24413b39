/**
 * The processor adapter contract. A processor family is one folder with `definition.ts` (id,
 * method, capabilities), `mapper.ts` (pure: build its request, parse its answer), `client.ts`
 * (I/O), `simulator.ts` (the sandbox's behaviour) and `processor.ts` (the family as `index.ts`
 * lists it). The core (gateway) does the I/O ordering and
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

export interface ProcessorAdapter {
  readonly definition: ProcessorDefinition;
  begin(input: BeginPayment): Promise<BeginResult>;
  /** Interprets the processor's return into the attempt's outcome; verifies its authenticity. */
  interpret(ret: ProcessorReturn): Promise<AttemptOutcome>;
  /** Sends a refund of a paid payment back to its payer. */
  refund(input: RefundRequest): Promise<RefundOutcome>;
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
}
