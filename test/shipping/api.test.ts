import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ADMIN_TOKEN, nowS, type TestApp } from '../support/app.js';
import { sign } from '../../src/platform/jwt.js';
import type { CreatedStore } from '../../src/stores/service.js';
import { CARRIERS, CARRIER_CODES } from '../../src/shipping/carriers/registry.js';
import { COUNTRIES } from '../../src/shipping/carriers/countries.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
const SANDBOX = '/sandbox/shipping/api/v2';
const PRODUCTION = '/shipping/api/v2';
const PASSWORD = 'hunter2-carrier-password';

async function activate(store: CreatedStore, payload: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url: `/operator/stores/${store.id}/carrier-contracts`, headers: admin, payload });
  expect(res.statusCode).toBe(201);
  return res.json();
}

const get = (url: string, store?: CreatedStore, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `${SANDBOX}${url}`, headers: { ...t.bearer(store ? { store } : {}), ...headers } });
const post = (url: string, payload: unknown, store?: CreatedStore) =>
  t.app.inject({ method: 'POST', url: `${SANDBOX}${url}`, headers: t.bearer(store ? { store } : {}), payload: payload as Record<string, unknown> });
// Production: where a store has only the contracts the operator activated (the sandbox also has its built-in ones).
const getProd = (url: string, store: CreatedStore) => t.app.inject({ method: 'GET', url: `${PRODUCTION}${url}`, headers: t.bearer({ store, env: 'production' }) });
const postProd = (url: string, payload: unknown, store: CreatedStore) =>
  t.app.inject({ method: 'POST', url: `${PRODUCTION}${url}`, headers: t.bearer({ store, env: 'production' }), payload: payload as Record<string, unknown> });

const ENDPOINTS: [string, string][] = [
  ['GET', '/carriers'],
  ['GET', '/shipping-methods'],
  ['GET', '/shipping-methods/pickup-points?carrierCode=omniva&countryCode=EE'],
  ['GET', '/shipping-methods/courier-services?carrierCode=omniva&countryCode=EE'],
  ['POST', '/shipping-methods/filter-by-parcels?destination=EE'],
  ['POST', '/shipping-methods/rates'],
];

