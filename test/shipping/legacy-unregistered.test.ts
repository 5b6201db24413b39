/**
 * The snake_case shipping API without `shipping_method` (shipping-legacy.md: "When omitted the
 * shipment is only created in the partner system and not registered with a carrier"): both POST
 * routes store the ONE shipments row in status `created` with no method (migration 019), the
 * registration worker never takes it, no webhook fires; v2 shows it (`status: "created"`,
 * `shippingMethod: null`); labels are refused; a v2 PATCH with a shippingMethod registers it,
 * and then its v2 and snake_case webhooks fire.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { COURIER_RECEIVER, ref, SANDBOX as V2 } from './support.js';
import { legacyBearer, wooShipmentBody } from '../support/legacy-shipping.js';

const LEGACY = '/sandbox/shipping/api/v1';
let t: TestApp;

const legacyAuth = () => ({ authorization: legacyBearer(t.store.keys.sandbox) });
const post = (path: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `${LEGACY}${path}`, headers: legacyAuth(), payload });
const v2Get = (id: string) => t.app.inject({ method: 'GET', url: `${V2}/shipments/${id}`, headers: t.bearer() });
const v2Patch = (id: string, payload: Record<string, unknown>) => t.app.inject({ method: 'PATCH', url: `${V2}/shipments/${id}`, headers: t.bearer(), payload });

/** The WooCommerce plugin's body (class-montonio-shipping.php @ f64db1a) for an order without a Montonio method: no shipping_method, no pickup_point_uuid, the address keys "". */
const noMethodBody = (over: Record<string, unknown> = {}): Record<string, unknown> =>
  wooShipmentBody(ref('NOMETHOD'), { shipping_method: undefined, pickup_point_uuid: undefined, shipping_country: '', ...over });

interface Row {
  id: string;
  status: string;
  method_type: string | null;
  method_id: string | null;
  carrier_code: string | null;
  country_code: string | null;
  next_registration_at: Date | null;
  carrier_shipment_id: string | null;
}
const rowOf = async (reference: unknown): Promise<Row[]> =>
  (await t.db.query<Row>('SELECT id, status, method_type, method_id, carrier_code, country_code, next_registration_at, carrier_shipment_id FROM shipments WHERE merchant_reference = $1', [reference]))
    .rows;
/** Every notification (v2 webhook or snake_case webhook) written for a shipment. */
const notificationsOf = async (id: string) =>
  (
    await t.db.query<{ kind: string; event: string | null; claims: Record<string, unknown>; url: string }>(
      `SELECT kind, claims->>'eventType' AS event, claims, url FROM notifications WHERE subject_id::text = $1 OR claims->>'shipmentId' = $1 ORDER BY created_at, url`,
      [id],
    )
  ).rows;

beforeAll(async () => {
  t = await createTestApp();
  await t.db.query(`INSERT INTO webhooks (id, store_id, env, url, enabled_events) VALUES (gen_random_uuid(), $1, 'sandbox', 'https://hooks.example/kassa', $2)`, [
    t.store.id,
    ['shipment.registered', 'shipment.registrationFailed', 'shipment.labelsCreated'],
  ]);
});
afterAll(async () => t.close());

