/**
 * The Stripe simulator's objects in Stripe's shapes (the API reference's PaymentIntent, Charge,
 * PaymentMethod, Refund, Event and error objects; fixtures/ holds the documented ones and
 * stripe.test.ts checks these have the same keys and types). Pure: rows in, JSON out.
 */
import type { CardOutcome } from './behaviour.js';

/** Stripe's API version the simulator speaks (the installed SDK's pinned version). */
export const SIM_API_VERSION = '2026-10-28.endive';

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type JsonObject = { [k: string]: Json };

export interface SimCard {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  /** The wallet that holds the card (`google_pay`), null for a typed card. */
  wallet: string | null;
  outcome: CardOutcome;
}

export interface PaymentMethodRow {
  id: string;
  card: SimCard;
  created_at: Date;
}

export interface ChargeDetails {
  id: string;
  card: SimCard;
  threeDs: boolean;
  created: number;
}

export interface PaymentIntentRow {
  id: string;
  client_secret: string;
  amount: number;
  currency: string;
  description: string | null;
  metadata: Record<string, string>;
  status: string;
  payment_method: string | null;
  last_payment_error: JsonObject | null;
  next_action: JsonObject | null;
  latest_charge: string | null;
  charge_details: ChargeDetails | null;
  amount_refunded: number;
  cancellation_reason: string | null;
  canceled_at: Date | null;
  created_at: Date;
}

export interface RefundRow {
  id: string;
  payment_intent: string;
  amount: number;
  currency: string;
  status: string;
  failure_reason: string | null;
  metadata: Record<string, string>;
  created_at: Date;
}

const unix = (d: Date) => Math.floor(d.getTime() / 1000);

export function paymentMethodObject(pm: PaymentMethodRow): JsonObject {
  const c = pm.card;
  return {
    id: pm.id,
    object: 'payment_method',
    billing_details: { address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null }, email: null, name: null, phone: null },
    card: {
      brand: c.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: 'US',
      display_brand: c.brand,
      exp_month: c.exp_month,
      exp_year: c.exp_year,
      fingerprint: `fp${pm.id.slice(3, 17)}`,
      funding: 'credit',
      last4: c.last4,
      networks: { available: [c.brand], preferred: null },
      three_d_secure_usage: { supported: true },
      wallet: c.wallet ? { type: c.wallet, dynamic_last4: null, [c.wallet]: {} } : null,
    },
    created: unix(pm.created_at),
    customer: null,
    livemode: false,
    metadata: {},
    type: 'card',
  };
}

export function chargeObject(pi: PaymentIntentRow, ch: ChargeDetails): JsonObject {
  const c = ch.card;
  return {
    id: ch.id,
    object: 'charge',
    amount: pi.amount,
    amount_captured: pi.amount,
    amount_refunded: pi.amount_refunded,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: null,
    calculated_statement_descriptor: 'KASSA SANDBOX',
    customer: null,
    disputed: false,
    failure_balance_transaction: null,
    fraud_details: {},
    on_behalf_of: null,
    receipt_email: null,
    receipt_number: null,
    receipt_url: null,
    refunds: { object: 'list', data: [], has_more: false, url: `/v1/charges/${ch.id}/refunds` },
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    transfer_data: null,
    transfer_group: null,
    billing_details: { address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null }, email: null, name: null, phone: null, tax_id: null },
    captured: true,
    created: ch.created,
    currency: pi.currency,
    description: pi.description,
    failure_code: null,
    failure_message: null,
    livemode: false,
    metadata: {},
    outcome: { advice_code: null, network_advice_code: null, network_decline_code: null, network_status: 'approved_by_network', reason: null, seller_message: 'Payment complete.', type: 'authorized' },
    paid: true,
    payment_intent: pi.id,
    payment_method: pi.payment_method,
    payment_method_details: {
      card: {
        brand: c.brand,
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
        country: 'US',
        exp_month: c.exp_month,
        exp_year: c.exp_year,
        funding: 'credit',
        last4: c.last4,
        network: c.brand,
        three_d_secure: ch.threeDs ? { authentication_flow: 'challenge', result: 'authenticated', result_reason: null, version: '2.2.0' } : null,
        wallet: c.wallet ? { type: c.wallet, dynamic_last4: null, [c.wallet]: {} } : null,
      },
      type: 'card',
    },
    refunded: pi.amount_refunded >= pi.amount,
    status: 'succeeded',
  };
}

