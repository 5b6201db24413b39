import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS, CHANNELS, linesOf, TRANSACTION_KINDS, type TransactionKind } from './chart.js';
import { accountKeys, balanceMoves, compareBalanceKeys, type BalanceKey } from './lock-order.js';

const STORES = ['0190a0b2-0000-7000-8000-00000000000a', '0190a0b2-0000-7000-8000-00000000000b', '7f000000-0000-7000-8000-000000000001'];
const ledgerKey = fc.record({
  // The same store may be spelled in either case: it is one row.
  storeId: fc.tuple(fc.constantFrom(...STORES), fc.boolean()).map(([s, upper]) => (upper ? s.toUpperCase() : s)),
  env: fc.constantFrom('sandbox' as const, 'production' as const),
  channel: fc.constantFrom(...CHANNELS),
  currency: fc.constantFrom('EUR', 'PLN'),
});
type Posting = { key: Omit<BalanceKey, 'account'>; kind: TransactionKind; amount: number };
const posting: fc.Arbitrary<Posting> = fc.record({ key: ledgerKey, kind: fc.constantFrom(...TRANSACTION_KINDS), amount: fc.integer({ min: 1, max: 1_000_000 }) });
/** A database transaction's postings (e.g. a payment and its fee), as the entries they write. */
const postings = fc.array(posting, { maxLength: 12 });
const entriesOf = (ps: readonly Posting[]) => ps.flatMap((p) => linesOf(p.kind, p.amount).map((l) => ({ ...p.key, account: l.account, amount: l.amount })));
const rowId = (k: BalanceKey) => `${k.storeId.toLowerCase()}|${k.env}|${k.channel}|${k.currency}|${k.account}`;

describe('the global lock order of balance rows', () => {
  it('any postings → their balance rows strictly ascending (so no duplicates), each once, sums and entry counts kept', () => {
    fc.assert(
      fc.property(postings, (ps) => {
        const entries = entriesOf(ps);
        const moves = balanceMoves(entries);
        for (let i = 1; i < moves.length; i++) expect(compareBalanceKeys(moves[i - 1]!, moves[i]!)).toBeLessThan(0);
        expect(new Set(moves.map(rowId)).size).toBe(moves.length);
        const want = new Map<string, { amount: number; entries: number }>();
        for (const e of entries) {
          const w = want.get(rowId(e)) ?? { amount: 0, entries: 0 };
          want.set(rowId(e), { amount: w.amount + e.amount, entries: w.entries + 1 });
        }
        expect(new Map(moves.map((m) => [rowId(m), { amount: m.amount, entries: m.entries }]))).toEqual(want);
      }),
    );
  });

  it('the order does not depend on the order of the postings', () => {
    fc.assert(
      fc.property(
        postings.chain((ps) => fc.tuple(fc.constant(ps), fc.shuffledSubarray(ps, { minLength: ps.length, maxLength: ps.length }))),
        ([ps, shuffled]) => {
          expect(balanceMoves(entriesOf(shuffled)).map(rowId)).toEqual(balanceMoves(entriesOf(ps)).map(rowId));
        },
      ),
    );
  });

  it('any two transactions take the rows they share in the same relative order (no lock cycle)', () => {
    fc.assert(
      fc.property(postings, postings, (a, b) => {
        const ra = balanceMoves(entriesOf(a)).map(rowId);
        const rb = balanceMoves(entriesOf(b)).map(rowId);
        const inB = new Set(rb);
        const inA = new Set(ra);
        expect(ra.filter((r) => inB.has(r))).toEqual(rb.filter((r) => inA.has(r)));
      }),
    );
  });

  it('is a total order: antisymmetric, transitive, zero only for the same row', () => {
    const key = ledgerKey.chain((k) => fc.constantFrom(...ACCOUNTS).map((account) => ({ ...k, account })));
    fc.assert(
      fc.property(key, key, key, (a, b, c) => {
        expect(Math.sign(compareBalanceKeys(a, b)) + Math.sign(compareBalanceKeys(b, a))).toBe(0);
        expect(compareBalanceKeys(a, b) === 0).toBe(rowId(a) === rowId(b));
        if (compareBalanceKeys(a, b) < 0 && compareBalanceKeys(b, c) < 0) expect(compareBalanceKeys(a, c)).toBeLessThan(0);
      }),
    );
  });

  it("a key's pre-lock (lockBalances) covers every row a posting to it takes, in the same order", () => {
    fc.assert(
      fc.property(ledgerKey, fc.array(fc.constantFrom(...TRANSACTION_KINDS), { minLength: 1, maxLength: 6 }), (k, kinds) => {
        const locked = accountKeys(k).map(rowId);
        const posted = balanceMoves(kinds.flatMap((kind) => linesOf(kind, 1).map((l) => ({ ...k, account: l.account, amount: l.amount })))).map(rowId);
        expect(locked.filter((r) => posted.includes(r))).toEqual(posted);
      }),
    );
  });
});
