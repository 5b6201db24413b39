/**
 * The sandbox as a new user finds it, with no operator set-up beyond creating the store: a real
 * server process; the store made with the CLI and nothing else (no contract, no address, no
 * settings); an order paid with the test helper and refunded at once; a pickup-point shipment
 * registered with the service's own sandbox contract; its label file downloaded through the signed
 * link, rendered with pdftoppm and its barcode read back with zbarimg.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, inject, it } from 'vitest';
import { externalDatabaseEnv } from '../support/app.js';
import { barcodeToolsOrSkip, decodePage, pdfPageCount } from '../support/barcodes.js';
import { merchant, type Keys } from '../support/merchant.js';
import { cli, freePort, startServer, until, type ServerProcess } from '../support/server.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kassa-e2e-new-user-'));
let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('a fresh store pays, refunds at once, ships to a pickup point and scans its label, with no set-up', { timeout: 120_000 }, async () => {
  const env: Record<string, string> = { KASSA_DATA_DIR: dataDir, PORT: String(await freePort()) };
  if (inject('dbTarget') === 'postgres') Object.assign(env, await externalDatabaseEnv());
  server = await startServer(env);
  // No KASSA_URL: the CLI finds the server (on a free port, not :8080) by the URL it recorded in the data dir.
  const store = JSON.parse(await cli(['stores', 'create', '--name', 'Uus pood OÜ', '--json'], { KASSA_URL: '', KASSA_DATA_DIR: dataDir })) as { sandbox: Keys };
  const m = merchant(server.url, store.sandbox);

  // An order, paid as the hosted page would, then refunded at once.
  const order = await m.post('/orders', {
    merchantReference: 'NEW-1',
    returnUrl: 'https://shop.example/return',
    notificationUrl: 'https://shop.example/notify',
    grandTotal: '12.50',
    currency: 'EUR',
    locale: 'et',
    payment: { method: 'cardPayments', amount: '12.50', currency: 'EUR' },
  });
  expect(order.status).toBe(201);
  const paid = await m.helper(`orders/${order.json.uuid}/pay`);
  expect(paid.order).toMatchObject({ paymentStatus: 'PAID', availableForRefund: 12.5 });
  // Part of it: the service keeps its fee, so a store's only sale refunded in full would wait for
  // funds (docs/sandbox.md).
  const refund = await m.post('/refunds', { orderUuid: order.json.uuid, amount: '10.00', idempotencyKey: 'new-user-refund' });
  expect(refund.status, JSON.stringify(refund.json)).toBe(201);
  expect(refund.json).toMatchObject({ amount: 10, status: 'PENDING', type: 'PARTIAL_REFUND' });
  const refunded = await until('the refund paid back', async () => {
    const o = (await m.get(`/orders/${order.json.uuid}`)).json;
    return o.paymentStatus === 'PARTIALLY_REFUNDED' ? o : undefined;
  });
  expect(refunded).toMatchObject({ availableForRefund: 2.5, refunds: [expect.objectContaining({ status: 'SUCCESSFUL', amount: 10 })] });

  // A pickup-point shipment on the service's sandbox contract; the sender named in the request.
  const carriers = await m.shipping('GET', '/carriers');
  expect(carriers.status).toBe(200);
  expect(carriers.json.carriers.length).toBeGreaterThan(0);
  const points = await m.shipping('GET', '/shipping-methods/pickup-points?carrierCode=omniva&countryCode=EE&type=parcelMachine');
  expect(points.status).toBe(200);
  const point = points.json.pickupPoints[0];
  const shipment = await m.shipping('POST', '/shipments', {
    merchantReference: 'NEW-1',
    shippingMethod: { type: 'pickupPoint', id: point.id },
    parcels: [{ weight: 0.8 }],
    sender: { name: 'Uus pood OÜ', streetAddress: 'Telliskivi 60a', locality: 'Tallinn', postalCode: '10412', country: 'EE', phoneCountryCode: '+372', phoneNumber: '6001234' },
    receiver: { name: 'Mari Maasikas', phoneCountryCode: '+372', phoneNumber: '5551234', email: 'mari@example.ee' },
  });
  expect(shipment.status, JSON.stringify(shipment.json)).toBe(201);
  const registered = await until('shipment registered', async () => {
    const s = (await m.shipping('GET', `/shipments/${shipment.json.id}`)).json;
    expect(s.status).not.toBe('registrationFailed');
    return s.status === 'registered' ? s : undefined;
  });
  const trackingNumber = registered.parcels[0].carrierParcelId as string;
  expect(trackingNumber).toMatch(/^[A-Z]{2}\d{9}EE$/);

  // Its label file, downloaded through the signed link, and the barcode read back.
  const lf = await m.shipping('POST', '/label-files', { shipmentIds: [shipment.json.id] });
  expect(lf.status).toBe(201);
  const ready = await until('label file ready', async () => {
    const f = (await m.shipping('GET', `/label-files/${lf.json.id}`)).json;
    expect(f.status).not.toBe('failed');
    return f.status === 'ready' ? f : undefined;
  });
  const pdfRes = await fetch(ready.labelFileUrl);
  expect(pdfRes.headers.get('content-type')).toBe('application/pdf');
  const pdf = Buffer.from(await pdfRes.arrayBuffer());
  expect(pdfPageCount(pdf)).toBe(1);
  if (barcodeToolsOrSkip()) expect(decodePage(pdf, 1)).toContain(trackingNumber);
});
