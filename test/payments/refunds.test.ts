/**
 * POST /refunds and the refund lifecycle through the real app: every rule of the spec, every
 * status and description, the order's refund fields and states, refund notifications, the
 * ledger's bookings, and parallel requests over one order.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sign, verify } from '../../src/platform/jwt.js';
import { withTx } from '../../src/platform/db.js';
import { postTransaction, merchantBalance } from '../../src/ledger/store.js';
import { FUNDS_RETRY_DELAYS_MS } from '../../src/payments/refunds/states.js';
import type { CreatedStore } from '../../src/stores/service.js';
import { createTestApp, orderPayload, type TestApp } from '../support/app.js';
import { handSigned } from '../support/jwt.js';
import { startReceiver, type Receiver } from '../support/receiver.js';

let t: TestApp;
let rx: Receiver;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => {
  rx = await startReceiver();
  await t.db.query('DELETE FROM notification_attempts; DELETE FROM notifications');
});
afterEach(async () => rx.close());

const nowS = () => Math.floor(Date.now() / 1000);
const card = { method: 'cardPayments', amount: 100, currency: 'EUR' };

/** A paid order (cardPayments 100.00 EUR unless overridden), settled unless `settle` is false. */
async function paidOrder(over: Record<string, unknown> = {}, opts: { store?: CreatedStore; settle?: boolean } = {}) {
  const store = opts.store ?? t.store;
  const payload = orderPayload({ notificationUrl: rx.url, grandTotal: 100, payment: card, ...over });
  const res = await t.app.inject({ method: 'POST', url: '/sandbox/api/orders', payload: { data: t.token(payload, { store }) } });
  expect(res.statusCode).toBe(201);
  const uuid = res.json().uuid as string;
  const paid = await t.app.inject({ method: 'POST', url: `/sandbox/api/test-helpers/orders/${uuid}/pay`, headers: t.bearer({ store }), payload: {} });
  expect(paid.json().order.paymentStatus).toBe('PAID');
  if (opts.settle !== false) expect((await t.app.inject({ method: 'POST', url: '/sandbox/api/test-helpers/settle', headers: t.bearer({ store }) })).statusCode).toBe(200);
  return uuid;
}

let keys = 0;
const refundPayload = (orderUuid: string, amount: unknown, over: Record<string, unknown> = {}) => ({
  orderUuid,
  amount,
  idempotencyKey: `key-${++keys}-${Math.random().toString(36).slice(2)}`,
  iat: nowS(),
  ...over,
});
const postRefund = (payload: Record<string, unknown>, store?: CreatedStore) =>
  t.app.inject({ method: 'POST', url: '/sandbox/api/refunds', payload: { data: t.token(payload, store ? { store } : {}) } });
const getOrder = async (uuid: string, store?: CreatedStore) => (await t.app.inject({ method: 'GET', url: `/sandbox/api/orders/${uuid}`, headers: t.bearer(store ? { store } : {}) })).json();
const drainRefunds = () => t.services.refunds.drain();
const refundNotifications = async () => {
  await t.delivery().drain();
  const got = rx.received.filter((r) => r.body.refundToken !== undefined);
  rx.received.length = 0;
  return got.map((r) => {
    expect(r.url.searchParams.get('refund-token')).toBe(r.body.refundToken);
    return verify(r.body.refundToken as string, t.store.keys.sandbox.secretKey) as Record<string, unknown>;
  });
};
async function counts() {
  const { rows } = await t.db.query<{ r: number; l: number; n: number }>(
    `SELECT (SELECT count(*)::int FROM refunds) AS r, (SELECT count(*)::int FROM ledger_transactions) AS l, (SELECT count(*)::int FROM notifications) AS n`,
  );
  return rows[0]!;
}

