/**
 * Issue 8 (part 3): postings that run at the same time must never deadlock. Every kind of posting
 * runs in the transaction shape of its real caller (a capture posts the payment and its fee, then
 * wakes refunds waiting for funds; a refund attempt locks its refund row, then the merchant balance,
 * then posts; a reversal locks its refund row then posts; payouts and top-ups go through the real
 * payout run and the real sandbox route), many at once, over one store's balances in several
 * channels, currencies and both environments, round after round. No error of any kind is allowed
 * (in particular no 40P01 deadlock_detected), and afterwards every balance equals its entries.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, withTx, type Db } from '../../src/platform/db.js';
import { toNumber } from '../../src/platform/money.js';
import { CHANNELS, type Channel } from '../../src/ledger/chart.js';
import { postPayment, postRefund, postTopUp } from '../../src/ledger/postings.js';
import { merchantBalance, postTransaction, storeBalances, type LedgerKey } from '../../src/ledger/store.js';
import { lockRefund, wakeWaitingForFunds } from '../../src/payments/refunds/store.js';
import type { Env } from '../../src/platform/env.js';
import { seededRandom } from '../../src/platform/seeded-random.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { expectLedgerInvariants } from '../support/ledger.js';

const ROUNDS = 20;
const PER_ROUND = 40;
const TIME_BOUND_MS = 20_000;
const CURRENCIES = ['EUR', 'PLN'] as const;

let t: TestApp;
let db: Db; // more connections than the app's pool, so more postings truly overlap
beforeAll(async () => {
  t = await createTestApp();
  // A deadlock is found after deadlock_timeout (1 s by default): find it sooner, so a broken lock
  // order fails within the time bound instead of waiting out a second per deadlock.
  // A start-up setting: on a direct connection (a transaction pooler refuses start-up options).
  const url = new URL(t.directUrl);
  url.searchParams.set('options', '-c deadlock_timeout=100ms');
  db = createPool(url.toString(), 16);
});
afterAll(async () => {
  await db.end();
  await t.close();
});

describe('postings of every kind at once, in their callers’ transactions', () => {
  it(`${ROUNDS} rounds × ${PER_ROUND} concurrent postings over one store: no error (no 40P01), every balance equals its entries`, async () => {
    const storeId = t.store.id;
    const longAgo = new Date(Date.now() - 10 * 86_400_000); // settled: the payout run pays it out
    // Refunds waiting for funds, as the refund worker leaves them: captures and top-ups wake them.
    const waiting: string[] = [];
    for (let i = 0; i < 8; i++) {
      const id = randomUUID();
      waiting.push(id);
      await t.db.query(
        `INSERT INTO refunds (id, order_id, store_id, env, amount, currency, type, status, status_description, idempotency_key, attempts, next_attempt_at, created_at, updated_at)
         VALUES ($1::uuid, $2, $3, 'sandbox', 100, 'EUR', 'PARTIAL_REFUND', 'PENDING', 'INSUFFICIENT_FUNDS', $1::text, 1, now() + interval '1 hour', now(), now())`,
        [id, randomUUID(), storeId],
      );
    }

    const owed = new Map<string, number>(); // what each unit that committed added to the store's balance
    const add = (k: LedgerKey, minor: number) => owed.set(`${k.env}/${k.channel}/${k.currency}`, (owed.get(`${k.env}/${k.channel}/${k.currency}`) ?? 0) + minor);
    const failures: { round: number; unit: string; code?: string; message: string }[] = [];
    let posted = 0;
    const started = Date.now();

    let rounds = 0;
    for (let round = 0; round < ROUNDS && Date.now() - started < TIME_BOUND_MS; round++, rounds++) {
      const rand = seededRandom(`ledger-round-${round}`); // deterministic: a failing round can be replayed
      const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
      // Each round the waiting refunds are not due again for an hour: every wake must touch them.
      await t.db.query(`UPDATE refunds SET next_attempt_at = now() + interval '1 hour' WHERE id = ANY($1)`, [waiting]);
      const units: { name: string; run: () => Promise<void> }[] = [];
      for (let i = 0; i < PER_ROUND; i++) {
        const env: Env = rand() < 0.8 ? 'sandbox' : 'production';
        const key: LedgerKey = { storeId, env, channel: pick(CHANNELS), currency: pick(CURRENCIES) };
        const amount = 1 + Math.floor(rand() * 100_000);
        const kind = pick(['capture', 'capture', 'fee', 'refund', 'refundReversal', 'payout', 'topUp'] as const);
        switch (kind) {
          case 'capture': // OrderService.completeAttempt, after the order's lock
            units.push({
              name: kind,
              run: () =>
                withTx(db, async (tx) => {
                  const fee = Math.floor(amount / 50);
                  await postPayment(tx, { ...key, orderId: randomUUID(), grossMinor: amount, feeMinor: fee, paidAt: longAgo });
                  await wakeWaitingForFunds(tx, storeId, env);
                  add(key, amount - fee);
                }),
            });
            break;
          case 'fee':
            units.push({
              name: kind,
              run: () =>
                withTx(db, async (tx) => {
                  await postTransaction(tx, { ...key, kind: 'fee', amountMinor: amount, occurredAt: longAgo, settlesAt: longAgo });
                  add(key, -amount);
                }),
            });
            break;
          case 'refund': // RefundService attempt, step 1: the refund row, then the merchant balance, then the booking
            units.push({
              name: kind,
              run: () =>
                withTx(db, async (tx) => {
                  await lockRefund(tx, pick(waiting));
                  await merchantBalance(tx, key, true);
                  await postRefund(tx, { ...key, kind: 'refund', orderId: randomUUID(), refundId: randomUUID(), amountMinor: amount, at: longAgo });
                  add(key, -amount);
                }),
            });
            break;
          case 'refundReversal': // RefundService attempt, step 3 after the processor refused
            units.push({
              name: kind,
              run: () =>
                withTx(db, async (tx) => {
                  await lockRefund(tx, pick(waiting));
                  await postRefund(tx, { ...key, kind: 'refundReversal', orderId: randomUUID(), refundId: randomUUID(), amountMinor: amount, at: longAgo });
                  add(key, amount);
                }),
            });
            break;
          case 'payout': // the real payout run (its amounts are read back from the payouts afterwards)
            units.push({ name: kind, run: async () => void (await t.services.payouts.run({ storeId, env: 'sandbox' })) });
            break;
          case 'topUp': // the real sandbox route (top-up, then wake the refunds waiting for funds)
            if (env === 'production') {
              units.push({
                name: kind,
                run: () =>
                  withTx(db, async (tx) => {
                    await postTopUp(tx, { ...key, amountMinor: amount, at: longAgo });
                    add(key, amount);
                  }),
              });
            } else {
              units.push({
                name: kind,
                run: async () => {
                  const res = await t.app.inject({
                    method: 'POST',
                    url: '/sandbox/api/test-helpers/balances/top-up',
                    headers: t.bearer(),
                    payload: { channel: key.channel, currency: key.currency, amount: toNumber(amount) },
                  });
                  if (res.statusCode !== 201) throw new Error(`top-up answered ${res.statusCode}: ${res.body}`);
                  add(key, amount);
                },
              });
            }
            break;
        }
      }
      const settled = await Promise.allSettled(units.map((u) => u.run()));
      settled.forEach((s, i) => {
        if (s.status === 'rejected') {
          const err = s.reason as { code?: string; message?: string };
          failures.push({ round, unit: units[i]!.name, code: err.code, message: String(err.message ?? err) });
        } else {
          posted++;
        }
      });
    }
    const elapsed = Date.now() - started;

    const failedRounds = new Set(failures.map((f) => f.round)).size;
    const summary = `${failures.length} of ${rounds * PER_ROUND} postings failed, in ${failedRounds} of ${rounds} rounds (${failures.filter((f) => f.code === '40P01').length} deadlocks), ${elapsed} ms`;
    if (process.env.KASSA_LEDGER_STRESS_LOG) console.log(`[${t.target}] ${summary}`);
    expect(failures, summary).toEqual([]);
    expect(rounds, `only ${rounds} of ${ROUNDS} rounds within ${TIME_BOUND_MS} ms`).toBe(ROUNDS);
    expect(posted).toBe(ROUNDS * PER_ROUND);
    await expectLedgerInvariants(t.db, storeId);

    // The store's balances are what the postings said, less what the payout runs paid out.
    const { rows: payouts } = await t.db.query<{ channel: Channel; currency: string; total: number }>(
      `SELECT channel, currency, sum(total_amount)::bigint AS total FROM payouts WHERE store_id = $1 AND env = 'sandbox' GROUP BY 1, 2`,
      [storeId],
    );
    for (const p of payouts) add({ storeId, env: 'sandbox', channel: p.channel, currency: p.currency }, -p.total);
    for (const env of ['sandbox', 'production'] as const) {
      const got = await storeBalances(t.db, storeId, env);
      const want = [...owed].filter(([k]) => k.startsWith(`${env}/`)).map(([k, v]) => [k.slice(env.length + 1), v] as const);
      expect(new Map(got.map((b) => [`${b.channel}/${b.currency}`, b.owedMinor]))).toEqual(new Map(want));
    }
  });
});