/** `expandCharge`: latest_charge as the Charge object (expand[]=latest_charge) instead of its id. */
export function paymentIntentObject(pi: PaymentIntentRow, expandCharge = false): JsonObject {
  const charge = pi.charge_details && expandCharge ? chargeObject(pi, pi.charge_details) : pi.latest_charge;
  return {
    id: pi.id,
    object: 'payment_intent',
    amount: pi.amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: pi.status === 'succeeded' ? pi.amount : 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: pi.canceled_at ? unix(pi.canceled_at) : null,
    cancellation_reason: pi.cancellation_reason,
    capture_method: 'automatic',
    client_secret: pi.client_secret,
    confirmation_method: 'automatic',
    created: unix(pi.created_at),
    currency: pi.currency,
    customer: null,
    customer_account: null,
    description: pi.description,
    excluded_payment_method_types: null,
    last_payment_error: pi.last_payment_error,
    latest_charge: charge,
    livemode: false,
    managed_payments: null,
    metadata: pi.metadata,
    next_action: pi.next_action,
    on_behalf_of: null,
    payment_method: pi.payment_method,
    payment_method_configuration_details: null,
    payment_method_options: { card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
    payment_method_types: ['card'],
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: pi.status,
    transfer_data: null,
    transfer_group: null,
  };
}

export function refundObject(r: RefundRow, charge: string | null): JsonObject {
  return {
    id: r.id,
    object: 'refund',
    amount: r.amount,
    balance_transaction: null,
    charge,
    created: unix(r.created_at),
    currency: r.currency,
    customer: null,
    customer_account: null,
    destination_details: { card: { reference_status: 'pending', reference_type: 'acquirer_reference_number', type: 'refund' }, type: 'card' },
    metadata: r.metadata,
    payment_intent: r.payment_intent,
    payment_method: null,
    reason: null,
    receipt_number: null,
    source_transfer_reversal: null,
    status: r.status,
    transfer_reversal: null,
    ...(r.failure_reason ? { failure_reason: r.failure_reason } : {}),
  };
}

export function eventObject(id: string, type: string, object: JsonObject, created: number): JsonObject {
  return {
    id,
    object: 'event',
    api_version: SIM_API_VERSION,
    created,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

/** Stripe's error object: `{error: {…}}` with the HTTP status it travels with. */
export class SimError extends Error {
  constructor(
    readonly status: number,
    readonly error: JsonObject,
  ) {
    super(typeof error.message === 'string' ? error.message : 'Stripe error');
  }

  body(): JsonObject {
    return { error: this.error };
  }
}

const DOCS = 'https://docs.stripe.com/error-codes';

export const SimErrors = {
  invalid: (message: string, param?: string, code?: string) =>
    new SimError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}), ...(code ? { code, doc_url: `${DOCS}#${code.replace(/_/g, '-')}` } : {}) }),
  missing: (what: string, id: string) =>
    new SimError(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'id', message: `No such ${what}: '${id}'`, doc_url: `${DOCS}#resource-missing` }),
  auth: (message: string) => new SimError(401, { type: 'invalid_request_error', message }),
  card: (code: string, message: string, param?: string) => new SimError(402, { type: 'card_error', code, message, ...(param ? { param } : {}), doc_url: `${DOCS}#${code.replace(/_/g, '-')}` }),
  idempotency: (message: string) => new SimError(400, { type: 'idempotency_error', message }),
  outage: () =>
    new SimError(500, { type: 'api_error', message: 'The sandbox simulates an outage of Stripe for this request (refund amount ….57): nothing was recorded; retry it with the same Idempotency-Key.' }),
};