describe('a partial refund, then the rest', () => {
  it('PENDING → SUCCESSFUL twice: the order goes PARTIALLY_REFUNDED then REFUNDED, each refund announced with a verifiable refundToken', async () => {
    await paidOrder(); // another sale: the card fee kept on this order leaves its own money 1.60 short of a full refund
    const uuid = await paidOrder();
    rx.received.length = 0;
    const first = await postRefund(refundPayload(uuid, 40));
    expect(first.statusCode).toBe(201);
    const r1 = first.json();
    expect(Object.keys(r1)).toEqual(['uuid', 'amount', 'status', 'currency', 'createdAt', 'type']);
    expect(r1).toMatchObject({ amount: 40, status: 'PENDING', currency: 'EUR', type: 'PARTIAL_REFUND' });
    let order = await getOrder(uuid);
    expect(order).toMatchObject({ paymentStatus: 'PAID', availableForRefund: 60, isRefundableType: true, refunds: [r1] });

    expect(await drainRefunds()).toBe(1);
    order = await getOrder(uuid);
    expect(order.paymentStatus).toBe('PARTIALLY_REFUNDED');
    expect(order.refunds).toEqual([{ ...r1, status: 'SUCCESSFUL' }]);
    expect(order.availableForRefund).toBe(60);
    const [n1] = await refundNotifications();
    expect(n1).toMatchObject({ refundUuid: r1.uuid, refundStatus: 'SUCCESSFUL', refundStatusDescription: null, refundAmount: 40, orderUuid: uuid, accessKey: t.store.keys.sandbox.accessKey });
    expect((n1!.exp as number) - (n1!.iat as number)).toBe(7 * 24 * 3600);

    const second = await postRefund(refundPayload(uuid, '60.00')); // deployed plugins send strings
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({ amount: 60, type: 'PARTIAL_REFUND' });
    await drainRefunds();
    order = await getOrder(uuid);
    expect(order).toMatchObject({ paymentStatus: 'REFUNDED', availableForRefund: 0 });
    expect(order.refunds.map((r: { status: string }) => r.status)).toEqual(['SUCCESSFUL', 'SUCCESSFUL']);
    const [n2] = await refundNotifications();
    expect(n2).toMatchObject({ refundUuid: second.json().uuid, refundStatus: 'SUCCESSFUL', refundAmount: 60 });

    const more = await postRefund(refundPayload(uuid, 1));
    expect(more.statusCode).toBe(400);
    expect(more.json().message).toBe('The order is already refunded in full');
  });

  it('refunding the whole order at once is a FULL_REFUND', async () => {
    const uuid = await paidOrder({ grandTotal: 25.5, payment: { ...card, amount: 25.5 } });
    const res = await postRefund(refundPayload(uuid, 25.5));
    expect(res.json()).toMatchObject({ amount: 25.5, type: 'FULL_REFUND' });
    await drainRefunds();
    expect((await getOrder(uuid)).paymentStatus).toBe('REFUNDED');
  });

  it('books the refund in the ledger: the card balance falls by the refund', async () => {
    const store = await t.createStore();
    const uuid = await paidOrder({}, { store });
    const key = { storeId: store.id, env: 'sandbox' as const, channel: 'cardPayments' as const, currency: 'EUR' };
    const before = await merchantBalance(t.db, key);
    expect(before).toBe(10000 - 160); // 100.00 less the card fee (1.5 % + 0.10)
    await postRefund(refundPayload(uuid, 30), store);
    await drainRefunds();
    expect(await merchantBalance(t.db, key)).toBe(before - 3000);
  });
});

