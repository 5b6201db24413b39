import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { activate, SANDBOX, SENDER } from './support.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await activate(t, t.store, { env: 'sandbox', carrierCode: 'baltpost', country: 'EE' });
});
afterAll(async () => t.close());


async function registered(over: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST', url: `${SANDBOX}/shipments`, headers: t.bearer(),
    payload: { synchronous: true, sender: SENDER, receiver: { name: 'Mari Maasikas', phoneCountryCode: '+372', phoneNumber: '5551234' }, ...over },
  });
  expect(res.statusCode).toBe(201);
  const s = res.json();
  expect(s.status).toBe('registered');
  return s;
}

describe('public tracking page', () => {
  it("a parcel's trackingLink opens Kassa's page: status, pickup point, parcel n of m, products — and nothing private", async () => {
    const s = await registered({
      shippingMethod: { type: 'pickupPoint', id: 'baltpost-ee-pm-1' },
      parcels: [{ weight: 1.2 }, { weight: 0.8 }],
      products: [{ sku: 'MUG-1', name: 'Kohvikruus <b>', quantity: 2 }],
    });
    const link = new URL(s.parcels[1].trackingLink);
    expect(link.origin).toBe('http://kassa.test');
    const page = await t.app.inject({ method: 'GET', url: link.pathname });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain(s.parcels[1].carrierParcelId);
    expect(page.body).toContain('Registered with the carrier');
    expect(page.body).toContain('2 of 2');
    expect(page.body).toContain('2 × Kohvikruus &lt;b&gt;');
    for (const secret of ['Mari Maasikas', '5551234']) expect(page.body).not.toContain(secret);

    await t.app.inject({ method: 'POST', url: `${SANDBOX}/test-helpers/shipments/${s.id}/status`, headers: t.bearer(), payload: { status: 'inTransit' } });
    expect((await t.app.inject({ method: 'GET', url: link.pathname })).body).toContain('On its way');
  });

  it('a courier parcel shows the destination town only', async () => {
    const s = await registered({
      shippingMethod: { type: 'courier', id: 'baltpost-ee-courier-standard' },
      parcels: [{ weight: 2, length: 0.3, width: 0.2, height: 0.1 }],
      receiver: { name: 'Mari Maasikas', phoneCountryCode: '+372', phoneNumber: '5551234', streetAddress: 'Riia tn 15', locality: 'Tartu', postalCode: '51010', country: 'EE' },
    });
    const page = await t.app.inject({ method: 'GET', url: new URL(s.parcels[0].trackingLink).pathname });
    expect(page.body).toContain('Tartu');
    expect(page.body).not.toContain('Riia tn 15');
  });

  it('unknown numbers and carriers are a 404 page', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/track/baltpost/CC000000000EE' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/track/nocarrier/123' })).statusCode).toBe(404);
  });
});
