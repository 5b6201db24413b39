/**
 * The snake_case shipping API (shipping-legacy.md) as a new user would meet it, through a real
 * server process: the operator CLI makes the store, its address and a carrier contract; the
 * merchant's developer, with the store's sandbox keys and tokens signed with node:crypto alone
 * (payload `{access_key, iat, exp}`), registers the tracking webhook, lists the pickup points,
 * creates one shipment synchronously (the WooCommerce plugin's body) and one in the background,
 * hears `shipment_created` for each (token verified by hand), prints both labels by merchant
 * reference, reads both barcodes from the PDF, hears `label_created`, and finally reads the same
 * shipments through v2.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, inject, it } from 'vitest';
import { externalDatabaseEnv } from '../support/app.js';
import { barcodeToolsOrSkip, decodePage, pdfPageCount } from '../support/barcodes.js';
import { handSigned, handVerified } from '../support/jwt.js';
import { merchant } from '../support/merchant.js';
import { wooShipmentBody } from '../support/legacy-shipping.js';
import { startReceiver, type Receiver } from '../support/receiver.js';
import { cli, freePort, startServer, until, type ServerProcess } from '../support/server.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kassa-e2e-legacy-'));
let server: ServerProcess | undefined;
let rx: Receiver | undefined;
afterAll(async () => {
  await rx?.close();
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const nowS = () => Math.floor(Date.now() / 1000);
const LEGACY = '/sandbox/shipping/api/v1';

interface PickupPoint {
  uuid: string;
  name: string;
  country: string;
  type: string;
  provider_name: string;
  region: string | null;
  locality: string;
}
interface Heard {
  token: string;
  claims: Record<string, any>;
}

it('registers the webhook, ships by the snake_case API (sync and async), prints labels by reference, and v2 sees the same shipments', { timeout: 120_000 }, async () => {
  const external = inject('dbTarget') === 'postgres';
  const env: Record<string, string> = { KASSA_DATA_DIR: dataDir, PORT: String(await freePort()) };
  if (external) Object.assign(env, await externalDatabaseEnv());
  server = await startServer(env);
  const base = server.url;
  const operator = { KASSA_URL: base, KASSA_DATA_DIR: dataDir };

  // The operator: a store, where it ships from, and a carrier contract in the sandbox.
  const store = JSON.parse(await cli(['stores', 'create', '--name', 'Näidispood OÜ', '--json'], operator)) as { uuid: string; sandbox: { accessKey: string; secretKey: string } };
  await cli(
    [
      'stores',
      'set-address',
      store.uuid,
      '--street',
      'Pärnu mnt 10',
      '--locality',
      'Tallinn',
      '--postal-code',
      '10148',
      '--country',
      'EE',
      '--phone-country-code',
      '+372',
      '--phone',
      '6001234',
      '--json',
    ],
    operator,
  );
  expect(JSON.parse(await cli(['contracts', 'add', store.uuid, '--carrier', 'omniva', '--country', 'EE', '--json'], operator))).toMatchObject({ carrierId: 'omniva', country: 'EE' });

  // The merchant's developer: the sandbox keys, the snake_case token `{access_key, iat, exp}`.
  const { accessKey, secretKey } = store.sandbox;
  const legacy = async (method: string, route: string, body?: unknown) => {
    const iat = nowS();
    const res = await fetch(`${base}${LEGACY}${route}`, {
      method,
      headers: { authorization: `Bearer ${handSigned({ access_key: accessKey, iat, exp: iat + 3600 }, secretKey)}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, text, json: (text ? JSON.parse(text) : undefined) as any };
  };

  // 1. The tracking webhook.
  rx = await startReceiver();
  const hook = await legacy('PATCH', '/stores/store-webhook', { tracking_webhook_url: rx.url });
  expect(hook.status).toBe(200);
  expect(hook.json).toEqual({ tracking_webhook_url: rx.url });

  // 2. The pickup points: grouped by country, provider and type; pick a parcel machine.
  const listing = await legacy('GET', '/pickup-points');
  expect(listing.status).toBe(200);
  // (A fresh sandbox has Kassa's built-in contracts with every carrier, so every carrier is listed.)
  for (const [country, group] of Object.entries(listing.json as Record<string, { providers: Record<string, Record<string, PickupPoint[]>> }>)) {
    expect(Object.keys(group)).toEqual(['providers']);
    for (const [provider, types] of Object.entries(group.providers)) {
      for (const [type, points] of Object.entries(types)) {
        expect(['parcel_machine', 'post_office', 'parcel_shop']).toContain(type);
        expect(points.length).toBeGreaterThan(0); // a type key only where the carrier has such points
        for (const p of points) expect(p).toMatchObject({ country, provider_name: provider, type });
      }
    }
  }
  const providers = listing.json.EE.providers as Record<string, Record<string, PickupPoint[]>>;
  expect(Object.keys(providers)).toContain('omniva'); // provider_name is the carrier code: clients build omniva_* from it
  const machines = providers.omniva!.parcel_machine!;
  expect(machines.length).toBeGreaterThan(0);
  const machine = machines[0]!;
  expect(machine).toMatchObject({ country: 'EE', type: 'parcel_machine', provider_name: 'omniva' });
  expect(typeof machine.uuid).toBe('string');

  // 3. One shipment synchronously, as the WooCommerce plugin builds the body (empty strings
  //    included), to the parcel machine; one in the background by courier.
  // The plugin's per-shipment webhook_url is the same as the store's: one delivery per event.
  const wooBody = (over: Record<string, unknown> & { merchant_reference: string }) => wooShipmentBody(over.merchant_reference, { webhook_url: rx!.url, ...over });
  const syncRef = 'WC-E2E-SYNC-1';
  const asyncRef = 'WC-E2E-ASYNC-1';
  const sync = await legacy('POST', '/shipments', wooBody({ merchant_reference: syncRef, shipping_method: 'omniva_parcel_machines', pickup_point_uuid: machine.uuid }));
  expect(sync.status).toBe(201);
  expect(sync.json).toMatchObject({
    merchant_reference: syncRef,
    currency: 'EUR',
    shipping_total: '3.50',
    total: '24.99',
    payment_method: 'montonio_payments',
    error_reason: null, // payment_method: what the plugin sent (docs/decisions.md)
    shipping_method: { identifier: 'omniva_parcel_machines', provider_name: 'omniva' },
  });
  const syncUuid = sync.json.uuid as string;

  const background = await legacy(
    'POST',
    '/shipments/create-async',
    wooBody({
      merchant_reference: asyncRef,
      shipping_method: 'omniva_courier',
      pickup_point_uuid: undefined,
      shipping_street_address_1: 'Riia tn 15',
      shipping_locality: 'Tartu',
      shipping_postal_code: '51010',
      parcels: [{ weight: 3.5 }],
    }),
  );
  expect(background.status).toBe(201);
  expect(background.text).toBe(''); // an empty body: the shipment's uuid arrives with its webhook

  // 4. shipment_created for each, its token verified by hand with the sandbox secret.
  const heard = (message: string, count: number) =>
    until(`${count} ${message}`, async () => {
      const got: Heard[] = rx!.received
        .map((r) => r.url.searchParams.get('webhook_token'))
        .filter((t): t is string => !!t)
        .map((token) => ({ token, claims: handVerified(token, secretKey) }))
        .filter((h) => h.claims.message === message);
      return got.length >= count ? got : undefined;
    });
  const created = await heard('shipment_created', 2);
  expect(created).toHaveLength(2);
  for (const r of rx.received) {
    expect(r.method).toBe('POST');
    expect(r.body).toEqual({ webhook_token: r.url.searchParams.get('webhook_token') });
  }
  const byRef = new Map(created.map((h) => [h.claims.merchant_reference as string, h.claims]));
  expect([...byRef.keys()].sort()).toEqual([asyncRef, syncRef].sort());
  expect(byRef.get(syncRef)!.shipment_uuid).toBe(syncUuid);
  const asyncUuid = byRef.get(asyncRef)!.shipment_uuid as string;
  expect(asyncUuid).toMatch(/^[0-9a-f-]{36}$/);
  expect(asyncUuid).not.toBe(syncUuid);
  const tracking = new Map<string, { code: string; link: string }[]>();
  for (const [ref, claims] of byRef) {
    // The spec's table exactly, plus the token's own iat and exp.
    expect(Object.keys(claims).sort()).toEqual(['exp', 'iat', 'merchant_reference', 'message', 'shipment_status', 'shipment_uuid', 'tracking_numbers']);
    expect(claims).toMatchObject({ message: 'shipment_created', merchant_reference: ref, shipment_status: 'registered_with_provider' });
    const numbers = claims.tracking_numbers as { code: string; link: string }[];
    expect(numbers).toHaveLength(1); // one item per parcel
    for (const n of numbers) {
      expect(Object.keys(n).sort()).toEqual(['code', 'link']);
      expect(n.code).toMatch(/^[A-Z]{2}\d{9}EE$/);
      expect(n.link).toBe(`${base}/track/omniva/${n.code}`); // a full URL of Kassa's tracking page
      const page = await fetch(n.link);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await page.text()).toContain(n.code);
    }
    tracking.set(claims.shipment_uuid as string, numbers);
  }

  // 5. Labels by merchant reference: one PDF behind a signed link (no Authorization).
  const labels = await legacy('POST', '/shipments/label-from-store', { merchant_references: [syncRef, asyncRef] });
  expect(labels.status).toBe(200);
  expect(Object.keys(labels.json)).toEqual(['url']);
  const pdfRes = await fetch(labels.json.url as string);
  expect(pdfRes.status).toBe(200);
  expect(pdfRes.headers.get('content-type')).toBe('application/pdf');
  const pdf = Buffer.from(await pdfRes.arrayBuffer());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdfPageCount(pdf)).toBe(1); // two labels on one A4 sheet
  if (barcodeToolsOrSkip()) {
    // KASSA_TEST_ARTIFACTS=dir keeps the rendered page, to look at.
    const keep = process.env.KASSA_TEST_ARTIFACTS ? path.join(process.env.KASSA_TEST_ARTIFACTS, `legacy-labels-${inject('dbTarget')}.png`) : undefined;
    // Each label's barcode is its tracking code; its QR code is the tracking link.
    const all = [...tracking.values()].flat();
    expect(decodePage(pdf, 1, keep).sort()).toEqual([...all.map((n) => n.code), ...all.map((n) => n.link)].sort());
  }

  // 6. label_created for both.
  const printed = await heard('label_created', 2);
  expect(printed).toHaveLength(2);
  expect(printed.map((h) => h.claims.shipment_uuid).sort()).toEqual([asyncUuid, syncUuid].sort());
  for (const { claims } of printed) {
    expect(claims).toMatchObject({
      message: 'label_created',
      shipment_status: 'label_created',
      merchant_reference: claims.shipment_uuid === syncUuid ? syncRef : asyncRef,
      tracking_numbers: tracking.get(claims.shipment_uuid as string),
    });
  }
  expect(rx.received).toHaveLength(4); // nothing announced twice

  // 7. The same shipments through v2, with a v2 Bearer token {accessKey, exp}.
  const v2 = merchant(base, { accessKey, secretKey }).shipping;
  for (const [uuid, ref] of [
    [syncUuid, syncRef],
    [asyncUuid, asyncRef],
  ] as const) {
    const s = await v2('GET', `/shipments/${uuid}`);
    expect(s.status).toBe(200);
    expect(s.json).toMatchObject({ id: uuid, merchantReference: ref, status: 'labelsCreated' });
    expect(s.json.parcels.map((p: { carrierParcelId: string; trackingLink: string }) => ({ code: p.carrierParcelId, link: p.trackingLink }))).toEqual(tracking.get(uuid));
  }
  const v2sync = (await v2('GET', `/shipments/${syncUuid}`)).json;
  expect(v2sync.shippingMethod).toMatchObject({ type: 'pickupPoint' });
});