describe('rules: 4xx naming the problem, nothing written', () => {
  it.each<[string, (uuid: string) => Record<string, unknown>, number, string | RegExp]>([
    ['orderUuid missing', (u) => refundPayload(u, 1, { orderUuid: undefined }), 400, 'orderUuid is required'],
    ['orderUuid not a UUID', (u) => refundPayload(u, 1, { orderUuid: 'nope' }), 400, 'orderUuid must be a UUID'],
    ['amount missing', (u) => refundPayload(u, undefined), 400, 'amount is required'],
    ['amount below 0.05', (u) => refundPayload(u, 0.04), 400, 'amount must be at least 0.05'],
    ['amount with 3 decimals', (u) => refundPayload(u, '1.005'), 400, 'amount must have at most 2 decimal places'],
    ['amount not a number', (u) => refundPayload(u, 'ten'), 400, 'amount must be a number'],
    ['amount negative', (u) => refundPayload(u, -5), 400, 'amount must be at least 0.05'],
    ['idempotencyKey missing', (u) => refundPayload(u, 1, { idempotencyKey: undefined }), 400, 'idempotencyKey is required'],
    ['idempotencyKey too long', (u) => refundPayload(u, 1, { idempotencyKey: 'k'.repeat(256) }), 400, /^idempotencyKey must be at most 255/],
    ['more than refundable', (u) => refundPayload(u, 100.01), 400, 'amount exceeds the total refundable amount (100.00 EUR)'],
    ['unknown order', () => refundPayload('0190a8f2-3a5b-7c1d-8e2f-000000000000', 1), 404, 'Order 0190a8f2-3a5b-7c1d-8e2f-000000000000 not found'],
  ])('%s', async (_name, payload, status, message) => {
    const uuid = await paidOrder();
    const before = await counts();
    const res = await postRefund(payload(uuid));
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ statusCode: status, message });
    expect(await counts()).toEqual(before);
  });

  it('iat is required (a token without it is refused, nothing written)', async () => {
    const uuid = await paidOrder();
    const before = await counts();
    const { iat: _iat, ...noIat } = refundPayload(uuid, 1);
    const k = t.store.keys.sandbox;
    const res = await t.app.inject({ method: 'POST', url: '/sandbox/api/refunds', payload: { data: handSigned({ ...noIat, accessKey: k.accessKey, exp: nowS() + 600 }, k.secretKey) } });
    expect(res.json()).toEqual({
      statusCode: 400,
      message: 'iat is required (Unix seconds)',
      error: 'Bad Request',
      code: 'KASSA_ERR_VALIDATION',
      docUrl: 'http://kassa.test/docs/errors#KASSA_ERR_VALIDATION',
    });
    expect(await counts()).toEqual(before);
  });

  it('another store cannot refund the order (404), and the token must be signed with the secret (403)', async () => {
    const uuid = await paidOrder();
    const other = await t.createStore();
    const before = await counts();
    const foreign = await postRefund(refundPayload(uuid, 1), other);
    expect(foreign.statusCode).toBe(404);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/sandbox/api/refunds',
      payload: { data: sign({ ...refundPayload(uuid, 1), accessKey: t.store.keys.sandbox.accessKey, exp: nowS() + 600 }, 'wrong-secret') },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toMatch(/^INVALID_TOKEN: the signature does not match the secret key of access key /);
    const production = await t.app.inject({ method: 'POST', url: '/api/refunds', payload: { data: t.token(refundPayload(uuid, 1)) } });
    expect(production.statusCode).toBe(401); // a sandbox key on the production API
    expect(await counts()).toEqual(before);
  });

  it('an unpaid order, and one whose funds have not settled, cannot be refunded', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/sandbox/api/orders', payload: { data: t.token(orderPayload({ grandTotal: 100, payment: card })) } });
    const pending = res.json().uuid;
    const before = await counts();
    const unpaid = await postRefund(refundPayload(pending, 1));
    expect(unpaid.json()).toMatchObject({ statusCode: 400, message: 'The order is PENDING; only a paid order can be refunded' });
    // Settlement delays apply in a store whose sandbox settles realistically (new stores settle at once).
    const slow = await t.createStore({ sandboxSettlement: 'realistic' });
    const fresh = await paidOrder({}, { settle: false, store: slow });
    const before2 = await counts();
    const unsettled = await postRefund(refundPayload(fresh, 1), slow);
    expect(unsettled.statusCode).toBe(400);
    expect(unsettled.json().message).toMatch(/^The payment has not reached the store's settlement account yet; it can be refunded from \d{4}-/);
    expect(await counts()).toEqual(before2);
    expect(before2.l).toBe(before.l + 2); // only the payment and its fee were booked meanwhile
    // The sandbox settles at once:
    await t.app.inject({ method: 'POST', url: '/sandbox/api/test-helpers/settle', headers: t.bearer({ store: slow }) });
    expect((await postRefund(refundPayload(fresh, 1), slow)).statusCode).toBe(201);
  });

  it('bank payments: EUR only, and only when the store enabled bank-payment refunds', async () => {
    const bank = { method: 'paymentInitiation', amount: 100, currency: 'EUR', methodOptions: { preferredCountry: 'EE' } };
    const eur = await paidOrder({ payment: bank });
    expect((await postRefund(refundPayload(eur, 10))).statusCode).toBe(201); // the test store enabled them
    const pln = await paidOrder({ currency: 'PLN', payment: { ...bank, currency: 'PLN', methodOptions: { preferredCountry: 'PL' } } });
    const r = await postRefund(refundPayload(pln, 10));
    expect(r.json()).toMatchObject({ statusCode: 400, message: 'The order was paid by bank payment in PLN; bank payments are refundable in EUR only' });
    expect((await getOrder(pln)).isRefundableType).toBe(false);
    const off = await t.createStore({ bankRefundsEnabled: false });
    const offOrder = await paidOrder({ payment: bank }, { store: off });
    const r2 = await postRefund(refundPayload(offOrder, 10), off);
    expect(r2.json().message).toBe(
      `The order was paid by bank payment, and bank-payment refunds are not enabled for this store; the operator enables them with \`kassa stores set-bank-refunds ${off.id} --enabled true\` (operator API: PATCH /operator/stores/${off.id} {"bankRefundsEnabled": true})`,
    );
    expect(await getOrder(offOrder, off)).toMatchObject({ isRefundableType: false, availableForRefund: 0 });
  });
});

