import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { activate, admin, COURIER_RECEIVER, courierBody, pickupBody, PRODUCTION, RECEIVER, SANDBOX, SENDER } from './support.js';
import type { CreatedStore } from '../../src/stores/service.js';
import { carrierDefinition } from '../../src/shipping/carriers/registry.js';
import { withTx } from '../../src/platform/db.js';
import { TransitionError } from '../../src/platform/state-machine.js';
import { hasMethod, ShipmentStore } from '../../src/shipping/shipments/store.js';
import { SAMPLE_SENDERS } from '../../src/shipping/shipments/sample-sender.js';

let t: TestApp;
let other: CreatedStore;

beforeAll(async () => {
  t = await createTestApp();
  await activate(t, t.store, { env: 'sandbox', carrierCode: 'omniva', country: 'EE' });
  await activate(t, t.store, { env: 'sandbox', carrierCode: 'smartpost', country: 'FI' });
  // smartpost's lockers take a size; its drop-off PIN needs the service and a resulting size.
  await activate(t, t.store, { env: 'sandbox', carrierCode: 'smartpost', country: 'EE', defaultLockerSize: 'M', dropOffPinService: true });
  // dpd's drop-off PIN needs the service only (its lockers take no size).
  await activate(t, t.store, { env: 'sandbox', carrierCode: 'dpd', country: 'EE', dropOffPinService: true });
  await activate(t, t.store, { env: 'sandbox', carrierCode: 'inpost', country: 'PL' });
  other = await t.createStore();
  await activate(t, other, { env: 'sandbox', carrierCode: 'omniva', country: 'EE' });
  await t.db.query(`INSERT INTO webhooks (id, store_id, env, url, enabled_events) VALUES (gen_random_uuid(), $1, 'sandbox', 'https://hooks.example/kassa', $2)`, [
    t.store.id,
    ['shipment.registered', 'shipment.registrationFailed', 'shipment.statusUpdated'],
  ]);
});
afterAll(async () => t.close());

const auth = (store?: CreatedStore, env: 'sandbox' | 'production' = 'sandbox') => t.bearer({ env, ...(store ? { store } : {}) });
const create = (payload: unknown, store?: CreatedStore) => t.app.inject({ method: 'POST', url: `${SANDBOX}/shipments`, headers: auth(store), payload: payload as Record<string, unknown> });
const patch = (id: string, payload: unknown) => t.app.inject({ method: 'PATCH', url: `${SANDBOX}/shipments/${id}`, headers: auth(), payload: payload as Record<string, unknown> });
const getShipment = (id: string, store?: CreatedStore) => t.app.inject({ method: 'GET', url: `${SANDBOX}/shipments/${id}`, headers: auth(store) });
const move = (id: string, status: string) => t.app.inject({ method: 'POST', url: `${SANDBOX}/test-helpers/shipments/${id}/status`, headers: auth(), payload: { status } });
const drain = () => t.services.shipments.registration.drain();

async function counts() {
  const { rows } = await t.db.query<{ s: number; p: number }>('SELECT (SELECT count(*)::int FROM shipments) AS s, (SELECT count(*)::int FROM shipment_parcels) AS p');
  return rows[0]!;
}

async function webhookEvents(shipmentId: string): Promise<string[]> {
  const { rows } = await t.db.query<{ e: string }>(`SELECT claims->>'eventType' AS e FROM notifications WHERE kind = 'webhook' AND claims->>'shipmentId' = $1 ORDER BY created_at, id`, [shipmentId]);
  return rows.map((r) => r.e);
}

