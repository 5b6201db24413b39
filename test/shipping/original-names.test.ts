/**
 * A deployment with KASSA_SHIPPING_NAMES=original speaks the original service's names in every
 * shipping v2 answer and webhook, and takes both names on input; the spec's deployment is
 * covered by the other shipping tests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verify } from '../../src/platform/jwt.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { startReceiver, type Receiver } from '../support/receiver.js';
import { activate, pickupBody, SANDBOX } from './support.js';

let t: TestApp;
let rx: Receiver;
beforeAll(async () => {
  t = await createTestApp({ KASSA_SHIPPING_NAMES: 'original' });
  rx = await startReceiver();
  await activate(t, t.store, { env: 'sandbox', carrierCode: 'omniva', country: 'EE' });
});
afterAll(async () => {
  await rx.close();
  await t.close();
});

const ORDER = '01900000-0000-7000-8000-00000000beef';

describe('KASSA_SHIPPING_NAMES=original', () => {
  it('GET /carriers says hasMontonioContract and MONTONIO', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${SANDBOX}/carriers`, headers: t.bearer() });
    expect(res.statusCode).toBe(200);
    const omniva = res.json().carriers.find((c: { code: string }) => c.code === 'omniva');
    expect(Object.keys(omniva)).toEqual(['id', 'code', 'name', 'logoUrl', 'contracts', 'hasMontonioContract', 'supportedContractTypes']);
    expect(omniva).toMatchObject({ code: 'omniva', hasMontonioContract: true, supportedContractTypes: ['DIRECT', 'MONTONIO'] });
    expect(res.body).not.toMatch(/hasServiceContract|"SERVICE"/);
  });

  it.each([['montonioOrderUuid'], ['serviceOrderUuid']])('a shipment created with %s answers and notifies montonioOrderUuid', async (inputKey) => {
    await t.db.query('DELETE FROM notification_attempts; DELETE FROM notifications; DELETE FROM webhooks');
    rx.received.length = 0;
    const hook = await t.app.inject({ method: 'POST', url: `${SANDBOX}/webhooks`, headers: t.bearer(), payload: { url: rx.url, enabledEvents: ['shipment.registered'] } });
    expect(hook.statusCode).toBe(201);

    const res = await t.app.inject({ method: 'POST', url: `${SANDBOX}/shipments`, headers: t.bearer(), payload: pickupBody({ [inputKey]: ORDER, synchronous: true }) });
    expect(res.statusCode).toBe(201);
    const s = res.json();
    expect(s).toMatchObject({ status: 'registered', montonioOrderUuid: ORDER });
    expect(Object.keys(s)).not.toContain('serviceOrderUuid');
    const read = await t.app.inject({ method: 'GET', url: `${SANDBOX}/shipments/${s.id}`, headers: t.bearer() });
    expect(read.json().montonioOrderUuid).toBe(ORDER);

    await t.delivery().drain();
    expect(rx.received).toHaveLength(1);
    const claims = verify(rx.received[0]!.body.payload as string, t.store.keys.sandbox.secretKey) as { eventType: string; data: Record<string, unknown> };
    expect(claims.eventType).toBe('shipment.registered');
    expect(claims.data).toMatchObject({ id: s.id, montonioOrderUuid: ORDER });
    expect(claims.data).not.toHaveProperty('serviceOrderUuid');
    // Stored in the spec's names: switching the deployment back needs no data migration.
    const { rows } = await t.db.query(`SELECT claims FROM notifications WHERE kind = 'webhook'`);
    expect(rows[0].claims.data.serviceOrderUuid).toBe(ORDER);
  });

  it('errors name the field the client sent', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${SANDBOX}/shipments`, headers: t.bearer(), payload: pickupBody({ montonioOrderUuid: 'nope' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('montonioOrderUuid must be a UUID');
  });
});
