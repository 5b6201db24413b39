/**
 * The real carrier network as a new user meets it (issue 18): a real server process, a store made
 * with the operator CLI and nothing else set up (no sender address, no contract). Its sandbox lists
 * the ten carriers of the original service by their real codes; for every WooCommerce
 * shipping-method class, the v3 sync (`GET …/v3/shipping-methods/pickup-points?carrierCode=`, as
 * the plugin's download_pickup_points sends it, gzip accepted) returns that carrier's points of the
 * class's type; one shipment to each carrier registers from the sandbox's sample sender; one label
 * file prints them all, and every label's barcode, read with zbarimg, is its tracking number.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, inject, it } from 'vitest';
import { CARRIERS } from '../../src/shipping/carriers/registry.js';
import { externalDatabaseEnv } from '../support/app.js';
import { barcodeToolsOrSkip, decodePage, pdfPageCount } from '../support/barcodes.js';
import { RECEIVERS } from '../support/carriers/fixtures.js';
import { handSigned } from '../support/jwt.js';
import { merchant } from '../support/merchant.js';
import { cli, freePort, startServer, until, type ServerProcess } from '../support/server.js';

/** WC's classes (shipping-methods/<carrier>/class-montonio-*.php): carrier_code and type_v2 of each pickup-point class. */
const WC_PICKUP_CLASSES = [
  ['dpd', 'parcelMachine'],
  ['dpd', 'parcelShop'],
  ['inpost', 'parcelMachine'],
  ['latvian_post', 'parcelMachine'],
  ['omniva', 'parcelMachine'],
  ['omniva', 'postOffice'],
  ['orlen', 'parcelMachine'],
  ['smartpost', 'parcelMachine'],
  ['smartpost', 'postOffice'],
  ['unisend', 'parcelMachine'],
  ['venipak', 'parcelMachine'],
  ['venipak', 'parcelShop'],
] as const;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kassa-e2e-carriers-'));
let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('a fresh store ships with each of the ten carriers, and every label scans', { timeout: 180_000 }, async () => {
  const env: Record<string, string> = { KASSA_DATA_DIR: dataDir, PORT: String(await freePort()) };
  if (inject('dbTarget') === 'postgres') Object.assign(env, await externalDatabaseEnv());
  server = await startServer(env);
  const store = JSON.parse(await cli(['stores', 'create', '--name', 'Uus Pood OÜ', '--json'], { KASSA_URL: server.url, KASSA_DATA_DIR: dataDir })) as {
    sandbox: { accessKey: string; secretKey: string };
  };
  const keys = store.sandbox;
  const call = merchant(server.url, keys).shipping;

  const carriers = (await call('GET', '/carriers')).json.carriers as { code: string; name: string }[];
  expect(carriers.map((c) => c.code)).toEqual(CARRIERS.map((d) => d.code));
  expect(carriers).toHaveLength(10);

  // The plugin's sync: one carrier, every country, streamed; it accepts gzip.
  const v3 = `${server.url}/sandbox/shipping/api/v3/shipping-methods/pickup-points`;
  const bearer = () => `Bearer ${handSigned({ accessKey: keys.accessKey, iat: Math.floor(Date.now() / 1000), exp: Math.floor(Date.now() / 1000) + 3600 }, keys.secretKey)}`;
  const pointsOf = new Map<string, { id: string; type: string; countryCode: string }[]>();
  for (const code of new Set(CARRIERS.map((d) => d.code))) {
    const res = await fetch(`${v3}?carrierCode=${code}`, { headers: { authorization: bearer(), 'content-type': 'application/json', 'accept-encoding': 'gzip' } });
    expect(res.status, code).toBe(200);
    // fetch() decodes gzip itself; the header says it was compressed on the wire.
    expect(res.headers.get('content-encoding'), code).toBe('gzip');
    const body = (await res.json()) as { pickupPoints: { id: string; type: string; countryCode: string; carrierCode: string }[] };
    expect(
      body.pickupPoints.every((p) => p.carrierCode === code),
      code,
    ).toBe(true);
    pointsOf.set(code, body.pickupPoints);
  }
  for (const [code, type] of WC_PICKUP_CLASSES) {
    expect(pointsOf.get(code)!.filter((p) => p.type === type).length, `${code} ${type}`).toBeGreaterThan(0);
  }

  // One shipment to each carrier: its first pickup point, or by courier where it has none there.
  const ids: string[] = [];
  const tracking = new Map<string, string>();
  for (const def of CARRIERS) {
    const country = def.countries[0]!;
    const receiver = RECEIVERS[country as keyof typeof RECEIVERS];
    const point = pointsOf.get(def.code)!.find((p) => p.countryCode === country);
    const courier = (await call('GET', `/shipping-methods/courier-services?carrierCode=${def.code}&countryCode=${country}`)).json.courierServices[0];
    const created = await call('POST', '/shipments', {
      merchantReference: `NEW-${def.code}`,
      synchronous: true,
      shippingMethod: point ? { type: 'pickupPoint', id: point.id } : { type: 'courier', id: courier.id },
      parcels: [{ weight: 1.5, length: 0.3, width: 0.2, height: 0.1 }],
      receiver: point ? { name: receiver.name, phoneCountryCode: receiver.phoneCountryCode, phoneNumber: receiver.phoneNumber } : { ...receiver },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    expect(created.json.status, `${def.code}: ${JSON.stringify(created.json.errors)}`).toBe('registered');
    expect(created.json.sender.name).toBe('Kassa sandbox sample sender');
    const tn = created.json.parcels[0].carrierParcelId as string;
    expect(def.trackingNumber.isValid(tn), `${def.code} ${tn}`).toBe(true);
    ids.push(created.json.id);
    tracking.set(def.code, tn);
  }

  const lf = await call('POST', '/label-files', { shipmentIds: ids, orderLabelsBy: 'carrier' });
  expect(lf.status).toBe(201);
  const ready = await until(
    'label file ready',
    async () => {
      const f = (await call('GET', `/label-files/${lf.json.id}`)).json;
      expect(f.status).not.toBe('failed');
      return f.status === 'ready' ? f : undefined;
    },
    60_000,
  );
  const pdf = Buffer.from(await (await fetch(ready.labelFileUrl)).arrayBuffer());
  const pages = pdfPageCount(pdf);
  expect(pages).toBe(3); // ten labels, four to an A4 sheet
  if (barcodeToolsOrSkip()) {
    const codes: string[] = [];
    // KASSA_TEST_ARTIFACTS=dir keeps the rendered pages, to look at.
    const keep = (p: number) => (process.env.KASSA_TEST_ARTIFACTS ? path.join(process.env.KASSA_TEST_ARTIFACTS, `carrier-labels-${inject('dbTarget')}-${p}.png`) : undefined);
    for (let p = 1; p <= pages; p++) codes.push(...decodePage(pdf, p, keep(p)));
    for (const [code, tn] of tracking) expect(codes, code).toContain(tn);
  }
});
