/**
 * The business events that move money, as ledger postings. Each runs inside the caller's database
 * transaction (the order paid, the refund booked, the payout made), so the money and the change
 * commit together; each is ONE posting statement, and a caller's transaction makes one posting,
 * so balance rows are always locked in the global order (lock-order.ts).
 */
import type { Queryable } from '../platform/db.js';
import type { Env } from '../platform/env.js';
import { addBusinessDays, type CountryCode } from './calendar.js';
import { SETTLEMENT_BUSINESS_DAYS, type Channel } from './chart.js';
import { selectSettlementTerms } from '../stores/store.js';
import { postTransaction, postTransactions, type LedgerKey, type NewTransaction } from './store.js';

/** When money received through `channel` at `at` may be refunded and paid out: business days of the store's `country` (calendar.ts). */
export function settlesAt(channel: Channel, at: Date, country: CountryCode | undefined): Date {
  return addBusinessDays(at, SETTLEMENT_BUSINESS_DAYS[channel], country);
}

/** Whether the store's payments settle when they are paid (a sandbox set to `instant`), and its country, whose business days settlement counts. */
async function settlement(q: Queryable, storeId: string, env: Env): Promise<{ instant: boolean; country: CountryCode | undefined }> {
  const terms = await selectSettlementTerms(q, storeId);
  return { instant: env === 'sandbox' && terms?.sandbox_settlement === 'instant', country: terms?.country };
}

/**
 * A captured payment and the service's fee on it, in one statement (see postTransactions). They
 * settle after the channel's business days; in a sandbox set to `instant` settlement, at once.
 */
export async function postPayment(q: Queryable, p: LedgerKey & { orderId: string; grossMinor: number; feeMinor: number; paidAt: Date }): Promise<void> {
  const key: LedgerKey = { storeId: p.storeId, env: p.env, channel: p.channel, currency: p.currency };
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
