/**
 * Bulk ledger rows for the `exports` and `balances` steps, written straight into the bench's
 * database with set-based SQL (a few INSERT … SELECT over generate_series), because 100,000 or
 * 500,000 transactions through the HTTP API would take far longer than the measurement.
 *
 * The rows follow the ledger's own rules (src/ledger/chart.ts linesOf, src/ledger/store.ts
 * postTransaction): every transaction has two entries that sum to zero, and ledger_balances holds
 * each account's sum and entry count, recomputed from the entries after the insert.
 *
 * Ids are valid, time-ordered UUIDv7 built in SQL from the row's time (48-bit milliseconds), a
 * 3-hex-digit kind tag and a 15-hex-digit run tag, so the primary-key and foreign-key indexes are
 * filled in order (as Kassa's own uuidv7 ids fill them) and a step can rebuild an id from its
 * number without a lookup.
 */
import { randomBytes } from 'node:crypto';
import type pg from 'pg';

/** 15 random hex digits: the last part of every id of one seeding run. */
export function runTag(): string {
  return randomBytes(8).toString('hex').slice(0, 15);
}

/**
 * SQL for a UUIDv7 from epoch milliseconds `msExpr` (bigint), a kind tag `kind3` (3 hex digits,
 * a literal) and a run tag expression `tagExpr` (text, 15 hex digits).
 */
export function uuidSql(msExpr: string, kind3: string, tagExpr: string): string {
  if (!/^[0-9a-f]{3}$/.test(kind3)) throw new Error(`kind tag must be 3 hex digits, got ${kind3}`);
  return `(lpad(to_hex(${msExpr}), 12, '0') || '7${kind3}8' || ${tagExpr})::uuid`;
}

/**
 * Inserts ledger transactions and their two entries each, in ONE statement. `sourceSql` is a
 * SELECT with the columns id, store_id, env, channel, currency, kind ('payment' | 'fee' |
 * 'refund'), order_id, refund_id, amount (positive minor units), occurred_at, settles_at.
 * Returns the number of transactions.
 */
export async function insertLedger(c: pg.Client, sourceSql: string, params: unknown[]): Promise<number> {
  // The lines of src/ledger/chart.ts linesOf, debit (+amount) first:
  //   payment: processor +a, merchant -a;  fee: merchant +a, fees -a;  refund: merchant +a, processor -a.
  const r = await c.query(
    `WITH src AS MATERIALIZED (${sourceSql}),
     t AS (
       INSERT INTO ledger_transactions (id, store_id, env, channel, currency, kind, order_id, refund_id, occurred_at, settles_at)
       SELECT id, store_id, env, channel, currency, kind, order_id, refund_id, occurred_at, settles_at FROM src
       RETURNING 1
     ),
     e AS (
       INSERT INTO ledger_entries (transaction_id, account, amount)
       SELECT s.id, l.account, l.amount
         FROM src s
         CROSS JOIN LATERAL (VALUES
           (CASE s.kind WHEN 'payment' THEN 'processor' ELSE 'merchant' END, s.amount::bigint),
           (CASE s.kind WHEN 'payment' THEN 'merchant' WHEN 'fee' THEN 'fees' ELSE 'processor' END, -s.amount::bigint)
         ) AS l(account, amount)
       RETURNING 1
     )
     SELECT (SELECT count(*) FROM t)::int AS transactions, (SELECT count(*) FROM e)::int AS entries`,
    params,
  );
  const row = r.rows[0] as { transactions: number; entries: number };
  if (row.entries !== 2 * row.transactions) throw new Error(`ledger seed: ${row.transactions} transactions but ${row.entries} entries`);
  return row.transactions;
}

/**
 * Sets ledger_balances of the stores to the sums and counts of their entries (what
 * postTransaction keeps them at, one transaction at a time), then checks that every store,
 * environment, channel and currency sums to zero.
 */
export async function recomputeBalances(c: pg.Client, storeIds: string[]): Promise<void> {
  await c.query(
    `INSERT INTO ledger_balances (store_id, env, channel, currency, account, balance, entries)
     SELECT t.store_id, t.env, t.channel, t.currency, e.account, sum(e.amount)::bigint, count(*)
       FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
      WHERE t.store_id = ANY($1::uuid[])
      GROUP BY 1, 2, 3, 4, 5
     ON CONFLICT (store_id, env, channel, currency, account)
     DO UPDATE SET balance = EXCLUDED.balance, entries = EXCLUDED.entries`,
    [storeIds],
  );
  const { rows } = await c.query<{ store_id: string; channel: string; currency: string; s: string }>(
    `SELECT store_id, channel, currency, sum(balance)::text AS s FROM ledger_balances
      WHERE store_id = ANY($1::uuid[]) GROUP BY 1, 2, 3, env HAVING sum(balance) <> 0`,
    [storeIds],
  );
  if (rows.length) throw new Error(`ledger seed: unbalanced ledger_balances: ${JSON.stringify(rows).slice(0, 500)}`);
}
