/**
 * The snake_case shipping API (shipping-legacy.md) over the same shipments as v2: auth faults,
 * pickup-point grouping and contract narrowing, creation rules (a bad-input table writing
 * nothing), sync vs async, the WooCommerce plugin's own request, labels by merchant reference and
 * the v2 view of a legacy shipment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { activate, pickupBody, ref, SANDBOX as V2_SANDBOX } from './support.js';
import type { CreatedStore } from '../../src/stores/service.js';
import { sign } from '../../src/platform/jwt.js';
import { wooShipmentBody } from '../support/legacy-shipping.js';
import { barcodeToolsOrSkip, decodePage, pdfPageCount } from '../support/barcodes.js';

const SANDBOX = '/sandbox/shipping/api/v1';
const PRODUCTION = '/shipping/api/v1';
let t: TestApp;
let other: CreatedStore;

const nowS = () => Math.floor(Date.now() / 1000);
function token(store: CreatedStore, env: 'sandbox' | 'production' = 'sandbox', claims: Record<string, unknown> = {}): string {
  const k = store.keys[env];
  return sign({ access_key: k.accessKey, iat: nowS(), exp: nowS() + 3600, ...claims }, k.secretKey);
}
const auth = (store?: CreatedStore, env: 'sandbox' | 'production' = 'sandbox') => ({ authorization: `Bearer ${token(store ?? t.store, env)}` });
const post = (path: string, payload: unknown, store?: CreatedStore, base = SANDBOX) =>
  t.app.inject({ method: 'POST', url: `${base}${path}`, headers: auth(store, base === SANDBOX ? 'sandbox' : 'production'), payload: payload as Record<string, unknown> });

/** As the WooCommerce plugin's get_create_shipment_data() builds it (test/support/legacy-shipping.ts). */
const wooBody = (over: Record<string, unknown> = {}): Record<string, unknown> => wooShipmentBody(ref('WC'), over);
const courier = (over: Record<string, unknown> = {}) =>
  wooBody({
    shipping_method: 'omniva_courier',
    pickup_point_uuid: undefined,
    shipping_street_address_1: 'Riia tn 15',
    shipping_locality: 'Tartu',
    shipping_postal_code: '51010',
    ...over,
  });

async function counts() {
  const { rows } = await t.db.query<{ s: number; l: number }>('SELECT (SELECT count(*)::int FROM shipments) AS s, (SELECT count(*)::int FROM legacy_shipments) AS l');
  return rows[0]!;
}

beforeAll(async () => {
  t = await createTestApp();
  other = await t.createStore();
  await activate(t, other, { env: 'production', carrierCode: 'inpost', country: 'PL' });
  await t.db.query(`INSERT INTO webhooks (id, store_id, env, url, enabled_events) VALUES (gen_random_uuid(), $1, 'sandbox', 'https://hooks.example/kassa', $2)`, [
    t.store.id,
    ['shipment.registered', 'shipment.labelsCreated'],
  ]);
});
afterAll(async () => t.close());

describe('authentication', () => {
  const k = () => t.store.keys.sandbox;
  const cases: [string, () => string | undefined][] = [
    ['missing', () => undefined],
    ['malformed', () => 'Bearer not.a.jwt'],
    ['not Bearer', () => `Basic ${token(t.store)}`],
    ['wrong signature', () => `Bearer ${sign({ access_key: k().accessKey, exp: nowS() + 600 }, 'x'.repeat(40))}`],
    ['expired', () => `Bearer ${sign({ access_key: k().accessKey, exp: nowS() - 10 }, k().secretKey)}`],
    ['unknown key', () => `Bearer ${sign({ access_key: 'nope', exp: nowS() + 600 }, k().secretKey)}`],
    ['v2 claim name (accessKey) only', () => `Bearer ${sign({ accessKey: k().accessKey, exp: nowS() + 600 }, k().secretKey)}`],
    ["the other environment's key", () => `Bearer ${token(t.store, 'production')}`],
  ];
  it.each(cases)('%s → 401 with the JSON error body', async (_name, header) => {
    const h = header();
    const res = await t.app.inject({ method: 'GET', url: `${SANDBOX}/pickup-points`, headers: h ? { authorization: h } : {} });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    expect(typeof res.json().message).toBe('string');
  });
});

