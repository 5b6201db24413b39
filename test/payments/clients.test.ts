/**
 * Requests built exactly as the public clients of the original API build them (headers, JSON
 * encoding, claims, empty strings, numbers as strings, extra keys). Each test names its source:
 * the repository and the file the request is read from. See docs/decisions.md, "Real clients:
 * payments".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, orderPayload, ADMIN_TOKEN, type TestApp } from '../support/app.js';
import { handSigned } from '../support/jwt.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const nowS = () => Math.floor(Date.now() / 1000);

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

export { handSigned, nowS };
