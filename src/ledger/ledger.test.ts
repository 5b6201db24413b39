import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addBusinessDays, isBusinessDay, nextBusinessDate } from './calendar.js';
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

describe('business days', () => {
  const date = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true });

  it('n business days later is a business day, later than the start, n business days on (a weekend counts from Monday)', () => {
    fc.assert(
      fc.property(date, fc.integer({ min: 1, max: 30 }), (from, n) => {
        const to = addBusinessDays(from, n);
        expect(isBusinessDay(to)).toBe(true);
        expect(to.getTime()).toBeGreaterThan(from.getTime());
        // Count the business days whose start lies in (from, to].
        let count = 0;
        const first = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()) + 86_400_000;
        for (let t = first; t <= to.getTime(); t += 86_400_000) if (isBusinessDay(new Date(t))) count++;
        // From a weekend, Monday is the payment's business day and counts as the start.
        expect(count).toBe(n + (isBusinessDay(from) ? 0 : 1));
        // Never more than n + 2 weeks' weekends away.
        expect(to.getTime() - from.getTime()).toBeLessThanOrEqual((n + 2 * Math.ceil(n / 5) + 2) * 86_400_000);
      }),
    );
  });

  it('a weekday plus one business day keeps the time of day; Friday goes to Monday', () => {
    expect(addBusinessDays(new Date('2026-11-20T14:30:00Z'), 1).toISOString()).toBe('2026-11-23T14:30:00.000Z'); // Fri → Mon
    expect(addBusinessDays(new Date('2026-11-18T09:00:00Z'), 1).toISOString()).toBe('2026-11-19T09:00:00.000Z'); // Wed → Thu
    expect(addBusinessDays(new Date('2026-11-21T22:00:00Z'), 1).toISOString()).toBe('2026-11-24T00:00:00.000Z'); // Sat → Tue 00:00 (one full business day)
    expect(addBusinessDays(new Date('2026-11-18T09:00:00Z'), 0).toISOString()).toBe('2026-11-18T09:00:00.000Z');
  });

  it("a payout's expected arrival is the next business date", () => {
    expect(nextBusinessDate(new Date('2026-11-20T23:59:00Z'))).toBe('2026-11-23'); // Fri → Mon
    expect(nextBusinessDate(new Date('2026-11-21T10:00:00Z'))).toBe('2026-11-23'); // Sat → Mon
    expect(nextBusinessDate(new Date('2026-11-23T00:00:00Z'))).toBe('2026-11-24');
    fc.assert(fc.property(date, (d) => isBusinessDay(new Date(`${nextBusinessDate(d)}T00:00:00Z`)) && nextBusinessDate(d) > d.toISOString().slice(0, 10)));
  });
});