describe('GET /pickup-points', () => {
  it('groups the points of every carrier with a contract by country, provider and type (sandbox: the built-in contracts)', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${SANDBOX}/pickup-points`, headers: auth() });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const ee = body.EE.providers.omniva;
    expect(Object.keys(ee).sort()).toEqual(['parcel_machine', 'post_office']);
    expect(ee.parcel_machine[0]).toEqual({
      uuid: 'omniva-ee-pm-1',
      name: 'Omniva pakiautomaat Tallinn Kesklinn Lidl',
      country: 'EE',
      type: 'parcel_machine',
      provider_name: 'omniva',
      region: 'Harju maakond',
      locality: 'Tallinn',
    });
    // provider_name is the carrier code; parcel shops are listed as parcel_shop (docs/decisions.md).
    for (const country of Object.values(body) as { providers: Record<string, Record<string, unknown[]>> }[]) {
      for (const [provider, types] of Object.entries(country.providers)) {
        expect(Object.keys(types).length).toBeGreaterThan(0);
        for (const [type, list] of Object.entries(types)) {
          expect(['parcel_machine', 'post_office', 'parcel_shop']).toContain(type);
          expect(list.length).toBeGreaterThan(0);
          for (const p of list as { provider_name: string; type: string }[]) expect(p).toMatchObject({ provider_name: provider, type });
        }
      }
    }
  });

  it('in production only carriers with an active contract: none → {}, one → only its points', async () => {
    const none = await t.app.inject({ method: 'GET', url: `${PRODUCTION}/pickup-points`, headers: auth(t.store, 'production') });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({});
    const one = await t.app.inject({ method: 'GET', url: `${PRODUCTION}/pickup-points`, headers: auth(other, 'production') });
    const providers = new Set(Object.values(one.json() as Record<string, { providers: object }>).flatMap((c) => Object.keys(c.providers)));
    expect([...providers]).toEqual(['inpost']);
  });
});

describe('POST /shipments', () => {
  it('the WooCommerce plugin request: 201, registered before answering, the response exactly as the spec lists it', async () => {
    const body = wooBody();
    const res = await post('/shipments', body);
    expect(res.statusCode).toBe(201);
    const s = res.json();
    expect(s).toMatchObject({
      shipping_method: { uuid: 'omniva-ee-pm-1', identifier: 'omniva_parcel_machines', provider_name: 'omniva', type: 'parcel_machine', available_in_countries: ['EE'] },
      currency: 'EUR',
      shipping_total: '3.50',
      total: '24.99',
      billing_first_name: 'Mari',
      billing_company: null,
      billing_phone_number: '+3725551234',
      shipping_first_name: 'Mari',
      shipping_last_name: 'Maasikas',
      shipping_phone_number: '5551234',
      sender_name: 'Näidispood OÜ',
      sender_phone_number: '6001234',
      payment_method: 'montonio_payments',
      merchant_reference: body.merchant_reference,
      error_reason: null,
      duplicate_shipment_sort_order: 0,
      status: 'registered_with_provider',
    });
    expect(s).not.toHaveProperty('shipping_phone_country');
    expect(s).not.toHaveProperty('sender_phone_country');
    const { rows } = await t.db.query<{ legacy_webhook_url: string }>('SELECT legacy_webhook_url FROM shipments WHERE id = $1', [s.uuid]);
    expect(rows[0]!.legacy_webhook_url).toBe(body.webhook_url);

    // One shipment, two views: v2 reads the same row.
    const v2 = await t.app.inject({ method: 'GET', url: `${V2_SANDBOX}/shipments/${s.uuid}`, headers: t.bearer() });
    expect(v2.statusCode).toBe(200);
    expect(v2.json()).toMatchObject({ id: s.uuid, status: 'registered', merchantReference: body.merchant_reference, shippingMethod: { id: 'omniva-ee-pm-1', type: 'pickupPoint' } });
    const events = await t.db.query<{ e: string }>(`SELECT claims->>'eventType' AS e FROM notifications WHERE claims->>'shipmentId' = $1`, [s.uuid]);
    expect(events.rows.map((r) => r.e)).toContain('shipment.registered');
  });

  it('numbers as strings, weight 0, courier with the address, the spec placeholder identifier', async () => {
    const res = await post('/shipments', courier({ shipping_total: '3.5', total: '10', parcels: [{ weight: '0' }, { weight: 2.25 }] }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ shipping_total: '3.50', total: '10.00', shipping_method: { identifier: 'omniva_courier', type: 'courier' }, shipping_street_address_1: 'Riia tn 15' });
    const placeholder = await post('/shipments', courier({ shipping_method: 'carrier_a_courier' }));
    expect(placeholder.statusCode).toBe(201);
    expect(placeholder.json().shipping_method).toMatchObject({ identifier: 'carrier_a_courier', provider_name: 'omniva' });
  });

  it('create-async: 201 with an empty body; the shipment is registered in the background', async () => {
    const body = wooBody();
    const res = await post('/shipments/create-async', body);
    expect(res.statusCode).toBe(201);
    expect(res.body).toBe('');
    const { rows } = await t.db.query<{ id: string; status: string }>('SELECT id, status FROM shipments WHERE merchant_reference = $1', [body.merchant_reference]);
    expect(rows).toHaveLength(1);
    await t.services.shipments.registration.drain();
    const after = await t.db.query<{ status: string }>('SELECT status FROM shipments WHERE id = $1', [rows[0]!.id]);
    expect(after.rows[0]!.status).toBe('registered');
  });

  it('a reference already live → 409', async () => {
    const body = wooBody();
    expect((await post('/shipments', body)).statusCode).toBe(201);
    const again = await post('/shipments', body);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ statusCode: 409, error: 'Conflict' });
  });

  const BAD: [string, Record<string, unknown>, string][] = [
    ...(
      ['merchant_reference', 'sender_name', 'sender_phone_number', 'sender_street_address_1', 'sender_locality', 'sender_postal_code', 'sender_country', 'shipping_first_name', 'parcels'] as const
    ).map((k): [string, Record<string, unknown>, string] => [`missing ${k}`, wooBody({ [k]: undefined }), k]),
    ['shipping_phone_number missing with no billing phone', wooBody({ shipping_phone_number: null, billing_phone_number: '' }), 'shipping_phone_number'],
    ['3-decimal weight', wooBody({ parcels: [{ weight: 1.234 }] }), 'parcels[0].weight'],
    ['3-decimal weight as string', wooBody({ parcels: [{ weight: '0.001' }] }), 'parcels[0].weight'],
    ['negative weight', wooBody({ parcels: [{ weight: -1 }] }), 'parcels[0].weight'],
    ['weight not a number', wooBody({ parcels: [{ weight: 'heavy' }] }), 'parcels[0].weight'],
    ['no parcels', wooBody({ parcels: [] }), 'parcels'],
    ['3-decimal total', wooBody({ total: 1.005 }), 'total'],
    ['3-decimal shipping_total', wooBody({ shipping_total: '0.125' }), 'shipping_total'],
    ['sender_country three letters', wooBody({ sender_country: 'EST' }), 'sender_country'],
    ['sender_country lower case', wooBody({ sender_country: 'ee' }), 'sender_country'],
    ['billing_country bad', wooBody({ billing_country: 'Estonia' }), 'billing_country'],
    ['shipping_country bad (courier)', courier({ shipping_country: 'E1' }), 'shipping_country'],
    ['pickup method without point', wooBody({ pickup_point_uuid: '' }), 'pickup_point_uuid'],
    ['point of another carrier', wooBody({ pickup_point_uuid: 'inpost-pl-pm-1' }), 'pickup_point_uuid'],
    ['unknown point', wooBody({ pickup_point_uuid: 'nope' }), 'pickup_point_uuid'],
    ['courier without street', courier({ shipping_street_address_1: '' }), 'shipping_street_address_1'],
    ['courier without locality', courier({ shipping_locality: undefined }), 'shipping_locality'],
    ['courier without postal code', courier({ shipping_postal_code: '' }), 'shipping_postal_code'],
    ['courier without country', courier({ shipping_country: '' }), 'shipping_country'],
    ['unknown identifier', wooBody({ shipping_method: 'omniva_drone' }), 'shipping_method'],
    ['identifier of a gap (dpd has no post offices)', wooBody({ shipping_method: 'dpd_post_offices' }), 'shipping_method'],
    ['merchant_reference a number', wooBody({ merchant_reference: 42 }), 'merchant_reference'],
    ['parcels not an array', wooBody({ parcels: { weight: 1 } }), 'parcels'],
    ['currency bad', wooBody({ currency: 'euro' }), 'currency'],
    ['webhook_url not a URL', wooBody({ webhook_url: 'javascript:alert(1)' }), 'webhook_url'],
  ];
  it.each(BAD.map(([name, body, field]) => [name, field, body] as const))('%s → 400 naming %s, nothing written', async (_name, field, body) => {
    const before = await counts();
    for (const path of ['/shipments', '/shipments/create-async']) {
      const res = await post(path, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(res.json().message).toContain(field);
    }
    expect(await counts()).toEqual(before);
  });

  // docs/decisions.md: a point of the identifier's carrier is taken whatever its type (the
  // plugin's DPD parcel-shop method sends DPD's parcel machines as dpd_parcel_shops).
  it("a point of the carrier but of another type is taken: the point's own type is the method", async () => {
    const res = await post('/shipments', wooBody({ pickup_point_uuid: 'omniva-ee-po-1' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().shipping_method).toMatchObject({ uuid: 'omniva-ee-po-1', provider_name: 'omniva', type: 'post_office' });
  });

  it('no shipping_method is no longer refused: both routes store it created, not registered (legacy-unregistered.test.ts has the rest)', async () => {
    for (const path of ['/shipments', '/shipments/create-async']) {
      const body = wooBody({ shipping_method: undefined });
      const res = await post(path, body);
      expect(res.statusCode).toBe(201);
      const { rows } = await t.db.query<{ status: string; method_type: string | null }>('SELECT status, method_type FROM shipments WHERE merchant_reference = $1', [body.merchant_reference]);
      expect(rows).toEqual([{ status: 'created', method_type: null }]);
    }
  });

  it('a carrier without an active production contract → 400 naming shipping_method, nothing written', async () => {
    const before = await counts();
    const res = await post('/shipments', wooBody(), t.store, PRODUCTION);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^shipping_method /);
    expect(await counts()).toEqual(before);
  });
});

describe('POST /shipments/label-from-store', () => {
  it('one PDF with every label; the shipments become label_created (v2 labelsCreated, its webhook written)', async () => {
    const a = (await post('/shipments', wooBody())).json();
    const b = (await post('/shipments', courier())).json();
    const res = await post('/shipments/label-from-store', { merchant_references: [a.merchant_reference, b.merchant_reference] });
    expect(res.statusCode).toBe(200);
    const { url } = res.json();
    const u = new URL(url);
    const pdf = await t.app.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdfPageCount(pdf.rawPayload)).toBe(1);
    const tracking = await t.db.query<{ c: string }>('SELECT carrier_parcel_id AS c FROM shipment_parcels WHERE shipment_id = ANY($1::uuid[]) ORDER BY shipment_id, position', [[a.uuid, b.uuid]]);
    expect(tracking.rows).toHaveLength(2);
    if (barcodeToolsOrSkip()) {
      const codes = decodePage(pdf.rawPayload);
      for (const r of tracking.rows) expect(codes).toContain(r.c);
    }
    for (const id of [a.uuid, b.uuid]) {
      const v2 = await t.app.inject({ method: 'GET', url: `${V2_SANDBOX}/shipments/${id}`, headers: t.bearer() });
      expect(v2.json().status).toBe('labelsCreated');
      const ev = await t.db.query<{ e: string }>(`SELECT claims->>'eventType' AS e FROM notifications WHERE claims->>'shipmentId' = $1`, [id]);
      expect(ev.rows.map((r) => r.e)).toContain('shipment.labelsCreated');
    }
  });

  it('a shipment created through v2 is printable here by its merchantReference (one shipment, two views)', async () => {
    const body = pickupBody({ synchronous: true });
    const v2 = await t.app.inject({ method: 'POST', url: `${V2_SANDBOX}/shipments`, headers: t.bearer(), payload: body });
    expect(v2.statusCode).toBe(201);
    expect(v2.json().status).toBe('registered');
    const res = await post('/shipments/label-from-store', { merchant_references: [body.merchantReference] });
    expect(res.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: `${V2_SANDBOX}/shipments/${v2.json().id}`, headers: t.bearer() });
    expect(after.json().status).toBe('labelsCreated');
  });

  it("another store's reference is unknown here (404)", async () => {
    await activate(t, other, { env: 'sandbox', carrierCode: 'omniva', country: 'EE' });
    const theirs = (await post('/shipments', wooBody(), other)).json();
    expect(theirs.status).toBe('registered_with_provider');
    const res = await post('/shipments/label-from-store', { merchant_references: [theirs.merchant_reference] });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toContain('merchant_references[0]');
  });

  it('unknown or other store references → 404, unregistered → 409, bad body → 400; all or nothing', async () => {
    const a = (await post('/shipments', wooBody())).json();
    const unknown = await post('/shipments/label-from-store', { merchant_references: [a.merchant_reference, 'NO-SUCH'] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toContain('merchant_references[1]');
    const async = wooBody();
    expect((await post('/shipments/create-async', async)).statusCode).toBe(201);
    const pending = await post('/shipments/label-from-store', { merchant_references: [a.merchant_reference, async.merchant_reference] });
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toContain('merchant_references[1]');
    const v2 = await t.app.inject({ method: 'GET', url: `${V2_SANDBOX}/shipments/${a.uuid}`, headers: t.bearer() });
    expect(v2.json().status).toBe('registered');
    for (const body of [{}, { merchant_references: [] }, { merchant_references: [1] }, { merchant_references: 'x' }]) {
      const res = await post('/shipments/label-from-store', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('merchant_references');
    }
    await t.services.shipments.registration.drain();
  });
});
