/**
 * Requests built exactly as the public clients of the original API build them (headers, JSON
 * encoding, claims, empty strings, numbers as strings, extra keys). Each test names its source:
 * the repository and the file the request is read from. See docs/decisions.md, "Real clients:
 * payments".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { createTestApp, orderPayload, ADMIN_TOKEN, type TestApp } from '../support/app.js';
import { run as cli } from '../../src/cli/main.js';
import type { CreatedStore } from '../../src/stores/service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const nowS = () => Math.floor(Date.now() / 1000);
const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

/** PHP's json_encode() without flags: slashes escaped as `\/`, non-ASCII as `\uXXXX`. */
const phpJson = (o: object) =>
  JSON.stringify(o)
    .replace(/\//g, '\\/')
    .replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * A token as firebase/php-jwt's JWT::encode signs it (the library of every PHP client; the
 * WooCommerce plugin bundles a version that calls json_encode() without flags,
 * montonio-for-woocommerce/libraries/jwt/JWT.php): header `{"typ":"JWT","alg":"HS256"}` in that
 * order, the payload exactly as given (no claims added).
 */
function phpJwt(payload: object, secret: string): string {
  const head = `${Buffer.from(phpJson({ typ: 'JWT', alg: 'HS256' })).toString('base64url')}.${Buffer.from(phpJson(payload)).toString('base64url')}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

/** A sandbox order of the test store, created the ordinary way. */
async function newOrder(over: Record<string, unknown> = {}): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/sandbox/api/orders', payload: { data: t.token(orderPayload(over)) } });
  expect(res.statusCode).toBe(201);
  return res.json().uuid as string;
}

describe('empty JSON bodies (Content-Type: application/json, no body)', () => {
  // PHP clients set `Content-Type: application/json` on every call, bodies or not:
  // makstech/montonio-php-sdk src/Clients/PaymentsAbstractClient.php (get()),
  // makstech/montonio-php-sdk src/Clients/ShippingAbstractClient.php (DELETE /webhooks/:id),
  // WordPressBugBounty/plugins-montonio-for-woocommerce includes/payment/class-wc-montonio-api.php.
  const json = { 'content-type': 'application/json', accept: 'application/json' };
  const admin = { ...json, authorization: `Bearer ${ADMIN_TOKEN}` };

  it('every route family answers its no-body routes, with or without Content-Length: 0', async () => {
    for (const length of [undefined, '0']) {
      const order = await newOrder();
      const hook = await t.app.inject({
        method: 'POST',
        url: '/sandbox/shipping/api/v2/webhooks',
        headers: t.bearer(),
        payload: { url: 'https://shop.example/hooks', enabledEvents: ['shipment.registered'] },
      });
      expect(hook.statusCode).toBe(201);
      const calls: { method: 'GET' | 'POST' | 'DELETE'; url: string; headers: Record<string, string>; status: number }[] = [
        // payments
        { method: 'GET', url: '/sandbox/api/stores/payment-methods', headers: { ...json, ...t.bearer() }, status: 200 },
        { method: 'GET', url: `/sandbox/api/orders/${order}`, headers: { ...json, ...t.bearer() }, status: 200 },
        { method: 'GET', url: '/sandbox/api/store-balances', headers: { ...json, ...t.bearer() }, status: 200 },
        // payouts (the query as makstech/montonio-php-sdk src/Clients/PayoutsClient.php sends it)
        { method: 'GET', url: `/sandbox/api/stores/${t.store.id}/payouts?limit=50&offset=0&order=DESC`, headers: { ...json, ...t.bearer() }, status: 200 },
        // sandbox test helpers (POSTs without a body)
        { method: 'POST', url: `/sandbox/api/test-helpers/orders/${order}/pay`, headers: { ...json, ...t.bearer() }, status: 200 },
        { method: 'POST', url: '/sandbox/api/test-helpers/settle', headers: { ...json, ...t.bearer() }, status: 200 },
        { method: 'POST', url: '/sandbox/api/test-helpers/payouts/run', headers: { ...json, ...t.bearer() }, status: 200 },
        // shipping v2
        { method: 'GET', url: '/sandbox/shipping/api/v2/carriers', headers: { ...json, ...t.bearer() }, status: 200 },
        { method: 'DELETE', url: `/sandbox/shipping/api/v2/webhooks/${hook.json().id}`, headers: { ...json, ...t.bearer() }, status: 204 },
        // operator API
        { method: 'GET', url: '/operator/stores', headers: admin, status: 200 },
        { method: 'POST', url: '/operator/notifications/00000000-0000-7000-8000-000000000000/resend', headers: admin, status: 404 },
        { method: 'DELETE', url: `/operator/stores/${t.store.id}/carrier-contracts/00000000-0000-7000-8000-000000000000`, headers: admin, status: 404 },
      ];
      for (const c of calls) {
        const headers = length === undefined ? c.headers : { ...c.headers, 'content-length': length };
        const res = await t.app.inject({ method: c.method, url: c.url, headers, payload: '' });
        expect(`${c.method} ${c.url} ${length ?? '-'}: ${res.statusCode} ${res.body}`).toBe(`${c.method} ${c.url} ${length ?? '-'}: ${c.status} ${res.body}`);
      }
    }
  });

  it('routes that need a body still answer 400 naming the body or its field', async () => {
    const cases: [string, string, Record<string, string>, RegExp][] = [
      ['/sandbox/api/orders', 'POST', json, /^body /],
      ['/sandbox/api/refunds', 'POST', json, /^body /],
      ['/operator/stores', 'POST', admin, /^name is required/],
      ['/sandbox/shipping/api/v2/webhooks', 'POST', { ...json, ...t.bearer() }, /url/],
    ];
    for (const [url, method, headers, message] of cases) {
      const res = await t.app.inject({ method: method as 'POST', url, headers, payload: '' });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error).toBe('Bad Request');
      expect(res.json().message, url).toMatch(message);
    }
  });

  it('a body that is not JSON is still a 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/sandbox/api/orders', headers: json, payload: '{"data": ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Bad Request');
  });
});

describe('Bearer tokens without exp', () => {
  // charleysamar/montonio-shopware-php-sdk src/Clients/PaymentsClient.php getBearerToken(): the
  // Bearer token of its GET calls (getPaymentMethods, fetchOrder) is JWT::encode(['accessKey' => …])
  // with no exp and no iat, sent with `Content-Type: application/json`; fetchOrder also sends the
  // body json_encode([]) = "[]" on its GET.
  const headersFor = (store: CreatedStore, env: 'sandbox' | 'production', over: { secret?: string } = {}) => ({
    'content-type': 'application/json',
    authorization: `Bearer ${phpJwt({ accessKey: store.keys[env].accessKey }, over.secret ?? store.keys[env].secretKey)}`,
  });
  const base = (env: 'sandbox' | 'production') => (env === 'sandbox' ? '/sandbox/api' : '/api');
  const setting = (app: TestApp, store: CreatedStore, allow: unknown) =>
    app.app.inject({ method: 'PATCH', url: `/operator/stores/${store.id}`, headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, payload: { allowTokensWithoutExp: allow } });

  it('sandbox: accepted on payments, payouts and shipping GETs; the signature is still checked', async () => {
    const store = await t.createStore();
    const order = await t.app.inject({ method: 'POST', url: '/sandbox/api/orders', payload: { data: t.token(orderPayload(), { store }) } });
    const h = headersFor(store, 'sandbox');
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/api/stores/payment-methods', headers: h })).statusCode).toBe(200);
    const read = await t.app.inject({ method: 'GET', url: `/sandbox/api/orders/${order.json().uuid}`, headers: h, payload: '[]' });
    expect(read.statusCode).toBe(200);
    expect(read.json().uuid).toBe(order.json().uuid);
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/api/store-balances', headers: h })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/sandbox/api/stores/${store.id}/payouts?limit=50&offset=0&order=DESC`, headers: h })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/shipping/api/v2/carriers', headers: h })).statusCode).toBe(200);
    const forged = await t.app.inject({ method: 'GET', url: '/sandbox/api/stores/payment-methods', headers: headersFor(store, 'sandbox', { secret: 'not-the-secret' }) });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toStrictEqual({
      statusCode: 403,
      message: `INVALID_TOKEN: the signature does not match the secret key of access key ${store.keys.sandbox.accessKey}`,
      error: 'Forbidden',
      code: 'KASSA_ERR_INVALID_SIGNATURE',
      docUrl: 'http://kassa.test/docs/errors#KASSA_ERR_INVALID_SIGNATURE',
    });
  });

  it('the {data} token of a POST keeps requiring exp, in both environments', async () => {
    const store = await t.createStore();
    for (const env of ['sandbox', 'production'] as const) {
      const data = phpJwt({ ...orderPayload(), accessKey: store.keys[env].accessKey }, store.keys[env].secretKey);
      const res = await t.app.inject({ method: 'POST', url: `${base(env)}/orders`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ data }) });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('INVALID_TOKEN: payload.exp is required');
    }
    await setting(t, store, true);
    const data = phpJwt({ ...orderPayload(), accessKey: store.keys.production.accessKey }, store.keys.production.secretKey);
    expect((await t.app.inject({ method: 'POST', url: '/api/orders', payload: { data } })).statusCode).toBe(401);
  });

  it('production: refused by default with a 401 naming the store setting; allowed once the operator turns it on, refused again when off', async () => {
    const store = await t.createStore();
    const get = () => t.app.inject({ method: 'GET', url: '/api/stores/payment-methods', headers: headersFor(store, 'production') });
    const refused = await get();
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toBe('Unauthorized');
    expect(refused.json().message).toMatch(/^INVALID_TOKEN: payload\.exp is required/);
    expect(refused.json().message).toContain('allowTokensWithoutExp');
    // A forged token learns nothing about the setting: the signature is checked first.
    const forged = await t.app.inject({ method: 'GET', url: '/api/stores/payment-methods', headers: headersFor(store, 'production', { secret: 'x' }) });
    expect(forged.statusCode).toBe(403);

    const on = await setting(t, store, true);
    expect(on.statusCode).toBe(200);
    expect(on.json().allowTokensWithoutExp).toBe(true);
    expect((await get()).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/shipping/api/v2/carriers', headers: headersFor(store, 'production') })).statusCode).toBe(200);
    // Other stores keep the default.
    const other = await t.createStore();
    expect((await t.app.inject({ method: 'GET', url: '/api/stores/payment-methods', headers: headersFor(other, 'production') })).statusCode).toBe(401);

    expect((await setting(t, store, false)).json().allowTokensWithoutExp).toBe(false);
    expect((await get()).statusCode).toBe(401);
    // Tokens with exp are unaffected either way; an expired one is still refused.
    expect((await t.app.inject({ method: 'GET', url: '/api/stores/payment-methods', headers: t.bearer({ store, env: 'production' }) })).statusCode).toBe(200);
    const expired = phpJwt({ accessKey: store.keys.production.accessKey, exp: nowS() - 10 }, store.keys.production.secretKey);
    await setting(t, store, true);
    const late = await t.app.inject({ method: 'GET', url: '/api/stores/payment-methods', headers: { authorization: `Bearer ${expired}` } });
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toMatch(/^TOKEN_EXPIRED/);
  });

  it('the setting is a boolean, shown on the store, and false for new stores', async () => {
    const store = await t.createStore();
    const shown = await t.app.inject({ method: 'GET', url: `/operator/stores/${store.id}`, headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(shown.json().allowTokensWithoutExp).toBe(false);
    const bad = await setting(t, store, 'yes');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^allowTokensWithoutExp must be true or false/);
  });

  it('with the key cache on (as in production), a settings change is seen at once by this node', async () => {
    const cached = await createTestApp({ KASSA_AUTH_CACHE_MS: '60000' });
    try {
      const store = await cached.createStore();
      const get = () => cached.app.inject({ method: 'GET', url: '/api/stores/payment-methods', headers: headersFor(store, 'production') });
      expect((await get()).statusCode).toBe(401); // the key (setting off) is now cached
      await setting(cached, store, true);
      expect((await get()).statusCode).toBe(200);
      await setting(cached, store, false);
      expect((await get()).statusCode).toBe(401);
    } finally {
      await cached.close();
    }
  });

  it('CLI: kassa stores set-tokens-without-exp UUID --allow true|false [--json]', async () => {
    const store = await t.createStore();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const saved = { url: process.env.KASSA_URL, token: process.env.KASSA_ADMIN_TOKEN };
    process.env.KASSA_URL = address;
    process.env.KASSA_ADMIN_TOKEN = ADMIN_TOKEN;
    try {
      const lines: string[] = [];
      await cli(['stores', 'set-tokens-without-exp', store.id, '--allow', 'true', '--json'], (l) => lines.push(l));
      expect(JSON.parse(lines[0]!)).toStrictEqual({ uuid: store.id, allowTokensWithoutExp: true });
      expect((await t.app.inject({ method: 'GET', url: '/api/stores/payment-methods', headers: headersFor(store, 'production') })).statusCode).toBe(200);
      await cli(['stores', 'set-tokens-without-exp', store.id, '--allow', 'false'], (l) => lines.push(l));
      expect(lines[1]).toMatch(/refuses production Bearer tokens without exp/);
      expect((await t.app.inject({ method: 'GET', url: '/api/stores/payment-methods', headers: headersFor(store, 'production') })).statusCode).toBe(401);
      await expect(cli(['stores', 'set-tokens-without-exp', store.id, '--allow', 'maybe'], () => {})).rejects.toThrow(/--allow true\|false/);
      await expect(cli(['stores', 'set-tokens-without-exp', '--allow', 'true'], () => {})).rejects.toThrow(/store uuid is required/);
    } finally {
      process.env.KASSA_URL = saved.url ?? '';
      process.env.KASSA_ADMIN_TOKEN = saved.token ?? '';
      if (saved.url === undefined) delete process.env.KASSA_URL;
      if (saved.token === undefined) delete process.env.KASSA_ADMIN_TOKEN;
    }
  });
});

