import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS, isBalanced, linesOf, merchantOwed, TRANSACTION_KINDS, type Account, type TransactionKind } from './chart.js';

const kind = fc.constantFrom(...TRANSACTION_KINDS);
const amount = fc.integer({ min: 1, max: 10_000_000_000_000 });

describe('transactions', () => {
  it('every kind of transaction balances, for any amount', () => {
    fc.assert(fc.property(kind, amount, (k, a) => isBalanced(linesOf(k, a))));
  });

  it('zero, negative and fractional amounts are refused', () => {
    for (const bad of [0, -1, 1.5, Number.NaN, 2 ** 53]) expect(() => linesOf('payment', bad)).toThrow(RangeError);
  });

  it('balances from any history: all accounts sum to zero, and the store is owed payments − fees − refunds + reversals − payouts + top-ups', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(kind, fc.integer({ min: 1, max: 1_000_000 })), { maxLength: 200 }), (history) => {
        const balance: Record<Account, number> = { merchant: 0, processor: 0, fees: 0, bank: 0 };
        const byKind = Object.fromEntries(TRANSACTION_KINDS.map((k) => [k, 0])) as Record<TransactionKind, number>;
        for (const [k, a] of history) {
          for (const l of linesOf(k, a)) balance[l.account] += l.amount;
          byKind[k] += a;
        }
        expect(ACCOUNTS.reduce((s, acc) => s + balance[acc], 0)).toBe(0);
        expect(merchantOwed(balance.merchant)).toBe(byKind.payment - byKind.fee - byKind.refund + byKind.refundReversal - byKind.payout + byKind.topUp);
        expect(balance.fees + byKind.fee).toBe(0);
      }),
    );
  });
});
