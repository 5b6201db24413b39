import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verify } from '../../src/platform/jwt.js';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS } from '../../src/notifications/schedule.js';
import { ADMIN_TOKEN, createTestApp, orderPayload, type TestApp } from '../support/app.js';
import { startReceiver, type Receiver } from '../support/receiver.js';

let t: TestApp;
let rx: Receiver;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => {
  rx = await startReceiver();
  // Each test counts only its own deliveries.
  await t.db.query('DELETE FROM notification_attempts; DELETE FROM notifications');
});
afterEach(async () => rx.close());

const secret = () => t.store.keys.sandbox.secretKey;

async function createOrder(over: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/sandbox/api/orders',
    payload: { data: t.token(orderPayload({ notificationUrl: rx.url, returnUrl: 'https://shop.example/return?cart=7', ...over })) },
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}

const pay = (uuid: string, body: Record<string, unknown> = {}) => t.app.inject({ method: 'POST', url: `/sandbox/api/test-helpers/orders/${uuid}/pay`, headers: t.bearer(), payload: body });

const advance = (minutes: number) => t.app.inject({ method: 'POST', url: '/sandbox/api/test-helpers/clock/advance', headers: t.bearer(), payload: { minutes } });

async function attempts(orderUuid: string) {
  const { rows } = await t.db.query(`SELECT a.* FROM notification_attempts a JOIN notifications n ON n.id = a.notification_id WHERE n.subject_id = $1 ORDER BY a.attempt`, [orderUuid]);
  return rows;
}

