/**
 * A sandbox that works with no set-up (issue 8): a store created the way an operator creates one
 * (POST /operator/stores with a name only) can ship, refund and test at once, through the real app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, nowS, orderPayload, ADMIN_TOKEN, type TestApp } from '../support/app.js';
import { sign } from '../../src/platform/jwt.js';
import { pickupBody, courierBody, SANDBOX, PRODUCTION } from '../shipping/support.js';
import { CARRIERS, CARRIER_CODES, carrierDefinition } from '../../src/shipping/carriers/registry.js';
import { COUNTRIES } from '../../src/shipping/carriers/countries.js';
import { shippingCatalogue } from '../../src/shipping/catalogue/service.js';
import { RECEIVERS, SENDERS } from '../support/carriers/fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
type Keys = { accessKey: string; secretKey: string };
interface Fresh {
  uuid: string;
  sandbox: Keys;
  production: Keys;
}

/** A store as the operator creates one: a name, nothing else. */
async function freshStore(): Promise<Fresh> {
  const res = await t.app.inject({ method: 'POST', url: '/operator/stores', headers: admin, payload: { name: `Fresh ${Math.random().toString(36).slice(2, 7)}` } });
  expect(res.statusCode).toBe(201);
  return res.json();
}
const tokenOf = (k: Keys, claims: Record<string, unknown> = {}) => sign({ accessKey: k.accessKey, exp: nowS() + 600, ...claims }, k.secretKey);
const bearerOf = (k: Keys) => ({ authorization: `Bearer ${tokenOf(k)}` });
const patchStore = (uuid: string, payload: Record<string, unknown>) => t.app.inject({ method: 'PATCH', url: `/operator/stores/${uuid}`, headers: admin, payload });

async function paidOrder(s: Fresh, over: Record<string, unknown> = {}): Promise<string> {
  const payload = orderPayload({ grandTotal: 100, payment: { method: 'cardPayments', amount: 100, currency: 'EUR' }, ...over });
  const res = await t.app.inject({ method: 'POST', url: '/sandbox/api/orders', payload: { data: tokenOf(s.sandbox, payload) } });
  expect(res.statusCode).toBe(201);
  const uuid = res.json().uuid as string;
  const paid = await t.app.inject({ method: 'POST', url: `/sandbox/api/test-helpers/orders/${uuid}/pay`, headers: bearerOf(s.sandbox), payload: {} });
  expect(paid.json().order.paymentStatus).toBe('PAID');
  return uuid;
}
let keyN = 0;
const refund = (s: Fresh, orderUuid: string, amount: number) =>
  t.app.inject({ method: 'POST', url: '/sandbox/api/refunds', payload: { data: tokenOf(s.sandbox, { orderUuid, amount, idempotencyKey: `k-${++keyN}-${Math.random()}`, iat: nowS() }) } });
const getOrder = async (s: Fresh, uuid: string) => (await t.app.inject({ method: 'GET', url: `/sandbox/api/orders/${uuid}`, headers: bearerOf(s.sandbox) })).json();
const helper = (s: Fresh, path: string, payload: Record<string, unknown> = {}) => t.app.inject({ method: 'POST', url: `/sandbox/api/test-helpers/${path}`, headers: bearerOf(s.sandbox), payload });
const clockOffsetMs = async (s: Fresh) => {
  const res = await t.app.inject({ method: 'GET', url: '/sandbox/api/test-helpers/clock', headers: bearerOf(s.sandbox) });
  return new Date(res.json().now).getTime() - Date.now();
};

