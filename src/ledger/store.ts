/**
 * Writing and reading the ledger. A transaction and its entries are inserted, and the accounts'
 * balances moved, by ONE statement inside the caller's database transaction, so the money and
 * the business change it belongs to (an order paid, a refund processed, a payout made) commit
 * together. Balances are read from ledger_balances: a store's balance costs the same with a
 * thousand entries or a million.
 */
import type { Queryable } from '../platform/db.js';
import { uuidv7 } from '../platform/ids.js';
import type { Env } from '../stores/service.js';
import { isBalanced, linesOf, merchantOwed, type Channel, type TransactionKind } from './chart.js';

export interface LedgerKey {
  storeId: string;
  env: Env;
  channel: Channel;
  currency: string;
}

export interface NewTransaction extends LedgerKey {
  kind: TransactionKind;
  amountMinor: number;
  orderId?: string | null;
  refundId?: string | null;
  payoutId?: string | null;
  occurredAt: Date;
  settlesAt: Date;
}

export interface ChannelBalance {
  channel: Channel;
  currency: string;
  /** What the store is owed in this channel and currency (minor units; negative when it owes). */
  owedMinor: number;
}

/** Posts one balanced transaction; returns its id. */
export async function postTransaction(q: Queryable, t: NewTransaction): Promise<string> {
  const lines = linesOf(t.kind, t.amountMinor);
  if (!isBalanced(lines)) throw new Error(`unbalanced ${t.kind} transaction`);
  const id = uuidv7();
  await q.query(
    `WITH t AS (
       INSERT INTO ledger_transactions (id, store_id, env, channel, currency, kind, order_id, refund_id, payout_id, occurred_at, settles_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     ), e AS (
       INSERT INTO ledger_entries (transaction_id, account, amount) SELECT $1, a, x FROM unnest($12::text[], $13::bigint[]) AS u(a, x)
     )
     INSERT INTO ledger_balances (store_id, env, channel, currency, account, balance, entries)
     SELECT $2, $3, $4, $5, a, x, 1 FROM unnest($12::text[], $13::bigint[]) AS u(a, x)
     ON CONFLICT (store_id, env, channel, currency, account)
     DO UPDATE SET balance = ledger_balances.balance + EXCLUDED.balance, entries = ledger_balances.entries + 1`,
    [
      id, t.storeId, t.env, t.channel, t.currency, t.kind, t.orderId ?? null, t.refundId ?? null, t.payoutId ?? null, t.occurredAt, t.settlesAt,
      lines.map((l) => l.account), lines.map((l) => l.amount),
    ],
  );
  return id;
}

/**
 * What the store is owed in one channel and currency. `lock` takes the merchant balance row
 * FOR UPDATE, so a check-then-debit (a refund) cannot race another debit of the same balance.
 */
export async function merchantBalance(q: Queryable, key: LedgerKey, lock = false): Promise<number> {
  const { rows } = await q.query<{ balance: string }>(
    `SELECT balance FROM ledger_balances
      WHERE store_id = $1 AND env = $2 AND channel = $3 AND currency = $4 AND account = 'merchant'${lock ? ' FOR UPDATE' : ''}`,
    [key.storeId, key.env, key.channel, key.currency],
  );
  return rows[0] ? merchantOwed(Number(rows[0].balance)) : 0;
}

/** Every channel and currency the store has a balance in (GET /store-balances). */
export async function storeBalances(q: Queryable, storeId: string, env: Env): Promise<ChannelBalance[]> {
  const { rows } = await q.query<{ channel: Channel; currency: string; balance: string }>(
    `SELECT channel, currency, balance FROM ledger_balances
      WHERE store_id = $1 AND env = $2 AND account = 'merchant' ORDER BY channel, currency`,
    [storeId, env],
  );
  return rows.map((r) => ({ channel: r.channel, currency: r.currency, owedMinor: merchantOwed(Number(r.balance)) }));
}