describe('authentication', () => {
  it.each(ENDPOINTS)('%s %s needs a Bearer JWT of a key of this environment', async (method, url) => {
    const inject = (headers: Record<string, string>) => t.app.inject({ method: method as 'GET' | 'POST', url: `${SANDBOX}${url}`, headers, ...(method === 'POST' ? { payload: {} } : {}) });
    const none = await inject({});
    expect(none.statusCode).toBe(401);
    expect(none.json().error).toBe('Unauthorized');

    const k = t.store.keys.sandbox;
    const wrongSecret = await inject({ authorization: `Bearer ${sign({ accessKey: k.accessKey, exp: nowS() + 60 }, 'not-the-secret')}` });
    // The shipping spec's error table: every JWT fault is 401 (payments keeps 403 for this).
    expect(wrongSecret.statusCode).toBe(401);
    expect(wrongSecret.json()).toEqual({
      statusCode: 401,
      message: `INVALID_TOKEN: the signature does not match the secret key of access key ${k.accessKey}`,
      error: 'Unauthorized',
      code: 'KASSA_ERR_INVALID_SIGNATURE',
      docUrl: 'http://kassa.test/docs/errors#KASSA_ERR_INVALID_SIGNATURE',
    });

    const production = await inject(t.bearer({ env: 'production' }));
    expect(production.statusCode).toBe(401);
    expect(production.json().message).toMatch(/^STORE_NOT_FOUND: this access key belongs to the production environment; use http:\/\/kassa\.test\/shipping\/api\/v2\//);

    const expired = await inject({ authorization: `Bearer ${t.token({}, { expIn: -10 })}` });
    expect(expired.statusCode).toBe(401);
  });

  it('takes production keys on the production path', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${PRODUCTION}/carriers`, headers: t.bearer({ env: 'production' }) });
    expect(res.statusCode).toBe(200);
    const sandboxKey = await t.app.inject({ method: 'GET', url: `${PRODUCTION}/carriers`, headers: t.bearer() });
    expect(sandboxKey.json().message).toBe('STORE_NOT_FOUND: this access key belongs to the sandbox environment; use http://kassa.test/sandbox/shipping/api/v2/carriers');
  });
});

describe('GET /carriers', () => {
  // Production shows only activated contracts; the sandbox's built-in ones are in test/payments/sandbox-no-setup.test.ts.
  it('lists every carrier; contracts null before activation, then the store contracts of this environment only', async () => {
    const s = await t.createStore();
    const before = await getProd('/carriers', s);
    expect(before.statusCode).toBe(200);
    const carriers = before.json().carriers;
    expect(carriers.map((c: { code: string }) => c.code)).toEqual(CARRIER_CODES);
    for (const c of carriers) {
      expect(Object.keys(c)).toEqual(['id', 'code', 'name', 'logoUrl', 'contracts', 'hasServiceContract', 'supportedContractTypes']);
      expect(c.contracts).toBeNull();
      expect(c.logoUrl).toBe(`http://kassa.test/logos/carriers/${c.code}.svg`);
    }
    const listed = (code: string) => carriers.find((c: { code: string }) => c.code === code);
    expect(listed('dpd')).toMatchObject({ id: 'dpd', name: 'DPD', hasServiceContract: false, supportedContractTypes: ['DIRECT'] });
    expect(listed('omniva')).toMatchObject({ hasServiceContract: true, supportedContractTypes: ['DIRECT', 'SERVICE'] });

    const ee = await activate(s, { env: 'production', carrierCode: 'omniva', country: 'EE', credentials: { username: 'merchant-1', password: PASSWORD } });
    const lv = await activate(s, { env: 'production', carrierCode: 'omniva', country: 'LV' });
    const fi = await activate(s, { env: 'sandbox', carrierCode: 'smartpost', country: 'FI' });
    const after = await getProd('/carriers', s);
    expect(after.body).not.toContain(PASSWORD);
    expect(after.body).not.toContain('merchant-1');
    const byCode = Object.fromEntries(after.json().carriers.map((c: { code: string }) => [c.code, c]));
    expect(byCode.omniva.contracts).toEqual([ee, lv]);
    expect(byCode.omniva.contracts[0].credentials).toEqual({ username: 'me***' });
    expect(byCode.smartpost.contracts).toBeNull();
    const sandbox = await get('/carriers', s);
    const sandboxByCode = Object.fromEntries(sandbox.json().carriers.map((c: { code: string }) => [c.code, c]));
    expect(sandboxByCode.smartpost.contracts).toEqual([fi]); // the operator's, in place of the built-in ones
    expect(sandboxByCode.omniva.contracts.every((c: { id: string; isDirectContract: boolean }) => c.id !== ee.id && c.id !== lv.id && !c.isDirectContract)).toBe(true);
  });

  it('serves the carrier logos it links to', async () => {
    const logo = await t.app.inject({ method: 'GET', url: '/logos/carriers/inpost.svg' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(logo.body).toContain('<svg');
    expect((await t.app.inject({ method: 'GET', url: '/logos/carriers/dhl.svg' })).statusCode).toBe(404);
  });
});

describe('GET /shipping-methods', () => {
  it('lists nothing for a store without contracts (production: the sandbox has built-in ones)', async () => {
    const s = await t.createStore();
    const res = await getProd('/shipping-methods', s);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ countries: [] });
  });

  it("lists the methods of the store's carriers in this environment, per country", async () => {
    const s = await t.createStore();
    await activate(s, { env: 'production', carrierCode: 'inpost', country: 'PL' });
    await activate(s, { env: 'sandbox', carrierCode: 'omniva', country: 'EE' });
    const body = (await getProd('/shipping-methods', s)).json();
    expect(body.countries.map((c: { countryCode: string }) => c.countryCode)).toEqual(['PL']); // inpost serves Poland only
    const pl = body.countries[0];
    expect(pl.carriers.map((c: { carrierCode: string }) => c.carrierCode)).toEqual(['inpost']);
    expect(pl.carriers[0].shippingMethods).toEqual([
      { type: 'pickupPoint', subtypes: [{ code: 'parcelMachine' }], constraints: { parcelDimensionsRequired: false } },
      { type: 'courier', subtypes: [{ code: 'standard' }, { code: 'standardB2B' }], constraints: { parcelDimensionsRequired: true } },
    ]);
    // The sandbox: the operator's omniva contract, and the built-in ones of the other carriers.
    const sandbox = (await get('/shipping-methods', s)).json();
    expect(sandbox.countries.map((c: { countryCode: string }) => c.countryCode)).toEqual(COUNTRIES.filter((cc) => CARRIERS.some((d) => d.countries.includes(cc))));
    expect(sandbox.countries[0].carriers.map((k: { carrierCode: string }) => k.carrierCode)).toEqual(CARRIERS.filter((d) => d.countries.includes('EE')).map((d) => d.code));
  });
});