describe('POST /shipments', () => {
  it('creates a pickup-point shipment pending; the worker registers it with tracking numbers in the carrier format', async () => {
    const body = pickupBody({ products: [{ sku: 'SKU-1', name: 'Mug', quantity: 2, barcode: '4740000000001' }], orderComment: 'Leave at the door' });
    const res = await create(body);
    expect(res.statusCode).toBe(201);
    const s = res.json();
    expect(Object.keys(s)).toEqual([
      'id',
      'createdAt',
      'status',
      'serviceOrderUuid',
      'montonioOrderUuid',
      'merchantReference',
      'sender',
      'receiver',
      'parcels',
      'shippingMethod',
      'carrierShipmentId',
      'store',
      'products',
      'errors',
    ]);
    expect(s).toMatchObject({
      status: 'pending',
      merchantReference: body.merchantReference,
      serviceOrderUuid: null,
      montonioOrderUuid: null,
      shippingMethod: { id: 'omniva-ee-pm-1', type: 'pickupPoint', carrierCode: 'omniva', countryCode: 'EE' },
      carrierShipmentId: null,
      store: { id: t.store.id },
      receiver: { name: 'Mari Maasikas', firstName: null, lastName: null, phoneNumber: '5551234' },
      parcels: [{ weight: 1.2, length: null, width: null, height: null, carrierParcelId: null, trackingLink: null, dropOffPin: null }],
      products: [{ sku: 'SKU-1', name: 'Mug', quantity: 2, barcode: '4740000000001' }],
    });
    expect(Object.keys(s.products[0])).toEqual(['id', 'createdAt', 'sku', 'name', 'barcode', 'quantity']);
    expect(typeof s.receiver.id).toBe('string');

    expect(await drain()).toBeGreaterThanOrEqual(1);
    const got = await getShipment(s.id);
    expect(got.statusCode).toBe(200);
    const r = got.json();
    expect(r.status).toBe('registered');
    expect(r.carrierShipmentId).toEqual(expect.any(String));
    const def = carrierDefinition('omniva')!;
    expect(def.trackingNumber.isValid(r.parcels[0].carrierParcelId)).toBe(true);
    expect(r.parcels[0].trackingLink).toBe(`http://kassa.test/track/omniva/${r.parcels[0].carrierParcelId}`);
    // omniva always issues a drop-off PIN: a copy of the parcel's barcode. Its lockers take no size.
    expect(r.parcels[0].dropOffPin).toBe(r.parcels[0].carrierParcelId);
    const { rows } = await t.db.query('SELECT locker_size FROM shipments WHERE id = $1', [s.id]);
    expect(rows[0].locker_size).toBeNull();
    expect(await webhookEvents(s.id)).toEqual(['shipment.registered']);
    const { rows: n } = await t.db.query(`SELECT url, webhook_id, claims FROM notifications WHERE kind = 'webhook' AND claims->>'shipmentId' = $1`, [s.id]);
    expect(n[0].url).toBe('https://hooks.example/kassa');
    expect(n[0].claims.data).toMatchObject({ id: s.id, status: 'registered' });
  });

  it('creates a courier shipment; synchronous true answers the final status', async () => {
    const res = await create(courierBody({ synchronous: true, montonioOrderUuid: '01900000-0000-7000-8000-00000000abcd' }));
    expect(res.statusCode).toBe(201);
    const s = res.json();
    expect(s.status).toBe('registered');
    expect(s.serviceOrderUuid).toBe('01900000-0000-7000-8000-00000000abcd');
    expect(s.montonioOrderUuid).toBe(s.serviceOrderUuid);
    expect(s.parcels[0]).toMatchObject({ weight: 2.5, length: 0.3, width: 0.2, height: 0.1 });
    expect(carrierDefinition('omniva')!.trackingNumber.isValid(s.parcels[0].carrierParcelId)).toBe(true);
    // omniva's PIN is always issued, couriers included: the barcode.
    expect(s.parcels[0].dropOffPin).toBe(s.parcels[0].carrierParcelId);
    const { rows } = await t.db.query('SELECT length_mm, width_mm, height_mm, weight_g FROM shipment_parcels WHERE shipment_id = $1', [s.id]);
    expect(rows[0]).toEqual({ length_mm: 300, width_mm: 200, height_mm: 100, weight_g: 2500 });
    // tracking numbers come from the contract's sequence
    const c = await t.db.query(`SELECT last_used_parcel_number FROM carrier_contracts WHERE store_id = $1 AND carrier_code = 'omniva'`, [t.store.id]);
    expect(Number(c.rows[0].last_used_parcel_number)).toBeGreaterThanOrEqual(1);
  });

  it('registers smartpost (FI) and inpost (PL) with their own tracking formats', async () => {
    const pn = await create({
      ...courierBody({ shippingMethod: { type: 'courier', id: 'smartpost-fi-courier-standard' } }),
      receiver: { name: 'Matti Virtanen', streetAddress: 'Hämeenkatu 20', locality: 'Tampere', postalCode: '33200', country: 'FI', phoneCountryCode: '+358', phoneNumber: '401234567' },
      synchronous: true,
    });
    expect(pn.statusCode).toBe(201);
    expect(pn.json().status).toBe('registered');
    expect(carrierDefinition('smartpost')!.trackingNumber.isValid(pn.json().parcels[0].carrierParcelId)).toBe(true);
    const px = await create(
      pickupBody({
        shippingMethod: { type: 'pickupPoint', id: 'inpost-pl-pm-1', lockerSize: 'S' },
        receiver: { name: 'Jan Kowalski', phoneCountryCode: '+48', phoneNumber: '500600700' },
        synchronous: true,
      }),
    );
    expect(px.statusCode).toBe(201);
    expect(px.json().status).toBe('registered');
    expect(carrierDefinition('inpost')!.trackingNumber.isValid(px.json().parcels[0].carrierParcelId)).toBe(true);
    expect(px.json().parcels[0].dropOffPin).toBeNull(); // inpost issues no drop-off PIN
  });

  it('smartpost: lockerSize falls back to the contract default for pickup points, and the PIN service gives a door code for it', async () => {
    const res = await create(pickupBody({ shippingMethod: { type: 'pickupPoint', id: 'smartpost-ee-pm-1' }, synchronous: true }));
    expect(res.statusCode).toBe(201);
    const s = res.json();
    expect(s.status).toBe('registered');
    expect(carrierDefinition('smartpost')!.trackingNumber.isValid(s.parcels[0].carrierParcelId)).toBe(true);
    // lockerSize fell back to the contract's M and the account has the PIN service: a door code.
    expect(s.parcels[0].dropOffPin).toMatch(/^\d{6}$/);
    const { rows } = await t.db.query('SELECT locker_size FROM shipments WHERE id = $1', [s.id]);
    expect(rows[0].locker_size).toBe('M');
    // An explicit size wins over the contract's.
    const small = (await create(pickupBody({ shippingMethod: { type: 'pickupPoint', id: 'smartpost-ee-pm-1', lockerSize: 'S' }, synchronous: true }))).json();
    expect(small.parcels[0].dropOffPin).toMatch(/^\d{6}$/);
    expect((await t.db.query('SELECT locker_size FROM shipments WHERE id = $1', [small.id])).rows[0].locker_size).toBe('S');
    // Courier shipments get no default locker size: no door code.
    const courier = await create(courierBody({ shippingMethod: { type: 'courier', id: 'smartpost-ee-courier-standard' }, synchronous: true }));
    expect(courier.statusCode).toBe(201);
    expect(courier.json().status).toBe('registered');
    expect(courier.json().parcels[0].dropOffPin).toBeNull();
  });

  it('dpd: the drop-off PIN needs the service only, no locker size', async () => {
    const res = await create(pickupBody({ shippingMethod: { type: 'pickupPoint', id: 'dpd-ee-pm-1' }, synchronous: true }));
    expect(res.statusCode).toBe(201);
    const s = res.json();
    expect(s.status).toBe('registered');
    expect(carrierDefinition('dpd')!.trackingNumber.isValid(s.parcels[0].carrierParcelId)).toBe(true);
    expect(s.parcels[0].dropOffPin).toMatch(/^\d{6}$/);
    const { rows } = await t.db.query('SELECT locker_size FROM shipments WHERE id = $1', [s.id]);
    expect(rows[0].locker_size).toBeNull();
    // Without the service (the other store's built-in dpd contract): no PIN.
    const plain = await create(pickupBody({ shippingMethod: { type: 'pickupPoint', id: 'dpd-ee-pm-1' }, synchronous: true }), other);
    expect(plain.json().status).toBe('registered');
    expect(plain.json().parcels[0].dropOffPin).toBeNull();
  });

  it('simulator refusal → registrationFailed naming the field; PATCH receiver → registered', async () => {
    const res = await create(pickupBody({ receiver: { ...RECEIVER, name: 'FAIL Person' } }));
    expect(res.statusCode).toBe(201);
    const id = res.json().id;
    await drain();
    const failed = (await getShipment(id)).json();
    expect(failed.status).toBe('registrationFailed');
    expect(failed.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'receiver.name', code: 'INVALID_FIELD' })]));
    expect(failed.parcels[0].carrierParcelId).toBeNull();
    expect(await webhookEvents(id)).toEqual(['shipment.registrationFailed']);

    const fixed = await patch(id, { receiver: RECEIVER });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json()).toMatchObject({ status: 'pending', errors: null, receiver: { name: 'Mari Maasikas' } });
    expect(fixed.json().receiver.id).toBe(failed.receiver.id);
    await drain();
    const ok = (await getShipment(id)).json();
    expect(ok.status).toBe('registered');
    expect(ok.parcels[0].carrierParcelId).toEqual(expect.any(String));
    expect(await webhookEvents(id)).toEqual(['shipment.registrationFailed', 'shipment.registered']);
  });

  it('PATCHing a registered shipment cancels its registration at the carrier before registering it again', async () => {
    const adapter = t.services.carriers.get('omniva')!;
    const cancel = vi.spyOn(adapter, 'cancel');
    try {
      const first = (await create(pickupBody({ synchronous: true }))).json();
      expect(first.status).toBe('registered');
      const before = await t.db.query('SELECT carrier_shipment_id FROM shipments WHERE id = $1', [first.id]);
      const oldId = before.rows[0].carrier_shipment_id as string;

      // The carrier is down when it should take the old one back: the shipment waits, like any outage.
      cancel.mockResolvedValueOnce({ ok: false, retryable: true, errors: [] });
      const patched = (await patch(first.id, { receiver: { ...RECEIVER, name: 'Mari Mets' }, synchronous: true })).json();
      expect(patched).toMatchObject({ status: 'pending', errors: [expect.objectContaining({ code: 'CARRIER_UNAVAILABLE' })] });
      expect(cancel).toHaveBeenLastCalledWith(expect.objectContaining({ carrierShipmentId: oldId }));

      await t.db.query('UPDATE shipments SET next_registration_at = now() WHERE id = $1', [first.id]);
      await drain();
      const again = (await getShipment(first.id)).json();
      expect(again.status).toBe('registered');
      expect(cancel).toHaveBeenCalledTimes(2);
      await expect(cancel.mock.results[1]!.value).resolves.toEqual({ ok: true });
      const after = await t.db.query('SELECT superseded, carrier_shipment_id FROM shipments WHERE id = $1', [first.id]);
      expect(after.rows[0].superseded).toEqual([]);

      // A failed shipment has nothing at the carrier: its PATCH cancels nothing.
      const failed = (await create(pickupBody({ receiver: { ...RECEIVER, name: 'FAIL Person' }, synchronous: true }))).json();
      cancel.mockClear();
      expect((await patch(failed.id, { receiver: RECEIVER, synchronous: true })).json().status).toBe('registered');
      expect(cancel).not.toHaveBeenCalled();
    } finally {
      cancel.mockRestore();
    }
  });

  it('an all-zero phone fails registration on receiver.phoneNumber (synchronous)', async () => {
    const res = await create(pickupBody({ receiver: { ...RECEIVER, phoneNumber: '0000000' }, synchronous: true }));
    expect(res.statusCode).toBe(201);
    expect(res.json().status).toBe('registrationFailed');
    expect(res.json().errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'receiver.phoneNumber' })]));
  });

  it('a carrier outage leaves the shipment pending and retries later (schedule), then it registers', async () => {
    const res = await create(pickupBody({ receiver: { ...RECEIVER, name: 'UNAVAILABLE Person' } }));
    const id = res.json().id;
    await drain();
    const { rows } = await t.db.query(`SELECT status, registration_attempts, next_registration_at > now() + interval '20 seconds' AS later, errors FROM shipments WHERE id = $1`, [id]);
    expect(rows[0]).toMatchObject({ status: 'pending', registration_attempts: 1, later: true });
    expect(rows[0].errors[0].code).toBe('CARRIER_UNAVAILABLE');
    expect(await drain()).toBe(0);
    expect(await webhookEvents(id)).toEqual([]);
  });

  it('409 for a live shipment with the same merchantReference; a failed one does not block', async () => {
    const body = pickupBody();
    expect((await create(body)).statusCode).toBe(201);
    const before = await counts();
    const again = await create(body);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain(body.merchantReference);
    expect(await counts()).toEqual(before);

    const failBody = pickupBody({ receiver: { ...RECEIVER, name: 'FAIL' }, synchronous: true });
    expect((await create(failBody)).json().status).toBe('registrationFailed');
    expect((await create({ ...failBody, receiver: RECEIVER })).statusCode).toBe(201);
    // The same reference in the other store is fine; without a reference no 409.
    expect((await create(body, other)).statusCode).toBe(201);
    const noRef = pickupBody();
    delete (noRef as Record<string, unknown>).merchantReference;
    expect((await create(noRef)).statusCode).toBe(201);
    expect((await create(noRef)).statusCode).toBe(201);
  });

  it('an omitted sender while the store has no default shipping address: the sandbox ships from the sample sender; production refuses, naming it, and writes nothing', async () => {
    const body = pickupBody();
    delete (body as Record<string, unknown>).sender;
    const fresh = await t.createStore();
    await activate(t, fresh, { env: 'sandbox', carrierCode: 'omniva', country: 'EE' });
    await activate(t, fresh, { env: 'production', carrierCode: 'omniva', country: 'EE' });
    const sandbox = await create(body, fresh);
    expect(sandbox.statusCode).toBe(201);
    expect(sandbox.json().sender).toStrictEqual({ id: sandbox.json().sender.id, ...SAMPLE_SENDERS.EE });
    expect(sandbox.json().sender.name).toBe('Kassa sandbox sample sender');

    const before = await counts();
    const res = await t.app.inject({ method: 'POST', url: `${PRODUCTION}/shipments`, headers: auth(fresh, 'production'), payload: { ...body, merchantReference: `${body.merchantReference}-prod` } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^sender is required in production: the store has no default shipping address/);
    expect(await counts()).toEqual(before);
  });

  it("fills an omitted sender from the store's default shipping address, which also sets filter-by-parcels' default source", async () => {
    const fresh = await t.createStore();
    await activate(t, fresh, { env: 'sandbox', carrierCode: 'omniva', country: 'EE' });
    await activate(t, fresh, { env: 'sandbox', carrierCode: 'smartpost', country: 'FI' });
    const address = {
      ...SENDER,
      name: 'Lahden Lähetys Oy',
      companyName: 'Lahden Lähetys Oy',
      streetAddress: 'Aleksanterinkatu 18',
      locality: 'Lahti',
      postalCode: '15140',
      country: 'FI',
      phoneCountryCode: '+358',
      phoneNumber: '401234567',
      email: 'lahetys@example.fi',
    };
    const set = await t.app.inject({ method: 'PATCH', url: `/operator/stores/${fresh.id}`, headers: admin, payload: { shippingAddress: address } });
    expect(set.statusCode).toBe(200);
    expect(set.json().shippingAddress).toStrictEqual({ ...address, region: null });

    const body = pickupBody({ shippingMethod: { type: 'pickupPoint', id: 'omniva-ee-pm-1' } });
    delete (body as Record<string, unknown>).sender;
    const res = await create(body, fresh);
    expect(res.statusCode).toBe(201);
    expect(res.json().sender).toStrictEqual({ id: res.json().sender.id, ...address, region: null });

    // filter-by-parcels without `source`: from the address's country (FI), where only smartpost ships from.
    const filter = (store: CreatedStore) =>
      t.app.inject({ method: 'POST', url: `${SANDBOX}/shipping-methods/filter-by-parcels?destination=FI`, headers: auth(store), payload: { parcels: [{ weight: 1 }] } });
    const carriersOf = (r: { json(): { countries: { carriers: { carrierCode: string }[] }[] } }) => [...new Set(r.json().countries.flatMap((c) => c.carriers.map((k) => k.carrierCode)))];
    const withAddress = await filter(fresh);
    expect(withAddress.statusCode).toBe(200);
    const withExplicitFi = await t.app.inject({
      method: 'POST',
      url: `${SANDBOX}/shipping-methods/filter-by-parcels?destination=FI&source=FI`,
      headers: auth(fresh),
      payload: { parcels: [{ weight: 1 }] },
    });
    const withExplicitEe = await t.app.inject({
      method: 'POST',
      url: `${SANDBOX}/shipping-methods/filter-by-parcels?destination=FI&source=EE`,
      headers: auth(fresh),
      payload: { parcels: [{ weight: 1 }] },
    });
    expect(carriersOf(withAddress)).toEqual(carriersOf(withExplicitFi));
    expect(carriersOf(withAddress)).not.toEqual(carriersOf(withExplicitEe)); // the store's own country is EE

    // null clears it: the sandbox ships from the sample sender again.
    const cleared = await t.app.inject({ method: 'PATCH', url: `/operator/stores/${fresh.id}`, headers: admin, payload: { shippingAddress: null } });
    expect(cleared.json().shippingAddress).toBeNull();
    const again = pickupBody();
    delete (again as Record<string, unknown>).sender;
    const sample = await create(again, fresh);
    expect(sample.statusCode).toBe(201);
    expect(sample.json().sender.name).toBe('Kassa sandbox sample sender');
  });

  it('checks a default shipping address like a sender, naming each field; changes nothing', async () => {
    const fresh = await t.createStore();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/operator/stores/${fresh.id}`,
      headers: admin,
      payload: { shippingAddress: { name: 'X', streetAddress: 'Y 1', locality: 'Tallinn', country: 'Estonia', phoneCountryCode: '+372' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('shippingAddress.postalCode is required');
    expect(res.json().message).toContain('shippingAddress.country must be an ISO 3166-1 alpha-2 code');
    expect(res.json().message).toContain('shippingAddress.phoneNumber is required');
    const { rows } = await t.db.query('SELECT shipping_address FROM stores WHERE id = $1', [fresh.id]);
    expect(rows[0].shipping_address).toBeNull();
  });
});

describe('validation: 400 naming the field, nothing written', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['no body fields', {}, 'shippingMethod is required'],
    ['method type', pickupBody({ shippingMethod: { type: 'drone', id: 'omniva-ee-pm-1' } }), 'shippingMethod.type must be one of'],
    ['method id missing', pickupBody({ shippingMethod: { type: 'pickupPoint' } }), 'shippingMethod.id is required'],
    ['unknown pickup point', pickupBody({ shippingMethod: { type: 'pickupPoint', id: 'omniva-ee-pm-999999' } }), 'shippingMethod.id is not a known pickup point id'],
    ['courier id as pickup point', pickupBody({ shippingMethod: { type: 'pickupPoint', id: 'omniva-ee-courier-standard' } }), 'shippingMethod.id is not a known pickup point id'],
    // "No contract with the carrier" happens only in production now (every carrier has a built-in
    // sandbox contract): test/payments/sandbox-no-setup.test.ts checks it there.
    ['receiver missing', pickupBody({ receiver: undefined }), 'receiver is required'],
    ['receiver name', pickupBody({ receiver: { phoneCountryCode: '+372', phoneNumber: '5551234' } }), 'receiver.name is required'],
    // phoneCountryCode may be omitted since issue 8 (real clients never send it); the number may not.
    ['receiver phone', pickupBody({ receiver: { name: 'A' } }), 'receiver.phoneNumber is required'],
    ['receiver phone code', pickupBody({ receiver: { name: 'A', phoneCountryCode: 'EE', phoneNumber: '5551234' } }), 'receiver.phoneCountryCode must be like +372, 372 or 00372'],
    ['receiver phone number', pickupBody({ receiver: { name: 'A', phoneCountryCode: '+372' } }), 'receiver.phoneNumber is required'],
    ['courier receiver address', courierBody({ receiver: RECEIVER }), 'receiver.streetAddress is required'],
    ['courier receiver country', courierBody({ receiver: { ...COURIER_RECEIVER, country: undefined } }), 'receiver.country is required'],
    ['courier receiver in another country', courierBody({ receiver: { ...COURIER_RECEIVER, country: 'LV' } }), 'receiver.country must be EE'],
    ['sender fields', pickupBody({ sender: { name: 'Shop' } }), 'sender.streetAddress is required'],
    ['sender phone', pickupBody({ sender: { ...SENDER, phoneNumber: undefined } }), 'sender.phoneNumber is required'],
    ['parcels missing', pickupBody({ parcels: undefined }), 'parcels is required'],
    ['parcels empty', pickupBody({ parcels: [] }), 'parcels must have at least 1 parcel'],
    ['parcel weight', pickupBody({ parcels: [{}] }), 'parcels[0].weight is required'],
    ['weight decimals', pickupBody({ parcels: [{ weight: 1.234 }] }), 'parcels[0].weight must have at most 2 decimal places'],
    ['weight zero', pickupBody({ parcels: [{ weight: 0 }] }), 'parcels[0].weight must be greater than 0'],
    ['dimension decimals', pickupBody({ parcels: [{ weight: 1, length: 0.123 }] }), 'parcels[0].length must have at most 2 decimal places'],
    [
      'dimensions required by the method',
      courierBody({
        shippingMethod: { type: 'courier', id: 'smartpost-fi-courier-standard' },
        parcels: [{ weight: 1, length: 0.3 }],
        receiver: { ...COURIER_RECEIVER, country: 'FI', postalCode: '33200' },
      }),
      'parcels[0].width is required by smartpost-fi-courier-standard',
    ],
    [
      'cod below range',
      pickupBody({ shippingMethod: { type: 'pickupPoint', id: 'omniva-ee-pm-1', additionalServices: [{ code: 'cod', params: { amount: 0 } }] } }),
      'shippingMethod.additionalServices[0].params.amount must be from 0.01 to 10000',
    ],
    [
      'cod above range',
      pickupBody({ shippingMethod: { type: 'pickupPoint', id: 'omniva-ee-pm-1', additionalServices: [{ code: 'cod', params: { amount: 10000.01 } }] } }),
      'shippingMethod.additionalServices[0].params.amount must be from 0.01 to 10000',
    ],
    [
      'cod without params',
      pickupBody({ shippingMethod: { type: 'pickupPoint', id: 'omniva-ee-pm-1', additionalServices: [{ code: 'cod' }] } }),
      'shippingMethod.additionalServices[0].params is required',
    ],
    [
      'unknown service',
      pickupBody({ shippingMethod: { type: 'pickupPoint', id: 'omniva-ee-pm-1', additionalServices: [{ code: 'insurance' }] } }),
      'shippingMethod.additionalServices[0].code must be one of',
    ],
    [
      'service not offered',
      pickupBody({ shippingMethod: { type: 'pickupPoint', id: 'inpost-pl-pm-1', additionalServices: [{ code: 'ageVerification' }] }, receiver: { ...RECEIVER, phoneCountryCode: '+48' } }),
      'shippingMethod.additionalServices[0].code ageVerification is not offered',
    ],
    [
      'handover for another carrier',
      pickupBody({ shippingMethod: { type: 'pickupPoint', id: 'omniva-ee-pm-1', parcelHandoverMethod: 'courierPickUp' } }),
      'shippingMethod.parcelHandoverMethod is only accepted',
    ],
    ['handover value', pickupBody({ shippingMethod: { type: 'pickupPoint', id: 'omniva-ee-pm-1', parcelHandoverMethod: 'pigeon' } }), 'shippingMethod.parcelHandoverMethod must be one of'],
    ['locker size', pickupBody({ shippingMethod: { type: 'pickupPoint', id: 'omniva-ee-pm-1', lockerSize: 'XXL' } }), 'shippingMethod.lockerSize must be one of'],
    ['serviceOrderUuid', pickupBody({ serviceOrderUuid: 'nope' }), 'serviceOrderUuid must be a UUID'],
    ['synchronous', pickupBody({ synchronous: 'yes' }), 'synchronous must be true or false'],
    ['product sku required', pickupBody({ products: [{ name: 'Mug', quantity: 1 }] }), 'products[0].sku is required'],
    ['product sku length', pickupBody({ products: [{ sku: 'x'.repeat(101), name: 'Mug', quantity: 1 }] }), 'products[0].sku must be at most 100 characters'],
    ['product name length', pickupBody({ products: [{ sku: 's', name: 'x'.repeat(256), quantity: 1 }] }), 'products[0].name must be at most 255 characters'],
    ['product quantity', pickupBody({ products: [{ sku: 's', name: 'n', quantity: 1000 }] }), 'products[0].quantity must be at most 999'],
    ['product quantity required', pickupBody({ products: [{ sku: 's', name: 'n' }] }), 'products[0].quantity is required'],
    ['product barcode', pickupBody({ products: [{ sku: 's', name: 'n', quantity: 1, barcode: 'x'.repeat(101) }] }), 'products[0].barcode must be at most 100 characters'],
    ['product price decimals', pickupBody({ products: [{ sku: 's', name: 'n', quantity: 1, price: 1.234 }] }), 'products[0].price must have at most 2 decimal places'],
    ['product currency', pickupBody({ products: [{ sku: 's', name: 'n', quantity: 1, currency: 'euro' }] }), 'products[0].currency must be an ISO 4217 code'],
    [
      'product attributes',
      pickupBody({ products: [{ sku: 's', name: 'n', quantity: 1, attributes: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`a${i}`, i])) }] }),
      'products[0].attributes must have at most 20 attributes',
    ],
    ['product imageUrl', pickupBody({ products: [{ sku: 's', name: 'n', quantity: 1, imageUrl: 'x'.repeat(2049) }] }), 'products[0].imageUrl must be at most 2048 characters'],
    ['product storeProductUrl', pickupBody({ products: [{ sku: 's', name: 'n', quantity: 1, storeProductUrl: 'x'.repeat(2049) }] }), 'products[0].storeProductUrl must be at most 2048 characters'],
    ['product description', pickupBody({ products: [{ sku: 's', name: 'n', quantity: 1, description: 'x'.repeat(5001) }] }), 'products[0].description must be at most 5000 characters'],
  ];
  it.each(cases)('%s', async (_name, body, message) => {
    const before = await counts();
    const res = await create(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await counts()).toEqual(before);
  });

  it('reports every bad field in one answer', async () => {
    const res = await create(pickupBody({ parcels: [{ weight: -1 }], receiver: { name: 'A' }, products: [{ sku: 's' }] }));
    expect(res.statusCode).toBe(400);
    const m = res.json().message;
    for (const f of ['parcels[0].weight', 'receiver.phoneNumber', 'products[0].name', 'products[0].quantity']) expect(m).toContain(f);
  });

  it('accepts the limits exactly: COD 0.01 and 10000, quantity 999 with decimals, description HTML stripped', async () => {
    for (const amount of [0.01, 10000]) {
      const res = await create(pickupBody({ shippingMethod: { type: 'pickupPoint', id: 'omniva-ee-pm-1', additionalServices: [{ code: 'cod', params: { amount } }] } }));
      expect(res.statusCode).toBe(201);
    }
    const res = await create(pickupBody({ products: [{ sku: 'x'.repeat(100), name: 'n', quantity: 998.5, description: `<p>${'y'.repeat(5000)}</p>` }] }));
    expect(res.statusCode).toBe(201);
    expect(res.json().products[0].quantity).toBe(998.5);
  });

  it('smartpost FI courier with dimensions is accepted; the handover method only for unisend', async () => {
    const res = await create(
      courierBody({
        shippingMethod: { type: 'courier', id: 'smartpost-fi-courier-standard' },
        receiver: { ...COURIER_RECEIVER, country: 'FI', postalCode: '33200' },
      }),
    );
    expect(res.statusCode).toBe(201);
    const smartpost = await create(
      courierBody({
        shippingMethod: { type: 'courier', id: 'smartpost-fi-courier-standard', parcelHandoverMethod: 'courierPickUp' },
        receiver: { ...COURIER_RECEIVER, country: 'FI', postalCode: '33200' },
      }),
    );
    expect(smartpost.statusCode).toBe(400);
    expect(smartpost.json().message).toContain('shippingMethod.parcelHandoverMethod is only accepted');
    const unisend = await create(
      courierBody({
        shippingMethod: { type: 'courier', id: 'unisend-lt-courier-standard', parcelHandoverMethod: 'courierPickUp' },
        receiver: { ...COURIER_RECEIVER, locality: 'Kaunas', country: 'LT', postalCode: 'LT-44311' },
      }),
    );
    expect(unisend.statusCode, unisend.body).toBe(201);
  });
});

describe('PATCH /shipments/:id', () => {
  it('409 naming the status while pending; products cannot be updated (400)', async () => {
    const s = (await create(pickupBody())).json();
    const res = await patch(s.id, { receiver: RECEIVER });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('is pending');
    await drain();
    const bad = await patch(s.id, { products: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('products cannot be updated');
  });

  it('a registered shipment is registered again with the new data (synchronous)', async () => {
    const s = (await create(pickupBody({ synchronous: true }))).json();
    expect(s.status).toBe('registered');
    const res = await patch(s.id, { parcels: [{ weight: 3, length: 0.4, width: 0.3, height: 0.05 }], synchronous: true });
    expect(res.statusCode).toBe(200);
    const u = res.json();
    expect(u.status).toBe('registered');
    expect(u.parcels).toHaveLength(1);
    expect(u.parcels[0]).toMatchObject({ weight: 3, length: 0.4, width: 0.3, height: 0.05 });
    expect(u.parcels[0].carrierParcelId).not.toBe(s.parcels[0].carrierParcelId);
  });

  it('validates the patch like create (400 naming the field, nothing changed)', async () => {
    const s = (await create(pickupBody({ synchronous: true }))).json();
    const res = await patch(s.id, { receiver: { name: 'X' }, parcels: [{ weight: 1.001 }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('receiver.phoneNumber is required');
    expect(res.json().message).toContain('parcels[0].weight must have at most 2 decimal places');
    expect((await getShipment(s.id)).json()).toEqual(s);
  });

  it("404 for an unknown id and another store's shipment; production keys do not see sandbox shipments", async () => {
    const s = (await create(pickupBody())).json();
    expect((await getShipment(s.id, other)).statusCode).toBe(404);
    expect((await getShipment('01900000-0000-7000-8000-000000000000')).statusCode).toBe(404);
    expect((await getShipment('not-a-uuid')).statusCode).toBe(404);
    const prod = await t.app.inject({ method: 'GET', url: `${PRODUCTION}/shipments/${s.id}`, headers: auth(undefined, 'production') });
    expect(prod.statusCode).toBe(404);
    const p = await t.app.inject({ method: 'PATCH', url: `${SANDBOX}/shipments/${s.id}`, headers: auth(other), payload: { receiver: RECEIVER } });
    expect(p.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${SANDBOX}/shipments/${s.id}` })).statusCode).toBe(401);
  });

  it('production: no contract in production → 400 naming shippingMethod.id', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${PRODUCTION}/shipments`, headers: auth(undefined, 'production'), payload: pickupBody() });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('shippingMethod.id belongs to omniva, with which the store has no active production contract');
  });
});

describe('sandbox test helper: status moves', () => {
  it('moves registered → inTransit → awaitingCollection → delivered, emitting shipment.statusUpdated; refuses others', async () => {
    const s = (await create(pickupBody({ synchronous: true }))).json();
    expect((await move(s.id, 'delivered')).statusCode).toBe(409);
    const a = await move(s.id, 'inTransit');
    expect(a.statusCode).toBe(200);
    expect(a.json().status).toBe('inTransit');
    expect((await move(s.id, 'awaitingCollection')).json().status).toBe('awaitingCollection');
    expect((await move(s.id, 'delivered')).json().status).toBe('delivered');
    const again = await move(s.id, 'returned');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('is delivered');
    expect((await move(s.id, 'lost')).statusCode).toBe(400);
    expect(await webhookEvents(s.id)).toEqual(['shipment.registered', 'shipment.statusUpdated', 'shipment.statusUpdated', 'shipment.statusUpdated']);
    // PATCH is refused once in transit or delivered
    expect((await patch(s.id, { receiver: RECEIVER })).statusCode).toBe(409);
  });

  it('a pending shipment cannot be moved; the helper does not exist in production', async () => {
    const s = (await create(pickupBody())).json();
    const res = await move(s.id, 'inTransit');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('is pending');
    const prod = await t.app.inject({ method: 'POST', url: `${PRODUCTION}/test-helpers/shipments/${s.id}/status`, headers: auth(undefined, 'production'), payload: { status: 'inTransit' } });
    expect(prod.statusCode).toBe(404);
  });
});

describe('registration worker', () => {
  it('the started loop registers queued shipments (as startWorkers runs it)', async () => {
    const { ShipmentRegistration } = await import('../../src/shipping/shipments/registration.js');
    const w = new ShipmentRegistration(t.db, t.services.carriers, t.services.carrierContracts, { concurrency: 2, pollMs: 20, publicUrl: t.config.publicUrl });
    w.start();
    try {
      const s = (await create(pickupBody())).json();
      for (let i = 0; i < 100; i++) {
        if ((await getShipment(s.id)).json().status !== 'pending') break;
        await new Promise((r) => setTimeout(r, 20));
      }
      expect((await getShipment(s.id)).json().status).toBe('registered');
    } finally {
      await w.stop();
    }
  });

  it('a shipment whose lease expired is claimed again; a held lease is skipped', async () => {
    const s = (await create(pickupBody())).json();
    await t.db.query(`UPDATE shipments SET locked_until = now() + interval '1 minute' WHERE id = $1`, [s.id]);
    await drain();
    expect((await getShipment(s.id)).json().status).toBe('pending');
    await t.db.query(`UPDATE shipments SET locked_until = now() - interval '1 second' WHERE id = $1`, [s.id]);
    await drain();
    expect((await getShipment(s.id)).json().status).toBe('registered');
  });

  it('when the retry schedule runs out the shipment fails with the outage error and the event', async () => {
    const { RETRY_DELAYS_MS } = await import('../../src/shipping/shipments/registration.js');
    const s = (await create(pickupBody({ receiver: { ...RECEIVER, name: 'UNAVAILABLE' } }))).json();
    await t.db.query('UPDATE shipments SET registration_attempts = $2 WHERE id = $1', [s.id, RETRY_DELAYS_MS.length]);
    await drain();
    const f = (await getShipment(s.id)).json();
    expect(f.status).toBe('registrationFailed');
    expect(f.errors[0].code).toBe('CARRIER_UNAVAILABLE');
    expect(await webhookEvents(s.id)).toEqual(['shipment.registrationFailed']);
  });

  it('parallel workers register each shipment once (SKIP LOCKED)', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) ids.push((await create(pickupBody())).json().id);
    const w2 = new (await import('../../src/shipping/shipments/registration.js')).ShipmentRegistration(t.db, t.services.carriers, t.services.carrierContracts, {
      concurrency: 3,
      publicUrl: t.config.publicUrl,
    });
    await Promise.all([drain(), w2.drain(), drain()]);
    for (const id of ids) {
      expect((await getShipment(id)).json().status).toBe('registered');
      expect(await webhookEvents(id)).toEqual(['shipment.registered']);
    }
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM shipments WHERE id = ANY($1) AND registration_attempts = 1', [ids]);
    expect(rows[0]!.n).toBe(ids.length);
  });

  it('no webhook rows for events the webhook did not enable or for stores without webhooks', async () => {
    const s = (await create(pickupBody({ synchronous: true }), other)).json();
    expect(s.status).toBe('registered');
    expect(await webhookEvents(s.id)).toEqual([]);
  });

  it('PATCH of a failed shipment is 409 while another live shipment holds its merchantReference', async () => {
    const body = pickupBody({ receiver: { ...RECEIVER, name: 'FAIL' }, synchronous: true });
    const failed = (await create(body)).json();
    expect(failed.status).toBe('registrationFailed');
    expect((await create({ ...body, receiver: RECEIVER })).statusCode).toBe(201);
    const res = await patch(failed.id, { receiver: RECEIVER });
    expect(res.statusCode).toBe(409);
    expect((await getShipment(failed.id)).json().status).toBe('registrationFailed');
  });
});

describe('the shipment table in the database', () => {
  const row = async (id: string) =>
    (
      await t.db.query<{ status: string; carrier_shipment_id: string | null; errors: unknown; updated_at: Date }>(
        'SELECT status, carrier_shipment_id, errors, updated_at FROM shipments WHERE id = $1',
        [id],
      )
    ).rows[0]!;

  it('a move the table refuses leaves the row as it was: delivered cannot go back to registered, pending or inTransit', async () => {
    const s = (await create(pickupBody({ synchronous: true }))).json();
    for (const status of ['inTransit', 'delivered']) expect((await move(s.id, status)).statusCode).toBe(200);
    const before = await row(s.id);
    expect(before.status).toBe('delivered');
    const store = new ShipmentStore(t.db);
    await expect(store.markRegistered(s.id, 'CARRIER-2', [])).rejects.toThrow(TransitionError);
    await expect(store.markFailed(s.id, [{ code: 'CARRIER_ERROR', message: 'late' }])).rejects.toThrow(TransitionError);
    await expect(store.moveMany([s.id], 'inTransit')).rejects.toThrow('were not in registered or labelsCreated');
    const current = (await store.find(s.id, null))!;
    if (!hasMethod(current)) throw new Error('a delivered shipment has its method');
    await expect(store.requeue(s.id, current, null)).rejects.toThrow(TransitionError);
    expect(await row(s.id)).toEqual(before);
  });

  it('a statement moving several shipments moves none of them unless all may move (in its transaction)', async () => {
    const a = (await create(pickupBody({ synchronous: true }))).json();
    const b = (await create(pickupBody())).json(); // pending
    const before = [await row(a.id), await row(b.id)];
    await expect(withTx(t.db, (tx) => new ShipmentStore(tx).moveMany([a.id, b.id], 'labelsCreated'))).rejects.toThrow('1 of 2 row(s) moved to labelsCreated');
    expect([await row(a.id), await row(b.id)]).toEqual(before);
  });
});
