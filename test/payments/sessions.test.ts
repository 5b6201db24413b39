/**
 * Embedded card payments: sessions and draft payment intents (auth, input, single use, other
 * store / environment, expiry, concurrent use), the order binding rules, the SDK's calls with
 * CORS exactly as montonio-js sends them, the card form's payment for each magic card, and the
 * signed 3-D Secure step.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, orderPayload, type TestApp } from '../support/app.js';
import { sign, verify } from '../../src/platform/jwt.js';
import type { CreatedStore } from '../../src/stores/service.js';

let t: TestApp;
let other: CreatedStore;
beforeAll(async () => {
  t = await createTestApp();
  other = await t.createStore();
});
afterAll(async () => t.close());

type Env = 'sandbox' | 'production';
const base = (env: Env) => (env === 'sandbox' ? '/sandbox/api' : '/api');
const SHOP = 'https://shop.example';
/** The headers montonio-js sends (src/services/HTTP/HTTP.ts) from the merchant's page. */
const SDK_HEADERS = { accept: 'application/json', 'x-montonio-js-version': '1.2.3', origin: SHOP };

async function count(table: string): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return rows[0]!.n;
}

async function newSession(env: Env = 'sandbox', store?: CreatedStore): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: `${base(env)}/sessions`, payload: { data: t.token({ iat: Math.floor(Date.now() / 1000) }, { env, store }) } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().uuid;
}

