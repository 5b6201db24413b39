/**
 * The business events that move money, as ledger postings. Each runs inside the caller's database
 * transaction (the order paid, the refund booked, the payout made), so the money and the change
 * commit together; each is ONE posting statement, and a caller's transaction makes one posting,
 * so balance rows are always locked in the global order (lock-order.ts).
 */
import type { Queryable } from '../platform/db.js';
import type { Env } from '../platform/env.js';
import type { PaymentMethodName } from '../payments/methods/catalogue/methods.js';
import { addBusinessDays, type CountryCode } from './calendar.js';
import { METHOD_CHANNEL, SETTLEMENT_BUSINESS_DAYS, type Channel } from './chart.js';
import { postTransaction, postTransactions, type LedgerKey, type NewTransaction } from './store.js';

export function ledgerKey(o: { storeId: string; env: Env; method: PaymentMethodName; currency: string }): LedgerKey {
  return { storeId: o.storeId, env: o.env, channel: METHOD_CHANNEL[o.method], currency: o.currency };
}

/** When money received through `channel` at `at` may be refunded and paid out: business days of the store's `country` (calendar.ts). */
export function settlesAt(channel: Channel, at: Date, country: CountryCode | undefined): Date {
  return addBusinessDays(at, SETTLEMENT_BUSINESS_DAYS[channel], country);
}

/**
 * A transaction's settlement time as it counts (SQL over the ledger_transactions alias `t`):
 * its own, or its occurrence when the sandbox's settle test helper settled everything up to a
 * later time (production has no such watermark).
 */
export const effectiveSettlesAt = (t: string): string =>
  `CASE WHEN ${t}.occurred_at <= sandbox_settled_through(${t}.store_id, ${t}.env) THEN least(${t}.occurred_at, ${t}.settles_at) ELSE ${t}.settles_at END`;

/** Whether the store's payments settle when they are paid (a sandbox set to `instant`), and its country, whose business days settlement counts. */
async function settlement(q: Queryable, storeId: string, env: Env): Promise<{ instant: boolean; country: CountryCode | undefined }> {
  const { rows } = await q.query<{ instant: boolean; country: string }>(`SELECT sandbox_settlement = 'instant' AS instant, country FROM stores WHERE id = $1`, [storeId]);
  return { instant: env === 'sandbox' && (rows[0]?.instant ?? false), country: rows[0]?.country };
}

/**
 * A captured payment and the service's fee on it, in one statement (see postTransactions). They
 * settle after the channel's business days; in a sandbox set to `instant` settlement, at once.
 */
export async function postPayment(
  q: Queryable,
  p: { storeId: string; env: Env; method: PaymentMethodName; currency: string; orderId: string; grossMinor: number; feeMinor: number; paidAt: Date },
): Promise<void> {
  const key = ledgerKey(p);
  const s = await settlement(q, p.storeId, p.env);
  const settles = s.instant ? p.paidAt : settlesAt(key.channel, p.paidAt, s.country);
  const ts: NewTransaction[] = [];
  if (p.grossMinor > 0) ts.push({ ...key, kind: 'payment', amountMinor: p.grossMinor, orderId: p.orderId, occurredAt: p.paidAt, settlesAt: settles });
  if (p.feeMinor > 0) ts.push({ ...key, kind: 'fee', amountMinor: p.feeMinor, orderId: p.orderId, occurredAt: p.paidAt, settlesAt: settles });
  await postTransactions(q, ts);
}

/** A refund booked against the store's balance (reversed if the processor then refuses it). */
export async function postRefund(q: Queryable, r: LedgerKey & { kind: 'refund' | 'refundReversal'; orderId: string; refundId: string; amountMinor: number; at: Date }): Promise<void> {
  await postTransaction(q, { ...r, occurredAt: r.at, settlesAt: r.at });
}

/** Money the store adds to a channel's balance (e.g. to fund bank-payment refunds). */
export async function postTopUp(q: Queryable, t: LedgerKey & { amountMinor: number; at: Date }): Promise<void> {
  await postTransaction(q, { ...t, kind: 'topUp', occurredAt: t.at, settlesAt: t.at });
}