describe('order notifications', () => {
  it('a paid order is announced with {orderToken} and ?order-token, signed with the store secret, saying PAID', async () => {
    const o = await createOrder({ merchantReference: 'N-1', merchantReferenceDisplay: 'Order #1' });
    const paid = await pay(o.uuid, { senderIban: 'EE471000001020145685', senderName: 'Mari Maasikas', providerName: 'Swedbank' });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().order.paymentStatus).toBe('PAID');
    const delivery = t.delivery();
    expect(await delivery.drain()).toBe(1);
    expect(rx.received).toHaveLength(1);
    const [r] = rx.received;
    expect(r!.method).toBe('POST');
    const token = r!.body.orderToken as string;
    expect(r!.url.searchParams.get('order-token')).toBe(token);
    const claims = verify(token, secret());
    expect(claims).toMatchObject({
      uuid: o.uuid,
      accessKey: t.store.keys.sandbox.accessKey,
      merchantReference: 'N-1',
      merchantReferenceDisplay: 'Order #1',
      paymentStatus: 'PAID',
      paymentMethod: 'paymentInitiation',
      grandTotal: 10.5,
      currency: 'EUR',
      senderIban: 'EE471000001020145685',
      senderName: 'Mari Maasikas',
      paymentProviderName: 'Swedbank',
      merchant_reference: 'N-1',
      merchant_reference_display: 'Order #1',
      payment_status: 'PAID',
    });
    expect(claims).not.toHaveProperty('paymentLinkUuid');
    expect((claims.exp as number) - (claims.iat as number)).toBe(3600);
    const [a] = await attempts(o.uuid);
    expect(a).toMatchObject({ attempt: 1, response_status: 200, outcome: 'delivered' });
    expect(await delivery.drain()).toBe(0);
  });

  it('the redirect URL keeps the returnUrl query and adds an order-token with the same claims', async () => {
    const o = await createOrder();
    const { redirectUrl, order } = (await pay(o.uuid)).json();
    expect(order.paymentIntents[0]).toMatchObject({ status: 'PAID', serviceFee: '0.10', serviceFeeCurrency: 'EUR' });
    const u = new URL(redirectUrl);
    expect(u.origin + u.pathname).toBe('https://shop.example/return');
    expect(u.searchParams.get('cart')).toBe('7');
    expect(verify(u.searchParams.get('order-token')!, secret())).toMatchObject({ uuid: o.uuid, paymentStatus: 'PAID' });
  });

  it('a declined attempt leaves the order PENDING and announces nothing; the next attempt can pay', async () => {
    const o = await createOrder();
    const res = (await pay(o.uuid, { outcome: 'declined' })).json();
    expect(res.order.paymentStatus).toBe('PENDING');
    expect(res.order.paymentIntents.map((i: { status: string }) => i.status)).toEqual(['FAILED']);
    expect(verify(new URL(res.redirectUrl).searchParams.get('order-token')!, secret())).toMatchObject({ paymentStatus: 'PENDING', senderIban: null });
    expect(await t.delivery().drain()).toBe(0);
    const again = (await pay(o.uuid)).json();
    expect(again.order.paymentIntents.map((i: { status: string }) => i.status)).toEqual(['FAILED', 'PAID']);
  });

  it('only 200 and 201 count: other answers are retried on the schedule, each attempt recorded', async () => {
    rx.respond.status = 204;
    const o = await createOrder();
    await pay(o.uuid);
    const d = t.delivery();
    expect(await d.drain()).toBe(1);
    expect(await d.drain()).toBe(0); // the retry is not due yet
    rx.respond.status = 500;
    await advance(1);
    expect(await d.drain()).toBe(1);
    rx.respond.status = 201;
    await advance(3);
    expect(await d.drain()).toBe(0); // second retry comes 4 minutes after the previous attempt
    await advance(1);
    expect(await d.drain()).toBe(1);
    const rows = await attempts(o.uuid);
    expect(rows.map((r) => [r.attempt, r.response_status, r.outcome])).toEqual([
      [1, 204, 'retry'],
      [2, 500, 'retry'],
      [3, 201, 'delivered'],
    ]);
    expect(rows[0].error).toMatch(/only 200 or 201/);
    expect(rx.received).toHaveLength(3);
  });

  it('gives up after 13 retries spread over 48 hours', async () => {
    expect(RETRY_DELAYS_MS).toHaveLength(13);
    expect(RETRY_DELAYS_MS.reduce((a, b) => a + b, 0)).toBe(48 * 3600_000);
    rx.respond.status = 503;
    const o = await createOrder();
    await pay(o.uuid);
    const d = t.delivery();
    await d.drain();
    for (const delay of RETRY_DELAYS_MS) {
      await advance(delay / 60_000);
      expect(await d.drain()).toBe(1);
    }
    await advance(7 * 24 * 60);
    expect(await d.drain()).toBe(0);
    const rows = await attempts(o.uuid);
    expect(rows).toHaveLength(MAX_ATTEMPTS);
    expect(rows.at(-1)).toMatchObject({ attempt: 14, outcome: 'failed', next_attempt_at: null });
    const { rows: n } = await t.db.query('SELECT status FROM notifications WHERE subject_id = $1', [o.uuid]);
    expect(n[0].status).toBe('failed');

    // The operator sees it with its last attempt, and re-sends it once the merchant is back.
    const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
    const failed = await t.app.inject({ method: 'GET', url: `/operator/notifications?status=failed&storeUuid=${t.store.id}`, headers: admin });
    expect(failed.statusCode).toBe(200);
    const listed = failed.json().notifications.find((x: { subjectId: string }) => x.subjectId === o.uuid);
    expect(listed).toMatchObject({ kind: 'order', status: 'failed', attempts: 14, nextAttemptAt: null, lastAttempt: { responseStatus: 503 } });
    rx.respond.status = 200;
    const resend = (id: string, headers: Record<string, string> = admin) => t.app.inject({ method: 'POST', url: `/operator/notifications/${id}/resend`, headers });
    const again = await resend(listed.id);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toMatchObject({ id: listed.id, status: 'pending' });
    expect((await resend(listed.id)).statusCode).toBe(409); // already pending
    expect(await d.drain()).toBe(1);
    const after = await attempts(o.uuid);
    expect(after).toHaveLength(MAX_ATTEMPTS + 1);
    expect(after.at(-1)).toMatchObject({ attempt: 15, response_status: 200, outcome: 'delivered' });
    expect(verify(rx.received.at(-1)!.body.orderToken as string, secret())).toMatchObject({ uuid: o.uuid, paymentStatus: 'PAID' });
    expect((await resend('0190a8f2-3a5b-7c1d-8e2f-000000000000')).statusCode).toBe(404);
    expect((await resend('nope')).json()).toMatchObject({ statusCode: 400, message: 'id must be a UUID' });
    expect((await resend(listed.id, { authorization: 'Bearer wrong' })).statusCode).toBe(401);
  });

  it('production notifications never reach private addresses (blind SSRF); the sandbox may, and so may a deployment that allows it', async () => {
    const { enqueueNotification } = await import('../../src/notifications/outbox.js');
    const { withTx } = await import('../../src/platform/db.js');
    const queue = (env: 'sandbox' | 'production') =>
      withTx(t.db, (tx) => enqueueNotification(tx, { storeId: t.store.id, env, kind: 'order', subjectId: '0190a8f2-3a5b-7c1d-8e2f-0000000000aa', url: rx.url, claims: { uuid: 'x' } }));
    const prod = await queue('production');
    const sandbox = await queue('sandbox');
    await t.delivery().drain();
    expect(rx.received).toHaveLength(1); // the sandbox one only
    const { rows } = await t.db.query(`SELECT notification_id, error, outcome FROM notification_attempts WHERE notification_id = ANY($1::uuid[])`, [[prod, sandbox]]);
    const byId = new Map(rows.map((r) => [r.notification_id, r]));
    expect(byId.get(prod)).toMatchObject({ outcome: 'retry', error: expect.stringMatching(/^refused: 127\.0\.0\.1 is a private or special address/) });
    expect(byId.get(sandbox)).toMatchObject({ outcome: 'delivered', error: null });

    const open = await createTestApp({ KASSA_ALLOW_PRIVATE_CALLBACKS: 'true' });
    try {
      rx.received.length = 0;
      await withTx(open.db, (tx) =>
        enqueueNotification(tx, { storeId: open.store.id, env: 'production', kind: 'order', subjectId: '0190a8f2-3a5b-7c1d-8e2f-0000000000ab', url: rx.url, claims: { uuid: 'y' } }),
      );
      await open.delivery().drain();
      expect(rx.received).toHaveLength(1);
    } finally {
      await open.close();
    }
  });

  it('an unreachable or slow receiver is an attempt with an error, not a hang', async () => {
    rx.respond.delayMs = 1500;
    const o = await createOrder();
    await pay(o.uuid);
    await t.delivery({ timeoutMs: 300 }).drain();
    const closed = await startReceiver();
    await closed.close();
    const unreachable = await createOrder({ notificationUrl: closed.url });
    await pay(unreachable.uuid);
    await t.delivery().drain();
    expect((await attempts(o.uuid))[0]).toMatchObject({ outcome: 'retry', response_status: null, error: 'timed out after 300 ms' });
    expect((await attempts(unreachable.uuid))[0]).toMatchObject({ outcome: 'retry', response_status: null, error: 'ECONNREFUSED' });
  });
});

