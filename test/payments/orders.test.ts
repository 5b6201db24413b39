import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSigner } from 'fast-jwt';
import { createTestApp, nowS, orderPayload, type TestApp } from '../support/app.js';
import { connectProduction } from '../support/connectors.js';
import { sign } from '../../src/platform/jwt.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Production orders need their methods' connectors (issue 19).
  await connectProduction(t);
});
afterAll(async () => t.close());

const post = (data: unknown, env: 'sandbox' | 'production' = 'sandbox') => t.app.inject({ method: 'POST', url: env === 'sandbox' ? '/sandbox/api/orders' : '/api/orders', payload: { data } });

async function counts() {
  const { rows } = await t.db.query<{ o: number; i: number; n: number }>(
    'SELECT (SELECT count(*)::int FROM orders) o, (SELECT count(*)::int FROM payment_intents) i, (SELECT count(*)::int FROM notifications) n',
  );
  return rows[0]!;
}

describe('POST /orders and GET /orders/:uuid', () => {
  it('creates a PENDING order with a paymentUrl, and reads it back', async () => {
    const res = await post(t.token(orderPayload({ merchantReference: 'A-1', lineItems: [{ name: 'Mug', quantity: 2, finalPrice: 5.25 }] })));
    expect(res.statusCode).toBe(201);
    const o = res.json();
    expect(o).toMatchObject({
      paymentStatus: 'PENDING',
      locale: 'en',
      merchantReference: 'A-1',
      merchantReferenceDisplay: 'A-1',
      merchantReturnUrl: 'https://shop.example/return',
      merchantNotificationUrl: 'https://shop.example/notify',
      grandTotal: '10.50',
      currency: 'EUR',
      paymentMethodType: 'paymentInitiation',
      storeUuid: t.store.id,
      refunds: [],
      availableForRefund: 0,
      isRefundableType: true,
      lineItems: [{ name: 'Mug', quantity: 2, finalPrice: 5.25 }],
      billingAddress: null,
      shippingAddress: null,
      storeName: 'Test shop',
      businessName: 'Test shop',
    });
    expect(o.paymentUrl).toBe(`http://kassa.test/pay/${o.uuid}`);
    expect(new Date(o.expiresAt).getTime() - new Date(o.createdAt).getTime()).toBe(30 * 60_000);
    expect(o.paymentIntents).toEqual([expect.objectContaining({ status: 'PENDING', amount: '10.50', currency: 'EUR', paymentMethodType: 'paymentInitiation', serviceFee: null })]);
    expect(o.paymentIntents[0].paymentMethodMetadata).toEqual({ preferredCountry: 'EE' });
    const got = await t.app.inject({ method: 'GET', url: `/sandbox/api/orders/${o.uuid}`, headers: t.bearer() });
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(o);
  });

  it('returns every address field, unset ones as null', async () => {
    const res = await post(t.token(orderPayload({ billingAddress: { firstName: 'Mari', country: 'EE', email: 'mari@example.com' } })));
    expect(res.statusCode).toBe(201);
    const a = res.json().billingAddress;
    expect(Object.keys(a)).toHaveLength(15);
    expect(a).toMatchObject({ firstName: 'Mari', country: 'EE', email: 'mari@example.com', lastName: null, companyVatNumber: null });
  });

  it('accepts numeric strings for amounts and ignores unknown keys', async () => {
    const res = await post(t.token(orderPayload({ grandTotal: '12.30', pluginVersion: '3.1.4', payment: { method: 'cardPayments', amount: '12.3', currency: 'EUR', extra: 1 } })));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ grandTotal: '12.30', paymentMethodType: 'cardPayments' });
  });

  it('defaults locale to the store country language and merchantReferenceDisplay to merchantReference', async () => {
    const p = orderPayload({ merchantReference: 'LOC-1' });
    delete p.locale;
    const res = await post(t.token(p));
    expect(res.json()).toMatchObject({ locale: 'et', merchantReferenceDisplay: 'LOC-1' });
  });

  it('re-using a merchantReference updates the same PENDING order', async () => {
    const first = (await post(t.token(orderPayload({ merchantReference: 'UPD-1' })))).json();
    const before = await counts();
    const second = await post(
      t.token(
        orderPayload({
          merchantReference: 'UPD-1',
          grandTotal: 20,
          expiresIn: 60,
          payment: { method: 'cardPayments', amount: 20, currency: 'EUR' },
        }),
      ),
    );
    expect(second.statusCode).toBe(201);
    const o = second.json();
    expect(o.uuid).toBe(first.uuid);
    expect(o).toMatchObject({ grandTotal: '20.00', paymentMethodType: 'cardPayments', paymentStatus: 'PENDING' });
    expect(o.paymentIntents).toHaveLength(1);
    expect(o.paymentIntents[0]).toMatchObject({ amount: '20.00', paymentMethodType: 'cardPayments', status: 'PENDING' });
    expect(new Date(o.expiresAt).getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    expect((await counts()).o).toBe(before.o);
  });

  it('refuses to change a PAID order through its merchantReference, and changes nothing', async () => {
    const o = (await post(t.token(orderPayload({ merchantReference: 'PAID-1' })))).json();
    const pay = await t.app.inject({ method: 'POST', url: `/sandbox/api/test-helpers/orders/${o.uuid}/pay`, headers: t.bearer(), payload: {} });
    expect(pay.statusCode).toBe(200);
    const res = await post(t.token(orderPayload({ merchantReference: 'PAID-1', grandTotal: 99, payment: { method: 'paymentInitiation', amount: 99, currency: 'EUR' } })));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/merchantReference "PAID-1" belongs to an order that is PAID/);
    const after = (await t.app.inject({ method: 'GET', url: `/sandbox/api/orders/${o.uuid}`, headers: t.bearer() })).json();
    expect(after).toMatchObject({ grandTotal: '10.50', paymentStatus: 'PAID', paymentUrl: null });
  });

  it('the same merchantReference in two stores makes two orders; a store never sees the other one', async () => {
    const other = await t.createStore();
    const a = (await post(t.token(orderPayload({ merchantReference: 'SHARED' })))).json();
    const b = (await post(t.token(orderPayload({ merchantReference: 'SHARED' }), { store: other }))).json();
    expect(a.uuid).not.toBe(b.uuid);
    const cross = await t.app.inject({ method: 'GET', url: `/sandbox/api/orders/${a.uuid}`, headers: t.bearer({ store: other }) });
    expect(cross.statusCode).toBe(404);
    expect(cross.json()).toEqual({
      statusCode: 404,
      message: `Order ${a.uuid} not found`,
      error: 'Not Found',
      code: 'KASSA_ERR_NOT_FOUND',
      docUrl: 'http://kassa.test/docs/errors#KASSA_ERR_NOT_FOUND',
    });
  });

  it('keeps environments apart: production keys make production orders, invisible to the sandbox', async () => {
    const res = await post(t.token(orderPayload(), { env: 'production' }), 'production');
    expect(res.statusCode).toBe(201);
    const o = res.json();
    const fromSandbox = await t.app.inject({ method: 'GET', url: `/sandbox/api/orders/${o.uuid}`, headers: t.bearer() });
    expect(fromSandbox.statusCode).toBe(404);
    const fromProd = await t.app.inject({ method: 'GET', url: `/api/orders/${o.uuid}`, headers: t.bearer({ env: 'production' }) });
    expect(fromProd.statusCode).toBe(200);
  });

  it('a production order cannot be announced to a private address; a sandbox one can', async () => {
    const before = await t.db.query('SELECT count(*)::int AS n FROM orders');
    // The IPv4-compatible and 6to4 spellings of 127.0.0.1 are the same private address (RFC 4291 §2.5.5.1, RFC 3056 §2).
    for (const notificationUrl of ['http://localhost:3000/notify', 'http://169.254.169.254/latest', 'http://[::1]/n', 'http://[::127.0.0.1]/n', 'http://[2002:7f00:1::]/n']) {
      const res = await post(t.token(orderPayload({ notificationUrl }), { env: 'production' }), 'production');
      expect(res.json()).toEqual({
        statusCode: 400,
        message: 'notificationUrl must be reachable from the internet: production callbacks go to public addresses only',
        error: 'Bad Request',
        code: 'KASSA_ERR_VALIDATION',
        docUrl: 'http://kassa.test/docs/errors#KASSA_ERR_VALIDATION',
      });
    }
    expect((await t.db.query('SELECT count(*)::int AS n FROM orders')).rows[0].n).toBe(before.rows[0].n);
    expect((await post(t.token(orderPayload({ notificationUrl: 'http://localhost:3000/notify' })))).statusCode).toBe(201);
  });

  it('GET of an unknown or malformed uuid', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/sandbox/api/orders/0190a8c4-0000-7000-8000-000000000000', headers: t.bearer() });
    expect(unknown.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/sandbox/api/orders/nope', headers: t.bearer() });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('orderUuid must be a UUID');
  });

  it('refuses a method the store has not enabled', async () => {
    const s = await t.createStore({ enabledMethods: ['cardPayments'] });
    const res = await post(t.token(orderPayload(), { store: s }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('payment.method paymentInitiation is not enabled for this store');
  });
});

