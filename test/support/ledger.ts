/** The ledger's invariants, checked in the database after any history of postings. */
import { expect } from 'vitest';
import type { Db } from '../../src/platform/db.js';

/** Every transaction of the store sums to zero over two or more entries, and each balance row equals its entries. */
export async function expectLedgerInvariants(db: Db, storeId: string): Promise<void> {
  const unbalanced = await db.query(
    `SELECT t.id FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
      WHERE t.store_id = $1 GROUP BY t.id HAVING sum(e.amount) <> 0 OR count(*) < 2`,
    [storeId],
  );
  expect(unbalanced.rows).toEqual([]);
  const mismatched = await db.query(
    `WITH sums AS (
       SELECT t.store_id, t.env, t.channel, t.currency, e.account, sum(e.amount) AS balance, count(*) AS entries
         FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id WHERE t.store_id = $1
        GROUP BY 1, 2, 3, 4, 5)
     SELECT * FROM sums s FULL JOIN (SELECT * FROM ledger_balances WHERE store_id = $1) b USING (store_id, env, channel, currency, account)
      WHERE s.balance IS DISTINCT FROM b.balance OR s.entries IS DISTINCT FROM b.entries`,
    [storeId],
  );
  expect(mismatched.rows).toEqual([]);
}