describe('shipping in a fresh store’s sandbox', () => {
  it('GET /carriers shows the service contract of every carrier that has one, in every country it serves; production has none', async () => {
    const s = await freshStore();
    const res = await t.app.inject({ method: 'GET', url: `${SANDBOX}/carriers`, headers: bearerOf(s.sandbox) });
    expect(res.statusCode).toBe(200);
    const byCode = Object.fromEntries(res.json().carriers.map((c: { code: string }) => [c.code, c]));
    const withService = CARRIERS.filter((d) => d.hasServiceContract);
    expect(withService.map((d) => d.code)).toEqual(expect.arrayContaining(['omniva', 'smartpost', 'inpost']));
    for (const { code, countries } of withService) {
      expect(byCode[code].hasServiceContract).toBe(true);
      expect(
        byCode[code].contracts.map((c: { country: string }) => c.country),
        code,
      ).toEqual(countries);
      for (const c of byCode[code].contracts) {
        expect(c).toMatchObject({ carrierId: code, isDirectContract: false, lastUsedParcelNumber: null, credentials: { username: null } });
        expect(c.id).toMatch(/^[0-9a-f-]{36}$/);
      }
    }
    // dpd has no service contract (DIRECT only): a DIRECT contract on its sandbox's test
    // account, in every country it serves; still no service contract, so still no rates.
    expect(byCode.dpd).toMatchObject({ hasServiceContract: false, supportedContractTypes: ['DIRECT'] });
    expect(byCode.dpd.contracts.map((c: { country: string }) => c.country)).toEqual(carrierDefinition('dpd')!.countries);
    for (const c of byCode.dpd.contracts) {
      expect(c).toMatchObject({ carrierId: 'dpd', isDirectContract: true, logisticsContractNumber: 'SWT-000001', lastUsedParcelNumber: null, credentials: { username: 'sw***' } });
    }
    // The same ids on every read.
    const again = await t.app.inject({ method: 'GET', url: `${SANDBOX}/carriers`, headers: bearerOf(s.sandbox) });
    expect(again.json()).toEqual(res.json());
    const prod = await t.app.inject({ method: 'GET', url: `${PRODUCTION}/carriers`, headers: bearerOf(s.production) });
    expect(prod.json().carriers.every((c: { contracts: unknown }) => c.contracts === null)).toBe(true);
  });

  it('shipping methods, filter-by-parcels, pickup points and rates answer at once; production still needs a contract', async () => {
    const s = await freshStore();
    const methods = (await t.app.inject({ method: 'GET', url: `${SANDBOX}/shipping-methods`, headers: bearerOf(s.sandbox) })).json();
    expect(methods.countries.map((c: { countryCode: string }) => c.countryCode)).toEqual(COUNTRIES.filter((cc) => CARRIERS.some((d) => d.countries.includes(cc))));
    const filtered = await t.app.inject({
      method: 'POST',
      url: `${SANDBOX}/shipping-methods/filter-by-parcels?destination=LV`,
      headers: bearerOf(s.sandbox),
      payload: { parcels: [{ weight: 2, length: 0.3, width: 0.2, height: 0.1 }] },
    });
    // Every carrier serving Latvia from the store's Estonia takes the parcel.
    expect(filtered.json().countries[0].carriers.map((c: { carrierCode: string }) => c.carrierCode)).toEqual(
      CARRIERS.filter((d) => d.countries.includes('LV') && d.countries.includes('EE')).map((d) => d.code),
    );
    const points = await t.app.inject({ method: 'GET', url: `${SANDBOX}/shipping-methods/pickup-points?carrierCode=smartpost&countryCode=FI`, headers: bearerOf(s.sandbox) });
    expect(points.statusCode).toBe(200);
    const rates = await t.app.inject({
      method: 'POST',
      url: `${SANDBOX}/shipping-methods/rates`,
      headers: bearerOf(s.sandbox),
      payload: { destination: 'EE', parcels: [{ items: [{ length: 30, width: 20, height: 10, weight: 2 }] }] },
    });
    expect(rates.statusCode).toBe(200);
    const prod = await t.app.inject({ method: 'GET', url: `${PRODUCTION}/shipping-methods`, headers: bearerOf(s.production) });
    expect(prod.json()).toEqual({ countries: [] });
    const prodShipment = await t.app.inject({ method: 'POST', url: `${PRODUCTION}/shipments`, headers: bearerOf(s.production), payload: pickupBody() });
    expect(prodShipment.statusCode).toBe(400);
    expect(prodShipment.json().message).toContain('shippingMethod.id belongs to omniva, with which the store has no active production contract');
  });

  it('shipments register and their label file downloads', async () => {
    const s = await freshStore();
    const created = await t.app.inject({ method: 'POST', url: `${SANDBOX}/shipments`, headers: bearerOf(s.sandbox), payload: pickupBody({ synchronous: true }) });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ status: 'registered' });
    expect(created.json().parcels[0].carrierParcelId).toEqual(expect.any(String));
    const courier = await t.app.inject({
      method: 'POST',
      url: `${SANDBOX}/shipments`,
      headers: bearerOf(s.sandbox),
      payload: courierBody({
        synchronous: true,
        shippingMethod: { type: 'courier', id: 'inpost-pl-courier-standard' },
        receiver: { name: 'Jan Kowalski', phoneCountryCode: '+48', phoneNumber: '501234567', streetAddress: 'Marszałkowska 1', locality: 'Warszawa', postalCode: '00-001', country: 'PL' },
      }),
    });
    expect(courier.statusCode).toBe(201);
    const lf = await t.app.inject({ method: 'POST', url: `${SANDBOX}/label-files`, headers: bearerOf(s.sandbox), payload: { shipmentIds: [created.json().id], synchronous: true } });
    expect(lf.statusCode).toBe(201);
    expect(lf.json().status).toBe('ready');
    const u = new URL(lf.json().labelFileUrl);
    const pdf = await t.app.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  // Issue 8: every simulated carrier ships right after store creation, with no contract added.
  it('every carrier registers a shipment and prints its label in a store made with a name only', async () => {
    const store = await t.services.stores.create({ name: 'Name only' });
    const auth = t.bearer({ store });
    const carriers = (await t.app.inject({ method: 'GET', url: `${SANDBOX}/carriers`, headers: auth })).json().carriers as { code: string; contracts: unknown[] | null }[];
    expect(carriers.map((c) => [c.code, c.contracts !== null])).toEqual(CARRIER_CODES.map((code) => [code, true]));
    const plReceiver = { name: 'Jan Kowalski', phoneCountryCode: '+48', phoneNumber: '501234567', streetAddress: 'Marszałkowska 1', locality: 'Warszawa', postalCode: '00-001', country: 'PL' };
    const bodies = [
      pickupBody({ shippingMethod: { type: 'pickupPoint', id: 'omniva-ee-pm-1' } }),
      pickupBody({ shippingMethod: { type: 'pickupPoint', id: 'smartpost-ee-pm-1' } }),
      pickupBody({ shippingMethod: { type: 'pickupPoint', id: 'dpd-ee-ps-1' } }),
      courierBody({ shippingMethod: { type: 'courier', id: 'dpd-ee-courier-standard' } }),
      pickupBody({ shippingMethod: { type: 'pickupPoint', id: 'inpost-pl-pm-1' }, receiver: { ...plReceiver, streetAddress: undefined, locality: undefined, postalCode: undefined } }),
      courierBody({ shippingMethod: { type: 'courier', id: 'inpost-pl-courier-standard' }, receiver: plReceiver }),
    ];
    // The other carriers: a pickup point of each in the first country it serves, sender and receiver of that country.
    const SUFFIX = { parcelMachine: 'pm', postOffice: 'po', parcelShop: 'ps' } as const;
    for (const d of CARRIERS.filter((c) => !['omniva', 'smartpost', 'dpd', 'inpost'].includes(c.code))) {
      const country = d.countries[0]!;
      const pickup = d.methods[country]!.find((m) => m.type === 'pickupPoint')!;
      const id = `${d.code}-${country.toLowerCase()}-${SUFFIX[pickup.subtypes[0] as keyof typeof SUFFIX]}-1`;
      expect(
        shippingCatalogue()
          .allPickupPoints()
          .some((p) => p.id === id),
        id,
      ).toBe(true);
      const { name, phoneCountryCode, phoneNumber } = RECEIVERS[country];
      bodies.push(pickupBody({ shippingMethod: { type: 'pickupPoint', id }, receiver: { name, phoneCountryCode, phoneNumber }, sender: SENDERS[country] }));
    }
    expect(new Set(bodies.map((b) => b.shippingMethod.id.split('-')[0]))).toEqual(new Set(CARRIER_CODES));
    const ids: string[] = [];
    for (const body of bodies) {
      const res = await t.app.inject({ method: 'POST', url: `${SANDBOX}/shipments`, headers: auth, payload: { ...body, synchronous: true } });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json(), JSON.stringify(body.shippingMethod)).toMatchObject({ status: 'registered' });
      expect(res.json().parcels[0].carrierParcelId).toEqual(expect.any(String));
      ids.push(res.json().id);
    }
    const lf = await t.app.inject({ method: 'POST', url: `${SANDBOX}/label-files`, headers: auth, payload: { shipmentIds: ids, synchronous: true } });
    expect(lf.statusCode).toBe(201);
    expect(lf.json()).toMatchObject({ status: 'ready' });
    const u = new URL(lf.json().labelFileUrl);
    const pdf = await t.app.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // Rates: Kassa's service-contract prices; dpd, DIRECT only, has none to quote.
    const rates = await t.app.inject({
      method: 'POST',
      url: `${SANDBOX}/shipping-methods/rates`,
      headers: auth,
      payload: { destination: 'LT', parcels: [{ items: [{ length: 30, width: 20, height: 10, weight: 2 }] }] },
    });
    expect(rates.statusCode).toBe(200);
    const quoted = rates.json().carriers.map((c: { carrierCode: string }) => c.carrierCode);
    expect(quoted.length).toBeGreaterThan(0);
    expect(quoted).not.toContain('dpd');
  });

  it('an operator-added dpd sandbox contract replaces its built-in ones', async () => {
    const s = await freshStore();
    const add = await t.app.inject({
      method: 'POST',
      url: `/operator/stores/${s.uuid}/carrier-contracts`,
      headers: admin,
      payload: { env: 'sandbox', carrierCode: 'dpd', country: 'LT', credentials: { username: 'merchant-own', password: 'pw' } },
    });
    expect(add.statusCode).toBe(201);
    const carriers = (await t.app.inject({ method: 'GET', url: `${SANDBOX}/carriers`, headers: bearerOf(s.sandbox) })).json().carriers;
    const dpd = carriers.find((c: { code: string }) => c.code === 'dpd');
    expect(dpd.contracts).toEqual([expect.objectContaining({ id: add.json().id, country: 'LT', credentials: { username: 'me***' } })]);
  });

  it('a store created before this change ships too (the contracts are derived, not stored)', async () => {
    const old = await t.createStore();
    await t.db.query('DELETE FROM carrier_contracts WHERE store_id = $1', [old.id]);
    const res = await t.app.inject({ method: 'POST', url: `${SANDBOX}/shipments`, headers: t.bearer({ store: old }), payload: pickupBody({ synchronous: true }) });
    expect(res.json()).toMatchObject({ status: 'registered' });
  });

  it('an operator-added sandbox contract replaces the built-in ones of its carrier, and deleting it brings them back', async () => {
    const s = await freshStore();
    // smartpost: a carrier whose lockers take a size, so the contract can carry a default one.
    const add = await t.app.inject({
      method: 'POST',
      url: `/operator/stores/${s.uuid}/carrier-contracts`,
      headers: admin,
      payload: { env: 'sandbox', carrierCode: 'smartpost', country: 'EE', defaultLockerSize: 'M' },
    });
    expect(add.statusCode).toBe(201);
    const smartpostOf = (carriers: { code: string; contracts: { country: string }[] }[]) => carriers.find((c) => c.code === 'smartpost')!;
    const carriers = (await t.app.inject({ method: 'GET', url: `${SANDBOX}/carriers`, headers: bearerOf(s.sandbox) })).json().carriers;
    expect(smartpostOf(carriers).contracts).toEqual([expect.objectContaining({ id: add.json().id, country: 'EE', defaultLockerSize: 'M' })]);
    const shipment = await t.app.inject({
      method: 'POST',
      url: `${SANDBOX}/shipments`,
      headers: bearerOf(s.sandbox),
      payload: pickupBody({ shippingMethod: { type: 'pickupPoint', id: 'smartpost-ee-pm-1' }, synchronous: true }),
    });
    expect(shipment.json()).toMatchObject({ status: 'registered', shippingMethod: { carrierCode: 'smartpost' } });
    const { rows } = await t.db.query('SELECT locker_size FROM shipments WHERE id = $1', [shipment.json().id]);
    expect(rows[0].locker_size).toBe('M'); // the operator's contract's default, as before
    const list = (await t.app.inject({ method: 'GET', url: `/operator/stores/${s.uuid}/carrier-contracts`, headers: admin })).json();
    expect(list.sandbox.map((c: { id: string }) => c.id)).toEqual([add.json().id]); // the operator's own, as before
    const del = await t.app.inject({ method: 'DELETE', url: `/operator/stores/${s.uuid}/carrier-contracts/${add.json().id}`, headers: admin });
    expect(del.statusCode).toBe(204);
    const after = (await t.app.inject({ method: 'GET', url: `${SANDBOX}/carriers`, headers: bearerOf(s.sandbox) })).json().carriers;
    expect(smartpostOf(after).contracts.map((c: { country: string }) => c.country)).toEqual(carrierDefinition('smartpost')!.countries);
  });
});