describe('GET /shipping-methods/pickup-points', () => {
  const url = '/shipping-methods/pickup-points?carrierCode=omniva&countryCode=EE';

  it('answers {pickupPoints, countryCode} in the spec shape', async () => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    const body = res.json();
    expect(body.countryCode).toBe('EE');
    expect(body.pickupPoints.length).toBeGreaterThan(10);
    for (const p of body.pickupPoints) {
      expect(Object.keys(p)).toEqual(['id', 'name', 'type', 'streetAddress', 'locality', 'postalCode', 'carrierCode', 'additionalServices']);
      expect(p.carrierCode).toBe('omniva');
      expect(['parcelMachine', 'postOffice']).toContain(p.type);
    }
    const machines = (await get(`${url}&type=parcelMachine`)).json();
    expect(machines.pickupPoints.length).toBeGreaterThan(0);
    expect(machines.pickupPoints.every((p: { type: string }) => p.type === 'parcelMachine')).toBe(true);
    expect((await get(`${url}&type=parcelShop`)).json()).toEqual({ pickupPoints: [], countryCode: 'EE' });
  });

  it('sends gzip when accepted, with an ETag, and answers If-None-Match with 304', async () => {
    const plain = await get(url);
    const gz = await get(url, undefined, { 'accept-encoding': 'gzip, deflate, br' });
    expect(gz.statusCode).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);

    const etag = plain.headers.etag as string;
    const gzEtag = gz.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(gzEtag).not.toBe(etag);

    const notModified = await get(url, undefined, { 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers.etag).toBe(etag);
    const gzNotModified = await get(url, undefined, { 'if-none-match': gzEtag, 'accept-encoding': 'gzip' });
    expect(gzNotModified.statusCode).toBe(304);
    const other = await get('/shipping-methods/pickup-points?carrierCode=omniva&countryCode=LV', undefined, { 'if-none-match': etag });
    expect(other.statusCode).toBe(200);
    const refused = await get(url, undefined, { 'accept-encoding': 'gzip;q=0, identity' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    // Still authenticated: no 304 without a token.
    const anonymous = await t.app.inject({ method: 'GET', url: `${SANDBOX}${url}`, headers: { 'if-none-match': etag } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('names bad query parameters; a carrier outside the enum is a 400 naming carrierCode, as the original answers', async () => {
    const none = await get('/shipping-methods/pickup-points');
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(`carrierCode is required (one of ${CARRIER_CODES.join(', ')}); countryCode is required (one of ${COUNTRIES.join(', ')})`);
    const badType = await get('/shipping-methods/pickup-points?carrierCode=omniva&countryCode=XX&type=locker');
    expect(badType.json().message).toBe(`countryCode must be one of ${COUNTRIES.join(', ')}; type must be one of parcelMachine, postOffice, parcelShop`);
    // Case-sensitive: the clients' codes are the enum's, a display name is not one.
    for (const code of ['dhl', 'Omniva']) {
      const unknown = await get(`/shipping-methods/pickup-points?carrierCode=${code}&countryCode=EE`);
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual({
        statusCode: 400,
        message: `carrierCode must be one of ${CARRIER_CODES.join(', ')}`,
        error: 'Bad Request',
        code: 'KASSA_ERR_VALIDATION',
        docUrl: 'http://kassa.test/docs/errors#KASSA_ERR_VALIDATION',
      });
    }
  });
});

describe('GET /shipping-methods/courier-services', () => {
  it('answers {courierServices, countryCode}', async () => {
    const res = await get('/shipping-methods/courier-services?carrierCode=omniva&countryCode=EE');
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeDefined();
    expect(res.json()).toEqual({
      courierServices: [
        { id: 'omniva-ee-courier-standard', name: 'Omniva courier', type: 'standard', carrierCode: 'omniva', additionalServices: [{ code: 'cod' }, { code: 'ageVerification' }] },
        { id: 'omniva-ee-courier-standardB2B', name: 'Omniva business courier (B2B)', type: 'standardB2B', carrierCode: 'omniva', additionalServices: [{ code: 'cod' }, { code: 'ageVerification' }] },
      ],
      countryCode: 'EE',
    });
    expect((await get('/shipping-methods/courier-services?carrierCode=inpost&countryCode=EE')).json()).toEqual({ courierServices: [], countryCode: 'EE' });
    const bad = await get('/shipping-methods/courier-services?countryCode=EE');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(`carrierCode is required (one of ${CARRIER_CODES.join(', ')})`);
    expect((await get('/shipping-methods/courier-services?carrierCode=nope&countryCode=EE')).json().message).toBe(`carrierCode must be one of ${CARRIER_CODES.join(', ')}`);
  });
});

describe('POST /shipping-methods/filter-by-parcels', () => {
  it("lists the usable methods of the store's carriers only", async () => {
    const s = await t.createStore();
    const parcels = { parcels: [{ weight: 2, length: 0.3, width: 0.2, height: 0.1 }] };
    const empty = await postProd('/shipping-methods/filter-by-parcels?destination=LV', parcels, s);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ countries: [] });

    await activate(s, { env: 'production', carrierCode: 'omniva', country: 'EE' });
    const res = await postProd('/shipping-methods/filter-by-parcels?destination=LV', parcels, s);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.countries).toHaveLength(1);
    expect(body.countries[0].countryCode).toBe('LV');
    expect(body.countries[0].carriers.map((c: { carrierCode: string }) => c.carrierCode)).toEqual(['omniva']);
    for (const m of body.countries[0].carriers[0].shippingMethods) {
      expect(Object.keys(m)).toEqual(['type', 'subtypes', 'constraints']);
    }
    // The store is in EE; from PL omniva takes no parcels.
    const fromPl = await postProd('/shipping-methods/filter-by-parcels?destination=LV&source=PL', parcels, s);
    expect(fromPl.json()).toEqual({ countries: [] });
  });

  it('names bad query and body fields', async () => {
    const res = await post('/shipping-methods/filter-by-parcels?source=XX', { parcels: [{ weight: 1.234, length: 0.3 }] });
    expect(res.statusCode).toBe(400);
    const msg = res.json().message as string;
    expect(msg).toContain('destination is required');
    expect(msg).toContain('source must be one of');
    expect(msg).toContain('parcels[0].weight');
    expect(msg).toContain('parcels[0].width is required');
    const noParcels = await post('/shipping-methods/filter-by-parcels?destination=EE', {});
    expect(noParcels.json().message).toBe('parcels is required');
  });
});

describe('POST /shipping-methods/rates', () => {
  const body = { destination: 'EE', parcels: [{ items: [{ length: 30, width: 20, height: 10, weight: 2 }] }] };

  it('answers rates in the spec shape, from the store country', async () => {
    const res = await post('/shipping-methods/rates', body);
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r.destination).toBe('EE');
    expect(r.calculationDetails.estimatedParcels).toHaveLength(1);
    expect(r.calculationDetails.estimatedParcels[0]).toMatchObject({ length: 30, width: 20, height: 10, dimensionUnit: 'cm', actualWeight: 2, weightUnit: 'kg', bufferApplied: 0 });
    const codes = r.carriers.map((c: { carrierCode: string }) => c.carrierCode);
    expect(codes).toContain('omniva');
    expect(codes).not.toContain('dpd');
    for (const c of r.carriers) {
      for (const m of c.shippingMethods) for (const sub of m.subtypes) expect(sub.rate).toMatch(/^\d+\.\d{2}$/);
    }
    const filtered = await post('/shipping-methods/rates?carrierCode=omniva&shippingMethodType=courier', body);
    expect(filtered.json().carriers).toHaveLength(1);
    expect(filtered.json().carriers[0].shippingMethods.map((m: { type: string }) => m.type)).toEqual(['courier']);
  });

  it('names bad query and body fields', async () => {
    const q = await post('/shipping-methods/rates?carrierCode=dhl&shippingMethodType=drone', body);
    expect(q.statusCode).toBe(400);
    expect(q.json().message).toBe(`carrierCode must be one of ${CARRIER_CODES.join(', ')}; shippingMethodType must be one of courier, pickupPoint`);
    const b = await post('/shipping-methods/rates', { destination: 'US', parcels: [{ items: [{ length: 1, width: 1, height: 1, weight: 1, quantity: 0 }] }] });
    expect(b.statusCode).toBe(400);
    expect(b.json().message).toBe(`destination must be one of ${COUNTRIES.join(', ')}; parcels[0].items[0].quantity must be from 1 to 1000`);
  });
});

describe('store isolation', () => {
  it("another store's contracts never appear in carriers, listings or filters", async () => {
    const a = await t.createStore();
    const b = await t.createStore();
    await activate(a, { env: 'production', carrierCode: 'smartpost', country: 'FI', credentials: { username: 'store-a-user', password: PASSWORD } });
    const carriers = (await getProd('/carriers', b)).json().carriers;
    expect(carriers.every((c: { contracts: unknown }) => c.contracts === null)).toBe(true);
    expect((await getProd('/shipping-methods', b)).json()).toEqual({ countries: [] });
    const filtered = await postProd('/shipping-methods/filter-by-parcels?destination=FI', { parcels: [{ weight: 1 }] }, b);
    expect(filtered.json()).toEqual({ countries: [] });
    expect((await getProd('/shipping-methods', a)).json().countries.length).toBeGreaterThan(0);
    // In the sandbox too: b sees its own built-in contracts, never a's.
    const own = await activate(a, { env: 'sandbox', carrierCode: 'smartpost', country: 'FI', credentials: { username: 'store-a-user', password: PASSWORD } });
    const sandboxB = await get('/carriers', b);
    expect(sandboxB.body).not.toContain(own.id);
    expect(sandboxB.body).not.toContain('st***');
  });
});

describe('configuration', () => {
  it('has default shipping base paths and refuses clashing ones', async () => {
    const { loadConfig, ConfigError } = await import('../../src/config.js');
    const c = loadConfig({});
    expect(c.shippingPath).toBe('/shipping/api/v2');
    expect(c.shippingSandboxPath).toBe('/sandbox/shipping/api/v2');
    expect(() => loadConfig({ KASSA_SHIPPING_PATH: '/api' })).toThrow(ConfigError);
    expect(() => loadConfig({ KASSA_SHIPPING_SANDBOX_PATH: 'no-slash' })).toThrow(/KASSA_SHIPPING_SANDBOX_PATH must be a path/);
    expect(() => loadConfig({ KASSA_SHIPPING_PATH: '/same', KASSA_SHIPPING_SANDBOX_PATH: '/same' })).toThrow('KASSA_SHIPPING_PATH and KASSA_SHIPPING_SANDBOX_PATH must differ');
  });
});
