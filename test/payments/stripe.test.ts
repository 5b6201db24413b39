/**
 * Cards through Stripe (issue 19), through the real app: the hosted card flow pays through the
 * official `stripe` SDK against Kassa's simulator of Stripe's API (3-D Secure, declines), the
 * simulator's webhooks are verified by Stripe's scheme (replays and bad signatures refused,
 * changing nothing), refunds go through Stripe's Refund API with Kassa's refund id as the
 * idempotency key, and production mounts Stripe Elements only with the stripe connector set.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { createTestApp, orderPayload, type TestApp } from '../support/app.js';
import { startReceiver, type Receiver } from '../support/receiver.js';
import { forms, merchantToken, readOrder, Shopper } from './hosted-pages/support.js';
import { sandboxStripe } from '../../src/payments/processors/stripe/processor.js';
import { simulatorHost, stripeSdk, type StripeAdapter } from '../../src/payments/processors/stripe/client.js';
import { signatureHeader } from '../../src/payments/processors/stripe/sim-service.js';
import { sandboxStripeKeys } from '../../src/payments/processors/stripe/sandbox-keys.js';

let t: TestApp;
let s: Shopper;
let rx: Receiver;
let sdk: StripeAdapter;
beforeAll(async () => {
  t = await createTestApp();
  s = new Shopper(t);
  sdk = sandboxStripe(t.services.processorContext);
});
afterAll(async () => t.close());
beforeEach(async () => {
  rx = await startReceiver();
});
afterEach(async () => rx.close());

const nowS = () => Math.floor(Date.now() / 1000);

async function cardOrder(amount = 24.99): Promise<string> {
  const payload = orderPayload({ notificationUrl: rx.url, grandTotal: amount, payment: { method: 'cardPayments', amount, currency: 'EUR', methodOptions: { preferredMethod: 'card' } } });
  const res = await t.app.inject({ method: 'POST', url: '/sandbox/api/orders', payload: { data: t.token(payload) } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().uuid as string;
}

/** Kassa's page → Start → the simulator's card page (a PaymentIntent now exists). */
async function cardPage(uuid: string) {
  const page = await s.get(`/pay/${uuid}`);
  const started = await s.submit(page.body, { name: 'mode', value: 'card' });
  expect(started.statusCode).toBe(303);
  const url = new URL(String(started.headers.location));
  expect(url.pathname).toBe('/simulators/card/pay');
  const res = await s.get(url.toString());
  expect(res.statusCode, res.body).toBe(200);
  return { page: res.body, clientSecret: url.searchParams.get('client_secret')!, piId: url.searchParams.get('client_secret')!.split('_secret_')[0]! };
}

const pay = (page: string, number: string) => s.submitAction(page, '/simulators/card/pay', { action: 'pay', cardNumber: number, cardExpiry: '12/34', cardCvc: '123' });

const orderNotifications = async () => {
  await t.delivery().drain();
  return rx.received.filter((r) => r.body.orderToken !== undefined).map((r) => r.body);
};

