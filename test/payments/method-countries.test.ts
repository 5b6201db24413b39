/**
 * Bank payments switched off per country (PUT /operator/stores/:uuid/method-countries), per
 * environment, through every place a method is offered or accepted: GET /stores/payment-methods,
 * POST /orders (a 400 naming the field), the hosted page's countries and the bank it accepts,
 * payment links.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANKS } from '../../src/payments/methods/catalogue/banks.js';
import type { CreatedStore } from '../../src/stores/service.js';
import { ADMIN_TOKEN, createTestApp, orderPayload, type TestApp } from '../support/app.js';
import { connectProduction } from '../support/connectors.js';
import { Shopper, text } from './hosted-pages/support.js';

let t: TestApp;
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
beforeAll(async () => {
  t = await createTestApp();
  // Production orders need their methods' connectors (issue 19).
  await connectProduction(t);
});
afterAll(async () => t.close());

const setCountry = (store: CreatedStore, body: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: `/operator/stores/${store.id}/method-countries`, headers: admin, payload: body });
const methods = async (store: CreatedStore, env: 'sandbox' | 'production' = 'sandbox') =>
  (await t.app.inject({ method: 'GET', url: `${env === 'sandbox' ? '/sandbox' : ''}/api/stores/payment-methods`, headers: t.bearer({ store, env }) })).json();
let ref = 0;
const order = (store: CreatedStore, methodOptions: Record<string, unknown> | undefined, env: 'sandbox' | 'production' = 'sandbox', method = 'paymentInitiation') =>
  t.app.inject({
    method: 'POST',
    url: `${env === 'sandbox' ? '/sandbox' : ''}/api/orders`,
    payload: { data: t.token(orderPayload({ merchantReference: `MC-${++ref}`, payment: { method, amount: 10.5, currency: 'EUR', ...(methodOptions ? { methodOptions } : {}) } }), { store, env }) },
  });

describe('bank payments per country', () => {
  it('off in LV (sandbox): gone from GET payment-methods there, still listed in production; POST /orders for LV is a 400 naming preferredCountry', async () => {
    const store = await t.createStore();
    const res = await setCountry(store, { env: 'sandbox', method: 'paymentInitiation', country: 'LV', enabled: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().countriesOff).toEqual({ sandbox: { paymentInitiation: ['LV'] }, production: {} });
    expect(Object.keys((await methods(store)).paymentMethods.paymentInitiation.setup)).toEqual(['EE', 'LT', 'FI', 'PL']);
    expect(Object.keys((await methods(store, 'production')).paymentMethods.paymentInitiation.setup)).toEqual(['EE', 'LV', 'LT', 'FI', 'PL']);

    const refused = await order(store, { preferredCountry: 'LV', preferredProvider: 'HABALV22' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(refused.json().message).toContain('payment.methodOptions.preferredCountry');
    expect(refused.json().message).toContain('LV');
    expect((await order(store, { preferredCountry: 'EE' })).statusCode).toBe(201);
    expect((await order(store, { preferredCountry: 'LV' }, 'production')).statusCode).toBe(201);
    // Other methods are not per country.
    expect((await order(store, undefined, 'sandbox', 'cardPayments')).statusCode).toBe(201);

    // On again.
    expect((await setCountry(store, { env: 'sandbox', method: 'paymentInitiation', country: 'LV', enabled: true })).json().countriesOff.sandbox).toEqual({ paymentInitiation: [] });
    expect((await order(store, { preferredCountry: 'LV' })).statusCode).toBe(201);
  });

  it("the default country (the store's, EE) off: a bank preselected without preferredCountry is refused; every country off removes the method", async () => {
    const store = await t.createStore();
    await setCountry(store, { env: 'sandbox', method: 'paymentInitiation', country: 'EE', enabled: false });
    const refused = await order(store, { preferredProvider: 'HABAEE2X' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('payment.methodOptions.preferredCountry');
    for (const country of ['LV', 'LT', 'FI', 'PL']) await setCountry(store, { env: 'sandbox', method: 'paymentInitiation', country, enabled: false });
    expect((await methods(store)).paymentMethods).not.toHaveProperty('paymentInitiation');
    const none = await order(store, undefined);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toContain('payment.method');
  });

  it('the hosted page lists only the countries that are on and refuses a bank of a country that is off', async () => {
    const store = await t.createStore();
    const created = await order(store, undefined);
    expect(created.statusCode).toBe(201);
    const o = created.json();
    await setCountry(store, { env: 'sandbox', method: 'paymentInitiation', country: 'EE', enabled: false });
    const s = new Shopper(t);
    const page = await s.get(`/pay/${o.uuid}?lang=en`);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('?country=EE');
    // The store's own country is off: the first country that is on is shown.
    expect([...page.body.matchAll(/name="bank" value="([A-Z0-9]+)"/g)].map((m) => m[1])).toEqual(BANKS.LV.map((b) => b.code));
    const start = await s.post(`/pay/${o.uuid}/start`, { lang: 'en', country: 'EE', bank: 'HABAEE2X' });
    expect(start.statusCode).toBe(400);
    expect(text(start.body)).toContain('Please choose one of the options.');
  });

  it('payment links: a link for an off country is a 400 naming preferredCountry; a link made before its country went off preselects no bank', async () => {
    const store = await t.createStore();
    const link = (over: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/sandbox/api/payment-links',
        payload: {
          data: t.token(
            {
              description: 'Invoice 7',
              currency: 'EUR',
              amount: 10.5,
              locale: 'en',
              askAdditionalInfo: false,
              type: 'reusable',
              notificationUrl: 'https://shop.example/notify',
              expiresAt: new Date(Date.now() + 3600_000).toISOString().slice(0, 19) + '+00:00',
              ...over,
            },
            { store },
          ),
        },
      });
    const made = await link({ preferredCountry: 'LV', preferredProvider: 'HABALV22' });
    expect(made.statusCode, made.body).toBe(201);
    await setCountry(store, { env: 'sandbox', method: 'paymentInitiation', country: 'LV', enabled: false });
    const refused = await link({ preferredCountry: 'LV' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('preferredCountry');

    const paid = await t.app.inject({
      method: 'POST',
      url: `/links/${made.json().uuid}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ method: 'paymentInitiation', lang: 'en' }).toString(),
    });
    expect(paid.statusCode, paid.body).toBe(303);
    // Not straight to the Latvian bank: the payment page, listing the countries that are on.
    const page = await new Shopper(t).get(String(paid.headers.location));
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('?country=LV');
    expect(page.body).toContain('name="bank" value="HABAEE2X"');
    const orderUuid = /\/pay\/([0-9a-f-]{36})/.exec(String(paid.headers.location))![1];
    const order = (await t.app.inject({ method: 'GET', url: `/sandbox/api/orders/${orderUuid}`, headers: t.bearer({ store }) })).json();
    expect(order.paymentIntents[0].paymentMethodMetadata).not.toHaveProperty('preferredCountry');
    expect(order.paymentIntents[0].paymentMethodMetadata).not.toHaveProperty('preferredProvider');
  });

  it('names each bad field and changes nothing', async () => {
    const store = await t.createStore();
    const bad = await setCountry(store, { env: 'live', method: 'cardPayments', country: 'SE', enabled: 'no' });
    expect(bad.statusCode).toBe(400);
    for (const field of ['env', 'method', 'country', 'enabled']) expect(bad.json().message).toContain(field);
    expect(Object.keys((await methods(store)).paymentMethods.paymentInitiation.setup)).toHaveLength(5);
    const unknown = await t.app.inject({
      method: 'PUT',
      url: '/operator/stores/00000000-0000-4000-8000-000000000000/method-countries',
      headers: admin,
      payload: { env: 'sandbox', method: 'paymentInitiation', country: 'LV', enabled: false },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