/** POST {data} as PHP clients send it: json_encode(['data' => $token]) with Content-Type: application/json. */
const postData = (url: string, token: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify({ data: token }) });
const sandboxKeys = () => t.store.keys.sandbox;

/** Pays a sandbox order and settles it, so it can be refunded. */
async function payAndSettle(uuid: string): Promise<void> {
  const paid = await t.app.inject({ method: 'POST', url: `/sandbox/api/test-helpers/orders/${uuid}/pay`, headers: t.bearer() });
  expect(paid.json().order.paymentStatus).toBe('PAID');
  expect((await t.app.inject({ method: 'POST', url: '/sandbox/api/test-helpers/settle', headers: t.bearer() })).statusCode).toBe(200);
}

describe('WooCommerce plugin (WordPressBugBounty/plugins-montonio-for-woocommerce)', () => {
  // includes/payment/class-wc-montonio-api.php build_order_data(): every value cast to string or
  // float, addresses of (string) getters (empty strings when WooCommerce has no value: a virtual
  // order has no shipping address at all), array_filter() on the top level only, then exp; the
  // token adds accessKey and iat (includes/class-wc-montonio-helper.php create_jwt_token()).
  const emptyAddress = { firstName: '', lastName: '', email: 'buyer@example.com', phoneNumber: '', addressLine1: '', addressLine2: '', locality: '', region: '', postalCode: '', country: '' };
  function wooOrder(payment: Record<string, unknown>, over: Record<string, unknown> = {}) {
    const order: Record<string, unknown> = {
      accessKey: sandboxKeys().accessKey,
      merchantReference: String(1000 + Math.floor(Math.random() * 1e6)),
      merchantReferenceDisplay: '#1234',
      notificationUrl: 'https://shop.example/?wc-api=wc_montonio_payments_notification',
      returnUrl: 'https://shop.example/?wc-api=wc_montonio_payments',
      grandTotal: 25.9,
      currency: 'EUR',
      locale: 'et',
      ipAddress: '203.0.113.7',
      billingAddress: {
        firstName: 'Mari',
        lastName: 'Maasikas',
        email: 'buyer@example.com',
        phoneNumber: '+3725551234',
        addressLine1: 'Narva mnt 5',
        addressLine2: '',
        locality: 'Tallinn',
        region: '',
        postalCode: '10117',
        country: 'EE',
      },
      shippingAddress: emptyAddress,
      lineItems: [
        { name: 'Särk „Tallinn“', finalPrice: 20.9, quantity: 1 },
        { name: 'SHIPPING', finalPrice: 5, quantity: 1 },
      ],
      payment: { method: 'paymentInitiation', methodDisplay: 'Pay with your bank', amount: 25.9, currency: 'EUR', methodOptions: null, ...payment },
      ...over,
    };
    return { ...order, exp: nowS() + 600, iat: nowS() };
  }

  it('bank payment: empty paymentReference, the chosen bank and country, empty address fields', async () => {
    const res = await postData(
      '/sandbox/api/orders',
      phpJwt(
        wooOrder({
          methodOptions: { paymentReference: '', paymentDescription: 'Payment for order 1234', preferredCountry: 'EE', preferredProvider: 'LHVBEE22' },
        }),
        sandboxKeys().secretKey,
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().paymentUrl).toMatch(/^http:\/\/kassa\.test\/pay\//);
  });

  it('bank payment without a preselected bank: the default country may be empty', async () => {
    const res = await postData(
      '/sandbox/api/orders',
      phpJwt(
        wooOrder({
          methodOptions: { paymentReference: '', paymentDescription: 'Payment for order 1234', preferredCountry: '' },
        }),
        sandboxKeys().secretKey,
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
  });

  it('card, BLIK, pay later and financing: methodOptions null (bnpl period a float), a virtual order without shipping address', async () => {
    const cases: Record<string, unknown>[] = [
      { method: 'cardPayments', methodOptions: null },
      { method: 'bnpl', methodOptions: { period: 3.0 } },
      { method: 'hirePurchase', methodOptions: null, amount: 250 },
    ];
    for (const payment of cases) {
      const grandTotal = (payment.amount as number | undefined) ?? 25.9;
      const res = await postData('/sandbox/api/orders', phpJwt(wooOrder(payment, { grandTotal, lineItems: [{ name: 'E-book', finalPrice: grandTotal, quantity: 1 }] }), sandboxKeys().secretKey));
      expect(res.statusCode, `${String(payment.method)}: ${res.body}`).toBe(201);
    }
    const blik = await postData('/sandbox/api/orders', phpJwt(wooOrder({ method: 'blik', methodOptions: null, currency: 'PLN' }, { currency: 'PLN', locale: 'pl' }), sandboxKeys().secretKey));
    expect(blik.statusCode, blik.body).toBe(201);
  });

  it('refund: the amount as WooCommerce hands it over (a string), key order_key . time() (class-wc-montonio-refund.php)', async () => {
    const res = await postData('/sandbox/api/orders', phpJwt(wooOrder({ method: 'cardPayments', methodOptions: null }), sandboxKeys().secretKey));
    const uuid = res.json().uuid as string;
    await payAndSettle(uuid);
    const refund = { orderUuid: uuid, amount: '5.90', idempotencyKey: `wc_order_Ab12Cd34Ef56${nowS()}`, exp: nowS() + 600, accessKey: sandboxKeys().accessKey, iat: nowS() };
    const r = await postData('/sandbox/api/refunds', phpJwt(refund, sandboxKeys().secretKey));
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({ status: 'PENDING', amount: 5.9 });
    expect(typeof r.json().uuid).toBe('string');
  });
});

describe('makstech/montonio-php-sdk', () => {
  // src/Clients/AbstractClient.php generateToken(): the payload, then accessKey, exp ??= +600 and
  // iat; src/Clients/PaymentsAbstractClient.php post(): json_encode(['data' => …]) with
  // Content-Type: application/json. src/Structs/AbstractStruct.php toArray() sends every
  // initialised property: `lineItems` defaults to [] (src/Structs/OrderData.php), so an order
  // without items carries `"lineItems": []`. README.md's example: a bank payment without options.
  const sign = (payload: Record<string, unknown>) => phpJwt({ ...payload, accessKey: sandboxKeys().accessKey, exp: nowS() + 600, iat: nowS() }, sandboxKeys().secretKey);

  it('an order with lineItems [] and a payment without methodOptions; the README example with items', async () => {
    const bare = await postData(
      '/sandbox/api/orders',
      sign({
        currency: 'EUR',
        locale: 'en',
        notificationUrl: 'https://myshop.com/webhook',
        merchantReference: `MK-${nowS()}-1`,
        returnUrl: 'https://myshop.com/return',
        grandTotal: 29.99,
        payment: { amount: 29.99, currency: 'EUR', method: 'paymentInitiation' },
        lineItems: [],
      }),
    );
    expect(bare.statusCode, bare.body).toBe(201);
    const example = await postData(
      '/sandbox/api/orders',
      sign({
        currency: 'EUR',
        locale: 'en',
        notificationUrl: 'https://myshop.com/webhook',
        merchantReference: `MK-${nowS()}-2`,
        returnUrl: 'https://myshop.com/return',
        grandTotal: 29.99,
        payment: { amount: 29.99, currency: 'EUR', method: 'paymentInitiation' },
        lineItems: [
          { quantity: 1, name: 'T-Shirt', finalPrice: 19.99 },
          { quantity: 2, name: 'Socks', finalPrice: 5.0 },
        ],
        billingAddress: { firstName: 'John', lastName: 'Doe', email: 'john@example.com', addressLine1: 'Main St 1', locality: 'Tallinn', postalCode: '10111', country: 'EE' },
      }),
    );
    expect(example.statusCode, example.body).toBe(201);
    // getOrder(): GET orders/{uuid} with Content-Type: application/json and no body.
    const read = await t.app.inject({ method: 'GET', url: `/sandbox/api/orders/${example.json().uuid}`, headers: { 'content-type': 'application/json', authorization: `Bearer ${sign({})}` } });
    expect(read.statusCode).toBe(200);
    expect(read.json().paymentStatus).toBe('PENDING');
  });

  it('a refund with a float amount (src/Structs/Fields/Amount.php) and payouts with limit, offset, order (src/Clients/PayoutsClient.php)', async () => {
    const order = await postData('/sandbox/api/orders', sign({ ...orderPayload({ payment: { method: 'cardPayments', amount: 10.5, currency: 'EUR' } }), lineItems: [] }));
    await payAndSettle(order.json().uuid);
    const refund = await postData('/sandbox/api/refunds', sign({ amount: 1.5, orderUuid: order.json().uuid, idempotencyKey: 'a3b0f2e4-6f7e-4f0b-9a55-0c1d2e3f4a5b' }));
    expect(refund.statusCode, refund.body).toBe(201);
    for (const query of ['limit=50&offset=0&order=DESC', 'limit=50&offset=0&order=DESC&orderBy=createdAt']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/sandbox/api/stores/${t.store.id}/payouts?${query}`,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${sign({})}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(Array.isArray(res.json().payouts)).toBe(true);
    }
  });
});

describe('charleysamar/montonio-shopware-php-sdk', () => {
  // src/Clients/PaymentsClient.php: createOrder() signs PaymentData::toArray() (src/Structs/
  // AbstractStruct.php: every set property; src/Structs/PaymentData.php: `lineItems` defaults to
  // [], a top-level `method`, floats from (float) casts) with exp +600; its GET calls carry the
  // Bearer token {accessKey} (no exp, no iat) and Content-Type: application/json.
  const bearer = () => ({ 'content-type': 'application/json', authorization: `Bearer ${phpJwt({ accessKey: sandboxKeys().accessKey }, sandboxKeys().secretKey)}` });

  it('an order as PaymentData::toArray() builds it', async () => {
    const res = await postData(
      '/sandbox/api/orders',
      phpJwt(
        {
          accessKey: sandboxKeys().accessKey,
          merchantReference: `SW-${nowS()}`,
          returnUrl: 'https://shop.example/montonio/return',
          notificationUrl: 'https://shop.example/montonio/notify',
          grandTotal: 15.0,
          currency: 'EUR',
          locale: 'et',
          payment: {
            method: 'paymentInitiation',
            methodDisplay: 'Bank',
            methodOptions: { preferredCountry: 'EE', preferredLocale: 'et', paymentDescription: 'Order SW' },
            amount: 15.0,
            currency: 'EUR',
          },
          exp: nowS() + 600,
          lineItems: [{ name: 'Mug', quantity: 1.0, finalPrice: 15.0 }],
          billingAddress: {
            firstName: 'Jaan',
            lastName: 'Tamm',
            email: 'jaan@example.com',
            addressLine1: 'Pikk 1',
            locality: 'Tartu',
            region: '',
            country: 'EE',
            postalCode: '51003',
            phoneNumber: '',
          },
          method: 'paymentInitiation',
        },
        sandboxKeys().secretKey,
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    // fetchOrder(): GET /orders/{uuid} with the body json_encode([]) = "[]".
    const read = await t.app.inject({ method: 'GET', url: `/sandbox/api/orders/${res.json().uuid}`, headers: bearer(), payload: '[]' });
    expect(read.statusCode, read.body).toBe(200);
  });

  it('getPaymentMethods(): GET /stores/setup?access-key=… answers the payment-method list', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/sandbox/api/stores/setup?access-key=${sandboxKeys().accessKey}`, headers: bearer() });
    expect(res.statusCode, res.body).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/sandbox/api/stores/payment-methods', headers: t.bearer() });
    expect(res.json()).toStrictEqual(list.json());
  });
});

describe('veltix/montonio', () => {
  // src/Http/PaymentsHttpClient.php: GETs send `Accept: application/json` and no Content-Type;
  // POSTs Content-Type and Accept. src/Auth/JwtFactory.php: payload + accessKey, iat, exp.
  // src/Payments/Dto/Request/Address.php toArray() drops nulls only: empty strings stay.
  const sign = (payload: Record<string, unknown>) => phpJwt({ ...payload, accessKey: sandboxKeys().accessKey, iat: nowS(), exp: nowS() + 300 }, sandboxKeys().secretKey);
  const json = { 'content-type': 'application/json', accept: 'application/json' };

  it('an order with expiresIn and empty address strings; the responses parse as its DTOs read them', async () => {
    const res = await postData(
      '/sandbox/api/orders',
      sign({
        merchantReference: `VX-${nowS()}`,
        returnUrl: 'https://shop.example/r',
        notificationUrl: 'https://shop.example/n',
        grandTotal: 12.3,
        currency: 'EUR',
        locale: 'en',
        payment: { amount: 12.3, currency: 'EUR', method: 'cardPayments', methodOptions: { preferredMethod: 'card' } },
        billingAddress: { firstName: 'Anna', email: 'anna@example.com', addressLine2: '', country: 'LV', companyName: '' },
        lineItems: [{ name: 'Book', quantity: 1, finalPrice: 12.3 }],
        expiresIn: 60,
      }),
      json,
    );
    expect(res.statusCode, res.body).toBe(201);
    const read = await t.app.inject({ method: 'GET', url: `/sandbox/api/orders/${res.json().uuid}`, headers: { accept: 'application/json', authorization: `Bearer ${sign({})}` } });
    const o = read.json();
    // src/Payments/Dto/Response/OrderResponse.php and PaymentIntent.php: the keys read without ?? .
    for (const k of ['uuid', 'paymentStatus', 'merchantReference', 'grandTotal', 'currency', 'createdAt']) expect(o, k).toHaveProperty(k);
    for (const k of ['uuid', 'paymentMethodType', 'amount', 'currency', 'status', 'createdAt']) expect(o.paymentIntents[0], k).toHaveProperty(k);
    expect(['PENDING', 'PAID', 'VOIDED', 'PARTIALLY_REFUNDED', 'REFUNDED', 'ABANDONED', 'AUTHORIZED']).toContain(o.paymentStatus);
    // PaymentMethodsResponse.php: uuid, name, paymentMethods[*].processor; BankPaymentMethod.php: code, name, logoUrl, supportedCurrencies.
    const methods = (await t.app.inject({ method: 'GET', url: '/sandbox/api/stores/payment-methods', headers: { accept: 'application/json', authorization: `Bearer ${sign({})}` } })).json();
    expect(methods).toMatchObject({ uuid: t.store.id, name: expect.any(String) });
    for (const m of Object.values(methods.paymentMethods) as { processor: string }[]) expect(typeof m.processor).toBe('string');
    const bank = methods.paymentMethods.paymentInitiation.setup.EE.paymentMethods[0];
    for (const k of ['code', 'name', 'logoUrl', 'supportedCurrencies']) expect(bank, k).toHaveProperty(k);
    // StoreBalancesResponse.php: store {uuid, name, legalName}, balances {channel: [{currency, balance}]}.
    const balances = (await t.app.inject({ method: 'GET', url: '/sandbox/api/store-balances', headers: { accept: 'application/json', authorization: `Bearer ${sign({})}` } })).json();
    expect(balances.store).toStrictEqual({ uuid: t.store.id, name: expect.any(String), legalName: expect.any(String) });
  });

  it('a refund; RefundResponse.php reads uuid, amount, status, currency, createdAt, type', async () => {
    const order = await postData('/sandbox/api/orders', sign(orderPayload({ payment: { method: 'cardPayments', amount: 10.5, currency: 'EUR' } })), json);
    await payAndSettle(order.json().uuid);
    const refund = await postData('/sandbox/api/refunds', sign({ orderUuid: order.json().uuid, amount: 10.5, idempotencyKey: 'vx-1' }), json);
    expect(refund.statusCode, refund.body).toBe(201);
    expect(refund.json()).toMatchObject({ uuid: expect.any(String), amount: 10.5, status: 'PENDING', currency: 'EUR', createdAt: expect.any(String), type: 'FULL_REFUND' });
  });
});

describe('WooCommerce plugin: reading the answers', () => {
  // includes/payment/class-wc-montonio-callbacks.php route_callback(): the token is read from
  // $_GET['order-token'] on a returnUrl that already has ?wc-api=…; process_payment_callback()
  // reads paymentStatus, uuid, merchantReference, grandTotal, currency, paymentMethod and, for
  // bank payments, paymentProviderName. payment-methods/class-wc-montonio-blik.php reads
  // paymentIntents[*].uuid and createdAt of the order answer.
  it('the return URL keeps ?wc-api= and adds order-token; the token carries the fields the plugin reads', async () => {
    const returnUrl = 'https://shop.example/?wc-api=wc_montonio_payments';
    const created = await postData('/sandbox/api/orders', phpJwt({ ...orderPayload({ returnUrl }), accessKey: sandboxKeys().accessKey, exp: nowS() + 600, iat: nowS() }, sandboxKeys().secretKey));
    expect(created.json().paymentIntents[0]).toMatchObject({ uuid: expect.any(String), createdAt: expect.any(String) });
    const paid = await t.app.inject({ method: 'POST', url: `/sandbox/api/test-helpers/orders/${created.json().uuid}/pay`, headers: t.bearer() });
    const url = new URL(paid.json().redirectUrl as string);
    expect(url.origin + url.pathname).toBe('https://shop.example/');
    expect(url.searchParams.get('wc-api')).toBe('wc_montonio_payments');
    const token = url.searchParams.get('order-token')!;
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({
      paymentStatus: 'PAID',
      uuid: created.json().uuid,
      merchantReference: created.json().merchantReference,
      currency: 'EUR',
      paymentMethod: 'paymentInitiation',
      accessKey: sandboxKeys().accessKey,
    });
    expect(claims.grandTotal).toBe(10.5);
    expect(typeof claims.paymentProviderName).toBe('string');
    // includes/admin/class-wc-montonio-data-sync.php: GET stores/payment-methods, Content-Type and Bearer {accessKey, iat, exp: +3600}.
    const bearer = phpJwt({ accessKey: sandboxKeys().accessKey, iat: nowS(), exp: nowS() + 3600 }, sandboxKeys().secretKey);
    const methods = await t.app.inject({ method: 'GET', url: '/sandbox/api/stores/payment-methods', headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` } });
    expect(methods.statusCode).toBe(200);
    expect(Object.keys(methods.json().paymentMethods)).toEqual(expect.arrayContaining(['paymentInitiation', 'cardPayments', 'blik', 'bnpl', 'hirePurchase']));
  });
});

describe('maitkaa/montonio-client (npm @almightytech/montonio-client)', () => {
  // src/client/index.ts: jsonwebtoken's sign({accessKey, ...order}, secret, {expiresIn: '10m'})
  // (header {alg, typ}, iat and exp added), axios POST {data} (Content-Type: application/json,
  // Accept: application/json, text/plain, */*); validateOrder() checks the order token's
  // accessKey; listPayouts() sends qs.stringify({limit, offset, order, orderBy}) (undefined
  // orderBy left out) and reads `payouts`; getPaymentMethods() reads `paymentMethods`.
  const axiosHeaders = { 'content-type': 'application/json', accept: 'application/json, text/plain, */*', 'user-agent': 'axios/1.7.9' };
  const sign = (payload: Record<string, unknown>) => {
    const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ ...payload, iat: nowS(), exp: nowS() + 600 })}`;
    return `${head}.${createHmac('sha256', sandboxKeys().secretKey).update(head).digest('base64url')}`;
  };

  it('card order with wallet options, refund, payouts, balances', async () => {
    const order = {
      merchantReference: `MT-${nowS()}`,
      returnUrl: 'https://shop.example/return',
      notificationUrl: 'https://shop.example/notify',
      grandTotal: 42,
      currency: 'EUR',
      locale: 'et',
      payment: { method: 'cardPayments', amount: 42, currency: 'EUR', methodOptions: { preferredMethod: 'wallet', preferredLocale: 'et', preferredWallet: 'applePay' } },
    };
    const res = await t.app.inject({ method: 'POST', url: '/sandbox/api/orders', headers: axiosHeaders, payload: JSON.stringify({ data: sign({ accessKey: sandboxKeys().accessKey, ...order }) }) });
    expect(res.statusCode, res.body).toBe(201);
    expect(typeof res.json().paymentUrl).toBe('string');
    await payAndSettle(res.json().uuid);
    const refund = await t.app.inject({
      method: 'POST',
      url: '/sandbox/api/refunds',
      headers: axiosHeaders,
      payload: JSON.stringify({ data: sign({ accessKey: sandboxKeys().accessKey, orderUuid: res.json().uuid, amount: 12.34, idempotencyKey: '9b2f4c1e-3d5a-4e6f-8a7b-1c2d3e4f5a6b' }) }),
    });
    expect(refund.statusCode, refund.body).toBe(201);
    const get = { accept: 'application/json, text/plain, */*', authorization: `Bearer ${sign({ accessKey: sandboxKeys().accessKey })}` };
    const payouts = await t.app.inject({ method: 'GET', url: `/sandbox/api/stores/${t.store.id}/payouts?limit=10&offset=0&order=DESC`, headers: get });
    expect(payouts.statusCode, payouts.body).toBe(200);
    expect(Array.isArray(payouts.json().payouts)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/api/store-balances', headers: get })).json()).toHaveProperty('balances');
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/api/stores/payment-methods', headers: get })).json()).toHaveProperty('paymentMethods');
  });
});