describe('creating without shipping_method', () => {
  it('POST /shipments: 201 with the response (shipping_method null, status created, the rest echoed); the row is created with no method and never registered, even after the worker drains; no webhook', async () => {
    const body = noMethodBody();
    const res = await post('/shipments', body);
    expect(res.statusCode).toBe(201);
    const json = res.json();
    expect(json).toMatchObject({
      shipping_method: null,
      status: 'created',
      merchant_reference: body.merchant_reference,
      currency: 'EUR',
      shipping_total: '3.50',
      total: '24.99',
      billing_first_name: 'Mari',
      billing_street_address_1: 'Riia tn 15',
      billing_phone_number: '+3725551234',
      shipping_first_name: 'Mari',
      shipping_last_name: 'Maasikas',
      shipping_street_address_1: null,
      shipping_country: null,
      shipping_phone_number: '5551234',
      sender_name: 'Näidispood OÜ',
      sender_country: 'EE',
      payment_method: 'montonio_payments',
      error_reason: null,
      duplicate_shipment_sort_order: 0,
    });
    const [row] = await rowOf(body.merchant_reference);
    expect(row).toMatchObject({ id: json.uuid, status: 'created', method_type: null, method_id: null, carrier_code: null, country_code: null, next_registration_at: null });
    const legacy = await t.db.query<{ identifier: string | null }>('SELECT identifier FROM legacy_shipments WHERE shipment_id = $1', [json.uuid]);
    expect(legacy.rows).toEqual([{ identifier: null }]);

    await t.services.shipments.registration.drain();
    expect((await rowOf(body.merchant_reference))[0]).toMatchObject({ status: 'created', carrier_shipment_id: null });
    expect(await notificationsOf(json.uuid)).toEqual([]);
  });

  it('create-async: 201 with an empty body; the row is created and stays so after the worker drains', async () => {
    const body = noMethodBody();
    const res = await post('/shipments/create-async', body);
    expect(res.statusCode).toBe(201);
    expect(res.body).toBe('');
    const rows = await rowOf(body.merchant_reference);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('created');
    await t.services.shipments.registration.drain();
    expect((await rowOf(body.merchant_reference))[0]).toMatchObject({ status: 'created', method_type: null, carrier_shipment_id: null });
    expect(await notificationsOf(rows[0]!.id)).toEqual([]);
  });

  it('shipping_method null or "" is the same as absent; a pickup_point_uuid without shipping_method is ignored (the plugin sends them independently)', async () => {
    for (const over of [{ shipping_method: null }, { shipping_method: '' }, { pickup_point_uuid: 'omniva-ee-pm-1' }]) {
      const res = await post('/shipments', noMethodBody(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(201);
      expect(res.json()).toMatchObject({ shipping_method: null, status: 'created' });
    }
  });

  it('every other rule still holds: a missing required field or a bad value is 400 naming it, nothing written', async () => {
    const before = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM shipments');
    for (const [over, field] of [
      [{ merchant_reference: undefined }, 'merchant_reference'],
      [{ parcels: [{ weight: 1.234 }] }, 'parcels[0].weight'],
      [{ sender_country: 'EST' }, 'sender_country'],
      [{ shipping_country: 'E1' }, 'shipping_country'],
      [{ shipping_method: 'omniva_drone' }, 'shipping_method'],
    ] as const) {
      for (const path of ['/shipments', '/shipments/create-async']) {
        const res = await post(path, noMethodBody(over));
        expect(res.statusCode, field).toBe(400);
        expect(res.json().message).toContain(field);
      }
    }
    expect((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM shipments')).rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it('its reference is live: the same merchant_reference again is 409', async () => {
    const body = noMethodBody();
    expect((await post('/shipments', body)).statusCode).toBe(201);
    expect((await post('/shipments', body)).statusCode).toBe(409);
  });

  it('the table refuses a method-less row in any status but created (migration 019)', async () => {
    const id = (await post('/shipments', noMethodBody())).json().uuid;
    await expect(t.db.query(`UPDATE shipments SET status = 'pending' WHERE id = $1`, [id])).rejects.toThrow(/shipments_method_unless_created/);
    await expect(t.db.query(`UPDATE shipments SET status = 'registered' WHERE id = $1`, [id])).rejects.toThrow(/shipments_method_unless_created/);
    expect((await v2Get(id)).json().status).toBe('created');
  });
});

describe('a created shipment through v2', () => {
  it('GET /shipments/:id: status created, shippingMethod null, no carrier fields', async () => {
    const id = (await post('/shipments', noMethodBody({ parcels: [{ weight: 1 }, { weight: '0.5' }] }))).json().uuid;
    const res = await v2Get(id);
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s).toMatchObject({ id, status: 'created', shippingMethod: null, carrierShipmentId: null, errors: null, store: { id: t.store.id } });
    expect(s.parcels.map((p: { weight: number; carrierParcelId: string | null; trackingLink: string | null }) => [p.weight, p.carrierParcelId, p.trackingLink])).toEqual([
      [1, null, null],
      [0.5, null, null],
    ]);
    expect(s.receiver).toMatchObject({ firstName: 'Mari', lastName: 'Maasikas', streetAddress: null, country: null });
  });

  it('PATCH with a shippingMethod (synchronous) registers it; then its v2 and snake_case webhooks fire, and labels print by merchant reference', async () => {
    const body = noMethodBody();
    const id = (await post('/shipments', body)).json().uuid;
    const res = await v2Patch(id, { shippingMethod: { type: 'pickupPoint', id: 'omniva-ee-pm-1' }, synchronous: true });
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s).toMatchObject({ status: 'registered', shippingMethod: { type: 'pickupPoint', id: 'omniva-ee-pm-1', carrierCode: 'omniva', countryCode: 'EE' } });
    expect(s.carrierShipmentId).toEqual(expect.any(String));
    const events = await notificationsOf(id);
    expect(events.filter((e) => e.kind !== 'legacy_webhook').map((e) => e.event)).toEqual(['shipment.registered']);
    const legacy = events.filter((e) => e.kind === 'legacy_webhook');
    expect(legacy.map((e) => e.url)).toEqual([body.webhook_url]);
    expect(legacy[0]!.claims).toMatchObject({ message: 'shipment_created', shipment_status: 'registered_with_provider', shipment_uuid: id, merchant_reference: body.merchant_reference });

    const labels = await post('/shipments/label-from-store', { merchant_references: [body.merchant_reference] });
    expect(labels.statusCode).toBe(200);
    expect((await v2Get(id)).json().status).toBe('labelsCreated');
    const after = await notificationsOf(id);
    expect(after.filter((e) => e.kind === 'legacy_webhook').map((e) => e.claims.message)).toEqual(['shipment_created', 'label_created']);
  });

  it('PATCH without shippingMethod → 400 naming it; a courier method needs the receiver address (400 naming it); nothing moves; with the address it is queued pending and the worker registers it', async () => {
    const body = noMethodBody();
    const id = (await post('/shipments', body)).json().uuid;
    const none = await v2Patch(id, { parcels: [{ weight: 2 }] });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toMatch(/^shippingMethod /);
    const noAddress = await v2Patch(id, { shippingMethod: { type: 'courier', id: 'omniva-ee-courier-standard' } });
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().message).toContain('receiver.streetAddress');
    expect((await rowOf(body.merchant_reference))[0]).toMatchObject({ status: 'created', method_type: null });

    const ok = await v2Patch(id, { shippingMethod: { type: 'courier', id: 'omniva-ee-courier-standard' }, receiver: COURIER_RECEIVER, parcels: [{ weight: 2, length: 0.3, width: 0.2, height: 0.1 }] });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'pending', shippingMethod: { type: 'courier', carrierCode: 'omniva' } });
    expect(await notificationsOf(id)).toEqual([]); // getting a method writes no event of its own
    await t.services.shipments.registration.drain();
    expect((await v2Get(id)).json().status).toBe('registered');
    const tokenClaims = (await notificationsOf(id)).filter((e) => e.kind === 'legacy_webhook').map((e) => e.claims.shipment_status);
    expect(tokenClaims).toEqual(['registered_with_provider']);
  });

  it('the sandbox test helper cannot move a created shipment (409)', async () => {
    const id = (await post('/shipments', noMethodBody())).json().uuid;
    const res = await t.app.inject({ method: 'POST', url: `${V2}/test-helpers/shipments/${id}/status`, headers: t.bearer(), payload: { status: 'inTransit' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('is created');
  });
});

describe('labels of a created shipment', () => {
  it('label-from-store refuses it (409 naming merchant_references[i] and created), v2 POST /label-files too (409 naming shipmentIds[i]); nothing written', async () => {
    const body = noMethodBody();
    const id = (await post('/shipments', body)).json().uuid;
    const count = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM label_files')).rows[0]!.n;
    const before = await count();
    const legacy = await post('/shipments/label-from-store', { merchant_references: [body.merchant_reference] });
    expect(legacy.statusCode).toBe(409);
    expect(legacy.json().message).toMatch(/^merchant_references\[0\]: .* is created; it has no shipping method/);
    const v2 = await t.app.inject({ method: 'POST', url: `${V2}/label-files`, headers: t.bearer(), payload: { shipmentIds: [id], synchronous: true } });
    expect(v2.statusCode).toBe(409);
    expect(v2.json().message).toMatch(/^shipmentIds\[0\]: .* is created/);
    expect(await count()).toBe(before);
    expect((await v2Get(id)).json().status).toBe('created');
  });
});
