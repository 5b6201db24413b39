/**
 * Migration 028: a database made while the carriers had invented codes keeps working under the
 * real ones. Contracts, shipments (carrier and method id) and the registrations still to be
 * withdrawn are renamed baltpost → omniva, parcelnord → smartpost, swiftcourier → dpd,
 * polexpress → inpost; rows of other carriers are left alone.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrate } from '../../src/platform/db.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { activate, pickupBody, SANDBOX } from './support.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

it('renames the invented codes of contracts, shipments and superseded registrations to the real ones', async () => {
  await activate(t, t.store, { env: 'production', carrierCode: 'omniva', country: 'EE' });
  await activate(t, t.store, { env: 'production', carrierCode: 'venipak', country: 'LT' });
  const created = await t.app.inject({ method: 'POST', url: `${SANDBOX}/shipments`, headers: t.bearer(), payload: pickupBody({ synchronous: true }) });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;

  // The rows as the first carriers wrote them.
  await t.db.query(`UPDATE carrier_contracts SET carrier_code = 'baltpost' WHERE store_id = $1 AND carrier_code = 'omniva'`, [t.store.id]);
  await t.db.query(
    `UPDATE shipments SET carrier_code = 'swiftcourier', method_id = 'swiftcourier-ee-ps-3',
            superseded = '[{"carrierCode":"polexpress","carrierShipmentId":"123456789"},{"carrierCode":"venipak","carrierShipmentId":"V1"}]'::jsonb
      WHERE id = $1`,
    [id],
  );

  await t.db.query(`DELETE FROM schema_migrations WHERE name = '028_real_carrier_codes.sql'`);
  expect(await migrate(t.db)).toEqual(['028_real_carrier_codes.sql']);

  const contracts = await t.db.query<{ carrier_code: string }>('SELECT carrier_code FROM carrier_contracts WHERE store_id = $1 ORDER BY carrier_code', [t.store.id]);
  expect(contracts.rows.map((r) => r.carrier_code)).toEqual(['omniva', 'venipak']);
  const s = (await t.db.query<{ carrier_code: string; method_id: string; superseded: unknown }>('SELECT carrier_code, method_id, superseded FROM shipments WHERE id = $1', [id])).rows[0]!;
  expect(s).toEqual({
    carrier_code: 'dpd',
    method_id: 'dpd-ee-ps-3',
    superseded: [
      { carrierCode: 'inpost', carrierShipmentId: '123456789' },
      { carrierCode: 'venipak', carrierShipmentId: 'V1' },
    ],
  });
});