describe('sandbox refunds in a fresh store', () => {
  it('are possible as soon as the order is paid; availableForRefund says so', async () => {
    const s = await freshStore();
    const store = (await t.app.inject({ method: 'GET', url: `/operator/stores/${s.uuid}`, headers: admin })).json();
    expect(store.sandboxSettlement).toBe('instant');
    await paidOrder(s); // a second sale covers the fee kept on the first
    const uuid = await paidOrder(s);
    expect(await getOrder(s, uuid)).toMatchObject({ paymentStatus: 'PAID', availableForRefund: 100 });
    const r = await refund(s, uuid, 100);
    expect(r.statusCode).toBe(201);
    await t.services.refunds.drain();
    expect(await getOrder(s, uuid)).toMatchObject({ paymentStatus: 'REFUNDED', availableForRefund: 0 });
  });

  it('with the realistic settlement delay: refused until settled, saying when and how to settle now; availableForRefund agrees', async () => {
    const s = await freshStore();
    const set = await patchStore(s.uuid, { sandboxSettlement: 'realistic' });
    expect(set.statusCode).toBe(200);
    expect(set.json().sandboxSettlement).toBe('realistic');
    const uuid = await paidOrder(s);
    expect((await getOrder(s, uuid)).availableForRefund).toBe(0);
    const refused = await refund(s, uuid, 10);
    expect(refused.statusCode).toBe(400);
    const msg = refused.json().message as string;
    expect(msg).toMatch(/^The payment has not reached the store's settlement account yet; it can be refunded from \d{4}-\d\d-\d\dT/);
    expect(msg).toContain('POST /sandbox/api/test-helpers/settle');
    expect(msg).toContain('POST /sandbox/api/test-helpers/clock/advance');
    expect((await helper(s, 'settle')).statusCode).toBe(200);
    expect((await getOrder(s, uuid)).availableForRefund).toBe(100);
    expect((await refund(s, uuid, 10)).statusCode).toBe(201);
  });

  it('with the realistic delay, moving the clock past settlement also makes it refundable', async () => {
    const s = await freshStore();
    await patchStore(s.uuid, { sandboxSettlement: 'realistic' });
    const uuid = await paidOrder(s);
    expect((await refund(s, uuid, 10)).statusCode).toBe(400);
    expect((await helper(s, 'clock/advance', { minutes: 5 * 24 * 60 })).statusCode).toBe(200);
    expect((await getOrder(s, uuid)).availableForRefund).toBe(100);
    expect((await refund(s, uuid, 10)).statusCode).toBe(201);
  });

  it('refusals are sentences, never led by a field name', async () => {
    const s = await freshStore();
    const res = await t.app.inject({
      method: 'POST',
      url: '/sandbox/api/orders',
      payload: { data: tokenOf(s.sandbox, orderPayload({ grandTotal: 100, payment: { method: 'cardPayments', amount: 100, currency: 'EUR' } })) },
    });
    const unpaid = await refund(s, res.json().uuid, 1);
    expect(unpaid.json()).toMatchObject({ statusCode: 400, message: 'The order is PENDING; only a paid order can be refunded' });
  });

  it('a bank payment is refused until bank-payment refunds are enabled, and the message says how', async () => {
    const s = await freshStore();
    const bank = { method: 'paymentInitiation', amount: 100, currency: 'EUR', methodOptions: { preferredCountry: 'EE' } };
    const uuid = await paidOrder(s, { payment: bank });
    const refused = await refund(s, uuid, 10);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      `The order was paid by bank payment, and bank-payment refunds are not enabled for this store; the operator enables them with \`kassa stores set-bank-refunds ${s.uuid} --enabled true\` (operator API: PATCH /operator/stores/${s.uuid} {"bankRefundsEnabled": true})`,
    );
    expect((await patchStore(s.uuid, { bankRefundsEnabled: true })).statusCode).toBe(200);
    t.services.keys.invalidate();
    expect((await refund(s, uuid, 10)).statusCode).toBe(201);
  });

  it('the setting is checked', async () => {
    const s = await freshStore();
    const bad = await patchStore(s.uuid, { sandboxSettlement: 'tomorrow' });
    expect(bad.json()).toMatchObject({ statusCode: 400, message: 'sandboxSettlement must be one of instant, realistic' });
    const created = await t.app.inject({ method: 'POST', url: '/operator/stores', headers: admin, payload: { name: 'Slow', sandboxSettlement: 'realistic' } });
    expect(created.statusCode).toBe(201);
    const got = (await t.app.inject({ method: 'GET', url: `/operator/stores/${created.json().uuid}`, headers: admin })).json();
    expect(got.sandboxSettlement).toBe('realistic');
  });
});