describe('idempotency', () => {
  // The spec's error table (payments.md, Errors): POST /refunds 400 "The idempotency key was already
  // used on the order". This replaces the earlier decision (an exact retry answered 200).
  it("a key already used on the order is the spec's 400, whatever the amount; no second refund; keys need not be UUIDs", async () => {
    const uuid = await paidOrder();
    const p = refundPayload(uuid, 10, { idempotencyKey: 'woo-order-77/refund-1' });
    const a = await postRefund(p);
    expect(a.statusCode).toBe(201);
    const before = await counts();
    for (const amount of ['10.00', 10, 11]) {
      const again = await postRefund({ ...p, amount });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toStrictEqual({
        statusCode: 400,
        message: 'The idempotency key was already used on the order',
        error: 'Bad Request',
        code: 'KASSA_ERR_BAD_REQUEST',
        docUrl: 'http://kassa.test/docs/errors#KASSA_ERR_BAD_REQUEST',
      });
    }
    expect(await counts()).toEqual(before);
    // The same key on another order is another refund.
    const other = await paidOrder();
    expect((await postRefund({ ...p, orderUuid: other })).statusCode).toBe(201);
  });

  it('two concurrent requests with one key: one 201, one 400, one refund', async () => {
    const uuid = await paidOrder();
    for (let round = 0; round < 5; round++) {
      const p = refundPayload(uuid, 1, { idempotencyKey: `concurrent-${round}` });
      const results = await Promise.all([postRefund(p), postRefund(p)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
      expect(results.find((r) => r.statusCode === 400)!.json().message).toBe('The idempotency key was already used on the order');
      const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM refunds WHERE order_id = $1 AND idempotency_key = $2', [uuid, `concurrent-${round}`]);
      expect(rows[0]!.n).toBe(1);
    }
  });
});

describe('rejections and retries', () => {
  it.each([
    ['cardPayments', 10.51, 'DECLINED'],
    ['cardPayments', 10.52, 'EXPIRED_OR_CANCELLED_CARD'],
    ['cardPayments', 10.53, 'LOST_OR_STOLEN_CARD'],
    ['cardPayments', 10.54, 'REFUND_EXCEEDS_ORDER_PAID_AMOUNT'],
    ['cardPayments', 10.55, 'OTHER'],
    ['blik', 10.52, 'DECLINED'], // not a card: no card-specific reason
  ])('%s refund of %s is REJECTED %s; the booking is reversed and the amount is refundable again', async (method, amount, description) => {
    const store = await t.createStore();
    const uuid = await paidOrder({ currency: method === 'blik' ? 'PLN' : 'EUR', payment: { method, amount: 100, currency: method === 'blik' ? 'PLN' : 'EUR' } }, { store });
    const key = { storeId: store.id, env: 'sandbox' as const, channel: method === 'blik' ? ('blik' as const) : ('cardPayments' as const), currency: method === 'blik' ? 'PLN' : 'EUR' };
    const before = await merchantBalance(t.db, key);
    const r = (await postRefund(refundPayload(uuid, amount), store)).json();
    await drainRefunds();
    const order = await getOrder(uuid, store);
    expect(order.refunds[0]).toMatchObject({ uuid: r.uuid, status: 'REJECTED' });
    expect(order).toMatchObject({ paymentStatus: 'PAID', availableForRefund: 100 });
    expect(await merchantBalance(t.db, key)).toBe(before);
    await t.delivery().drain();
    const n = rx.received.filter((x) => x.body.refundToken).map((x) => verify(x.body.refundToken as string, store.keys.sandbox.secretKey));
    expect(n).toEqual([expect.objectContaining({ refundUuid: r.uuid, refundStatus: 'REJECTED', refundStatusDescription: description })]);
    rx.received.length = 0;
  });

  it('a processor outage keeps it PROCESSING (no notification) and the next attempt succeeds', async () => {
    const uuid = await paidOrder();
    const r = (await postRefund(refundPayload(uuid, 10.57))).json();
    await drainRefunds();
    expect((await getOrder(uuid)).refunds[0].status).toBe('PROCESSING');
    expect(await refundNotifications()).toEqual([]);
    await t.db.query('UPDATE refunds SET next_attempt_at = now() WHERE id = $1', [r.uuid]); // the retry delay passes
    await drainRefunds();
    expect((await getOrder(uuid)).refunds[0].status).toBe('SUCCESSFUL');
    expect(await refundNotifications()).toEqual([expect.objectContaining({ refundUuid: r.uuid, refundStatus: 'SUCCESSFUL' })]);
  });

  it('insufficient funds: stays PENDING with INSUFFICIENT_FUNDS (announced once), retried, and succeeds once money arrives', async () => {
    const store = await t.createStore();
    const uuid = await paidOrder({}, { store });
    const key = { storeId: store.id, env: 'sandbox' as const, channel: 'cardPayments' as const, currency: 'EUR' };
    // The balance was paid out meanwhile.
    await withTx(t.db, (tx) => postTransaction(tx, { ...key, kind: 'payout', amountMinor: 9840, occurredAt: new Date(), settlesAt: new Date() }));
    const r = (await postRefund(refundPayload(uuid, 50), store)).json();
    await drainRefunds();
    let order = await getOrder(uuid, store);
    expect(order.refunds[0].status).toBe('PENDING');
    const { rows } = await t.db.query('SELECT status_description, next_attempt_at > now() AS later FROM refunds WHERE id = $1', [r.uuid]);
    expect(rows[0]).toEqual({ status_description: 'INSUFFICIENT_FUNDS', later: true });
    await t.delivery().drain();
    const first = rx.received.filter((x) => x.body.refundToken).map((x) => verify(x.body.refundToken as string, store.keys.sandbox.secretKey));
    expect(first).toEqual([expect.objectContaining({ refundUuid: r.uuid, refundStatus: 'PENDING', refundStatusDescription: 'INSUFFICIENT_FUNDS' })]);
    rx.received.length = 0;
    // Still short at the next attempt: retried again, not announced again.
    await t.db.query('UPDATE refunds SET next_attempt_at = now() WHERE id = $1', [r.uuid]);
    await drainRefunds();
    await t.delivery().drain();
    expect(rx.received).toEqual([]);
    // Money arrives (a top-up): the refund comes due at once and succeeds.
    const top = await t.app.inject({
      method: 'POST',
      url: '/sandbox/api/test-helpers/balances/top-up',
      headers: t.bearer({ store }),
      payload: { channel: 'cardPayments', currency: 'EUR', amount: '100' },
    });
    expect(top.statusCode).toBe(201);
    await drainRefunds();
    order = await getOrder(uuid, store);
    expect(order).toMatchObject({ paymentStatus: 'PARTIALLY_REFUNDED', refunds: [expect.objectContaining({ status: 'SUCCESSFUL' })] });
  });

  it('insufficient funds until the retries run out: REJECTED with EXPIRED', async () => {
    const store = await t.createStore();
    const uuid = await paidOrder({}, { store });
    await withTx(t.db, (tx) =>
      postTransaction(tx, { storeId: store.id, env: 'sandbox', channel: 'cardPayments', currency: 'EUR', kind: 'payout', amountMinor: 9840, occurredAt: new Date(), settlesAt: new Date() }),
    );
    const r = (await postRefund(refundPayload(uuid, 50), store)).json();
    await t.db.query('UPDATE refunds SET attempts = $2 WHERE id = $1', [r.uuid, FUNDS_RETRY_DELAYS_MS.length]);
    await drainRefunds();
    const order = await getOrder(uuid, store);
    expect(order).toMatchObject({ paymentStatus: 'PAID', availableForRefund: 100, refunds: [expect.objectContaining({ status: 'REJECTED' })] });
    await t.delivery().drain();
    expect(rx.received.filter((x) => x.body.refundToken).map((x) => verify(x.body.refundToken as string, store.keys.sandbox.secretKey))).toEqual([
      expect.objectContaining({ refundStatus: 'REJECTED', refundStatusDescription: 'EXPIRED' }),
    ]);
    rx.received.length = 0;
  });

  it('a PENDING refund can be cancelled (CANCELED, announced, amount refundable again); a finished one cannot (409)', async () => {
    const uuid = await paidOrder();
    const r = (await postRefund(refundPayload(uuid, 20))).json();
    const cancel = (id: string) => t.app.inject({ method: 'POST', url: `/sandbox/api/test-helpers/refunds/${id}/cancel`, headers: t.bearer() });
    const res = await cancel(r.uuid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ uuid: r.uuid, status: 'CANCELED' });
    expect(await getOrder(uuid)).toMatchObject({ paymentStatus: 'PAID', availableForRefund: 100 });
    expect(await refundNotifications()).toEqual([expect.objectContaining({ refundUuid: r.uuid, refundStatus: 'CANCELED', refundStatusDescription: null })]);
    expect(await drainRefunds()).toBe(0);
    const done = (await postRefund(refundPayload(uuid, 20))).json();
    await drainRefunds();
    const again = await cancel(done.uuid);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`Refund ${done.uuid} is SUCCESSFUL; only a PENDING refund can be cancelled`);
  });
});