describe('abandonment after expiresIn', () => {
  it('an unpaid order becomes ABANDONED when its window passes, is announced, and can no longer be paid', async () => {
    const o = await createOrder({ expiresIn: 5 });
    await advance(4);
    let got = (await t.app.inject({ method: 'GET', url: `/sandbox/api/orders/${o.uuid}`, headers: t.bearer() })).json();
    expect(got.paymentStatus).toBe('PENDING');
    await advance(1);
    got = (await t.app.inject({ method: 'GET', url: `/sandbox/api/orders/${o.uuid}`, headers: t.bearer() })).json();
    expect(got).toMatchObject({ paymentStatus: 'ABANDONED', paymentUrl: null });
    expect(got.paymentIntents[0].status).toBe('ABANDONED');
    await t.delivery().drain();
    const token = rx.received.find((r) => verify(r.body.orderToken as string, secret()).uuid === o.uuid)!.body.orderToken as string;
    expect(verify(token, secret())).toMatchObject({ paymentStatus: 'ABANDONED' });
    const late = await pay(o.uuid);
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('the order is ABANDONED; only a PENDING order can be paid');
  });

  it('re-sending an abandoned order reference opens it again for a fresh window', async () => {
    const o = await createOrder({ merchantReference: 'AGAIN', expiresIn: 5 });
    await advance(6);
    const again = await t.app.inject({
      method: 'POST',
      url: '/sandbox/api/orders',
      payload: { data: t.token(orderPayload({ merchantReference: 'AGAIN', notificationUrl: rx.url })) },
    });
    expect(again.json()).toMatchObject({ uuid: o.uuid, paymentStatus: 'PENDING' });
    expect(again.json().paymentIntents.map((i: { status: string }) => i.status)).toEqual(['ABANDONED', 'PENDING']);
  });

  it('the expiry sweeper abandons expired orders without anyone reading them', async () => {
    const o = await createOrder({ expiresIn: 5 });
    await t.db.query(`UPDATE orders SET expires_at = now() - interval '1 second' WHERE id = $1`, [o.uuid]);
    expect(await t.services.orders.abandonExpired()).toBeGreaterThanOrEqual(1);
    const { rows } = await t.db.query('SELECT status FROM orders WHERE id = $1', [o.uuid]);
    expect(rows[0].status).toBe('ABANDONED');
  });
});

describe('sandbox test helpers', () => {
  it('are sandbox-only and refuse production keys', async () => {
    const o = await createOrder();
    const prod = await t.app.inject({ method: 'POST', url: `/sandbox/api/test-helpers/orders/${o.uuid}/pay`, headers: t.bearer({ env: 'production' }), payload: {} });
    expect(prod.statusCode).toBe(401);
    const onProdPath = await t.app.inject({ method: 'POST', url: `/api/test-helpers/orders/${o.uuid}/pay`, headers: t.bearer({ env: 'production' }), payload: {} });
    expect(onProdPath.statusCode).toBe(404);
  });

  it('validate their input', async () => {
    const o = await createOrder();
    const bad = await pay(o.uuid, { outcome: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/outcome/);
    const back = await t.app.inject({ method: 'POST', url: '/sandbox/api/test-helpers/clock/advance', headers: t.bearer(), payload: { minutes: -5 } });
    expect(back.statusCode).toBe(400);
    expect(back.json().message).toBe('minutes must be from 0 to 527040');
    const other = await t.createStore();
    const foreign = await t.app.inject({ method: 'POST', url: `/sandbox/api/test-helpers/orders/${o.uuid}/pay`, headers: t.bearer({ store: other }), payload: {} });
    expect(foreign.statusCode).toBe(404);
  });

  it('the clock moves per store', async () => {
    const other = await t.createStore();
    const before = new Date((await t.app.inject({ method: 'GET', url: '/sandbox/api/test-helpers/clock', headers: t.bearer({ store: other }) })).json().now);
    const moved = new Date((await advance(120)).json().now);
    expect(moved.getTime() - Date.now()).toBeGreaterThan(119 * 60_000);
    const otherNow = new Date((await t.app.inject({ method: 'GET', url: '/sandbox/api/test-helpers/clock', headers: t.bearer({ store: other }) })).json().now);
    expect(otherNow.getTime() - before.getTime()).toBeLessThan(60_000);
  });
});