describe('the sandbox clock', () => {
  it('settle settles captured payments without moving the clock; orders made afterwards carry the real time', async () => {
    const s = await freshStore();
    await patchStore(s.uuid, { sandboxSettlement: 'realistic' });
    const uuid = await paidOrder(s);
    const settled = await helper(s, 'settle');
    expect(settled.statusCode).toBe(200);
    expect(Math.abs(await clockOffsetMs(s))).toBeLessThan(5_000);
    expect((await refund(s, uuid, 10)).statusCode).toBe(201);
    const res = await t.app.inject({ method: 'POST', url: '/sandbox/api/orders', payload: { data: tokenOf(s.sandbox, orderPayload()) } });
    expect(Math.abs(new Date(res.json().createdAt).getTime() - Date.now())).toBeLessThan(5_000);
    // A payment made after the settle waits its own settlement.
    const later = await paidOrder(s);
    expect((await getOrder(s, later)).availableForRefund).toBe(0);
  });

  it('clock/reset takes the clock back to real time', async () => {
    const s = await freshStore();
    await helper(s, 'clock/advance', { minutes: 600 });
    expect(await clockOffsetMs(s)).toBeGreaterThan(590 * 60_000);
    const reset = await helper(s, 'clock/reset');
    expect(reset.statusCode).toBe(200);
    expect(Math.abs(new Date(reset.json().now).getTime() - Date.now())).toBeLessThan(5_000);
    expect(Math.abs(await clockOffsetMs(s))).toBeLessThan(5_000);
    const res = await t.app.inject({ method: 'POST', url: '/sandbox/api/orders', payload: { data: tokenOf(s.sandbox, orderPayload()) } });
    expect(Math.abs(new Date(res.json().createdAt).getTime() - Date.now())).toBeLessThan(5_000);
    expect((await t.app.inject({ method: 'POST', url: '/api/test-helpers/clock/reset', headers: bearerOf(s.production) })).statusCode).toBe(404);
  });
});