describe('authentication faults are refused and write nothing', () => {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  /** A valid token (signed again until its signature has a `-` or `_`) with its signature re-spelled: the same bytes, another text. */
  const respell = (first: string, spell: (sig: string) => string) => {
    let token = first;
    while (!/[-_]/.test(token.split('.')[2]!)) token = t.token(orderPayload());
    const [h, p, s] = token.split('.') as [string, string, string];
    expect(Buffer.from(spell(s), 'base64url').equals(Buffer.from(s, 'base64url'))).toBe(true);
    return `${h}.${p}.${spell(s)}`;
  };
  const cases: [string, () => unknown, number, RegExp][] = [
    ['missing data', () => undefined, 400, /^data is required/],
    ['data not a string', () => 42, 400, /^data must be a string/],
    ['not a JWT', () => 'abc', 401, /INVALID_TOKEN: the token must have three/],
    ['alg none', () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...orderPayload(), accessKey: t.store.keys.sandbox.accessKey, exp: nowS() + 600 })}.`, 401, /header.alg must be HS256/],
    [
      'HS512',
      () => createSigner({ key: t.store.keys.sandbox.secretKey, algorithm: 'HS512' })({ ...orderPayload(), accessKey: t.store.keys.sandbox.accessKey, exp: nowS() + 600 }),
      401,
      /header.alg must be HS256/,
    ],
    [
      'typ not JWT',
      () =>
        createSigner({ key: t.store.keys.sandbox.secretKey, algorithm: 'HS256', header: { alg: 'HS256', typ: 'JOSE' } })({
          ...orderPayload(),
          accessKey: t.store.keys.sandbox.accessKey,
          exp: nowS() + 600,
        }),
      401,
      /header.typ must be JWT/,
    ],
    ['no accessKey', () => sign({ ...orderPayload(), exp: nowS() + 600 }, t.store.keys.sandbox.secretKey), 401, /payload.accessKey is required/],
    ['unknown accessKey', () => sign({ ...orderPayload(), accessKey: 'sk_test_nope', exp: nowS() + 600 }, 'x'), 401, /^STORE_NOT_FOUND$/],
    [
      'production key on sandbox',
      () => t.token(orderPayload(), { env: 'production' }),
      401,
      /^STORE_NOT_FOUND: this access key belongs to the production environment; use http:\/\/kassa\.test\/api\/orders$/,
    ],
    [
      'wrong secret',
      () => sign({ ...orderPayload(), accessKey: t.store.keys.sandbox.accessKey, exp: nowS() + 600 }, 'wrong-secret'),
      403,
      /^INVALID_TOKEN: the signature does not match the secret key of access key sk_test_/,
    ],
    [
      'tampered payload',
      () => {
        const [h, , s] = t.token(orderPayload()).split('.');
        return `${h}.${b64({ ...orderPayload({ grandTotal: 0.01 }), accessKey: t.store.keys.sandbox.accessKey, exp: nowS() + 600 })}.${s}`;
      },
      403,
      /^INVALID_TOKEN: the signature does not match the secret key of access key sk_test_/,
    ],
    // Another spelling of a right signature is a wrong signature (RFC 7515 §2: one base64url form).
    ['signature with a trailing =', () => `${t.token(orderPayload())}=`, 403, /^INVALID_TOKEN: the signature does not match the secret key of access key sk_test_/],
    [
      'signature in standard base64',
      () => respell(t.token(orderPayload()), (s) => Buffer.from(s, 'base64url').toString('base64')),
      403,
      /^INVALID_TOKEN: the signature does not match the secret key of access key sk_test_/,
    ],
    [
      'signature with other padding bits',
      () => respell(t.token(orderPayload()), (s) => s.slice(0, -1) + B64URL[B64URL.indexOf(s.slice(-1)) ^ 1]),
      403,
      /^INVALID_TOKEN: the signature does not match the secret key of access key sk_test_/,
    ],
    ['expired', () => t.token(orderPayload(), { expIn: -60 }), 401, /TOKEN_EXPIRED/],
    ['no exp', () => sign({ ...orderPayload(), accessKey: t.store.keys.sandbox.accessKey }, t.store.keys.sandbox.secretKey), 401, /payload.exp is required/],
  ];
  it.each(cases)('%s', async (_name, data, status, message) => {
    const before = await counts();
    const res = await post(data());
    expect(res.statusCode).toBe(status);
    const body = res.json();
    expect(body.statusCode).toBe(status);
    expect(body.message).toMatch(message);
    expect(body.error).toBe({ 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden' }[status]);
    expect(await counts()).toEqual(before);
  });

  it('GET needs a Bearer token, checked the same way', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/sandbox/api/stores/payment-methods' });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toMatch(/Authorization header is required/);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/sandbox/api/stores/payment-methods',
      headers: { authorization: `Bearer ${sign({ accessKey: t.store.keys.sandbox.accessKey, exp: nowS() + 60 }, 'nope')}` },
    });
    expect(wrong.statusCode).toBe(403);
    const prodKey = await t.app.inject({ method: 'GET', url: '/sandbox/api/stores/payment-methods', headers: t.bearer({ env: 'production' }) });
    expect(prodKey.json()).toEqual({
      statusCode: 401,
      message: 'STORE_NOT_FOUND: this access key belongs to the production environment; use http://kassa.test/api/stores/payment-methods',
      error: 'Unauthorized',
      code: 'KASSA_ERR_WRONG_ENVIRONMENT',
      docUrl: 'http://kassa.test/docs/errors#KASSA_ERR_WRONG_ENVIRONMENT',
    });
  });
});

describe('every payload rule gets a 400 naming the field and writes nothing', () => {
  const pi = (methodOptions: Record<string, unknown>) => ({ payment: { method: 'paymentInitiation', amount: 10.5, currency: 'EUR', methodOptions } });
  const cases: [string, Record<string, unknown>, string][] = [
    ['merchantReference missing', { merchantReference: undefined }, 'merchantReference is required'],
    ['merchantReference empty', { merchantReference: ' ' }, 'merchantReference must not be empty'],
    ['merchantReference too long', { merchantReference: 'x'.repeat(256) }, 'merchantReference must be at most 255 characters'],
    ['returnUrl missing', { returnUrl: undefined }, 'returnUrl is required'],
    ['returnUrl relative', { returnUrl: '/thanks' }, 'returnUrl must be an absolute URL'],
    ['notificationUrl not http', { notificationUrl: 'ftp://x.example/n' }, 'notificationUrl must be an http or https URL'],
    ['grandTotal missing', { grandTotal: undefined }, 'grandTotal is required'],
    ['grandTotal 3 decimals', { grandTotal: 10.505 }, 'grandTotal must have at most 2 decimal places'],
    ['grandTotal not a number', { grandTotal: 'ten' }, 'grandTotal must be a number'],
    ['grandTotal zero', { grandTotal: 0, payment: { method: 'paymentInitiation', amount: 0, currency: 'EUR' } }, 'grandTotal must be at least 0.01'],
    ['grandTotal negative', { grandTotal: -5 }, 'grandTotal must be at least 0.01'],
    ['currency missing', { currency: undefined }, 'currency is required'],
    ['currency unknown', { currency: 'USD' }, 'currency must be one of EUR, PLN'],
    ['locale unknown', { locale: 'sv' }, 'locale must be one of de, en, et, fi, lt, lv, pl, ru'],
    ['expiresIn below 5', { expiresIn: 4 }, 'expiresIn must be from 5 to 44640'],
    ['expiresIn above 44640', { expiresIn: 44641 }, 'expiresIn must be from 5 to 44640'],
    ['expiresIn fraction', { expiresIn: 7.5 }, 'expiresIn must be a whole number'],
    ['payment missing', { payment: undefined }, 'payment is required'],
    ['payment.method missing', { payment: { amount: 10.5, currency: 'EUR' } }, 'payment.method is required'],
    ['payment.method unknown', { payment: { method: 'cash', amount: 10.5, currency: 'EUR' } }, 'payment.method must be one of'],
    ['payment.amount differs', { payment: { method: 'paymentInitiation', amount: 10.49, currency: 'EUR' } }, 'payment.amount must equal grandTotal (10.50)'],
    ['payment.currency differs', { payment: { method: 'paymentInitiation', amount: 10.5, currency: 'PLN' } }, 'payment.currency must equal currency (EUR)'],
    ['blik in EUR', { payment: { method: 'blik', amount: 10.5, currency: 'EUR' } }, 'currency EUR is not supported by blik'],
    ['mobilePay in PLN', { currency: 'PLN', payment: { method: 'mobilePay', amount: 10.5, currency: 'PLN' } }, 'currency PLN is not supported by mobilePay'],
    ['preferredCountry unknown', pi({ preferredCountry: 'SE' }), 'payment.methodOptions.preferredCountry must be one of EE, LV, LT, FI, PL'],
    ['preferredProvider not in list', pi({ preferredCountry: 'EE', preferredProvider: 'NOPE' }), 'payment.methodOptions.preferredProvider must be a bank code of the EE list'],
    ['preferredLocale unknown', pi({ preferredLocale: 'xx' }), 'payment.methodOptions.preferredLocale must be one of'],
    ['paymentReference malformed', pi({ paymentReference: '1234567' }), 'payment.methodOptions.paymentReference must be a valid structured reference'],
    [
      'preferredMethod unknown',
      { payment: { method: 'cardPayments', amount: 10.5, currency: 'EUR', methodOptions: { preferredMethod: 'cash' } } },
      'payment.methodOptions.preferredMethod must be one of wallet, card',
    ],
    ['bnpl period 4', { payment: { method: 'bnpl', amount: 10.5, currency: 'EUR', methodOptions: { period: 4 } } }, 'payment.methodOptions.period must be from 1 to 3'],
    ['sessionUuid malformed', { sessionUuid: 'abc', payment: { method: 'cardPayments', amount: 10.5, currency: 'EUR' } }, 'sessionUuid must be a UUID'],
    ['sessionUuid on bank payment', { sessionUuid: '0190a8c4-0000-7000-8000-000000000000' }, 'sessionUuid is only for embedded card payments'],
    ['billingAddress not an object', { billingAddress: 'Tallinn' }, 'billingAddress must be an object'],
    ['shippingAddress.country', { shippingAddress: { country: 'Estonia' } }, 'shippingAddress.country must be a two-letter ISO 3166-1 country code'],
    ['billingAddress.email', { billingAddress: { email: 'nope' } }, 'billingAddress.email must be an e-mail address'],
    ['billingAddress.firstName type', { billingAddress: { firstName: 5 } }, 'billingAddress.firstName must be a string'],
    ['lineItems not array', { lineItems: {} }, 'lineItems must be an array'],
    ['lineItem name missing', { lineItems: [{ quantity: 1, finalPrice: 1 }] }, 'lineItems[0].name is required'],
    ['lineItem quantity missing', { lineItems: [{ name: 'a', finalPrice: 1 }] }, 'lineItems[0].quantity is required'],
    ['lineItem quantity zero', { lineItems: [{ name: 'a', quantity: 0, finalPrice: 1 }] }, 'lineItems[0].quantity must be greater than 0'],
    ['lineItem finalPrice missing', { lineItems: [{ name: 'a', quantity: 1 }] }, 'lineItems[0].finalPrice is required'],
    ['lineItem finalPrice 3 decimals', { lineItems: [{ name: 'a', quantity: 1, finalPrice: 1.001 }] }, 'lineItems[0].finalPrice must have at most 2 decimal places'],
  ];
  it.each(cases)('%s', async (_name, over, message) => {
    const before = await counts();
    const res = await post(t.token(orderPayload(over)));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      message: expect.stringContaining(message),
      error: 'Bad Request',
      code: 'KASSA_ERR_VALIDATION',
      docUrl: 'http://kassa.test/docs/errors#KASSA_ERR_VALIDATION',
    });
    expect(await counts()).toEqual(before);
  });

  it('lists every problem at once', async () => {
    const res = await post(t.token(orderPayload({ grandTotal: 'x', currency: 'USD', returnUrl: 'nope' })));
    expect(res.json().message.split('; ')).toEqual(['returnUrl must be an absolute URL', 'grandTotal must be a number', 'currency must be one of EUR, PLN']);
  });

  it('accepts valid method options: preferred bank, structured references, bnpl period', async () => {
    const res = await post(t.token(orderPayload(pi({ preferredCountry: 'LV', preferredProvider: 'REVOLT21', paymentReference: 'RF18539007547034', preferredLocale: 'lv' }))));
    expect(res.statusCode).toBe(201);
    expect(res.json().paymentIntents[0].paymentMethodMetadata).toEqual({
      preferredCountry: 'LV',
      preferredProvider: 'REVOLT21',
      paymentReference: 'RF18539007547034',
      preferredLocale: 'lv',
    });
    const b = await post(t.token(orderPayload({ payment: { method: 'bnpl', amount: 10.5, currency: 'EUR', methodOptions: { period: 3 } } })));
    expect(b.json().paymentIntents[0].paymentMethodMetadata).toEqual({ period: 3 });
    const blik = await post(t.token(orderPayload({ currency: 'PLN', grandTotal: 49.99, payment: { method: 'blik', amount: 49.99, currency: 'PLN' } })));
    expect(blik.statusCode).toBe(201);
  });
});
