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
import { startReceiver, type Receiver } from '../support/receiver.js';
import { activate, PRODUCTION, SANDBOX, SENDER } from './support.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await activate(t, t.store, { env: 'sandbox', carrierCode: 'omniva', country: 'EE' });
  await activate(t, t.store, { env: 'sandbox', carrierCode: 'smartpost', country: 'FI' });
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
  return `${head}.${createHmac('sha256', opts.secret ?? k.secretKey)
    .update(head)
    .digest('base64url')}`;
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
      expect(res.json()).toEqual({
        statusCode: 401,
        message: `INVALID_TOKEN: the signature does not match the secret key of access key ${t.store.keys.sandbox.accessKey}`,
        error: 'Unauthorized',
        code: 'KASSA_ERR_INVALID_SIGNATURE',
        docUrl: 'http://kassa.test/docs/errors#KASSA_ERR_INVALID_SIGNATURE',
      });
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
  type V3Point = {
    id: string;
    name: string;
    type: string;
    streetAddress: string;
    locality: string;
    postalCode: string;
    carrierCode: string;
    countryCode: string;
    carrierAssignedId: string;
    additionalServices: { code: string }[];
  };

  // download_pickup_points($carrier): GET /v3/shipping-methods/pickup-points?carrierCode=… (no country),
  // read by the streaming parser at the pointer /pickupPoints; insert_batch() keeps id, name, type,
  // streetAddress, locality, postalCode, carrierCode, countryCode, carrierAssignedId, additionalServices.
  it('pickup points of a carrier in every country, each naming its country', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${V3}/shipping-methods/pickup-points?carrierCode=omniva`, headers: wcHeaders() });
    expect(res.statusCode).toBe(200);
    const points: V3Point[] = res.json().pickupPoints;
    expect(new Set(points.map((p) => p.countryCode))).toEqual(new Set(['EE', 'LV', 'LT']));
    expect(points.every((p) => p.carrierCode === 'omniva')).toBe(true);
    const p = points.find((x) => x.id === 'omniva-ee-pm-1')!;
    expect(Object.keys(p)).toEqual(['id', 'name', 'type', 'streetAddress', 'locality', 'postalCode', 'carrierCode', 'countryCode', 'carrierAssignedId', 'additionalServices']);
    expect(p).toMatchObject({ type: 'parcelMachine', countryCode: 'EE', carrierAssignedId: 'omniva-ee-pm-1' });
    // The same points as v2 lists per country.
    const v2 = await t.app.inject({ method: 'GET', url: `${SANDBOX}/shipping-methods/pickup-points?carrierCode=omniva&countryCode=LV`, headers: wcHeaders() });
    expect(points.filter((x) => x.countryCode === 'LV').map((x) => x.id)).toEqual(v2.json().pickupPoints.map((x: { id: string }) => x.id));
  });

  // The sync's lists span countries (a carrier's: tens of MB for the largest networks), so Kassa
  // streams them (catalogue/service.ts pickupPointsV3Stream): chunked, gzipped when accepted (WP's
  // Requests sends Accept-Encoding and inflates), the ETag known without rendering.
  it('streams the cross-country lists: the same points as the per-country lists, with or without gzip, 304 on If-None-Match', async () => {
    const { COUNTRIES } = await import('../../src/shipping/carriers/countries.js');
    const { CARRIERS } = await import('../../src/shipping/carriers/registry.js');
    const { gunzipSync } = await import('node:zlib');
    const carrier = CARRIERS.find((d) => new Set(d.pickupPointNetwork.map((n) => n.country)).size > 1)!.code;
    const perCountry: V3Point[] = [];
    for (const country of COUNTRIES) {
      const res = await t.app.inject({ method: 'GET', url: `${V3}/shipping-methods/pickup-points?carrierCode=${carrier}&countryCode=${country}`, headers: wcHeaders() });
      perCountry.push(...(res.json().pickupPoints as V3Point[]));
    }
    expect(new Set(perCountry.map((p) => p.countryCode)).size).toBeGreaterThan(1);

    const url = `${V3}/shipping-methods/pickup-points?carrierCode=${carrier}`;
    const plain = await t.app.inject({ method: 'GET', url, headers: wcHeaders() });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-length']).toBeUndefined(); // streamed: chunked, no length known up front
    expect(plain.json().pickupPoints).toEqual(perCountry);

    const gz = await t.app.inject({ method: 'GET', url, headers: { ...wcHeaders(), 'accept-encoding': 'deflate;q=1.0, compress;q=0.5, gzip;q=0.5' } });
    expect(gz.statusCode).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toBe('accept-encoding');
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);

    // Conditional requests: either representation's ETag is a 304 without a body.
    const etag = String(plain.headers.etag);
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(gz.headers.etag).toBe(`${etag.slice(0, -1)}-gzip"`);
    for (const [tag, enc] of [
      [etag, undefined],
      [String(gz.headers.etag), 'gzip'],
    ] as const) {
      const again = await t.app.inject({ method: 'GET', url, headers: { ...wcHeaders(), 'if-none-match': tag, ...(enc ? { 'accept-encoding': enc } : {}) } });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    }

    // No filter at all: every carrier's points, each once; the same set as the per-carrier lists.
    const all = await t.app.inject({ method: 'GET', url: `${V3}/shipping-methods/pickup-points`, headers: { ...wcHeaders(), 'accept-encoding': 'gzip' } });
    expect(all.statusCode).toBe(200);
    const everyPoint = (JSON.parse(gunzipSync(all.rawPayload).toString('utf8')) as { pickupPoints: V3Point[] }).pickupPoints;
    const ids = new Set(everyPoint.map((p) => p.id));
    expect(ids.size).toBe(everyPoint.length);
    expect(perCountry.every((p) => ids.has(p.id))).toBe(true);
    expect(new Set(everyPoint.map((p) => p.carrierCode)).size).toBe(CARRIERS.filter((d) => d.pickupPointNetwork.length > 0).length);
  });

  // get_pickup_points($carrier, $country, $type, $search) from the checkout search
  // (class-wc-montonio-shipping-pickup-points-search.php; the plugin asks only for 3+ characters).
  it('pickup points narrowed by countryCode, type and a search term', async () => {
    const all = (await t.app.inject({ method: 'GET', url: `${V3}/shipping-methods/pickup-points?carrierCode=omniva&countryCode=EE&type=parcelMachine`, headers: wcHeaders() })).json()
      .pickupPoints as V3Point[];
    expect(all.length).toBeGreaterThan(1);
    expect(all.every((p) => p.countryCode === 'EE' && p.type === 'parcelMachine')).toBe(true);
    const town = all[0]!.locality;
    const term = town.slice(0, 4).toLowerCase();
    const res = await t.app.inject({
      method: 'GET',
      url: `${V3}/shipping-methods/pickup-points?carrierCode=omniva&countryCode=EE&type=parcelMachine&search=${encodeURIComponent(term)}`,
      headers: wcHeaders(),
    });
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
    const ee = services.find((s) => s.id === 'omniva-ee-courier-standard')!;
    expect(ee).toMatchObject({ type: 'standard', carrierCode: 'omniva', countryCode: 'EE', b2bOnly: false });
    expect(new Set(services.map((s) => s.carrierCode)).size).toBeGreaterThan(1);
    expect(services.filter((s) => s.type === 'standardB2B').every((s) => s.b2bOnly)).toBe(true);
  });

  it('needs the same Bearer token: no token or a wrong secret is 401; production keys on the production path', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${V3}/shipping-methods/courier-services` })).statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'GET', url: `${V3}/shipping-methods/courier-services`, headers: wcHeaders(wcToken({ secret: 'nope' })) });
    expect(bad.statusCode).toBe(401);
    const prod = await t.app.inject({ method: 'GET', url: '/shipping/api/v3/shipping-methods/pickup-points?carrierCode=smartpost', headers: t.bearer({ env: 'production' }) });
    expect(prod.statusCode).toBe(200);
    expect(prod.json().pickupPoints.length).toBeGreaterThan(0);
  });

  it('a carrier outside the enum, a malformed countryCode or type is 400 naming it (as on v2)', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: `${V3}/shipping-methods/pickup-points?carrierCode=nope`, headers: wcHeaders() });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/^carrierCode must be one of /);
    const bad = await t.app.inject({ method: 'GET', url: `${V3}/shipping-methods/pickup-points?carrierCode=omniva&countryCode=Estonia&type=box`, headers: wcHeaders() });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/countryCode.*type/);
    const elsewhere = await t.app.inject({ method: 'GET', url: `${V3}/shipping-methods/pickup-points?carrierCode=omniva&countryCode=DE`, headers: wcHeaders() });
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

/**
 * A create body as WC builds it: WC_Montonio_Shipping_Shipment_Manager::get_shipment_data() and
 * create_shipment() (includes/shipping/class-wc-montonio-shipping-shipment-manager.php). The
 * receiver has no phoneCountryCode; the phone is WooCommerce's free text (often +372…); empty
 * strings for what the shopper left out; metadata, orderData and notificationUrl beside the
 * spec's keys; parcels whose sides are 0 when products have no dimensions, and whose weight is
 * a float sum (weight × quantity) printed by PHP's json_encode with serialize_precision -1.
 */
function wcShipment(over: { type?: 'pickupPoint' | 'courier'; id?: string; phone?: string; weight?: number; name?: string; notificationUrl?: string } = {}) {
  const type = over.type ?? 'pickupPoint';
  const receiver: Record<string, unknown> = { name: over.name ?? 'Mari Maasikas', companyName: '', country: 'EE', phoneNumber: over.phone ?? '+37255512345', email: '' };
  if (type === 'courier') Object.assign(receiver, { streetAddress: 'Riia tn 15 ', postalCode: '51010', locality: 'Tartu', region: '' });
  return JSON.stringify({
    receiver,
    metadata: {
      platform: 'wordpress 6.8 woocommerce 9.9.5',
      platformVersion: '10.2.1',
      context: { woocommerceVersion: '9.9.5', storeUrl: 'https://shop.example', orderId: 42, orderKey: 'wc_order_abc', billingEmail: 'mari@example.com' },
    },
    shippingMethod: { type, id: over.id ?? (type === 'courier' ? 'omniva-ee-courier-standard' : 'omniva-ee-pm-1') },
    orderData: { orderTotal: 25.9, orderSubtotal: 20, shippingCost: 3.99, taxTotal: 4.67, productsTax: 3.61, shippingTax: 0.72, currency: 'EUR' },
    orderComment: '',
    notificationUrl: over.notificationUrl ?? 'https://shop.example/wp-json/montonio/shipping/v2/webhook',
    products: [{ sku: 'woomon_17', name: 'Mug', quantity: 3, barcode: '', price: 6.5, currency: 'EUR', imageUrl: '', storeProductUrl: 'https://shop.example/product/mug' }],
    parcels: [{ weight: over.weight ?? 0.1 * 3, length: 0, width: 0, height: 0 }],
    merchantReference: `${Math.floor(Math.random() * 1e9)}`,
  });
}
const wcCreate = (body: string) => t.app.inject({ method: 'POST', url: `${SANDBOX}/shipments`, headers: wcHeaders(), payload: body });

describe('shipments as WC creates them (class-wc-montonio-shipping-shipment-manager.php)', () => {
  it('accepts the plugin body: no phoneCountryCode, +-prefixed phone, empty strings, zero sides, float-sum weight, extra keys', async () => {
    const body = wcShipment();
    expect(body).toContain('"weight":0.30000000000000004'); // what PHP sends for 0.1 × 3
    const res = await wcCreate(body);
    expect(res.statusCode, res.body).toBe(201);
    const s = res.json();
    // create_shipment() stores id and status from the answer.
    expect(s).toMatchObject({ status: 'pending' });
    expect(typeof s.id).toBe('string');
    expect(s.receiver).toMatchObject({ phoneCountryCode: '+372', phoneNumber: '55512345', companyName: null, email: null });
    expect(s.parcels[0]).toMatchObject({ weight: 0.3, length: null, width: null, height: null });
  });

  it('a courier receiver: trailing spaces trimmed, empty region is null', async () => {
    const res = await wcCreate(wcShipment({ type: 'courier', phone: '5551 2345' }));
    expect(res.statusCode, res.body).toBe(201);
    // Without a +prefix, the country code comes from the receiver's country.
    expect(res.json().receiver).toMatchObject({ streetAddress: 'Riia tn 15', region: null, phoneCountryCode: '+372', phoneNumber: '5551 2345' });
  });

  it('registers with the carrier: the split phone reaches it as country code and national number', async () => {
    const res = await wcCreate(wcShipment({ phone: '+358 40 1234567', id: 'omniva-ee-pm-1' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().receiver).toMatchObject({ phoneCountryCode: '+358', phoneNumber: '40 1234567' });
    await t.services.shipments.registration.drain();
    const got = await t.app.inject({ method: 'GET', url: `${SANDBOX}/shipments/${res.json().id}`, headers: wcHeaders() });
    // sync_shipment_details() reads status and parcels[].carrierParcelId / trackingLink.
    expect(got.json().status).toBe('registered');
    expect(got.json().parcels[0].carrierParcelId).toEqual(expect.any(String));
  });

  it('the existing forms keep working; a +number that contradicts phoneCountryCode is refused naming it', async () => {
    const base = JSON.parse(wcShipment());
    const same = await wcCreate(JSON.stringify({ ...base, merchantReference: 'same-1', receiver: { ...base.receiver, phoneCountryCode: '372', phoneNumber: '5551234' } }));
    expect(same.statusCode).toBe(201);
    expect(same.json().receiver).toMatchObject({ phoneCountryCode: '372', phoneNumber: '5551234' });
    const clash = await wcCreate(JSON.stringify({ ...base, merchantReference: 'clash-1', receiver: { ...base.receiver, phoneCountryCode: '+371', phoneNumber: '+37255512345' } }));
    expect(clash.statusCode).toBe(400);
    expect(clash.json().message).toContain('receiver.phoneNumber');
    const empty = await wcCreate(JSON.stringify({ ...base, merchantReference: 'empty-1', receiver: { ...base.receiver, phoneNumber: '' } }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('receiver.phoneNumber');
  });

  it('a weight with real extra decimals is still refused (only float noise is forgiven)', async () => {
    const res = await wcCreate(wcShipment({ weight: 0.305 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('parcels[0].weight must have at most 2 decimal places');
  });
});

describe('label files as the clients create and poll them', () => {
  async function registered(n: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const res = await wcCreate(wcShipment({ type: i % 2 ? 'courier' : 'pickupPoint' }));
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id);
    }
    await t.services.shipments.registration.drain();
    return ids;
  }

  // WC: WC_Montonio_Shipping_Label_Printing::create_label() (includes/shipping/label-printing/
  // class-wc-montonio-shipping-label-printing.php) posts {shipmentIds, metadata}; the admin script
  // (assets/js/wc-montonio-shipping-label-printing.js) keeps `id`, then polls GET /label-files/{id}
  // every second until `labelFileUrl` is set (and downloads it) or `status` is 'failed'.
  it('WC: {shipmentIds, metadata} → id; polling answers labelFileUrl once ready', async () => {
    const ids = await registered(2);
    const res = await t.app.inject({
      method: 'POST',
      url: `${SANDBOX}/label-files`,
      headers: wcHeaders(),
      payload: JSON.stringify({ shipmentIds: ids, metadata: { platform: 'wordpress 6.8 woocommerce 9.9.5', platformVersion: '10.2.1' } }),
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().id;
    expect(res.json()).toMatchObject({ status: 'pending', labelFileUrl: null });
    await t.services.labelFiles.drain();
    const polled = (await t.app.inject({ method: 'GET', url: `${SANDBOX}/label-files/${id}`, headers: wcHeaders() })).json();
    expect(polled).toMatchObject({ id, status: 'ready' });
    // The browser follows it as a link: an absolute URL.
    expect(new URL(polled.labelFileUrl).protocol).toBe('http:');
  });

  // MK: src/Structs/Shipping/CreateLabelFileData.php (pageSize, labelsPerPage, orderLabelsBy,
  // synchronous; its tests send orderLabelsBy 'carrier'). VX: src/Shipping/Enum/OrderLabelsBy.php
  // ('carrier', 'createdAt'), src/Shipping/Enum/PageSize.php (A4, A6); LabelFileResponse.php reads
  // id, status, pageSize, labelsPerPage, orderLabelsBy, labelFileUrl.
  it.each([
    [{ pageSize: 'A4', labelsPerPage: 4, orderLabelsBy: 'carrier', synchronous: true }],
    [{ pageSize: 'A4', labelsPerPage: 2, orderLabelsBy: 'createdAt', synchronous: true }],
    [{ pageSize: 'A6', orderLabelsBy: 'createdAt', synchronous: true }],
  ] as { pageSize: string; labelsPerPage?: number; orderLabelsBy: string; synchronous: boolean }[][])('SDKs: %j is accepted, applied and echoed', async (options) => {
    const ids = await registered(2);
    const res = await t.app.inject({ method: 'POST', url: `${SANDBOX}/label-files`, headers: wcHeaders(), payload: JSON.stringify({ shipmentIds: [...ids].reverse(), ...options }) });
    expect(res.statusCode, res.body).toBe(201);
    const lf = res.json();
    expect(lf).toMatchObject({ status: 'ready', pageSize: options.pageSize, labelsPerPage: options.labelsPerPage ?? 1, orderLabelsBy: options.orderLabelsBy });
    expect(lf.labelFileUrl).toEqual(expect.any(String));
    const u = new URL(lf.labelFileUrl);
    const pdf = await t.app.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  it('orderLabelsBy createdAt and carrier order the labels so', async () => {
    const { orderLabels } = await import('../../src/shipping/labels/render.js');
    const label = (n: number, carrier: string, at: string) =>
      ({ trackingNumber: `T${n}`, carrier: { code: carrier, name: carrier }, createdAt: new Date(at), parcelIndex: 1 }) as unknown as Parameters<typeof orderLabels>[0][number];
    const given = [label(1, 'smartpost', '2025-01-03'), label(2, 'omniva', '2025-01-02'), label(3, 'smartpost', '2025-01-01'), label(4, 'omniva', '2025-01-04')];
    expect(orderLabels(given, 'createdAt').map((l) => l.trackingNumber)).toEqual(['T3', 'T2', 'T1', 'T4']);
    expect(orderLabels(given, 'carrier').map((l) => l.trackingNumber)).toEqual(['T2', 'T4', 'T3', 'T1']);
  });
});

/**
 * A rates request as WC builds it: Montonio_Shipping_Method::get_parcels_with_item_dimensions()
 * (includes/shipping/shipping-methods/class-montonio-shipping-method.php) makes one item per cart
 * line, `weight` = WC_Montonio_Helper::convert_to_kg() of the product's weight, else the method's
 * `default_weight` option, whose fallback is 0 (and convert_to_kg rounds a few grams to 0 too);
 * sides in cm, `dimensionUnit: 'cm'`, `weightUnit: 'kg'`. WC_Montonio_Shipping_API::get_shipping_rates()
 * (includes/shipping/class-wc-montonio-shipping-api.php) posts {destination, parcels} with
 * carrierCode and shippingMethodType in the query.
 */
describe('rates as WC asks for them (weight 0 for products without a weight)', () => {
  const wcItem = (weight: number, quantity = 1) => ({ length: 30, width: 20, height: 15, weight, quantity, dimensionUnit: 'cm', weightUnit: 'kg' });
  const rates = (items: object[], query = '?carrierCode=omniva&shippingMethodType=pickupPoint') =>
    t.app.inject({ method: 'POST', url: `${SANDBOX}/shipping-methods/rates${query}`, headers: wcHeaders(), payload: JSON.stringify({ destination: 'EE', parcels: [{ items }] }) });

  it('an item of weight 0 is priced as the lightest weight (1 g), i.e. on its volumetric weight', async () => {
    const zero = await rates([wcItem(0, 2)]);
    expect(zero.statusCode, zero.body).toBe(200);
    const lightest = await rates([{ ...wcItem(1, 2), weight: 1, weightUnit: 'g' }]);
    expect(zero.json().carriers).toEqual(lightest.json().carriers);
    expect(zero.json().carriers[0].shippingMethods[0].subtypes.length).toBeGreaterThan(0);
    expect(zero.json().calculationDetails.estimatedParcels[0]).toMatchObject({ actualWeight: 0.002 });
    // Beside weighed items, it adds nothing but its size.
    const mixed = await rates([wcItem(2.5), wcItem(0)]);
    expect(mixed.statusCode).toBe(200);
    expect(mixed.json().calculationDetails.estimatedParcels[0]).toMatchObject({ actualWeight: 2.501 });
  });

  it('negative weights are still refused, and filter-by-parcels still takes at most 2 decimals and no 0', async () => {
    const neg = await rates([wcItem(-1)]);
    expect(neg.statusCode).toBe(400);
    expect(neg.json().message).toBe('parcels[0].items[0].weight must be greater than 0');
    const filter = (weight: number) =>
      t.app.inject({ method: 'POST', url: `${SANDBOX}/shipping-methods/filter-by-parcels?destination=EE`, headers: wcHeaders(), payload: JSON.stringify({ parcels: [{ weight }] }) });
    expect((await filter(1.255)).json().message).toBe('parcels[0].weight must have at most 2 decimal places');
    expect((await filter(0)).json().message).toBe('parcels[0].weight must be greater than 0');
  });
});

/**
 * Shipment events at the shipment's own notificationUrl, as WC receives them. WC (10.x) never
 * calls POST /webhooks: get_shipment_data() puts notificationUrl = rest_url('montonio/shipping/v2/webhook')
 * in every create body (not in updates). WC_Montonio_Shipping_Webhooks::handle_webhook()
 * (includes/shipping/webhooks/class-wc-montonio-shipping-webhooks.php) reads the JSON body's
 * `payload`, decodes it with WC_Montonio_Helper::decode_jwt_token() (includes/class-wc-montonio-helper.php:
 * Firebase JWT, HS256 only, the environment's secret key, 5 minutes of leeway), branches on
 * eventType (registered, registrationFailed, statusUpdated, labelsCreated; others answered 200
 * "Not handling"), finds the order by `shipmentId` and reads data.parcels[].carrierParcelId and
 * trackingLink, data.status, data.errors[].message. No query parameter is read.
 */
describe('events at the shipment notificationUrl (WC includes/shipping/webhooks/class-wc-montonio-shipping-webhooks.php)', () => {
  let rx: Receiver;
  beforeAll(async () => {
    rx = await startReceiver();
  });
  afterAll(async () => rx.close());
  const reset = async () => {
    rx.received.length = 0;
    await t.db.query('DELETE FROM notification_attempts; DELETE FROM notifications; DELETE FROM webhooks');
  };

  /** Firebase JWT::decode as WC calls it: header alg in ['HS256'], signature, iat/nbf/exp with 300 s of leeway. */
  function wcDecode(
    token: string,
    secret: string,
  ): Record<string, unknown> & { eventType: string; shipmentId: string; data: { status: string; parcels: { carrierParcelId: string; trackingLink: string }[]; errors: { message: string }[] | null } } {
    const [h, p, sig] = token.split('.');
    expect(JSON.parse(Buffer.from(h!, 'base64url').toString()).alg).toBe('HS256');
    expect(createHmac('sha256', secret).update(`${h}.${p}`).digest('base64url')).toBe(sig);
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const leeway = 300;
    expect(claims.iat).toBeLessThanOrEqual(nowS() + leeway);
    expect(claims.exp).toBeGreaterThan(nowS() - leeway);
    return claims;
  }
  /** What rx received, decoded, by event type (deliveries run concurrently, so arrival order is not the events' order). */
  const events = () =>
    rx.received
      .map((r) => {
        expect(r.method).toBe('POST');
        expect([...r.url.searchParams.keys()]).toEqual([]);
        expect(Object.keys(r.body)).toEqual(['payload']);
        return wcDecode(r.body['payload'] as string, t.store.keys.sandbox.secretKey);
      })
      .sort((a, b) => a.eventType.localeCompare(b.eventType));
  const deliver = async () => {
    await t.services.shipments.registration.drain();
    await t.delivery().drain();
  };

  it('registered, labelsCreated and statusUpdated reach it, signed as registered webhooks are, each once', async () => {
    await reset();
    const res = await wcCreate(wcShipment({ notificationUrl: rx.url }));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;
    // Neither the spec's shipment object nor WC reads notificationUrl back.
    expect(res.json()).not.toHaveProperty('notificationUrl');
    await deliver();
    let got = events();
    expect(got.map((e) => e.eventType)).toEqual(['shipment.registered']);
    expect(got[0]).toMatchObject({ shipmentId: id, data: { id, status: 'registered' } });
    expect(Object.keys(got[0]!).sort()).toEqual(['created', 'data', 'eventId', 'eventType', 'exp', 'iat', 'shipmentId']);
    expect(got[0]!.data.parcels[0]!.carrierParcelId).toEqual(expect.any(String));
    expect(got[0]!.data.parcels[0]!.trackingLink).toEqual(expect.any(String));

    const lf = await t.app.inject({ method: 'POST', url: `${SANDBOX}/label-files`, headers: wcHeaders(), payload: JSON.stringify({ shipmentIds: [id], synchronous: true }) });
    expect(lf.json().status).toBe('ready');
    const moved = await t.app.inject({ method: 'POST', url: `${SANDBOX}/test-helpers/shipments/${id}/status`, headers: wcHeaders(), payload: JSON.stringify({ status: 'inTransit' }) });
    expect(moved.statusCode).toBe(200);
    await deliver();
    got = events();
    // labelFile.* events are about no one shipment: only registered webhooks get them.
    expect(got.map((e) => e.eventType)).toEqual(['shipment.labelsCreated', 'shipment.registered', 'shipment.statusUpdated']);
    expect(got.map((e) => e.data.status)).toEqual(['labelsCreated', 'registered', 'inTransit']);
    // The same outbox as registered webhooks: one attempt row per delivery.
    const { rows } = await t.db.query<{ kind: string; webhook_id: string | null; outcome: string }>(
      'SELECT n.kind, n.webhook_id, a.outcome FROM notifications n JOIN notification_attempts a ON a.notification_id = n.id ORDER BY n.created_at',
    );
    expect(rows).toEqual(Array.from({ length: 3 }, () => ({ kind: 'webhook', webhook_id: null, outcome: 'delivered' })));
  });

  it('registrationFailed carries the errors WC shows; failed attempts are retried on the webhook schedule', async () => {
    await reset();
    rx.respond.status = 500;
    const res = await wcCreate(wcShipment({ notificationUrl: rx.url, name: 'FAIL Maasikas' }));
    await deliver();
    rx.respond.status = 200;
    const [failed] = events();
    expect(failed).toMatchObject({ eventType: 'shipment.registrationFailed', shipmentId: res.json().id, data: { status: 'registrationFailed' } });
    expect(failed!.data.errors![0]!.message).toEqual(expect.any(String));
    const { rows } = await t.db.query<{ status: string; attempt_count: number; next_attempt_at: Date }>('SELECT status, attempt_count, next_attempt_at FROM notifications');
    expect(rows).toEqual([expect.objectContaining({ status: 'pending', attempt_count: 1 })]);
    expect(rows[0]!.next_attempt_at.getTime()).toBeGreaterThan(Date.now());
  });

  it('a notificationUrl that is also a registered webhook URL gets each event once; a webhook not taking the event does not hide it', async () => {
    await reset();
    // Plugin 7.x registered this same URL with POST /webhooks; 8.x sends it as notificationUrl too.
    const hook = await t.app.inject({ method: 'POST', url: `${SANDBOX}/webhooks`, headers: wcHeaders(), payload: JSON.stringify({ url: rx.url }) });
    expect(hook.statusCode).toBe(201);
    const other = await startReceiver();
    try {
      const narrow = await t.app.inject({ method: 'POST', url: `${SANDBOX}/webhooks`, headers: wcHeaders(), payload: JSON.stringify({ url: other.url, enabledEvents: ['labelFile.ready'] }) });
      expect(narrow.statusCode).toBe(201);
      const a = await wcCreate(wcShipment({ notificationUrl: rx.url }));
      const b = await wcCreate(wcShipment({ notificationUrl: other.url }));
      await deliver();
      const got = events();
      // rx: a's registration once (through the webhook) and b's (the webhook takes every event).
      expect(got.map((e) => [e.eventType, e.shipmentId]).sort()).toEqual(
        [
          ['shipment.registered', a.json().id],
          ['shipment.registered', b.json().id],
        ].sort(),
      );
      // other: b's registration at its notificationUrl, though its webhook takes only labelFile.ready.
      expect(other.received).toHaveLength(1);
      expect(wcDecode(other.received[0]!.body['payload'] as string, t.store.keys.sandbox.secretKey)).toMatchObject({ eventType: 'shipment.registered', shipmentId: b.json().id });
    } finally {
      await other.close();
    }
  });

  it('is checked like a webhook URL: absolute http(s); production refuses obviously private ones (and, past that, the carrier without a production connector); empty means none', async () => {
    const bad = await wcCreate(wcShipment({ notificationUrl: 'wp-json/montonio/shipping/v2/webhook' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('notificationUrl must be an absolute URL');
    const ftp = await wcCreate(wcShipment({ notificationUrl: 'ftp://shop.example/hook' }));
    expect(ftp.json().message).toBe('notificationUrl must be an http or https URL');
    const none = await wcCreate(wcShipment({ notificationUrl: '' }));
    expect(none.statusCode).toBe(201);
    const { rows } = await t.db.query('SELECT notification_url FROM shipments WHERE id = $1', [none.json().id]);
    expect(rows[0].notification_url).toBeNull();
    // Production: a public URL is taken, localhost is refused before anything is written.
    await activate(t, t.store, { env: 'production', carrierCode: 'omniva', country: 'EE' });
    const prod = (url: string) =>
      t.app.inject({
        method: 'POST',
        url: `${PRODUCTION}/shipments`,
        headers: { ...t.bearer({ env: 'production' }), 'content-type': 'application/json' },
        payload: wcShipment({ notificationUrl: url }),
      });
    const local = await prod('http://localhost:8080/wp-json/montonio/shipping/v2/webhook');
    expect(local.statusCode).toBe(400);
    expect(local.json().message).toBe('notificationUrl must be reachable from the internet: production callbacks go to public addresses only');
    // A public URL passes; the shipment is then refused only for what production lacks (no carrier's real client yet).
    const pub = await prod('https://shop.example/wp-json/montonio/shipping/v2/webhook');
    expect(pub.statusCode).toBe(400);
    expect(pub.json().message).toMatch(/^shippingMethod\.id cannot be shipped in production: omniva has no production connector/);
  });

  it('PATCH may replace it (WC sends it only on create, so an update keeps it)', async () => {
    await reset();
    const res = await wcCreate(wcShipment({ notificationUrl: rx.url, name: 'FAIL Maasikas' }));
    await t.services.shipments.registration.drain();
    const id = res.json().id as string;
    // WC's update body: get_shipment_data($order, 'update') has no notificationUrl.
    const fixed = await t.app.inject({
      method: 'PATCH',
      url: `${SANDBOX}/shipments/${id}`,
      headers: wcHeaders(),
      payload: JSON.stringify({ receiver: { name: 'Mari Maasikas', country: 'EE', phoneNumber: '+37255512345' }, synchronous: true }),
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    await t.delivery().drain();
    expect(events().map((e) => e.eventType)).toEqual(['shipment.registered', 'shipment.registrationFailed']);
    const elsewhere = await t.app.inject({ method: 'PATCH', url: `${SANDBOX}/shipments/${id}`, headers: wcHeaders(), payload: JSON.stringify({ notificationUrl: null, synchronous: true }) });
    expect(elsewhere.statusCode).toBe(200);
    await t.delivery().drain();
    expect(events()).toHaveLength(2);
  });
});