describe('refund notifications are delivered like order notifications', () => {
  it('a failed delivery is recorded and retried on the schedule until the merchant answers', async () => {
    const uuid = await paidOrder();
    await t.delivery().drain(); // the order's own PAID notification
    rx.received.length = 0;
    const r = (await postRefund(refundPayload(uuid, 15))).json();
    await drainRefunds();
    rx.respond.status = 500;
    const delivery = t.delivery();
    await delivery.drain();
    const { rows } = await t.db.query(
      `SELECT n.status, n.attempt_count, a.response_status FROM notifications n JOIN notification_attempts a ON a.notification_id = n.id WHERE n.subject_id = $1 AND n.kind = 'refund'`,
      [r.uuid],
    );
    expect(rows).toEqual([{ status: 'pending', attempt_count: 1, response_status: 500 }]);
    rx.respond.status = 200;
    rx.received.length = 0;
    await t.app.inject({ method: 'POST', url: '/sandbox/api/test-helpers/clock/advance', headers: t.bearer(), payload: { minutes: 1 } });
    await delivery.drain();
    const got = rx.received.filter((x) => x.body.refundToken).map((x) => verify(x.body.refundToken as string, t.store.keys.sandbox.secretKey));
    expect(got).toEqual([expect.objectContaining({ refundUuid: r.uuid, refundStatus: 'SUCCESSFUL' })]);
    const after = await t.db.query(`SELECT status, attempt_count FROM notifications WHERE subject_id = $1 AND kind = 'refund'`, [r.uuid]);
    expect(after.rows).toEqual([{ status: 'delivered', attempt_count: 2 }]);
  });
});