const webhook = (payload: string, signature: string) =>
  t.app.inject({ method: 'POST', url: '/processors/stripe/sandbox/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });

describe('the hosted card flow through the Stripe SDK and the simulator', () => {
  it('a 3-D Secure payment: requires_action → the challenge → succeeded; the order is PAID and the merchant notified as before', async () => {
    const uuid = await cardOrder();
    const { page, piId } = await cardPage(uuid);
    const created = await sdk.stripe.paymentIntents.retrieve(piId);
    expect(created).toMatchObject({ status: 'requires_payment_method', amount: 2499, currency: 'eur', metadata: { kassaOrderId: uuid } });

    const toChallenge = await pay(page, '4000 0000 0000 3220');
    const challengeUrl = new URL(String(toChallenge.headers.location));
    expect(challengeUrl.pathname).toBe('/simulators/card/3ds');
    const pending = await sdk.stripe.paymentIntents.retrieve(piId);
    expect(pending.status).toBe('requires_action');
    expect(pending.next_action).toMatchObject({
      type: 'redirect_to_url',
      redirect_to_url: { url: expect.stringContaining('/simulators/card/3ds'), return_url: expect.stringContaining(`/pay/${uuid}/return`) },
    });

    const challenge = await s.get(challengeUrl.toString());
    expect(challenge.body).toContain('Visa •••• 3220');
    const back = await s.submit(challenge.body, 'complete');
    const ret = new URL(String(back.headers.location));
    expect(ret.pathname).toBe(`/pay/${uuid}/return`);
    expect(Object.fromEntries(ret.searchParams)).toMatchObject({
      order: uuid,
      payment_intent: piId,
      redirect_status: 'succeeded',
      payment_intent_client_secret: expect.stringMatching(/^pi_.+_secret_/),
    });
    expect(merchantToken(t, await s.follow(back)).paymentStatus).toBe('PAID');

    const order = await readOrder(t, uuid);
    expect(order.paymentStatus).toBe('PAID');
    expect(order.paymentIntents.at(-1)).toMatchObject({ status: 'PAID', paymentMethodMetadata: { paidWith: 'card', cardBrand: 'Visa', cardLast4: '3220', threeDSecure: true } });
    const { rows } = await t.db.query('SELECT processor, processor_reference FROM payment_intents WHERE order_id = $1', [uuid]);
    expect(rows).toEqual([{ processor: 'stripe', processor_reference: piId }]);
    // The webhook (payment_intent.succeeded) and the return both reached Kassa: one notification.
    const sent = await orderNotifications();
    expect(sent).toHaveLength(1);
    const events = await sdk.stripe.events.list({ limit: 10 });
    expect(events.data.map((e) => e.type)).toContain('payment_intent.succeeded');
  });

  it('declines: insufficient_funds → INSUFFICIENT_FUNDS, generic_decline → DECLINED (Stripe card errors on the PaymentIntent)', async () => {
    for (const [number, reason, code] of [
      ['4000000000009995', 'INSUFFICIENT_FUNDS', 'insufficient_funds'],
      ['4000000000000002', 'DECLINED', 'generic_decline'],
    ] as const) {
      const uuid = await cardOrder();
      const { page, piId } = await cardPage(uuid);
      const back = await s.follow(await pay(page, number));
      expect(back.statusCode).toBe(200);
      const pi = await sdk.stripe.paymentIntents.retrieve(piId);
      expect(pi.status).toBe('requires_payment_method');
      expect(pi.last_payment_error).toMatchObject({ type: 'card_error', code: 'card_declined', decline_code: code });
      const { rows } = await t.db.query('SELECT status, failure_reason FROM payment_intents WHERE order_id = $1', [uuid]);
      expect(rows).toEqual([{ status: 'FAILED', failure_reason: reason }]);
      expect((await readOrder(t, uuid)).paymentStatus).toBe('PENDING');
    }
  });

  it('a return before Stripe has decided (requires_action) is not final: the order keeps waiting', async () => {
    const uuid = await cardOrder();
    const { page, piId, clientSecret } = await cardPage(uuid);
    await pay(page, '4000000000003220');
    const early = await s.get(`/pay/${uuid}/return?lang=en&order=${uuid}&payment_intent=${piId}&payment_intent_client_secret=${clientSecret}&redirect_status=failed`);
    expect(early.statusCode).toBeLessThan(400);
    expect((await readOrder(t, uuid)).paymentIntents.map((i) => i.status)).toEqual(['PENDING']);
    // Another order's PaymentIntent is refused.
    const other = await cardOrder();
    const forged = await s.get(`/pay/${other}/return?lang=en&order=${other}&payment_intent=${piId}`);
    expect(forged.statusCode).toBe(403);
  });

  it("a partial refund goes through Stripe's Refund API with Kassa's refund id as the idempotency key", async () => {
    const uuid = await cardOrder(30);
    const { page, piId } = await cardPage(uuid);
    expect(merchantToken(t, await s.follow(await pay(page, '4242424242424242'))).paymentStatus).toBe('PAID');
    await t.app.inject({ method: 'POST', url: '/sandbox/api/test-helpers/settle', headers: t.bearer() });
    const refund = async (amount: number) => {
      const r = await t.app.inject({ method: 'POST', url: '/sandbox/api/refunds', payload: { data: t.token({ orderUuid: uuid, amount, idempotencyKey: `k-${Math.random()}`, iat: nowS() }) } });
      expect(r.statusCode, r.body).toBe(201);
      return r.json().uuid as string;
    };
    const status = async (id: string) => (await t.db.query('SELECT status, status_description, processor_reference FROM refunds WHERE id = $1', [id])).rows[0];

    const first = await refund(10);
    await t.services.refunds.drain();
    const done = await status(first);
    expect(done).toMatchObject({ status: 'SUCCESSFUL', processor_reference: expect.stringMatching(/^re_/) });
    const re = await sdk.stripe.refunds.retrieve(done.processor_reference);
    expect(re).toMatchObject({ status: 'succeeded', amount: 1000, payment_intent: piId, metadata: { kassaRefundId: first } });
    const keyed = await t.db.query('SELECT status FROM stripe_sim_idempotency WHERE key = $1', [first]);
    expect(keyed.rows).toEqual([{ status: 200 }]);
    // The same refund id again is Stripe's replay, not a second refund.
    expect((await sdk.refund({ refundId: first, paymentReference: piId, amountMinor: 1000, currency: 'EUR', attempt: 2 })).kind).toBe('succeeded');
    expect((await t.db.query('SELECT count(*)::int AS n FROM stripe_sim_refunds WHERE payment_intent = $1', [piId])).rows[0].n).toBe(1);

    // .53: Stripe's refund fails with lost_or_stolen_card.
    const lost = await refund(1.53);
    await t.services.refunds.drain();
    expect(await status(lost)).toMatchObject({ status: 'REJECTED', status_description: 'LOST_OR_STOLEN_CARD' });

    // .57: Stripe is down for the first call (500, not retried at once), the retry with the same key succeeds.
    const outage = await refund(1.57);
    await t.services.refunds.drain();
    expect((await status(outage)).status).toBe('PROCESSING');
    await t.db.query('UPDATE refunds SET next_attempt_at = now() WHERE id = $1', [outage]);
    await t.services.refunds.drain();
    expect((await status(outage)).status).toBe('SUCCESSFUL');

    // More than is left: Stripe refuses with amount_too_large.
    expect(await sdk.refund({ refundId: crypto.randomUUID(), paymentReference: piId, amountMinor: 5000, currency: 'EUR', attempt: 1 })).toMatchObject({
      kind: 'rejected',
      description: 'REFUND_EXCEEDS_ORDER_PAID_AMOUNT',
    });
  });
});

describe("the simulator's webhooks (Stripe's signature scheme)", () => {
  const secret = () => sandboxStripeKeys(t.services.processorContext.sandboxSecret('stripe')).webhookSecret;

  it('a replay (old timestamp) and a bad signature are refused and change nothing; a forged event cannot pay; a repeated one is harmless', async () => {
    const uuid = await cardOrder();
    const { piId } = await cardPage(uuid);
    const pi = await sdk.stripe.paymentIntents.retrieve(piId);
    const forged = JSON.stringify({ id: 'evt_forged', object: 'event', type: 'payment_intent.succeeded', created: nowS(), data: { object: { ...pi, status: 'succeeded' } } });

    const replay = await webhook(forged, signatureHeader(forged, secret(), nowS() - 301));
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toContain('tolerance');
    const bad = await webhook(forged, signatureHeader(forged, 'whsec_not_the_sandbox', nowS()));
    expect(bad.statusCode).toBe(400);
    const unsigned = await webhook(forged, `t=${nowS()}`);
    expect(unsigned.statusCode).toBe(400);
    // Correctly signed, but Kassa asks Stripe: the PaymentIntent has not succeeded.
    expect((await webhook(forged, signatureHeader(forged, secret(), nowS()))).statusCode).toBe(200);
    expect((await readOrder(t, uuid)).paymentIntents.map((i) => i.status)).toEqual(['PENDING']);
    expect((await sdk.stripe.paymentIntents.retrieve(piId)).status).toBe('requires_payment_method');
  });

  it('a duplicate delivery of a real payment_intent.succeeded is harmless', async () => {
    const uuid = await cardOrder();
    const { page, piId } = await cardPage(uuid);
    await s.follow(await pay(page, '4242424242424242'));
    const events = await sdk.stripe.events.list({ limit: 20, type: 'payment_intent.succeeded' });
    const event = events.data.find((e) => (e.data.object as { id: string }).id === piId)!;
    expect(event).toBeDefined();
    const body = JSON.stringify(event);
    const again = await webhook(body, signatureHeader(body, secret(), nowS()));
    expect(again.statusCode, again.body).toBe(200);
    expect((await readOrder(t, uuid)).paymentIntents.map((i) => i.status)).toEqual(['PAID']);
    expect(await orderNotifications()).toHaveLength(1);
  });
});

describe("the simulator speaks Stripe's API", () => {
  it('Idempotency-Key: the same request answers the same object; other parameters under the key are refused', async () => {
    const key = crypto.randomUUID();
    const a = await sdk.stripe.paymentIntents.create({ amount: 500, currency: 'eur', metadata: { kassaOrderId: 'x' } }, { idempotencyKey: key });
    const b = await sdk.stripe.paymentIntents.create({ amount: 500, currency: 'eur', metadata: { kassaOrderId: 'x' } }, { idempotencyKey: key });
    expect(b.id).toBe(a.id);
    await expect(sdk.stripe.paymentIntents.create({ amount: 600, currency: 'eur' }, { idempotencyKey: key })).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('only the sandbox secret key gets in (401 in Stripe’s error shape otherwise)', async () => {
    const { host, fetch } = simulatorHost(t.config.publicUrl, t.services.processorContext.fetch);
    const wrong = stripeSdk('sk_test_wrong', fetch, host);
    await expect(wrong.paymentIntents.create({ amount: 500, currency: 'eur' })).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    const res = await t.app.inject({ method: 'GET', url: '/simulators/stripe/v1/events' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: { type: 'invalid_request_error', message: expect.stringContaining('API key') } });
  });

  it('confirms with card data through the SDK: decline as a StripeCardError carrying the PaymentIntent', async () => {
    const pi = await sdk.stripe.paymentIntents.create({ amount: 700, currency: 'eur' });
    const pm = await sdk.stripe.paymentMethods.create({ type: 'card', card: { number: '4000000000009995', exp_month: 12, exp_year: 2034, cvc: '123' } });
    const err = await sdk.stripe.paymentIntents.confirm(pi.id, { payment_method: pm.id }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(err).toMatchObject({ statusCode: 402, code: 'card_declined', decline_code: 'insufficient_funds', raw: { payment_intent: { id: pi.id, status: 'requires_payment_method' } } });
    const canceled = await sdk.stripe.paymentIntents.cancel(pi.id);
    expect(canceled.status).toBe('canceled');
  });
});

describe('embedded card payments through the registry', () => {
  it("a card draft's PaymentIntent pays its order: amount set from the order, 3-D Secure on the simulator's challenge", async () => {
    const draft = await t.app.inject({ method: 'POST', url: '/sandbox/api/payment-intents/draft', payload: { data: t.token({ method: 'cardPayments' }) } });
    expect(draft.statusCode, draft.body).toBe(201);
    const d = draft.json();
    const piId = d.stripeClientSecret.split('_secret_')[0];
    expect((await sdk.stripe.paymentIntents.retrieve(piId)).amount).toBe(50);
    const order = await t.app.inject({
      method: 'POST',
      url: '/sandbox/api/orders',
      payload: { data: t.token(orderPayload({ paymentIntentUuid: d.uuid, grandTotal: 12.34, payment: { method: 'cardPayments', amount: 12.34, currency: 'EUR' } })) },
    });
    expect(order.statusCode, order.body).toBe(201);
    const pay = await t.app.inject({ method: 'POST', url: `/embedded/card/${d.uuid}/pay`, payload: { cardNumber: '4000 0000 0000 3220', cardExpiry: '12/40', cardCvc: '123' } });
    expect(pay.json()).toMatchObject({ status: 'challenge' });
    const waiting = await sdk.stripe.paymentIntents.retrieve(piId);
    expect(waiting).toMatchObject({ status: 'requires_action', amount: 1234, currency: 'eur', metadata: { kassaDraftId: d.uuid, kassaOrderId: order.json().uuid } });
    const fields = Object.fromEntries(new URL(pay.json().embeddedUrl).searchParams);
    expect(fields.ref).toBe(piId);
    const done = await t.app.inject({ method: 'POST', url: '/embedded/card/3ds', payload: { ...fields, action: 'complete' } });
    expect(done.json()).toMatchObject({ status: 'paid', resultCode: 'AUTHORISED' });
    const paid = await sdk.stripe.paymentIntents.retrieve(piId, { expand: ['latest_charge'] });
    expect(paid.status).toBe('succeeded');
    expect((paid.latest_charge as Stripe.Charge).payment_method_details?.card).toMatchObject({ brand: 'visa', last4: '3220', three_d_secure: { result: 'authenticated' } });
    expect((await readOrder(t, order.json().uuid)).paymentIntents.at(-1)).toMatchObject({ status: 'PAID', paymentMethodMetadata: { threeDSecure: true, cardLast4: '3220' } });
  });

  it("production never takes card numbers in Kassa's form: it mounts Stripe Elements", async () => {
    const session = await t.app.inject({ method: 'POST', url: '/api/sessions', payload: { data: t.token({ iat: nowS() }, { env: 'production' }) } });
    expect(session.statusCode).toBe(201);
    await t.services.connectors.set('stripe', '', { publishableKey: 'pk_test_51Kassa' }, { secretKey: 'sk_test_51Kassa', webhookSecret: 'whsec_kassa' });
    try {
      const claims = orderPayload({ sessionUuid: session.json().uuid, grandTotal: 10, payment: { method: 'cardPayments', amount: 10, currency: 'EUR' } });
      const order = await t.app.inject({ method: 'POST', url: '/api/orders', payload: { data: t.token(claims, { env: 'production' }) } });
      expect(order.statusCode, order.body).toBe(201);
      const res = await t.app.inject({ method: 'POST', url: `/embedded/card/${session.json().uuid}/pay`, payload: { cardNumber: '4242424242424242', cardExpiry: '12/40', cardCvc: '123' } });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toContain('never receives card numbers');
      // The form mounts Stripe's Payment Element instead, framable by the checkout, under a CSP that allows Stripe.
      const form = await t.app.inject({ method: 'GET', url: `/embedded/card/${session.json().uuid}?lang=et&parent=${encodeURIComponent('https://shop.example')}` });
      expect(form.statusCode).toBe(200);
      expect(form.body).toContain('src="https://js.stripe.com/v3"');
      expect(form.body).toContain('data-public-key="pk_test_51Kassa"');
      expect(form.body).toContain('stripe.confirmPayment');
      expect(form.body).not.toContain('id="cardNumber"');
      const csp = String(form.headers['content-security-policy']);
      expect(csp).toMatch(/script-src 'nonce-[^']+' https:\/\/js\.stripe\.com/);
      expect(csp).toContain('frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com');
      expect(csp).toContain("connect-src 'self' https://api.stripe.com");
      expect(csp).toContain('frame-ancestors https://shop.example');
    } finally {
      await t.services.connectors.remove('stripe', '');
    }
    // Without the connector the production form cannot be served.
    const other = await t.app.inject({ method: 'POST', url: '/api/sessions', payload: { data: t.token({ iat: nowS() }, { env: 'production' }) } });
    expect((await t.app.inject({ method: 'GET', url: `/embedded/card/${other.json().uuid}` })).statusCode).toBe(404);
  });
});

describe('production', () => {
  const secret = () => sandboxStripeKeys(t.services.processorContext.sandboxSecret('stripe')).webhookSecret;

  it('without the stripe connector production refuses cards; with it, the card page mounts Stripe Elements under a CSP that allows Stripe', async () => {
    const order = orderPayload({ payment: { method: 'cardPayments', amount: 10, currency: 'EUR' }, grandTotal: 10 });
    const refused = await t.app.inject({ method: 'POST', url: '/api/orders', payload: { data: t.token(order, { env: 'production' }) } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('stripe');
    const uuid = crypto.randomUUID();
    const q = new URLSearchParams({ client_secret: 'pi_3Abc_secret_Xyz', return_url: `${t.config.publicUrl}/pay/${uuid}/return?lang=en&order=${uuid}`, locale: 'en' });
    expect((await t.app.inject({ method: 'GET', url: `/pay/${uuid}/card?${q.toString()}` })).statusCode).toBe(404);

    await t.services.connectors.set('stripe', '', { publishableKey: 'pk_test_51Kassa' }, { secretKey: 'sk_test_51Kassa', webhookSecret: 'whsec_kassa' });
    try {
      const page = await t.app.inject({ method: 'GET', url: `/pay/${uuid}/card?${q.toString()}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('src="https://js.stripe.com/v3"');
      expect(page.body).toContain('data-publishable-key="pk_test_51Kassa"');
      expect(page.body).toContain('data-client-secret="pi_3Abc_secret_Xyz"');
      expect(page.body).toContain('stripe.confirmPayment');
      expect(page.body).not.toContain('cardNumber');
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toMatch(/script-src 'nonce-[^']+' https:\/\/js\.stripe\.com/);
      expect(csp).toContain('frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com');
      expect(csp).toContain('connect-src https://api.stripe.com');
      expect(forms(page.body)[0]!.fields).toEqual({});
      // Another order's return URL: not a page Kassa made.
      const other = new URLSearchParams({ ...Object.fromEntries(q), return_url: 'https://evil.example/return' });
      expect((await t.app.inject({ method: 'GET', url: `/pay/${uuid}/card?${other.toString()}` })).statusCode).toBe(400);
      // Production's webhook verifies with the configured whsec_: the simulator's signature does not pass.
      const body = JSON.stringify({ id: 'evt_1', object: 'event', type: 'payment_intent.succeeded', data: { object: { id: 'pi_1', object: 'payment_intent' } } });
      const res = await t.app.inject({
        method: 'POST',
        url: '/processors/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signatureHeader(body, secret(), nowS()) },
        payload: body,
      });
      expect(res.statusCode).toBe(400);
      const offered = await t.app.inject({ method: 'POST', url: '/api/orders', payload: { data: t.token(order, { env: 'production' }) } });
      expect(offered.statusCode, offered.body).toBe(201);
    } finally {
      await t.services.connectors.remove('stripe', '');
    }
  });
});

describe('two apps in one process', () => {
  it('each pays through its own sandbox Stripe (its own database and simulator), whichever used Stripe first', async () => {
    await cardPage(await cardOrder()); // this file's app has its sandbox Stripe now
    const t2 = await createTestApp();
    try {
      const s2 = new Shopper(t2);
      const payload = orderPayload({ notificationUrl: rx.url, grandTotal: 12.5, payment: { method: 'cardPayments', amount: 12.5, currency: 'EUR', methodOptions: { preferredMethod: 'card' } } });
      const created = await t2.app.inject({ method: 'POST', url: '/sandbox/api/orders', payload: { data: t2.token(payload) } });
      expect(created.statusCode, created.body).toBe(201);
      const uuid = created.json().uuid as string;
      const started = await s2.submit((await s2.get(`/pay/${uuid}`)).body, { name: 'mode', value: 'card' });
      expect(started.statusCode, started.body).toBe(303);
      const piId = new URL(String(started.headers.location)).searchParams.get('client_secret')!.split('_secret_')[0]!;
      // The PaymentIntent is in the second app's database, made for its order; the first app has none.
      expect((await t2.db.query('SELECT 1 FROM stripe_sim_payment_intents WHERE id = $1', [piId])).rowCount).toBe(1);
      expect((await t.db.query('SELECT 1 FROM stripe_sim_payment_intents WHERE id = $1', [piId])).rowCount).toBe(0);
    } finally {
      await t2.close();
    }
  });
});
