/**
 * More concurrent shipment writes than the database pool has connections. A transaction that asks
 * the pool for a second connection (say, to read the store's contracts) waits for one that only
 * another such transaction can give back: once every connection is held that way, the server
 * hangs for good. Found by the snake_case API's benchmark (50 synchronous POST /shipments); the
 * pool here has 2 connections, so a regression hangs these requests and the test times out.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { sign } from '../../src/platform/jwt.js';
import { pickupBody, ref, SANDBOX } from './support.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ KASSA_DB_POOL_SIZE: '2' });
});
afterAll(async () => t.close());

const CONCURRENT = 12;
const all = <T>(make: (i: number) => Promise<T>) => Promise.all(Array.from({ length: CONCURRENT }, (_, i) => make(i)));

it('v2: synchronous creations and updates beyond the pool size all complete', { timeout: 30_000 }, async () => {
  const created = await all(() => t.app.inject({ method: 'POST', url: `${SANDBOX}/shipments`, headers: t.bearer(), payload: pickupBody({ synchronous: true }) }));
  for (const r of created) expect(r.statusCode, r.body).toBe(201);
  expect(created.map((r) => r.json().status)).toEqual(Array(CONCURRENT).fill('registered'));
  const updated = await all((i) =>
    t.app.inject({ method: 'PATCH', url: `${SANDBOX}/shipments/${created[i]!.json().id}`, headers: t.bearer(), payload: { parcels: [{ weight: 2 }], synchronous: true } }),
  );
  for (const r of updated) expect(r.statusCode, r.body).toBe(200);
});

it('snake_case API: synchronous creations beyond the pool size all complete', { timeout: 30_000 }, async () => {
  const k = t.store.keys.sandbox;
  const now = Math.floor(Date.now() / 1000);
  const authorization = `Bearer ${sign({ access_key: k.accessKey, iat: now, exp: now + 3600 }, k.secretKey)}`;
  const body = () => ({
    merchant_reference: ref('POOL'),
    sender_name: 'Näidispood OÜ',
    sender_phone_number: '6001234',
    sender_street_address_1: 'Pärnu mnt 10',
    sender_locality: 'Tallinn',
    sender_postal_code: '10148',
    sender_country: 'EE',
    shipping_first_name: 'Mari',
    shipping_phone_number: '5551234',
    shipping_method: 'omniva_parcel_machines',
    pickup_point_uuid: 'omniva-ee-pm-1',
    parcels: [{ weight: 1.2 }],
  });
  const created = await all(() => t.app.inject({ method: 'POST', url: '/sandbox/shipping/api/v1/shipments', headers: { authorization }, payload: body() }));
  for (const r of created) expect(r.statusCode, r.body).toBe(201);
});
