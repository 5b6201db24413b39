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

/** WC's shipping root: it appends /v2/… and /v3/… to https://{sandbox-}shipping.montonio.com/api. */
const V3 = SANDBOX.replace(/\/v2$/, '/v3');

describe('v3 shipping methods (WC includes/shipping/class-wc-montonio-shipping-api.php, class-wc-montonio-shipping-sync.php)', () => {
  type V3Point = { id: string; name: string; type: string; streetAddress: string; locality: string; postalCode: string; carrierCode: string; countryCode: string; carrierAssignedId: string; additionalServices: { code: string }[] };

  // download_pickup_points($carrier): GET /v3/shipping-methods/pickup-points?carrierCode=… (no country),
  // read by the streaming parser at the pointer /pickupPoints; insert_batch() keeps id, name, type,
  // streetAddress, locality, postalCode, carrierCode, countryCode, carrierAssignedId, additionalServices.
  it('pickup points of a carrier in every country, each naming its country', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${V3}/shipping-methods/pickup-points?carrierCode=baltpost`, headers: wcHeaders() });
    expect(res.statusCode).toBe(200);
    const points: V3Point[] = res.json().pickupPoints;
    expect(new Set(points.map((p) => p.countryCode))).toEqual(new Set(['EE', 'LV', 'LT']));
    expect(points.every((p) => p.carrierCode === 'baltpost')).toBe(true);
    const p = points.find((x) => x.id === 'baltpost-ee-pm-1')!;
    expect(Object.keys(p)).toEqual(['id', 'name', 'type', 'streetAddress', 'locality', 'postalCode', 'carrierCode', 'countryCode', 'carrierAssignedId', 'additionalServices']);
    expect(p).toMatchObject({ type: 'parcelMachine', countryCode: 'EE', carrierAssignedId: 'baltpost-ee-pm-1' });
    // The same points as v2 lists per country.
    const v2 = await t.app.inject({ method: 'GET', url: `${SANDBOX}/shipping-methods/pickup-points?carrierCode=baltpost&countryCode=LV`, headers: wcHeaders() });
    expect(points.filter((x) => x.countryCode === 'LV').map((x) => x.id)).toEqual(v2.json().pickupPoints.map((x: { id: string }) => x.id));
  });

  // get_pickup_points($carrier, $country, $type, $search) from the checkout search
  // (class-wc-montonio-shipping-pickup-points-search.php; the plugin asks only for 3+ characters).
  it('pickup points narrowed by countryCode, type and a search term', async () => {
    const all = (await t.app.inject({ method: 'GET', url: `${V3}/shipping-methods/pickup-points?carrierCode=baltpost&countryCode=EE&type=parcelMachine`, headers: wcHeaders() })).json().pickupPoints as V3Point[];
    expect(all.length).toBeGreaterThan(1);
    expect(all.every((p) => p.countryCode === 'EE' && p.type === 'parcelMachine')).toBe(true);
    const town = all[0]!.locality;
    const term = town.slice(0, 4).toLowerCase();
    const res = await t.app.inject({ method: 'GET', url: `${V3}/shipping-methods/pickup-points?carrierCode=baltpost&countryCode=EE&type=parcelMachine&search=${encodeURIComponent(term)}`, headers: wcHeaders() });
    expect(res.statusCode).toBe(200);
    const found = res.json().pickupPoints as V3Point[];
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThanOrEqual(all.length);
    expect(found.every((p) => `${p.name} ${p.streetAddress} ${p.locality} ${p.postalCode}`.toLowerCase().includes(term))).toBe(true);
  });

  // import_courier_services_to_temp(): GET /v3/shipping-methods/courier-services with no query at
  // all, keeps items whose b2bOnly is absent or false, and stores their countryCode.
  it('courier services of every carrier and country, with countryCode and b2bOnly', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${V3}/shipping-methods/courier-services`, headers: wcHeaders() });
    expect(res.statusCode).toBe(200);
    const services: { id: string; type: string; carrierCode: string; countryCode: string; b2bOnly: boolean }[] = res.json().courierServices;
    const ee = services.find((s) => s.id === 'baltpost-ee-courier-standard')!;
    expect(ee).toMatchObject({ type: 'standard', carrierCode: 'baltpost', countryCode: 'EE', b2bOnly: false });
    expect(new Set(services.map((s) => s.carrierCode)).size).toBeGreaterThan(1);
    expect(services.filter((s) => s.type === 'standardB2B').every((s) => s.b2bOnly)).toBe(true);
  });

  it('needs the same Bearer token: no token or a wrong secret is 401; production keys on the production path', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${V3}/shipping-methods/courier-services` })).statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'GET', url: `${V3}/shipping-methods/courier-services`, headers: wcHeaders(wcToken({ secret: 'nope' })) });
    expect(bad.statusCode).toBe(401);
    const prod = await t.app.inject({ method: 'GET', url: '/shipping/api/v3/shipping-methods/pickup-points?carrierCode=parcelnord', headers: t.bearer({ env: 'production' }) });
    expect(prod.statusCode).toBe(200);
    expect(prod.json().pickupPoints.length).toBeGreaterThan(0);
  });

  it('an unknown carrier is 404 as on v2; a malformed countryCode or type is 400 naming it', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${V3}/shipping-methods/pickup-points?carrierCode=nope`, headers: wcHeaders() })).statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: `${V3}/shipping-methods/pickup-points?carrierCode=baltpost&countryCode=Estonia&type=box`, headers: wcHeaders() });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/countryCode.*type/);
    const elsewhere = await t.app.inject({ method: 'GET', url: `${V3}/shipping-methods/pickup-points?carrierCode=baltpost&countryCode=DE`, headers: wcHeaders() });
    expect(elsewhere.json().pickupPoints).toEqual([]);
  });
});

describe('v3 base paths (derived from the v2 ones)', () => {
  it('are the v2 base paths with their last segment v2 made v3, and absent when a v2 path has no /v2 to replace', async () => {
    const { loadConfig, ConfigError } = await import('../../src/config.js');
    expect(loadConfig({})).toMatchObject({ shippingV3Path: '/shipping/api/v3', shippingV3SandboxPath: '/sandbox/shipping/api/v3' });
    expect(loadConfig({ KASSA_SHIPPING_PATH: '/ship/v2', KASSA_SHIPPING_SANDBOX_PATH: '/test-ship' })).toMatchObject({ shippingV3Path: '/ship/v3', shippingV3SandboxPath: null });
    // A v3 path may not fall on another API's base path.
    expect(() => loadConfig({ KASSA_SHIPPING_PATH: '/x/v2', KASSA_PAYMENTS_PATH: '/x/v3' })).toThrow(ConfigError);
  });
});
