/**
 * Writing and reading the ledger. Transactions and their entries are inserted, and the accounts'
 * balances moved (in the global lock order of lock-order.ts), by ONE statement inside the
 * caller's database transaction, so the money and the business change it belongs to (an order
 * paid, a refund processed, a payout made) commit together. Balances are read from ledger_balances: a store's balance costs the same with a
 * thousand entries or a million.
 */
import type { Queryable } from '../platform/db.js';
import { uuidv7 } from '../platform/ids.js';
import type { Env } from '../platform/env.js';
import { isBalanced, linesOf, merchantOwed, type Channel, type TransactionKind } from './chart.js';
import { accountKeys, balanceMoves, type BalanceKey } from './lock-order.js';

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

/**
 * A transaction's settlement time as it counts (SQL over the ledger_transactions alias `t`):
 * its own, or its occurrence when the sandbox's settle test helper settled everything up to a
 * later time (production has no such watermark).
 */
export const effectiveSettlesAt = (t: string): string =>
  `CASE WHEN ${t}.occurred_at <= sandbox_settled_through(${t}.store_id, ${t}.env) THEN least(${t}.occurred_at, ${t}.settles_at) ELSE ${t}.settles_at END`;

/** How many of the store's payments in `env` have not settled by `at` (their effective settlement is later). */
export async function countPaymentsSettlingAfter(q: Queryable, storeId: string, env: Env, at: Date): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ledger_transactions t
      WHERE t.store_id = $1 AND t.env = $2 AND t.kind = 'payment' AND ${effectiveSettlesAt('t')} > $3`,
    [storeId, env, at],
  );
  return rows[0]!.n;
}

/** Posts one balanced transaction; returns its id. */
export async function postTransaction(q: Queryable, t: NewTransaction): Promise<string> {
  return (await postTransactions(q, [t]))[0]!;
}

/**
 * Posts balanced transactions (e.g. a payment and its fee) in ONE statement; returns their ids.
 * A database transaction posts once: its balance rows are then locked in one statement, in the
 * global lock order (lock-order.ts), and no two postings can deadlock. The balance rows are
 * given to INSERT … ON CONFLICT in that order (WITH ORDINALITY … ORDER BY), which is the order
 * PostgreSQL locks them in.
 */
export async function postTransactions(q: Queryable, ts: readonly NewTransaction[]): Promise<string[]> {
  const ids: string[] = [];
  const entries: (BalanceKey & { amount: number; transactionId: string })[] = [];
  for (const t of ts) {
    const lines = linesOf(t.kind, t.amountMinor);
    if (!isBalanced(lines)) throw new Error(`unbalanced ${t.kind} transaction`);
    const id = uuidv7();
    ids.push(id);
    for (const l of lines) entries.push({ storeId: t.storeId, env: t.env, channel: t.channel, currency: t.currency, account: l.account, amount: l.amount, transactionId: id });
  }
  if (ts.length === 0) return ids;
  const moves = balanceMoves(entries);
  const col = <T, K extends keyof T>(xs: readonly T[], k: K): T[K][] => xs.map((x) => x[k]);
  await q.query(
    `WITH t AS (
       INSERT INTO ledger_transactions (id, store_id, env, channel, currency, kind, order_id, refund_id, payout_id, occurred_at, settles_at)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::uuid[], $8::uuid[], $9::uuid[], $10::timestamptz[], $11::timestamptz[])
     ), e AS (
       INSERT INTO ledger_entries (transaction_id, account, amount) SELECT * FROM unnest($12::uuid[], $13::text[], $14::bigint[])
     )
     INSERT INTO ledger_balances (store_id, env, channel, currency, account, balance, entries)
     SELECT s, v, c, cur, a, x, n
       FROM unnest($15::uuid[], $16::text[], $17::text[], $18::text[], $19::text[], $20::bigint[], $21::bigint[]) WITH ORDINALITY AS u(s, v, c, cur, a, x, n, ord)
      ORDER BY ord
     ON CONFLICT (store_id, env, channel, currency, account)
     DO UPDATE SET balance = ledger_balances.balance + EXCLUDED.balance, entries = ledger_balances.entries + EXCLUDED.entries`,
    [
      ids,
      col(ts, 'storeId'),
      col(ts, 'env'),
      col(ts, 'channel'),
      col(ts, 'currency'),
      col(ts, 'kind'),
      ts.map((t) => t.orderId ?? null),
      ts.map((t) => t.refundId ?? null),
      ts.map((t) => t.payoutId ?? null),
      col(ts, 'occurredAt'),
      col(ts, 'settlesAt'),
      col(entries, 'transactionId'),
      col(entries, 'account'),
      col(entries, 'amount'),
      col(moves, 'storeId'),
      col(moves, 'env'),
      col(moves, 'channel'),
      col(moves, 'currency'),
      col(moves, 'account'),
      col(moves, 'amount'),
      col(moves, 'entries'),
    ],
  );
  return ids;
}

/**
 * Locks every balance row of one ledger key (all its accounts) FOR UPDATE, in the global lock
 * order, before the transaction posts to it: rows that do not exist yet are not locked (the
 * posting's insert then takes them, in the same order).
 */
export async function lockBalances(q: Queryable, key: LedgerKey): Promise<void> {
  const keys = accountKeys(key);
  await q.query(
    `SELECT 1 FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[]) WITH ORDINALITY AS k(s, v, c, cur, a, ord)
       JOIN ledger_balances b ON (b.store_id, b.env, b.channel, b.currency, b.account) = (k.s, k.v, k.c, k.cur, k.a)
      ORDER BY k.ord
        FOR UPDATE OF b`,
    [keys.map((k) => k.storeId), keys.map((k) => k.env), keys.map((k) => k.channel), keys.map((k) => k.currency), keys.map((k) => k.account)],
  );
}

/**
 * What the store is owed in one channel and currency. `lock` first locks the key's balance rows
 * (lockBalances), so a check-then-debit (a refund) cannot race another debit of the same balance,
 * and its posting keeps the global lock order.
 */
export async function merchantBalance(q: Queryable, key: LedgerKey, lock = false): Promise<number> {
  if (lock) await lockBalances(q, key);
  const { rows } = await q.query<{ balance: string }>(
    `SELECT balance FROM ledger_balances
      WHERE store_id = $1 AND env = $2 AND channel = $3 AND currency = $4 AND account = 'merchant'`,
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