async function newDraft(method = 'cardPayments', env: Env = 'sandbox'): Promise<Record<string, string>> {
  const res = await t.app.inject({ method: 'POST', url: `${base(env)}/payment-intents/draft`, payload: { data: t.token({ method }, { env }) } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const cardOrder = (over: Record<string, unknown> = {}) => orderPayload({ payment: { method: 'cardPayments', amount: 10.5, currency: 'EUR' }, ...over });
const postOrder = (claims: Record<string, unknown>, env: Env = 'sandbox', store?: CreatedStore) =>
  t.app.inject({ method: 'POST', url: `${base(env)}/orders`, payload: { data: t.token(claims, { env, store }) } });

describe('POST /sessions and POST /payment-intents/draft', () => {
  it('creates a session in each environment (201 {uuid}), bound to the store and environment', async () => {
    for (const env of ['sandbox', 'production'] as const) {
      const uuid = await newSession(env);
      const { rows } = await t.db.query('SELECT store_id, env, kind, order_id FROM checkout_sessions WHERE id = $1', [uuid]);
      expect(rows[0]).toEqual({ store_id: t.store.id, env, kind: 'session', order_id: null });
    }
  });

  it('refuses token faults and writes nothing', async () => {
    const before = await count('checkout_sessions');
    const k = t.store.keys.sandbox;
    const cases: [string, Record<string, string> | undefined, number][] = [
      ['no body', undefined, 400],
      ['not a token', { data: 'abc' }, 401],
      ['wrong signature', { data: sign({ accessKey: k.accessKey, exp: Math.floor(Date.now() / 1000) + 60 }, 'not-the-secret') }, 403],
      ['expired', { data: sign({ accessKey: k.accessKey, exp: Math.floor(Date.now() / 1000) - 60 }, k.secretKey) }, 401],
      ['production key on sandbox', { data: t.token({}, { env: 'production' }) }, 401],
    ];
    for (const [name, payload, status] of cases) {
      for (const path of ['/sessions', '/payment-intents/draft']) {
        const res = await t.app.inject({ method: 'POST', url: `/sandbox/api${path}`, ...(payload === undefined ? {} : { payload }) });
        expect(res.statusCode, `${name} ${path}: ${res.body}`).toBe(status);
        expect(res.json()).toMatchObject({ statusCode: status });
      }
    }
    expect(await count('checkout_sessions')).toBe(before);
  });

  it('answers a card draft with a PaymentIntent of the Stripe connector (the keys the PHP SDK reads); a missing or unknown method is a JSON 400 naming it', async () => {
    const d = await newDraft('cardPayments');
    expect(Object.keys(d).sort()).toEqual(['onBehalfOf', 'stripeClientSecret', 'stripePublicKey', 'uuid']);
    expect(d.onBehalfOf).toBe(t.store.id);
    expect(d.stripePublicKey).toMatch(/^pk_test_KassaSandbox[0-9a-f]+$/);
    expect(d.stripeClientSecret).toMatch(/^pi_[A-Za-z0-9]+_secret_[A-Za-z0-9]+$/);
    const { rows } = await t.db.query('SELECT processor_reference FROM checkout_sessions WHERE id = $1', [d.uuid]);
    expect(rows[0].processor_reference).toBe(d.stripeClientSecret!.split('_secret_')[0]);
    const pi = await t.app.inject({
      method: 'GET',
      url: `/simulators/stripe/v1/payment_intents/${rows[0].processor_reference}?client_secret=${d.stripeClientSecret}`,
      headers: { authorization: `Bearer ${d.stripePublicKey}` },
    });
    expect(pi.json()).toMatchObject({ object: 'payment_intent', status: 'requires_payment_method', metadata: { kassaDraftId: d.uuid } });
    // Production takes cards only through the operator's Stripe connector: none is configured here.
    const production = await t.app.inject({ method: 'POST', url: '/api/payment-intents/draft', payload: { data: t.token({ method: 'cardPayments' }, { env: 'production' }) } });
    expect(production.statusCode).toBe(400);
    expect(production.json().message).toMatch(/^method .*stripe/);
    const blik = await newDraft('blik');
    expect(blik.stripePublicKey).toBe(`kassa_pk_sandbox_${t.store.keys.sandbox.accessKey}`);
    expect(blik.stripeClientSecret).toMatch(new RegExp(`^${blik.uuid}_secret_[A-Za-z0-9_-]{43}$`));
    const before = await count('checkout_sessions');
    for (const [claims, message] of [
      [{}, 'method is required'],
      [{ method: 'bnpl' }, 'method must be one of'],
      [{ method: 7 }, 'method must be'],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/sandbox/api/payment-intents/draft', payload: { data: t.token(claims) } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect(await count('checkout_sessions')).toBe(before);
  });
});

describe('orders with sessionUuid or paymentIntentUuid', () => {
  it('binds a session once: another order with it is a 400 naming sessionUuid and writes nothing; re-sending the same order is fine', async () => {
    const s = await newSession();
    const first = cardOrder({ sessionUuid: s });
    const res = await postOrder(first);
    expect(res.statusCode, res.body).toBe(201);
    const { rows } = await t.db.query('SELECT order_id FROM checkout_sessions WHERE id = $1', [s]);
    expect(rows[0].order_id).toBe(res.json().uuid);
    const again = await postOrder({ ...first, grandTotal: 11, payment: { method: 'cardPayments', amount: 11, currency: 'EUR' } });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ uuid: res.json().uuid, grandTotal: '11.00' });
    const before = [await count('orders'), await count('payment_intents')];
    const second = await postOrder(cardOrder({ sessionUuid: s }));
    expect(second.statusCode).toBe(400);
    expect(second.json().message).toMatch(/^sessionUuid /);
    expect([await count('orders'), await count('payment_intents')]).toEqual(before);
  });

  it("refuses an unknown, another store's, another environment's or an expired session, writing nothing", async () => {
    const fresh = await newSession();
    const otherStore = await newSession('sandbox', other);
    const production = await newSession('production');
    const expiring = await newSession();
    await t.services.orders.advanceSandboxClock(t.store.id, 61 * 60_000);
    try {
      const before = await count('orders');
      for (const [name, s] of [
        ['unknown', '0190a8c4-0000-7000-8000-000000000000'],
        ['other store', otherStore],
        ['other environment', production],
        ['expired', expiring],
      ] as const) {
        const res = await postOrder(cardOrder({ sessionUuid: s }));
        expect(res.statusCode, name).toBe(400);
        expect(res.json().message, name).toMatch(/^sessionUuid is not a usable session/);
      }
      expect(await count('orders')).toBe(before);
      // The other store's session works for that store.
      expect((await postOrder(cardOrder({ sessionUuid: otherStore }), 'sandbox', other)).statusCode).toBe(201);
      expect(fresh).toBeTruthy();
    } finally {
      await t.services.orders.resetSandboxClock(t.store.id);
    }
  });

  it('two orders racing for one session: exactly one wins', async () => {
    for (let round = 0; round < 5; round++) {
      const s = await newSession();
      const answers = await Promise.all([postOrder(cardOrder({ sessionUuid: s })), postOrder(cardOrder({ sessionUuid: s })), postOrder(cardOrder({ sessionUuid: s }))]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400, 400]);
      const { rows } = await t.db.query('SELECT count(*)::int AS n FROM orders WHERE session_uuid = $1', [s]);
      expect(rows[0].n).toBe(1);
    }
  });

  it('binds a draft payment intent of the same method; a session id, another method or a second order is a 400 naming paymentIntentUuid', async () => {
    const d = await newDraft('cardPayments');
    const ok = await postOrder(cardOrder({ paymentIntentUuid: d.uuid }));
    expect(ok.statusCode, ok.body).toBe(201);
    const blik = await newDraft('blik');
    const session = await newSession();
    for (const claims of [
      cardOrder({ paymentIntentUuid: d.uuid }),
      cardOrder({ paymentIntentUuid: blik.uuid }),
      cardOrder({ paymentIntentUuid: session }),
      cardOrder({ paymentIntentUuid: 'nope' }),
      cardOrder({ paymentIntentUuid: blik.uuid, sessionUuid: session }),
      orderPayload({ paymentIntentUuid: blik.uuid }),
    ]) {
      const res = await postOrder(claims);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^paymentIntentUuid /);
    }
    const blikOrder = await postOrder(orderPayload({ paymentIntentUuid: blik.uuid, payment: { method: 'blik', amount: 10.5, currency: 'PLN' }, currency: 'PLN' }));
    expect(blikOrder.statusCode, blikOrder.body).toBe(201);
  });
});

describe('the SDK calls: gateway-url and return-url with CORS', () => {
  it('answers the preflight as montonio-js needs it (credentials, its headers)', async () => {
    const s = await newSession();
    for (const url of [`/sandbox/api/sessions/${s}/gateway-url?preferredLocale=et`, `/api/payment-intents/${s}/return-url`]) {
      const res = await t.app.inject({
        method: 'OPTIONS',
        url,
        headers: { origin: SHOP, 'access-control-request-method': 'GET', 'access-control-request-headers': 'accept,x-montonio-js-version' },
      });
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe(SHOP);
      expect(res.headers['access-control-allow-credentials']).toBe('true');
      expect(res.headers.vary).toContain('Origin');
      expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('x-montonio-js-version');
      expect(String(res.headers['access-control-allow-methods'])).toContain('GET');
    }
  });

  it("gives the form URL of the environment's session, in the SDK's locale, for the asking origin", async () => {
    const s = await newSession();
    const res = await t.app.inject({ method: 'GET', url: `/sandbox/api/sessions/${s}/gateway-url?preferredLocale=en_US`, headers: SDK_HEADERS });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(SHOP);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    const body = res.json();
    expect(body.uuid).toBe(s);
    const url = new URL(body.url);
    expect(url.origin + url.pathname).toBe(`http://kassa.test/embedded/card/${s}`);
    expect(url.searchParams.get('lang')).toBe('en');
    expect(url.searchParams.get('parent')).toBe(SHOP);
    const prod = await t.app.inject({ method: 'GET', url: `/api/sessions/${s}/gateway-url`, headers: SDK_HEADERS });
    expect(prod.statusCode).toBe(404);
    const production = await newSession('production');
    const own = await t.app.inject({ method: 'GET', url: `/api/sessions/${production}/gateway-url?preferredLocale=lt`, headers: SDK_HEADERS });
    expect(own.statusCode).toBe(200);
    expect(own.json().url).toBe(`http://kassa.test/embedded/card/${production}?lang=lt&parent=${encodeURIComponent(SHOP)}`);
    expect((await t.app.inject({ method: 'GET', url: `/sandbox/api/sessions/${production}/gateway-url`, headers: SDK_HEADERS })).statusCode).toBe(404);
    expect(prod.headers['access-control-allow-origin']).toBe(SHOP);
    const bad = await t.app.inject({ method: 'GET', url: `/sandbox/api/sessions/${s}/gateway-url?preferredLocale=xx`, headers: SDK_HEADERS });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^preferredLocale /);
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/api/sessions/abc/gateway-url', headers: SDK_HEADERS })).statusCode).toBe(400);
    const noOrigin = await t.app.inject({ method: 'GET', url: `/sandbox/api/sessions/${s}/gateway-url`, headers: { origin: 'null' } });
    expect(noOrigin.headers['access-control-allow-origin']).toBeUndefined();
    expect(new URL(noOrigin.json().url).searchParams.get('parent')).toBeNull();
  });

  it('serves the form framable by the parent origin only, in the language asked', async () => {
    const s = await newSession();
    const res = await t.app.inject({ method: 'GET', url: `/embedded/card/${s}?lang=pl&parent=${encodeURIComponent(SHOP)}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['content-security-policy']).toContain(`frame-ancestors ${SHOP}`);
    expect(res.headers['content-security-policy']).toContain("connect-src 'self'");
    expect(res.body).toContain('<html lang="pl">');
    const anyParent = await t.app.inject({ method: 'GET', url: `/embedded/card/${s}?parent=${encodeURIComponent('https://a.example; script-src *')}` });
    expect(anyParent.headers['content-security-policy']).toContain('frame-ancestors http: https:');
    expect((await t.app.inject({ method: 'GET', url: '/embedded/card/0190a8c4-0000-7000-8000-000000000000' })).statusCode).toBe(404);
  });
});

describe('paying through the card form', () => {
  async function boundOrder(): Promise<{ session: string; order: { uuid: string } }> {
    const session = await newSession();
    const res = await postOrder(cardOrder({ sessionUuid: session }));
    expect(res.statusCode, res.body).toBe(201);
    return { session, order: res.json() };
  }
  const pay = (session: string, cardNumber: string, parent = SHOP) =>
    t.app.inject({ method: 'POST', url: `/embedded/card/${session}/pay?parent=${encodeURIComponent(parent)}`, payload: { cardNumber, cardExpiry: '12/40', cardCvc: '123' } });
  const returnUrl = (intent: string) => t.app.inject({ method: 'GET', url: `/sandbox/api/payment-intents/${intent}/return-url`, headers: SDK_HEADERS });
  const orderOf = async (uuid: string) => (await t.app.inject({ method: 'GET', url: `/sandbox/api/orders/${uuid}`, headers: t.bearer() })).json();
  const tokenStatus = (url: string) => verify(new URL(url).searchParams.get('order-token')!, t.store.keys.sandbox.secretKey).paymentStatus;

  it('4242 4242 4242 4242 pays the order through the Stripe connector (on the simulator); return-url carries a PAID order-token', async () => {
    const { session, order } = await boundOrder();
    const res = await pay(session, '4242 4242 4242 4242');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'paid', resultCode: 'AUTHORISED' });
    const o = await orderOf(order.uuid);
    expect(o.paymentStatus).toBe('PAID');
    const intent = o.paymentIntents.find((i: { uuid: string }) => i.uuid === body.paymentIntentUuid);
    expect(intent).toMatchObject({ status: 'PAID' });
    expect(intent.paymentMethodMetadata).toMatchObject({ paidWith: 'card', cardBrand: 'Visa', cardLast4: '4242', threeDSecure: false });
    const { rows } = await t.db.query('SELECT processor, processor_reference FROM payment_intents WHERE id = $1', [body.paymentIntentUuid]);
    expect(rows[0]).toEqual({ processor: 'stripe', processor_reference: expect.stringMatching(/^pi_/) });
    const r = await returnUrl(body.paymentIntentUuid);
    expect(r.statusCode).toBe(200);
    expect(r.headers['access-control-allow-origin']).toBe(SHOP);
    expect(r.json().merchantReturnUrl).toMatch(/^https:\/\/shop\.example\/return\?order-token=/);
    expect(tokenStatus(r.json().merchantReturnUrl)).toBe('PAID');
    expect((await t.app.inject({ method: 'GET', url: `/api/payment-intents/${body.paymentIntentUuid}/return-url` })).statusCode).toBe(404);
    // Paid: the form cannot pay again.
    expect((await pay(session, '4242424242424242')).statusCode).toBe(409);
  });

  it('declines 0002 (DECLINED) and 9995 (INSUFFICIENT_FUNDS): the attempt fails, the order stays PENDING', async () => {
    const { session, order } = await boundOrder();
    for (const [card, code] of [
      ['4000000000000002', 'DECLINED'],
      ['4000 0000 0000 9995', 'INSUFFICIENT_FUNDS'],
    ] as const) {
      const res = await pay(session, card);
      expect(res.json()).toMatchObject({ status: 'failed', errorCode: code });
      const o = await orderOf(order.uuid);
      expect(o.paymentStatus).toBe('PENDING');
      expect(o.paymentIntents.find((i: { uuid: string }) => i.uuid === res.json().paymentIntentUuid).status).toBe('FAILED');
      const r = await returnUrl(res.json().paymentIntentUuid);
      expect(tokenStatus(r.json().merchantReturnUrl)).toBe('PENDING');
    }
    // After a decline another card may pay.
    expect((await pay(session, '4242424242424242')).json().status).toBe('paid');
  });

  it('answers invalid card details field by field, and a session without an order with a 409', async () => {
    const { session } = await boundOrder();
    const bad = await t.app.inject({ method: 'POST', url: `/embedded/card/${session}/pay`, payload: { cardNumber: '4242424242424241', cardExpiry: '01/20', cardCvc: '1' } });
    expect(bad.json()).toEqual({ status: 'invalid', invalidNumber: true, invalidExpiry: true, invalidCvc: true });
    const missing = await t.app.inject({ method: 'POST', url: `/embedded/card/${session}/pay`, payload: { cardNumber: '4242424242424242' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('cardExpiry is required');
    const lonely = await newSession();
    const none = await pay(lonely, '4242424242424242');
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toMatch(/no order is bound to this session/);
  });

  it('3220 opens a signed 3-D Secure step: pending until answered, unforgeable, single use', async () => {
    const { session, order } = await boundOrder();
    const res = await pay(session, '4000 0000 0000 3220');
    const body = res.json();
    expect(body).toMatchObject({ status: 'challenge' });
    expect((await returnUrl(body.paymentIntentUuid)).json()).toEqual({});
    const url = new URL(body.embeddedUrl);
    expect(url.pathname).toBe('/embedded/card/3ds');
    const page = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain(`frame-ancestors ${SHOP}`);
    const fields = Object.fromEntries(url.searchParams);
    expect(fields).toMatchObject({ order: order.uuid, intent: body.paymentIntentUuid, last4: '3220', parent: SHOP, locale: 'en' });
    // In the form's language when it says one.
    const other = await boundOrder();
    const pl = await t.app.inject({ method: 'POST', url: `/embedded/card/${other.session}/pay?lang=pl`, payload: { cardNumber: '4000000000003220', cardExpiry: '12/40', cardCvc: '123' } });
    const plUrl = new URL(pl.json().embeddedUrl);
    expect(plUrl.searchParams.get('locale')).toBe('pl');
    expect((await t.app.inject({ method: 'GET', url: plUrl.pathname + plUrl.search })).body).toContain('<html lang="pl">');
    const finish = (f: Record<string, string>, action: string) => t.app.inject({ method: 'POST', url: '/embedded/card/3ds', payload: { ...f, action } });
    // Forged: any field changed, or the MAC of another step.
    for (const forged of [
      { ...fields, last4: '4242' },
      { ...fields, parent: 'https://evil.example' },
      { ...fields, mac: 'A'.repeat(43) },
      { ...fields, mac: '' },
    ]) {
      expect((await finish(forged, 'complete')).statusCode).toBe(403);
      const tampered = new URLSearchParams(forged);
      expect((await t.app.inject({ method: 'GET', url: `/embedded/card/3ds?${tampered.toString()}` })).statusCode).toBe(400);
    }
    expect((await finish(fields, 'maybe')).statusCode).toBe(400);
    expect((await orderOf(order.uuid)).paymentStatus).toBe('PENDING');
    const done = await finish(fields, 'complete');
    expect(done.json()).toEqual({ status: 'paid', paymentIntentUuid: body.paymentIntentUuid, resultCode: 'AUTHORISED' });
    const o = await orderOf(order.uuid);
    expect(o.paymentStatus).toBe('PAID');
    expect(o.paymentIntents.find((i: { uuid: string }) => i.uuid === body.paymentIntentUuid).paymentMethodMetadata).toMatchObject({ threeDSecure: true, cardLast4: '3220' });
    expect(tokenStatus((await returnUrl(body.paymentIntentUuid)).json().merchantReturnUrl)).toBe('PAID');
    expect((await finish(fields, 'complete')).statusCode).toBeGreaterThanOrEqual(400);
  });

  it('a failed 3-D Secure challenge fails the attempt with AUTHENTICATION_FAILED', async () => {
    const { session, order } = await boundOrder();
    const body = (await pay(session, '4000000000003220')).json();
    const fields = Object.fromEntries(new URL(body.embeddedUrl).searchParams);
    const res = await t.app.inject({ method: 'POST', url: '/embedded/card/3ds', payload: { ...fields, action: 'fail' } });
    expect(res.json()).toEqual({ status: 'failed', paymentIntentUuid: body.paymentIntentUuid, errorCode: 'AUTHENTICATION_FAILED' });
    expect((await orderOf(order.uuid)).paymentStatus).toBe('PENDING');
  });
});

describe('a BLIK draft: the form asks for the BLIK code', () => {
  it("pays the draft's BLIK order by the BLIK simulator's codes", async () => {
    const d = await newDraft('blik');
    const form = await t.app.inject({ method: 'GET', url: `/embedded/card/${d.uuid}?lang=pl` });
    expect(form.body).toContain('id="blikCode"');
    expect(form.body).not.toContain('id="cardNumber"');
    const res = await postOrder(orderPayload({ paymentIntentUuid: d.uuid, currency: 'PLN', grandTotal: 20, payment: { method: 'blik', amount: 20, currency: 'PLN' } }));
    expect(res.statusCode, res.body).toBe(201);
    const pay = (payload: Record<string, string>) => t.app.inject({ method: 'POST', url: `/embedded/card/${d.uuid}/pay`, payload });
    expect((await pay({ cardNumber: '4242424242424242', cardExpiry: '12/40', cardCvc: '123' })).statusCode).toBe(400);
    expect((await pay({ blikCode: '12' })).json()).toEqual({ status: 'invalidCode' });
    expect((await pay({ blikCode: '111111' })).json()).toMatchObject({ status: 'failed', errorCode: 'DECLINED' });
    expect((await pay({ blikCode: '222 222' })).json()).toMatchObject({ status: 'failed', errorCode: 'CODE_EXPIRED' });
    const paid = (await pay({ blikCode: '777123' })).json();
    expect(paid).toMatchObject({ status: 'paid', resultCode: 'AUTHORISED' });
    const { rows } = await t.db.query('SELECT processor, status FROM payment_intents WHERE id = $1', [paid.paymentIntentUuid]);
    expect(rows[0]).toEqual({ processor: 'kassa-blik-sim', status: 'PAID' });
    const r = await t.app.inject({ method: 'GET', url: `/sandbox/api/payment-intents/${paid.paymentIntentUuid}/return-url` });
    expect(verify(new URL(r.json().merchantReturnUrl).searchParams.get('order-token')!, t.store.keys.sandbox.secretKey).paymentStatus).toBe('PAID');
  });

  it('a card order refuses a BLIK code', async () => {
    const session = await newSession();
    expect((await postOrder(cardOrder({ sessionUuid: session }))).statusCode).toBe(201);
    const res = await t.app.inject({ method: 'POST', url: `/embedded/card/${session}/pay`, payload: { blikCode: '777123' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('paid by card');
  });
});

describe('bad input: each a 4xx naming the field, and nothing written', () => {
  it('orders, gateway-url and the card form refuse every malformed field without a write', async () => {
    const session = await newSession();
    const draft = (await newDraft('cardPayments')).uuid!;
    const tables = async () => ({
      orders: await count('orders'),
      intents: await count('payment_intents'),
      sessions: await count('checkout_sessions'),
      bound: (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM checkout_sessions WHERE order_id IS NOT NULL')).rows[0]!.n,
    });
    const before = await tables();
    const orderCases: [string, Record<string, unknown>, string][] = [
      ['sessionUuid not a uuid', cardOrder({ sessionUuid: 'not-a-uuid' }), 'sessionUuid'],
      ['sessionUuid with a NUL', cardOrder({ sessionUuid: `${session}\u0000` }), 'sessionUuid'],
      ['sessionUuid a number', cardOrder({ sessionUuid: 7 }), 'sessionUuid'],
      ['sessionUuid for a bank payment', orderPayload({ sessionUuid: session }), 'sessionUuid'],
      ['paymentIntentUuid not a uuid', cardOrder({ paymentIntentUuid: 'x' }), 'paymentIntentUuid'],
      ['paymentIntentUuid for a bank payment', orderPayload({ paymentIntentUuid: draft }), 'paymentIntentUuid'],
      ['a session as a draft', cardOrder({ paymentIntentUuid: session }), 'paymentIntentUuid'],
      ['a draft as a session', cardOrder({ sessionUuid: draft }), 'sessionUuid'],
    ];
    for (const [name, claims, field] of orderCases) {
      const res = await postOrder({ ...claims, merchantReference: `BAD-${name}` });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(res.json(), name).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(res.json().message, name).toContain(field);
    }
    const both = await postOrder({ ...cardOrder({ sessionUuid: session, paymentIntentUuid: draft }), merchantReference: 'BAD-both' });
    expect(both.statusCode, both.body).toBe(400);
    expect(both.json().message).toMatch(/sessionUuid|paymentIntentUuid/);

    const getCases: [string, string, string][] = [
      ['gateway-url of a malformed uuid', '/sandbox/api/sessions/not-a-uuid/gateway-url', 'sessionUuid'],
      ['gateway-url in an unknown locale', `/sandbox/api/sessions/${session}/gateway-url?preferredLocale=xx_XX`, 'preferredLocale'],
      ['return-url of a malformed uuid', '/sandbox/api/payment-intents/12345/return-url', 'paymentIntentUuid'],
    ];
    for (const [name, url, field] of getCases) {
      const res = await t.app.inject({ method: 'GET', url, headers: SDK_HEADERS });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(res.json().message, name).toContain(field);
      expect(res.headers['access-control-allow-origin'], name).toBe(SHOP);
    }

    const formCases: [string, Record<string, unknown>, string][] = [
      ['no card number', { cardExpiry: '12/40', cardCvc: '123' }, 'cardNumber'],
      ['no expiry', { cardNumber: '4242424242424242', cardCvc: '123' }, 'cardExpiry'],
      ['no CVC', { cardNumber: '4242424242424242', cardExpiry: '12/40' }, 'cardCvc'],
      ['a card number as an object', { cardNumber: { a: 1 }, cardExpiry: '12/40', cardCvc: '123' }, 'cardNumber'],
    ];
    for (const [name, payload, field] of formCases) {
      const res = await t.app.inject({ method: 'POST', url: `/embedded/card/${session}/pay`, payload });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(res.json().message, name).toContain(field);
    }
    expect(await tables()).toEqual(before);
  });
});
