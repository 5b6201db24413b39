/**
 * The order as the spec shows it on the wire, and the order token's claims.
 */
import { formatAmount, toNumber } from '../../platform/money.js';
import { timestampMs } from '../../platform/timestamps.js';
import { ADDRESS_FIELDS, type Address, type LineItem } from './schema.js';
import { effectiveStatus, type OrderStatus } from './states.js';
import type { IntentRow, OrderRow } from './store.js';
import type { Store } from '../../stores/service.js';
import { refundView, type RefundView } from '../refunds/view.js';
import { HOLDING } from '../refunds/states.js';
import { settlesAt } from '../../ledger/postings.js';
import { METHOD_CHANNEL } from '../methods/catalogue/methods.js';

export interface PaymentIntentView {
  uuid: string;
  paymentMethodType: string;
  paymentMethodMetadata: Record<string, string | number | boolean>;
  amount: string;
  currency: string;
  status: string;
  serviceFee: string | null;
  serviceFeeCurrency: string | null;
  createdAt: string;
}

export interface OrderView {
  uuid: string;
  paymentStatus: OrderStatus;
  locale: string;
  merchantReference: string;
  merchantReferenceDisplay: string;
  merchantReturnUrl: string;
  merchantNotificationUrl: string | null;
  grandTotal: string;
  currency: string;
  paymentMethodType: string;
  storeUuid: string;
  paymentIntents: PaymentIntentView[];
  refunds: RefundView[];
  availableForRefund: number;
  isRefundableType: boolean;
  lineItems: LineItem[];
  billingAddress: Address | null;
  shippingAddress: Address | null;
  expiresAt: string | null;
  createdAt: string;
  storeName: string;
  businessName: string;
  paymentUrl: string | null;
}

/** A time as the API writes it; a string is one PostgreSQL wrote (in JSON), read without Date's parser when it can be. */
const iso = (d: Date | string): string => (d instanceof Date ? d : new Date(timestampMs(d) ?? d)).toISOString();

function fullAddress(a: Address | null): Address | null {
  if (!a) return null;
  const out = {} as Address;
  for (const f of ADDRESS_FIELDS) out[f] = a[f] ?? null;
  return out;
}

function intentView(i: IntentRow): PaymentIntentView {
  return {
    uuid: i.id,
    paymentMethodType: i.payment_method,
    paymentMethodMetadata: i.metadata ?? {},
    amount: formatAmount(Number(i.amount)),
    currency: i.currency,
    status: i.status,
    serviceFee: i.service_fee === null ? null : formatAmount(Number(i.service_fee)),
    serviceFeeCurrency: i.service_fee === null ? null : i.service_fee_currency,
    createdAt: iso(i.created_at),
  };
}

/** Statuses whose money can still be refunded. */
export const REFUNDABLE_STATUSES: readonly OrderStatus[] = ['PAID', 'PARTIALLY_REFUNDED'];

/**
 * What may still be refunded (minor units): the total less every refund that is not rejected
 * or cancelled (pending ones hold their amount), for a paid order; else 0.
 */
export function availableForRefund(row: Pick<OrderRow, 'grand_total' | 'refunds'>, status: OrderStatus): number {
  if (!REFUNDABLE_STATUSES.includes(status)) return 0;
  let held = 0;
  for (const r of row.refunds) if (HOLDING.includes(r.status)) held += Number(r.amount);
  return Math.max(0, row.grand_total - held);
}

/**
 * From when the order's payment may be refunded: when it settles (its ledger transaction, or for a
 * payment without one, the channel's business days after it was paid); null before it is paid.
 */
export function refundableFrom(row: Pick<OrderRow, 'settles_at' | 'paid_at' | 'payment_method'>): Date | null {
  if (row.settles_at) return new Date(row.settles_at);
  // Every payment posted since has its ledger row (settled by the store country's business days); without one, weekdays only.
  return row.paid_at ? settlesAt(METHOD_CHANNEL[row.payment_method], new Date(row.paid_at), undefined) : null;
}

