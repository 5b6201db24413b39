/** The ledger in the database: invariants under concurrent posting, balances, immutability. */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTx } from '../../src/platform/db.js';
import { CHANNELS, TRANSACTION_KINDS } from '../../src/ledger/chart.js';
import { merchantBalance, postTransaction, storeBalances } from '../../src/ledger/store.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { expectLedgerInvariants } from '../support/ledger.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const now = new Date();

describe('ledger', () => {
  it('any history posted concurrently: every transaction sums to zero, each balance equals its entries', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            kind: fc.constantFrom(...TRANSACTION_KINDS),
            channel: fc.constantFrom(...CHANNELS),
            currency: fc.constantFrom('EUR', 'PLN'),
            env: fc.constantFrom('sandbox' as const, 'production' as const),
            amountMinor: fc.integer({ min: 1, max: 100_000_000 }),
          }),
          { minLength: 1, maxLength: 40 },
        ),
        async (history) => {
          const store = await t.createStore();
          // In parallel, each in its own database transaction, as concurrent requests would.
          await Promise.all(history.map((h) => withTx(t.db, (tx) => postTransaction(tx, { ...h, storeId: store.id, occurredAt: now, settlesAt: now }))));
          await expectLedgerInvariants(t.db, store.id);
          const owed = new Map<string, number>();
          const sign = { payment: 1, fee: -1, refund: -1, refundReversal: 1, payout: -1, topUp: 1 } as const;
          for (const h of history) {
            if (h.env !== 'sandbox') continue;
            const k = `${h.channel}/${h.currency}`;
            owed.set(k, (owed.get(k) ?? 0) + sign[h.kind] * h.amountMinor);
          }
          const got = await storeBalances(t.db, store.id, 'sandbox');
          expect(new Map(got.map((b) => [`${b.channel}/${b.currency}`, b.owedMinor]))).toEqual(owed);
          for (const b of got) expect(await merchantBalance(t.db, { storeId: store.id, env: 'sandbox', channel: b.channel, currency: b.currency })).toBe(b.owedMinor);
        },
      ),
      { numRuns: 15 },
    );
  });

  it('entries and transactions never change: UPDATE and DELETE are refused by the database', async () => {
    const store = await t.createStore();
    const id = await postTransaction(t.db, { storeId: store.id, env: 'sandbox', channel: 'cardPayments', currency: 'EUR', kind: 'payment', amountMinor: 1000, occurredAt: now, settlesAt: now });
    await expect(t.db.query('UPDATE ledger_entries SET amount = amount * 2 WHERE transaction_id = $1', [id])).rejects.toThrow(/ledger ledger_entries rows never change/);
    await expect(t.db.query('DELETE FROM ledger_entries WHERE transaction_id = $1', [id])).rejects.toThrow(/never change/);
    await expect(t.db.query('UPDATE ledger_transactions SET kind = $2 WHERE id = $1', [id, 'fee'])).rejects.toThrow(/ledger ledger_transactions rows never change/);
    await expect(t.db.query('DELETE FROM ledger_transactions WHERE id = $1', [id])).rejects.toThrow(/never change/);
    await expectLedgerInvariants(t.db, store.id);
  });

  it('an unknown store or channel has no balance (0), and stores never see each other', async () => {
    const a = await t.createStore();
    const b = await t.createStore();
    await postTransaction(t.db, { storeId: a.id, env: 'sandbox', channel: 'blik', currency: 'PLN', kind: 'payment', amountMinor: 5000, occurredAt: now, settlesAt: now });
    expect(await storeBalances(t.db, b.id, 'sandbox')).toEqual([]);
    expect(await storeBalances(t.db, a.id, 'production')).toEqual([]);
    expect(await merchantBalance(t.db, { storeId: b.id, env: 'sandbox', channel: 'blik', currency: 'PLN' })).toBe(0);
    expect(await storeBalances(t.db, a.id, 'sandbox')).toEqual([{ channel: 'blik', currency: 'PLN', owedMinor: 5000 }]);
  });
});
