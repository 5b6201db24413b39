/**
 * The business events that move money, as ledger postings. Each runs inside the caller's database
 * transaction (the order paid, the refund booked, the payout made), so the money and the change
 * commit together; each is ONE posting statement, and a caller's transaction makes one posting,
 * so balance rows are always locked in the global order (lock-order.ts).
 */
import type { Queryable } from '../platform/db.js';
import type { Env } from '../stores/service.js';
import type { PaymentMethodName } from '../payments/methods/catalogue/methods.js';
import { addBusinessDays } from './calendar.js';
import { METHOD_CHANNEL, SETTLEMENT_BUSINESS_DAYS, type Channel } from './chart.js';
import { postTransaction, postTransactions, type LedgerKey, type NewTransaction } from './store.js';

export function ledgerKey(o: { storeId: string; env: Env; method: PaymentMethodName; currency: string }): LedgerKey {
  return { storeId: o.storeId, env: o.env, channel: METHOD_CHANNEL[o.method], currency: o.currency };
}

/** When money received through `channel` at `at` may be refunded and paid out. */
export function settlesAt(channel: Channel, at: Date): Date {
  return addBusinessDays(at, SETTLEMENT_BUSINESS_DAYS[channel]);
}

/** A captured payment and the service's fee on it, in one statement (see postTransactions). */
export async function postPayment(
  q: Queryable,
  p: { storeId: string; env: Env; method: PaymentMethodName; currency: string; orderId: string; grossMinor: number; feeMinor: number; paidAt: Date },
): Promise<void> {
  const key = ledgerKey(p);
  const settles = settlesAt(key.channel, p.paidAt);
  const ts: NewTransaction[] = [];
  if (p.grossMinor > 0) ts.push({ ...key, kind: 'payment', amountMinor: p.grossMinor, orderId: p.orderId, occurredAt: p.paidAt, settlesAt: settles });
  if (p.feeMinor > 0) ts.push({ ...key, kind: 'fee', amountMinor: p.feeMinor, orderId: p.orderId, occurredAt: p.paidAt, settlesAt: settles });
  await postTransactions(q, ts);
}

/** When the order's payment settles (null: the order has no captured payment in the ledger). */
export async function paymentSettlesAt(q: Queryable, orderId: string): Promise<Date | null> {
  const { rows } = await q.query<{ settles_at: Date }>(
    `SELECT settles_at FROM ledger_transactions WHERE order_id = $1 AND kind = 'payment' ORDER BY occurred_at LIMIT 1`,
    [orderId],
  );
  return rows[0]?.settles_at ?? null;
}

/** A refund booked against the store's balance (reversed if the processor then refuses it). */
export async function postRefund(
  q: Queryable,
  r: LedgerKey & { kind: 'refund' | 'refundReversal'; orderId: string; refundId: string; amountMinor: number; at: Date },
): Promise<void> {
  await postTransaction(q, { ...r, occurredAt: r.at, settlesAt: r.at });
}

/** Money the store adds to a channel's balance (e.g. to fund bank-payment refunds). */
export async function postTopUp(q: Queryable, t: LedgerKey & { amountMinor: number; at: Date }): Promise<void> {
  await postTransaction(q, { ...t, kind: 'topUp', occurredAt: t.at, settlesAt: t.at });
}