/** Whether the payment has settled by the store's clock of the read (so a refund is not refused for settlement). */
export function hasSettled(row: Pick<OrderRow, 'settles_at' | 'paid_at' | 'payment_method' | 'now'>): boolean {
  const from = refundableFrom(row);
  return from !== null && from.getTime() <= new Date(row.now).getTime();
}

/** Bank payments are refundable only in EUR and when the store enabled them; other methods always. */
export function isRefundableType(order: Pick<OrderRow, 'payment_method' | 'currency'>, store: Pick<Store, 'bankRefundsEnabled'>): boolean {
  if (order.payment_method === 'paymentInitiation') return store.bankRefundsEnabled && order.currency === 'EUR';
  return true;
}

export function paymentUrl(publicUrl: string, orderId: string): string {
  return `${publicUrl}/pay/${orderId}`;
}

export function orderView(row: OrderRow, store: Store, publicUrl: string): OrderView {
  const status = effectiveStatus(row.status, new Date(row.expires_at), new Date(row.now));
  return {
    uuid: row.id,
    paymentStatus: status,
    locale: row.locale,
    merchantReference: row.merchant_reference,
    merchantReferenceDisplay: row.merchant_reference_display,
    merchantReturnUrl: row.return_url,
    merchantNotificationUrl: row.notification_url,
    grandTotal: formatAmount(row.grand_total),
    currency: row.currency,
    paymentMethodType: row.payment_method,
    storeUuid: row.store_id,
    paymentIntents: row.intents.map((i) => intentView({ ...i, status: status === 'ABANDONED' && i.status === 'PENDING' ? 'ABANDONED' : i.status })),
    refunds: row.refunds.map(refundView),
    // 0 whenever POST /refunds would refuse for the method or for settlement; else what is left.
    availableForRefund: isRefundableType(row, store) && hasSettled(row) ? toNumber(availableForRefund(row, status)) : 0,
    isRefundableType: isRefundableType(row, store),
    lineItems: row.line_items ?? [],
    billingAddress: fullAddress(row.billing_address),
    shippingAddress: fullAddress(row.shipping_address),
    expiresAt: row.expires_at ? iso(row.expires_at) : null,
    createdAt: iso(row.created_at),
    storeName: store.name,
    businessName: store.businessName,
    paymentUrl: status === 'PENDING' ? paymentUrl(publicUrl, row.id) : null,
  };
}

/** The claims of an order token (iat and exp are added when it is signed). */
export interface OrderTokenClaims {
  [k: string]: unknown;
  uuid: string;
  accessKey: string;
  merchantReference: string;
  merchantReferenceDisplay: string;
  paymentStatus: OrderStatus;
  paymentMethod: string;
  grandTotal: number;
  currency: string;
  senderIban: string | null;
  senderName: string | null;
  paymentProviderName: string | null;
  paymentLinkUuid?: string;
  merchant_reference: string;
  merchant_reference_display: string;
  payment_status: OrderStatus;
}

export function orderTokenClaims(row: OrderRow, status: OrderStatus, accessKey: string): OrderTokenClaims {
  const paid = status === 'PAID';
  const claims: OrderTokenClaims = {
    uuid: row.id,
    accessKey,
    merchantReference: row.merchant_reference,
    merchantReferenceDisplay: row.merchant_reference_display,
    paymentStatus: status,
    paymentMethod: row.payment_method,
    grandTotal: toNumber(row.grand_total),
    currency: row.currency,
    // The payer's account is shown only for a paid order, and only when the bank gave it.
    senderIban: paid ? row.sender_iban : null,
    senderName: paid ? row.sender_name : null,
    paymentProviderName: row.payment_method === 'paymentInitiation' ? row.provider_name : null,
    merchant_reference: row.merchant_reference,
    merchant_reference_display: row.merchant_reference_display,
    payment_status: status,
  };
  if (row.payment_link_id) claims.paymentLinkUuid = row.payment_link_id;
  return claims;
}
