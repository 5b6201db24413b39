/**
 * The inputs the fuzzer first turned into 500s, each now a 4xx in the error shape naming the field:
 * NUL and lone surrogates (body, query, path, token claims — signed or not), near-UUID ids,
 * malformed percent-encoding and over-long path parameters.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, nowS, orderPayload, type TestApp } from '../support/app.js';
import { activate, admin, pickupBody, PRODUCTION, RECEIVER, SANDBOX } from '../shipping/support.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await activate(t, t.store, { env: 'sandbox', carrierCode: 'omniva', country: 'EE' });
});
afterAll(async () => t.close());

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const unsigned = (payload: unknown) => `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}.${'A'.repeat(43)}`;
const signed = (payload: unknown, secret = t.store.keys.sandbox.secretKey) => {
  const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
};
const error = (statusCode: number, message: string) => ({
  statusCode,
  message,
  error: expect.any(String),
  code: expect.stringMatching(/^KASSA_ERR_/),
  docUrl: expect.stringMatching(/^http:\/\/kassa\.test\/docs\/errors#KASSA_ERR_/),
});

describe('NUL and lone surrogates are a 400 naming the field, wherever they come', () => {
  it('in a JSON body, at any depth (text and jsonb columns)', async () => {
    const nul = await t.app.inject({ method: 'POST', url: `${SANDBOX}/shipments`, headers: t.bearer(), payload: pickupBody({ receiver: { ...RECEIVER, name: 'Mari\u0000' } }) });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual(error(400, 'body.receiver.name must not contain NUL characters (U+0000)'));
    const surrogate = await t.app.inject({
      method: 'POST',
      url: `${SANDBOX}/shipments`,
      headers: t.bearer(),
      payload: pickupBody({ products: [{ sku: 'S', name: 'N', quantity: 1, attributes: { colour: 'red\ud800' } }] }),
    });
    expect(surrogate.json()).toEqual(error(400, 'body.products[0].attributes.colour must be valid Unicode text (it contains a lone UTF-16 surrogate)'));
  });

  it('in the claims of a signed token', async () => {
    const k = t.store.keys.sandbox;
    const res = await t.app.inject({
      method: 'POST',
      url: '/sandbox/api/orders',
      payload: { data: signed({ ...orderPayload({ merchantReference: 'A\u0000B' }), accessKey: k.accessKey, exp: nowS() + 600 }) },
    });
    expect(res.json()).toEqual(error(400, 'payload.merchantReference must not contain NUL characters (U+0000)'));
    const deep = await t.app.inject({
      method: 'POST',
      url: '/sandbox/api/orders',
      payload: { data: signed({ ...orderPayload(), payment: { method: 'cardPayments', amount: 10.5, currency: 'EUR', methodOptions: { x: '\udfff' } }, accessKey: k.accessKey, exp: nowS() + 600 }) },
    });
    expect(deep.json().message).toBe('payload.payment.methodOptions.x must be valid Unicode text (it contains a lone UTF-16 surrogate)');
  });

  it('in the access key of an unsigned token: refused before any lookup, on every authenticated route', async () => {
    for (const accessKey of ['sk_test_\u0000', '\ud800', 'x'.repeat(129)]) {
      const bearer = { authorization: `Bearer ${unsigned({ accessKey, exp: nowS() + 600 })}` };
      for (const url of ['/sandbox/api/stores/payment-methods', '/api/store-balances', `${SANDBOX}/carriers`, `${PRODUCTION}/webhooks`]) {
        const res = await t.app.inject({ method: 'GET', url, headers: bearer });
        expect(res.statusCode, `${url} ${JSON.stringify(accessKey).slice(0, 20)}`).toBe(401);
        expect(res.json().message).toMatch(/^INVALID_TOKEN: payload\.accessKey /);
      }
      const posted = await t.app.inject({ method: 'POST', url: '/sandbox/api/orders', payload: { data: unsigned({ accessKey, exp: nowS() + 600 }) } });
      expect(posted.statusCode).toBe(401);
    }
  });

  it('in a path (%00 on the public tracking page), a query string and a form post', async () => {
    const track = await t.app.inject({ method: 'GET', url: '/track/omniva/%00' });
    expect(track.json()).toEqual(error(400, 'params.trackingNumber must not contain NUL characters (U+0000)'));
    const query = await t.app.inject({ method: 'GET', url: `${SANDBOX}/shipping-methods/pickup-points?carrierCode=omniva%00&countryCode=EE`, headers: t.bearer() });
    expect(query.json()).toEqual(error(400, 'query.carrierCode must not contain NUL characters (U+0000)'));
    const form = await t.app.inject({
      method: 'POST',
      url: `/pay/${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}/start`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'lang=en%00',
    });
    expect(form.json()).toEqual(error(400, 'body.lang must not contain NUL characters (U+0000)'));
  });
});

describe('ids', () => {
  it('a 36-character id of dashes is not a UUID: 404 like any unknown shipment, no uuid cast', async () => {
    for (const id of ['------------------------------------', 'ffffffff-ffff-ffff-ffff-fffffffffffg']) {
      const res = await t.app.inject({ method: 'GET', url: `${SANDBOX}/shipments/${id}`, headers: t.bearer() });
      expect(res.json()).toEqual(error(404, `Shipment ${id} not found`));
      const patch = await t.app.inject({ method: 'PATCH', url: `${SANDBOX}/shipments/${id}`, headers: t.bearer(), payload: { receiver: RECEIVER } });
      expect(patch.statusCode).toBe(404);
    }
  });
});

describe('paths the router refuses answer in the error shape', () => {
  it('malformed percent-encoding (and a lone surrogate as CESU-8) is a 400', async () => {
    for (const seg of ['%zz', '%C0%80', '%ED%A0%80', '%E2%82']) {
      const res = await t.app.inject({ method: 'GET', url: `/sandbox/api/orders/${seg}`, headers: t.bearer() });
      expect(res.json()).toEqual(error(400, 'path is not valid percent-encoded UTF-8'));
    }
  });

  it('a path parameter over 100 characters is a 414', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/operator/stores/${'a'.repeat(101)}`, headers: admin });
    expect(res.json()).toEqual({
      statusCode: 414,
      message: 'path has a parameter longer than 100 characters',
      error: 'URI Too Long',
      code: 'KASSA_ERR_PARAM_TOO_LONG',
      docUrl: 'http://kassa.test/docs/errors#KASSA_ERR_PARAM_TOO_LONG',
    });
  });
});
