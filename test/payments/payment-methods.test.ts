import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ADMIN_TOKEN, type TestApp } from '../support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('GET /stores/payment-methods', () => {
  it("lists the store's enabled methods with processors, logos and the banks of five countries", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sandbox/api/stores/payment-methods', headers: t.bearer() });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.uuid).toBe(t.store.id);
    expect(body.name).toBe('Test shop');
    expect(Object.keys(body.paymentMethods).sort()).toEqual(['blik', 'bnpl', 'cardPayments', 'hirePurchase', 'mobilePay', 'paymentInitiation']);
    expect(body.paymentMethods.cardPayments).toMatchObject({ processor: expect.any(String), logoUrl: 'http://kassa.test/logos/methods/cardPayments.svg', requiredToBeEnabled: true });
    expect(body.paymentMethods.mobilePay.requiredToBeEnabled).toBe(true);
    expect(body.paymentMethods.blik).not.toHaveProperty('requiredToBeEnabled');
    const setup = body.paymentMethods.paymentInitiation.setup;
    expect(Object.keys(setup)).toEqual(['EE', 'LV', 'LT', 'FI', 'PL']);
    expect(setup.PL.supportedCurrencies).toEqual(['PLN']);
    expect(setup.EE.supportedCurrencies).toEqual(['EUR']);
    for (const c of Object.keys(setup)) {
      const banks = setup[c].paymentMethods;
      expect(banks.length).toBeGreaterThanOrEqual(6);
      expect(banks.map((b: { uiPosition: number }) => b.uiPosition)).toEqual(banks.map((_: unknown, i: number) => i + 1));
      for (const b of banks) expect(Object.keys(b).sort()).toEqual(['code', 'logoUrl', 'name', 'supportedCurrencies', 'uiPosition']);
    }
    // International banks carry the same code in several countries' lists.
    const codes = (c: string) => setup[c].paymentMethods.map((b: { code: string }) => b.code);
    const shared = codes('EE').filter((c: string) => codes('LV').includes(c) && codes('LT').includes(c) && codes('FI').includes(c));
    expect(shared.length).toBeGreaterThanOrEqual(2);
  });

  it('serves the logos it links to', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sandbox/api/stores/payment-methods', headers: t.bearer() });
    const bank = res.json().paymentMethods.paymentInitiation.setup.EE.paymentMethods[0];
    const logo = await t.app.inject({ method: 'GET', url: new URL(bank.logoUrl).pathname });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(logo.body).toContain('<svg');
    const method = await t.app.inject({ method: 'GET', url: '/logos/methods/blik.svg' });
    expect(method.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/logos/banks/NOPE.svg' })).statusCode).toBe(404);
  });

  it('lists only enabled methods; an empty object when none', async () => {
    const cardOnly = await t.createStore({ enabledMethods: ['cardPayments'] });
    const a = await t.app.inject({ method: 'GET', url: '/sandbox/api/stores/payment-methods', headers: t.bearer({ store: cardOnly }) });
    expect(Object.keys(a.json().paymentMethods)).toEqual(['cardPayments']);
    const none = await t.createStore({ enabledMethods: [] });
    const b = await t.app.inject({ method: 'GET', url: '/api/stores/payment-methods', headers: t.bearer({ store: none, env: 'production' }) });
    expect(b.json().paymentMethods).toEqual({});
  });
});

describe('operator API', () => {
  const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

  it('creates a store with a key pair per environment that work only in their own environment', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/operator/stores', headers: admin, payload: { name: 'My shop' } });
    expect(res.statusCode).toBe(201);
    const s = res.json();
    expect(Object.keys(s).sort()).toEqual(['name', 'production', 'sandbox', 'uuid']);
    expect(s.sandbox.accessKey).not.toBe(s.production.accessKey);
    const { rows } = await t.db.query('SELECT secret_sealed FROM store_keys WHERE store_id = $1', [s.uuid]);
    expect(rows).toHaveLength(2);
    for (const r of rows) {
      expect(r.secret_sealed).not.toContain(s.sandbox.secretKey);
      expect(r.secret_sealed).not.toContain(s.production.secretKey);
    }
  });

  it('refuses a wrong admin token and bad input', async () => {
    const wrong = await t.app.inject({ method: 'POST', url: '/operator/stores', headers: { authorization: 'Bearer nope' }, payload: { name: 'x' } });
    expect(wrong.statusCode).toBe(401);
    const none = await t.app.inject({ method: 'GET', url: '/operator/stores' });
    expect(none.statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'POST', url: '/operator/stores', headers: admin, payload: { enabledMethods: ['cash'] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('name is required; enabledMethods must list only paymentInitiation, cardPayments, mobilePay, blik, bnpl, hirePurchase');
  });

  it('changes which methods a store has enabled', async () => {
    const s = await t.createStore();
    const res = await t.app.inject({ method: 'PATCH', url: `/operator/stores/${s.id}`, headers: admin, payload: { enabledMethods: ['blik'] } });
    expect(res.statusCode).toBe(200);
    const pm = await t.app.inject({ method: 'GET', url: '/sandbox/api/stores/payment-methods', headers: t.bearer({ store: s }) });
    expect(Object.keys(pm.json().paymentMethods)).toEqual(['blik']);
  });

  it('reads one store (404 for an unknown one, 400 for a malformed uuid)', async () => {
    const s = await t.createStore();
    const one = await t.app.inject({ method: 'GET', url: `/operator/stores/${s.id}`, headers: admin });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ uuid: s.id, name: s.name, shippingAddress: null });
    expect((await t.app.inject({ method: 'GET', url: '/operator/stores/0190a8f2-3a5b-7c1d-8e2f-000000000000', headers: admin })).statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/operator/stores/nope', headers: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('storeUuid must be a UUID');
  });
});

describe('operations', () => {
  it('health, readiness, metrics and OpenAPI', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });
    const m = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(m.body).toContain('kassa_http_request_duration_seconds');
    expect(m.body).toContain('kassa_notifications_pending');
    const api = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(api.openapi).toMatch(/^3\./);
    expect(Object.keys(api.paths)).toEqual(expect.arrayContaining(['/api/orders', '/sandbox/api/orders', '/api/orders/{orderUuid}', '/sandbox/api/test-helpers/orders/{orderUuid}/pay']));
    const docs = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(docs.statusCode).toBe(200);
  });

  it('answers unknown routes in the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.json()).toEqual({
      statusCode: 404,
      message: 'Route GET /api/nope not found',
      error: 'Not Found',
      code: 'KASSA_ERR_ROUTE_NOT_FOUND',
      docUrl: 'http://kassa.test/docs/errors#KASSA_ERR_ROUTE_NOT_FOUND',
    });
  });
});
