/**
 * The shipping API as its public clients use it. Every request here is built the way a named
 * client builds it (headers, JSON encoding, extra keys, empty strings, JWT claims), and each test
 * names its source: a repository and a file. The clients' code is read, never copied.
 *
 * WC  = WordPressBugBounty/plugins-montonio-for-woocommerce (the official WooCommerce plugin),
 *       montonio-for-woocommerce/includes/…
 * MK  = makstech/montonio-php-sdk
 * VX  = veltix/montonio
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, nowS, type TestApp } from '../support/app.js';
import { activate, SANDBOX, SENDER } from './support.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await activate(t, t.store, { env: 'sandbox', carrierCode: 'baltpost', country: 'EE' });
  await activate(t, t.store, { env: 'sandbox', carrierCode: 'parcelnord', country: 'FI' });
  await t.services.stores.update(t.store.id, { shippingAddress: { ...SENDER, companyName: null, region: null, email: null } });
});
afterAll(async () => t.close());

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

/**
 * A token as WC signs it: WC_Montonio_Helper::create_jwt_token (includes/class-wc-montonio-helper.php)
 * sets accessKey, iat = time(), exp = iat + 3600 and encodes with the bundled Firebase JWT
 * (lib/jwt/JWT.php), whose header is {"typ":"JWT","alg":"HS256"} in that order.
 */
function wcToken(opts: { secret?: string; claims?: Record<string, unknown> } = {}): string {
  const k = t.store.keys.sandbox;
  const iat = nowS();
  const head = `${b64({ typ: 'JWT', alg: 'HS256' })}.${b64({ ...opts.claims, accessKey: k.accessKey, iat, exp: iat + 3600 })}`;
  return `${head}.${createHmac('sha256', opts.secret ?? k.secretKey).update(head).digest('base64url')}`;
}

/**
 * Headers of every WC call (includes/shipping/class-wc-montonio-shipping-api.php): Content-Type
 * application/json and the Bearer token, on GET as well as POST and PATCH.
 */
const wcHeaders = (token = wcToken()) => ({ 'content-type': 'application/json', authorization: `Bearer ${token}` });

describe('authentication (shipping spec: 401 for every JWT fault)', () => {
  // WC: includes/shipping/class-wc-montonio-shipping-api.php api_request() treats anything but
  // 200/201 as an error and shows the body's message; the shipping spec's table says 401.
  it('a token signed with a wrong secret is 401 with the JSON error body, on every shipping v2 route', async () => {
    const bad = wcHeaders(wcToken({ secret: 'not-the-secret' }));
    for (const [method, url] of [
      ['GET', '/carriers'],
      ['GET', '/shipping-methods'],
      ['GET', '/shipments/0190a000-0000-7000-8000-000000000000'],
      ['POST', '/shipments'],
      ['POST', '/label-files'],
      ['GET', '/webhooks'],
    ] as const) {
      const res = await t.app.inject({ method, url: `${SANDBOX}${url}`, headers: bad, ...(method === 'POST' ? { payload: '{}' } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual({ statusCode: 401, message: 'INVALID_TOKEN', error: 'Unauthorized' });
    }
  });

  it('the payments API keeps its own table: a wrong signature there is still 403', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sandbox/api/stores/payment-methods', headers: wcHeaders(wcToken({ secret: 'not-the-secret' })) });
    expect(res.statusCode).toBe(403);
  });
});