describe('parallel requests over one order', () => {
  it('200 requests: the accepted total never exceeds what was paid, and each idempotency key makes one refund', async () => {
    const uuid = await paidOrder({ grandTotal: 20, payment: { ...card, amount: 20 } });
    // 50 keys, each sent 4 times, amounts 0.05–2.00: about 50.00 asked over 20.00 paid.
    const payloads = Array.from({ length: 200 }, (_, i) => refundPayload(uuid, (((i % 50) * 37) % 195) / 100 + 0.05, { idempotencyKey: `parallel-${i % 50}` }));
    const results = await Promise.all(payloads.map((p) => postRefund(p)));
    for (const r of results) expect([201, 400]).toContain(r.statusCode);
    expect(results.some((r) => r.statusCode === 400 && /exceeds the total refundable amount/.test(r.json().message))).toBe(true);
    const { rows } = await t.db.query<{ k: string; n: number; total: string }>(`SELECT idempotency_key AS k, count(*)::int AS n, sum(amount) AS total FROM refunds WHERE order_id = $1 GROUP BY 1`, [
      uuid,
    ]);
    expect(rows.every((r) => r.n === 1)).toBe(true);
    const accepted = rows.reduce((s, r) => s + Number(r.total), 0);
    expect(accepted).toBeLessThanOrEqual(2000);
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(rows.length);
    const order = await getOrder(uuid);
    expect(Math.round(order.availableForRefund * 100)).toBe(2000 - accepted);
  });
});
