/** GET /store-balances: the spec's shape, per settlement channel and currency, each store its own. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedStore } from '../../src/stores/service.js';
import { createTestApp, orderPayload, type TestApp } from '../support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const balances = (store: CreatedStore, env: 'sandbox' | 'production' = 'sandbox') =>
  t.app.inject({ method: 'GET', url: `${env === 'sandbox' ? '/sandbox/api' : '/api'}/store-balances`, headers: t.bearer({ store, env }) });

async function pay(store: CreatedStore, payment: Record<string, unknown>, grandTotal: number, currency = 'EUR') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/sandbox/api/orders',
    payload: { data: t.token(orderPayload({ grandTotal, currency, payment: { ...payment, amount: grandTotal, currency } }), { store }) },
  });
  await t.app.inject({ method: 'POST', url: `/sandbox/api/test-helpers/orders/${res.json().uuid}/pay`, headers: t.bearer({ store }), payload: {} });
  return res.json().uuid as string;
}

describe('GET /store-balances', () => {
  it('a new store: the store and the three spec channels, empty', async () => {
    const s = await t.createStore({ name: 'Balanced shop' });
    const res = await balances(s);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toStrictEqual({
      store: { uuid: s.id, name: 'Balanced shop', legalName: 'Balanced shop' },
      balances: { bankPayments: [], cardPayments: [], blik: [] },
    });
  });

  it('payments less fees and refunds, per channel and currency; other stores and the other environment see none of it', async () => {
    const s = await t.createStore();
    await pay(s, { method: 'cardPayments' }, 100); // fee 1.60
    await pay(s, { method: 'mobilePay' }, 20); // a card wallet: same channel; fee 0.40
    await pay(s, { method: 'blik' }, 50, 'PLN'); // fee 0.60
    await pay(s, { method: 'bnpl' }, 200); // financing; fee 6.00
    await pay(s, { method: 'paymentInitiation', methodOptions: { preferredCountry: 'EE' } }, 10); // fee 0.10 (minimum)
    const res = await balances(s);
    expect(res.json().balances).toStrictEqual({
      bankPayments: [{ currency: 'EUR', balance: 9.9 }],
      cardPayments: [{ currency: 'EUR', balance: 118 }],
      blik: [{ currency: 'PLN', balance: 49.4 }],
      financing: [{ currency: 'EUR', balance: 194 }],
    });
    const other = await t.createStore();
    expect((await balances(other)).json().balances).toStrictEqual({ bankPayments: [], cardPayments: [], blik: [] });
    expect((await balances(s, 'production')).json().balances).toStrictEqual({ bankPayments: [], cardPayments: [], blik: [] });
  });

  it('needs the Bearer token of a key of that environment', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/api/store-balances' })).statusCode).toBe(401);
  });
});
