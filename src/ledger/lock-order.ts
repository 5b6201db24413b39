/**
 * The one order in which every database transaction takes the locks of ledger_balances rows.
 *
 * Why: a posting moves several balance rows (a payment: processor and merchant; its fee: merchant
 * and fees; a refund: merchant and processor …) with INSERT … ON CONFLICT DO UPDATE, which locks
 * each row as it reaches it, in the order of its input rows, and holds the lock until the database
 * transaction ends. When two transactions take two rows in opposite orders (a payment took
 * processor then merchant while a refund took merchant then processor; or a capture posted its
 * payment, then its fee, in two statements), each waits for the other: PostgreSQL kills one with
 * 40P01 deadlock_detected (issue 8). Taking every row in ONE total order, the same in every code
 * path, makes such a cycle impossible.
 *
 * The order: store, environment, channel, currency, account, each compared by code points (never
 * by locale), the store's UUID case-insensitively (it is one value however it is spelled).
 * Rules for callers (store.ts follows them):
 * - a database transaction posts ONCE (`postTransactions` with all its transactions), so its
 *   balance rows are taken in one statement, in this order;
 * - a transaction that must lock balance rows before it posts (a refund checks the balance
 *   first) locks with `lockBalances`, every account of the ledger key it will post to, in this
 *   order, so its posting then only takes locks it already holds.
 *
 * Across tables, the callers' transactions keep one order too: a refund row, then its order row,
 * then balance rows (refund attempts; a capture locks its order, then posts). Nothing waits for a
 * refund or an order row while it holds balance rows: the wake of refunds waiting for funds, run
 * after a capture or a top-up posted, skips locked refund rows (wakeWaitingForFunds). A payout
 * takes its group's advisory lock, then posts, and touches no refund or order row.
 */
import { ACCOUNTS, type Account } from './chart.js';
import type { Env } from '../platform/env.js';
import type { Channel } from './chart.js';

export interface BalanceKey {
  storeId: string;
  env: Env;
  channel: Channel;
  currency: string;
  account: Account;
}

/** A change to one balance row: the sum of its entries' amounts and how many entries. */
export interface BalanceMove extends BalanceKey {
  amount: number;
  entries: number;
}

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The total order of balance rows (negative: `a` is locked before `b`). */
export function compareBalanceKeys(a: BalanceKey, b: BalanceKey): number {
  return cmp(a.storeId.toLowerCase(), b.storeId.toLowerCase()) || cmp(a.env, b.env) || cmp(a.channel, b.channel) || cmp(a.currency, b.currency) || cmp(a.account, b.account);
}

/**
 * The balance rows that entries move, one per row (amounts and entry counts summed), in lock
 * order: what a posting statement must be given, in this order.
 */
export function balanceMoves(entries: Iterable<BalanceKey & { amount: number }>): BalanceMove[] {
  const moves: BalanceMove[] = [];
  for (const e of entries) {
    const same = moves.find((m) => compareBalanceKeys(m, e) === 0);
    if (same) {
      same.amount += e.amount;
      same.entries += 1;
    } else {
      moves.push({ storeId: e.storeId, env: e.env, channel: e.channel, currency: e.currency, account: e.account, amount: e.amount, entries: 1 });
    }
  }
  return moves.sort(compareBalanceKeys);
}

/** Every balance row of one ledger key (all its accounts), in lock order. */
export function accountKeys(key: Omit<BalanceKey, 'account'>): BalanceKey[] {
  return ACCOUNTS.map((account) => ({ storeId: key.storeId, env: key.env, channel: key.channel, currency: key.currency, account })).sort(compareBalanceKeys);
}
