import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, orderPayload, type TestApp } from '../support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const post = (data: string, env: 'sandbox' | 'production' = 'sandbox') =>
  t.app.inject({ method: 'POST', url: env === 'sandbox' ? '/sandbox/api/orders' : '/api/orders', payload: { data } });

describe('POST /orders', () => {
  it('creates a PENDING order with a paymentUrl and reads it back', async () => {
    const res = await post(t.token(orderPayload({ merchantReference: 'A-1' })));
    expect(res.statusCode).toBe(201);
    const o = res.json();
    expect(o).toMatchObject({
      paymentStatus: 'PENDING',
      merchantReference: 'A-1',
      merchantReferenceDisplay: 'A-1',
      grandTotal: '10.50',
      currency: 'EUR',
      paymentMethodType: 'paymentInitiation',
      storeUuid: t.store.id,
      refunds: [],
      storeName: 'Test shop',
    });
    expect(o.paymentUrl).toBe(`http://kassa.test/pay/${o.uuid}`);
    expect(o.paymentIntents).toHaveLength(1);
    expect(o.paymentIntents[0]).toMatchObject({ status: 'PENDING', amount: '10.50', serviceFee: null });
    const got = await t.app.inject({ method: 'GET', url: `/sandbox/api/orders/${o.uuid}`, headers: t.bearer() });
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(o);
  });
});
