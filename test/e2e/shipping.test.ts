/**
 * Shipping as a new user would: a real server process; the store, its default shipping address
 * and a carrier contract made with the operator CLI; a webhook; a shipment to a pickup point and
 * one by courier, created asynchronously and watched until registered; a label file requested,
 * polled and downloaded; the PDF rendered with pdftoppm and its barcodes read with zbarimg,
 * which must give the two tracking numbers. Tokens are signed with node:crypto alone.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, inject, it } from 'vitest';
import { externalDatabaseEnv } from '../support/app.js';
import { barcodeToolsOrSkip, decodePage, pdfPageCount } from '../support/barcodes.js';
import { handVerified } from '../support/jwt.js';
import { merchant } from '../support/merchant.js';
import { startReceiver, type Receiver } from '../support/receiver.js';
import { cli, freePort, startServer, until, type ServerProcess } from '../support/server.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kassa-e2e-ship-'));
let server: ServerProcess | undefined;
let rx: Receiver | undefined;
afterAll(async () => {
  await rx?.close();
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('ships to a pickup point and by courier, prints labels whose barcodes scan to the tracking numbers', { timeout: 120_000 }, async () => {
  const external = inject('dbTarget') === 'postgres';
  const env: Record<string, string> = { KASSA_DATA_DIR: dataDir, PORT: String(await freePort()) };
  if (external) Object.assign(env, await externalDatabaseEnv());
  server = await startServer(env);
  const operator = { KASSA_URL: server.url, KASSA_DATA_DIR: dataDir };

  // The operator: a store, where it ships from, and a carrier contract in the sandbox.
  const store = JSON.parse(await cli(['stores', 'create', '--name', 'Kohvik OÜ', '--json'], operator)) as { uuid: string; sandbox: { accessKey: string; secretKey: string } };
  const address = JSON.parse(
    await cli(
      [
        'stores',
        'set-address',
        store.uuid,
        '--street',
        'Telliskivi 60a',
        '--locality',
        'Tallinn',
        '--postal-code',
        '10412',
        '--country',
        'EE',
        '--phone-country-code',
        '+372',
        '--phone',
        '6001234',
        '--json',
      ],
      operator,
    ),
  );
  expect(address).toMatchObject({ name: 'Kohvik OÜ', streetAddress: 'Telliskivi 60a', country: 'EE' });
  const contract = JSON.parse(await cli(['contracts', 'add', store.uuid, '--carrier', 'omniva', '--country', 'EE', '--json'], operator));
  expect(contract).toMatchObject({ carrierId: 'omniva', country: 'EE' });

  // The merchant's developer, with the sandbox keys.
  const { accessKey, secretKey } = store.sandbox;
  const call = merchant(server.url, { accessKey, secretKey }).shipping;

  rx = await startReceiver();
  const hook = await call('POST', '/webhooks', { url: rx.url, enabledEvents: ['shipment.registered', 'shipment.labelsCreated'] });
  expect(hook.status).toBe(201);

  const points = await call('GET', '/shipping-methods/pickup-points?carrierCode=omniva&countryCode=EE&type=parcelMachine');
  const point = points.json.pickupPoints[0];
  const couriers = await call('GET', '/shipping-methods/courier-services?carrierCode=omniva&countryCode=EE');
  const courier = couriers.json.courierServices[0];
  expect(point.id && courier.id).toBeTruthy();

  const receiver = { name: 'Mari Maasikas', phoneCountryCode: '+372', phoneNumber: '5551234', email: 'mari@example.ee' };
  const toPoint = await call('POST', '/shipments', {
    merchantReference: 'E2E-POINT-1',
    shippingMethod: { type: 'pickupPoint', id: point.id },
    parcels: [{ weight: 1.2 }],
    receiver,
  });
  const byCourier = await call('POST', '/shipments', {
    merchantReference: 'E2E-COURIER-1',
    shippingMethod: { type: 'courier', id: courier.id },
    parcels: [{ weight: 3.5, length: 0.4, width: 0.3, height: 0.2 }],
    receiver: { ...receiver, streetAddress: 'Riia tn 15', locality: 'Tartu', postalCode: '51010', country: 'EE' },
  });
  for (const created of [toPoint, byCourier]) {
    expect(created.status).toBe(201);
    expect(created.json.status).toBe('pending'); // asynchronous by default
    expect(created.json.sender).toMatchObject({ name: 'Kohvik OÜ', streetAddress: 'Telliskivi 60a', locality: 'Tallinn', postalCode: '10412', country: 'EE' });
  }
  const ids = [toPoint.json.id as string, byCourier.json.id as string];

  // Watch them register.
  const registered = await Promise.all(
    ids.map((id) =>
      until(`shipment ${id} registered`, async () => {
        const s = (await call('GET', `/shipments/${id}`)).json;
        expect(s.status).not.toBe('registrationFailed');
        return s.status === 'registered' ? s : undefined;
      }),
    ),
  );
  const tracking = registered.map((s) => s.parcels[0].carrierParcelId as string);
  for (const tn of tracking) expect(tn).toMatch(/^[A-Z]{2}\d{9}EE$/);

  // A label file, requested, polled, downloaded.
  const lf = await call('POST', '/label-files', { shipmentIds: ids });
  expect(lf.status).toBe(201);
  const ready = await until('label file ready', async () => {
    const f = (await call('GET', `/label-files/${lf.json.id}`)).json;
    expect(f.status).not.toBe('failed');
    return f.status === 'ready' ? f : undefined;
  });
  const pdfRes = await fetch(ready.labelFileUrl); // a signed link: no Authorization
  expect(pdfRes.status).toBe(200);
  expect(pdfRes.headers.get('content-type')).toBe('application/pdf');
  const pdf = Buffer.from(await pdfRes.arrayBuffer());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdfPageCount(pdf)).toBe(1); // two labels on one A4 sheet (4 per sheet by default)
  if (barcodeToolsOrSkip()) {
    // KASSA_TEST_ARTIFACTS=dir keeps the rendered page, to look at.
    const keep = process.env.KASSA_TEST_ARTIFACTS ? path.join(process.env.KASSA_TEST_ARTIFACTS, `labels-${inject('dbTarget')}.png`) : undefined;
    const codes = decodePage(pdf, 1, keep);
    for (const tn of tracking) expect(codes).toContain(tn);
  }
  for (const id of ids) expect((await call('GET', `/shipments/${id}`)).json.status).toBe('labelsCreated');

  // The webhook heard both registrations and both labels, each a verifiable token.
  const heard = await until('four webhook deliveries', async () => (rx!.received.length >= 4 ? rx!.received : undefined));
  const events = heard.map((r) => handVerified(r.body.payload as string, secretKey));
  for (const id of ids) {
    expect(
      events
        .filter((e) => e.shipmentId === id)
        .map((e) => e.eventType)
        .sort(),
    ).toEqual(['shipment.labelsCreated', 'shipment.registered']);
  }
});