describe('GET /', () => {
  it('answers a small page pointing to the API reference, the OpenAPI document and the guides, with nothing from another host', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html; charset=utf-8/);
    expect(res.body).toContain('href="/docs"');
    expect(res.body).toContain('href="/openapi.json"');
    expect(res.body).toContain('docs/sandbox.md');
    expect(res.body).not.toMatch(/(src|href)="(https?:)?\/\//);
    const plain = await t.app.inject({ method: 'GET', url: '/' });
    expect(plain.headers['content-type']).toMatch(/^text\/html/);
    expect(plain.headers['content-security-policy']).toContain("default-src 'none'");
    const guide = await t.app.inject({ method: 'GET', url: '/guides/sandbox.md' });
    expect(guide.statusCode).toBe(200);
    expect(guide.body).toMatch(/<h1 id="[^"]+">Sandbox/);
    expect(res.body).toContain('href="/guides/going-to-production.md"');
    const production = await t.app.inject({ method: 'GET', url: '/guides/going-to-production.md' });
    expect(production.statusCode).toBe(200);
    expect(production.body).toMatch(/<h1 id="[^"]+">Going to production/);
    expect((await t.app.inject({ method: 'GET', url: '/guides/..%2Fpackage.json' })).statusCode).toBe(404);
  });

  it('answers JSON to a client that asks for JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'application/json' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Kassa', docs: '/docs', openapi: '/openapi.json' });
  });
});
