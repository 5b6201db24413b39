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
