/**
 * The shipping routes in /openapi.json: every one (v2 in both environments, the v3 lists, the
 * operator's carrier contracts, the tracking page and the carrier logos) declares its path
 * parameters, the query it reads, its body, every answer (the real 2xx, the 4xx in the error
 * shape), its security, tags, summary and a unique operationId. A route added without them, or
 * a shipping route this table doesn't know, fails here. (test/api/openapi.test.ts checks the whole
 * document; the two may be merged.)
 */
import type { RouteOptions } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { isPageRoute } from '../../src/reference/routes.js';
import { WebhookService } from '../../src/shipping/webhooks/service.js';
import { contractJson } from '../../src/shipping/contracts/service.js';
import { shippingCatalogue } from '../../src/shipping/catalogue/service.js';
import { FilterByParcelsBody, RatesBody } from '../../src/shipping/methods/schema.js';
import { CreateShipmentBody, PatchShipmentBody } from '../../src/shipping/shipments/schema.js';
import { LabelFileInputSchema } from '../../src/shipping/label-files/schema.js';
import { WebhookInputSchema } from '../../src/shipping/webhooks/schema.js';
import { ContractInputSchema } from '../../src/shipping/contracts/schema.js';
import { activate, admin, pickupBody, PRODUCTION, RECEIVER, SANDBOX, SENDER } from './support.js';

type Sec = 'bearer' | 'operator' | 'none';
interface Expected {
  tag: string;
  security: Sec;
  /** Success statuses, exactly. */
  ok: number[];
  /** Statuses answered with the JSON error body, exactly. */
  errors: number[];
  /** Query parameters the handler reads, exactly. */
  query?: string[];
  /** Non-JSON answers: status → media type. */
  media?: Record<number, string>;
}

const v2: Record<string, Expected> = {
  'GET /carriers': { tag: 'shipping', security: 'bearer', ok: [200], errors: [401] },
  'GET /shipping-methods': { tag: 'shipping', security: 'bearer', ok: [200, 304], errors: [401] },
  'GET /shipping-methods/pickup-points': { tag: 'shipping', security: 'bearer', ok: [200, 304], errors: [400, 401], query: ['carrierCode', 'countryCode', 'type'] },
  'GET /shipping-methods/courier-services': { tag: 'shipping', security: 'bearer', ok: [200, 304], errors: [400, 401], query: ['carrierCode', 'countryCode'] },
  'POST /shipping-methods/filter-by-parcels': { tag: 'shipping', security: 'bearer', ok: [200], errors: [400, 401], query: ['destination', 'source'] },
  'POST /shipping-methods/rates': { tag: 'shipping', security: 'bearer', ok: [200], errors: [400, 401], query: ['carrierCode', 'shippingMethodType'] },
  'POST /shipments': { tag: 'shipping', security: 'bearer', ok: [201], errors: [400, 401, 404, 409] },
  'GET /shipments/:id': { tag: 'shipping', security: 'bearer', ok: [200], errors: [400, 401, 404] },
  'PATCH /shipments/:id': { tag: 'shipping', security: 'bearer', ok: [200], errors: [400, 401, 404, 409] },
  'POST /webhooks': { tag: 'shipping', security: 'bearer', ok: [201], errors: [400, 401] },
  'GET /webhooks': { tag: 'shipping', security: 'bearer', ok: [200], errors: [401] },
  'DELETE /webhooks/:id': { tag: 'shipping', security: 'bearer', ok: [204], errors: [400, 401, 404] },
  'POST /label-files': { tag: 'shipping', security: 'bearer', ok: [201], errors: [400, 401, 404, 409] },
  'GET /label-files/:id': { tag: 'shipping', security: 'bearer', ok: [200], errors: [400, 401, 404] },
  'GET /label-files/:id/download': {
    tag: 'shipping',
    security: 'none',
    ok: [200],
    errors: [403, 404, 409],
    query: ['expires', 'signature'],
    media: { 200: 'application/pdf' },
  },
};
const sandboxOnly: Record<string, Expected> = {
  'POST /test-helpers/shipments/:id/status': { tag: 'shipping', security: 'bearer', ok: [200], errors: [400, 401, 404, 409] },
};
const v3: Record<string, Expected> = {
  'GET /shipping-methods/pickup-points': { tag: 'shipping-v3', security: 'bearer', ok: [200, 304], errors: [400, 401], query: ['carrierCode', 'countryCode', 'type', 'search'] },
  'GET /shipping-methods/courier-services': { tag: 'shipping-v3', security: 'bearer', ok: [200, 304], errors: [400, 401], query: ['carrierCode', 'countryCode'] },
};
const elsewhere: Record<string, Expected> = {
  'POST /operator/stores/:storeUuid/carrier-contracts': { tag: 'operator', security: 'operator', ok: [201], errors: [400, 401, 404, 409] },
  'GET /operator/stores/:storeUuid/carrier-contracts': { tag: 'operator', security: 'operator', ok: [200], errors: [400, 401, 404] },
  'DELETE /operator/stores/:storeUuid/carrier-contracts/:contractId': { tag: 'operator', security: 'operator', ok: [204], errors: [400, 401, 404] },
  'GET /track/:carrierCode/:trackingNumber': { tag: 'pages', security: 'none', ok: [200], errors: [400], query: ['lang'], media: { 200: 'text/html', 404: 'text/html' } },
  'GET /logos/carriers/:file': { tag: 'shipping', security: 'none', ok: [200], errors: [404], media: { 200: 'image/svg+xml' } },
};

const SECURITY: Record<Sec, unknown> = { bearer: [{ bearerAuth: [] }], operator: [{ operatorToken: [] }], none: [] };

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown;
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: { content?: Record<string, { schema?: { type?: string; properties?: Record<string, unknown> } }> };
  responses?: Record<string, { content?: Record<string, { schema?: { type?: string; required?: string[]; properties?: Record<string, unknown> } }> }>;
}
interface Doc {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

let t: TestApp;
let doc: Doc;
const routes: RouteOptions[] = [];
const expected = new Map<string, Expected>();

beforeAll(async () => {
  t = await createTestApp({}, { onRoute: (r) => void routes.push(r) });
  const { shippingPath, shippingSandboxPath, shippingV3Path, shippingV3SandboxPath } = t.config;
  expect(shippingV3Path, 'the v3 lists are served beside v2').toBeTruthy();
  expect(shippingV3SandboxPath).toBeTruthy();
  for (const [base, table] of [
    [shippingPath, v2],
    [shippingSandboxPath, { ...v2, ...sandboxOnly }],
    [shippingV3Path!, v3],
    [shippingV3SandboxPath!, v3],
    ['', elsewhere],
  ] as const) {
    for (const [key, e] of Object.entries(table)) {
      const [method, path] = key.split(' ') as [string, string];
      expected.set(`${method} ${base}${path}`, e);
    }
  }
  const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(async () => {
  await t.close();
});

const shippingPrefixes = () => [t.config.shippingPath, t.config.shippingSandboxPath, t.config.shippingV3Path!, t.config.shippingV3SandboxPath!].map((p) => `${p}/`);
const isShippingRoute = (url: string) => shippingPrefixes().some((p) => url.startsWith(p)) || url.includes('/carrier-contracts') || url.startsWith('/track/') || url.startsWith('/logos/carriers/');
/** The expected routes that are pages (tracking, logos): listed on /docs/pages, not in the API document. */
const isPageEntry = (key: string, e: { tag: string }) => isPageRoute(key.split(' ')[1]!, { tags: [e.tag] });
const apiEntries = () => [...expected].filter(([key, e]) => !isPageEntry(key, e));
const methodsOf = (r: RouteOptions) => (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== 'HEAD');
const docPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describe('shipping routes in /openapi.json', () => {
  it('every shipping route registered is one this test expects, and every expected one is registered', () => {
    const registered = routes.filter((r) => isShippingRoute(r.url)).flatMap((r) => methodsOf(r).map((m) => `${m} ${r.url}`));
    expect([...new Set(registered)].sort()).toEqual([...expected.keys()].sort());
  });

  it('each declares its tags, summary, operationId and security', () => {
    for (const [key, e] of apiEntries()) {
      const [method, url] = key.split(' ') as [string, string];
      const op = doc.paths[docPath(url)]?.[method.toLowerCase()];
      expect(op, key).toBeDefined();
      expect(op!.tags, key).toEqual([e.tag]);
      expect(op!.summary, key).toMatch(/\S/);
      expect(op!.operationId, key).toMatch(/^[a-z][A-Za-z0-9]*$/);
      expect(op!.security, key).toEqual(SECURITY[e.security]);
    }
  });

  it('the tracking page and the carrier logos are pages: out of the API document, listed on /docs/pages', async () => {
    const pages = [...expected].filter(([key, e]) => isPageEntry(key, e));
    expect(pages.map(([key]) => key).sort()).toEqual(['GET /logos/carriers/:file', 'GET /track/:carrierCode/:trackingNumber']);
    const listed = (await t.app.inject({ method: 'GET', url: '/docs/pages', headers: { accept: 'application/json' } })).json().pages as { method: string; url: string }[];
    for (const [key] of pages) {
      const [method, url] = key.split(' ') as [string, string];
      expect(doc.paths[docPath(url)]?.[method.toLowerCase()], key).toBeUndefined();
      expect(
        listed.some((p) => p.method === method && p.url === url),
        key,
      ).toBe(true);
    }
  });

  it('operationIds are unique across the document (the sandbox copies are prefixed)', () => {
    const ids = Object.values(doc.paths)
      .flatMap((ops) => Object.values(ops).map((o) => o.operationId))
      .filter((id) => id !== undefined);
    expect(ids.length).toBeGreaterThan(expected.size - 1);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths[`${t.config.shippingSandboxPath}/carriers`]!.get!.operationId).toBe('sandboxListCarriers');
  });

  it('each declares its path parameters, the query it reads and, for POST/PATCH/PUT, its body', () => {
    for (const [key, e] of apiEntries()) {
      const [method, url] = key.split(' ') as [string, string];
      const op = doc.paths[docPath(url)]![method.toLowerCase()]!;
      const params = op.parameters ?? [];
      const pathNames = [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
      expect(
        params
          .filter((p) => p.in === 'path')
          .map((p) => p.name)
          .sort(),
        key,
      ).toEqual(pathNames.sort());
      expect(
        params
          .filter((p) => p.in === 'query')
          .map((p) => p.name)
          .sort(),
        key,
      ).toEqual([...(e.query ?? [])].sort());
      if (['POST', 'PATCH', 'PUT'].includes(method)) {
        const schema = op.requestBody?.content?.['application/json']?.schema;
        expect(schema?.type, key).toBe('object');
        expect(Object.keys(schema?.properties ?? {}).length, key).toBeGreaterThan(0);
      } else {
        expect(op.requestBody, key).toBeUndefined();
      }
    }
  });

  it('each declares exactly its success statuses and its 4xx in the error body shape', () => {
    for (const [key, e] of apiEntries()) {
      const [method, url] = key.split(' ') as [string, string];
      const responses = doc.paths[docPath(url)]![method.toLowerCase()]!.responses ?? {};
      const codes = Object.keys(responses).map(Number);
      expect(codes.filter((c) => c < 400).sort(), key).toEqual([...e.ok].sort());
      expect(codes.filter((c) => c >= 400 && !e.media?.[c]).sort(), key).toEqual([...e.errors].sort());
      for (const c of e.errors) {
        const schema = responses[c]!.content?.['application/json']?.schema;
        expect(schema?.required, `${key} ${c}`).toEqual(['statusCode', 'message', 'error', 'code', 'docUrl']);
      }
      for (const c of e.ok) {
        const content = responses[c]!.content;
        if (e.media?.[c]) expect(Object.keys(content ?? {}), `${key} ${c}`).toEqual([e.media[c]]);
        else if (c === 204 || c === 304) expect(content, `${key} ${c}`).toBeUndefined();
        else expect(content?.['application/json']?.schema?.type, `${key} ${c}`).toBe('object');
      }
      for (const [c, media] of Object.entries(e.media ?? {})) expect(Object.keys(responses[c]?.content ?? {}), `${key} ${c}`).toEqual([media]);
    }
  });

  it('POST /shipments is documented as 201 with the shipment, in both environments', () => {
    for (const base of [t.config.shippingPath, t.config.shippingSandboxPath]) {
      const responses = doc.paths[`${base}/shipments`]!.post!.responses!;
      expect(responses['201'], base).toBeDefined();
      expect(responses['200'], base).toBeUndefined();
      expect(Object.keys(responses['201']!.content!['application/json']!.schema!.properties!)).toContain('serviceOrderUuid');
    }
  });
});

/** The answer as the handler built it, as plain JSON (what it would be without a response schema). */
const plain = (v: unknown) => JSON.parse(JSON.stringify(v)) as unknown;

describe('answers serialized with the response schemas lose nothing', () => {
  it('carriers, shipments (products, registration errors), label files, webhooks, contracts, rates, filter-by-parcels', async () => {
    const store = (await t.services.stores.get(t.store.id))!;
    const inject = async (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = t.bearer()) => {
      const res = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
      return res.json() as Record<string, unknown>;
    };

    expect(await inject('GET', `${SANDBOX}/carriers`)).toEqual(plain(await t.services.carrierContracts.carriers(store.id, 'sandbox')));

    const products = [
      { sku: 'SKU-1', name: 'Mug', quantity: 2, barcode: '4740000000017', price: 9.5, currency: 'EUR' },
      { sku: 'SKU-2', name: 'Tea', quantity: 1 },
    ];
    const ok = await inject('POST', `${SANDBOX}/shipments`, pickupBody({ products, synchronous: true, serviceOrderUuid: '01900000-0000-7000-8000-00000000beef' }));
    expect(ok.status).toBe('registered');
    expect(ok).toEqual(plain(await t.services.shipments.get(store.id, 'sandbox', ok.id as string)));
    const failed = await inject('POST', `${SANDBOX}/shipments`, pickupBody({ receiver: { ...RECEIVER, name: 'FAIL Person', firstName: 'Mari' }, synchronous: true }));
    expect(failed.status).toBe('registrationFailed');
    expect(failed.errors).not.toBeNull();
    expect(await inject('GET', `${SANDBOX}/shipments/${failed.id}`)).toEqual(plain(await t.services.shipments.get(store.id, 'sandbox', failed.id as string)));

    const file = await inject('POST', `${SANDBOX}/label-files`, { shipmentIds: [ok.id], synchronous: true });
    const { labelFileUrl, ...rest } = plain(await t.services.labelFiles.get(store.id, 'sandbox', file.id as string)) as Record<string, unknown>;
    expect(await inject('GET', `${SANDBOX}/label-files/${file.id}`)).toEqual({ ...rest, labelFileUrl: expect.stringMatching(/^http/) });
    expect(labelFileUrl).toEqual(expect.stringMatching(/^http/));

    await inject('POST', `${SANDBOX}/webhooks`, { url: 'https://example.com/hooks', enabledEvents: ['shipment.registered'] });
    expect(await inject('GET', `${SANDBOX}/webhooks`)).toEqual(plain({ data: await new WebhookService(t.db).list(store.id, 'sandbox') }));

    await activate(t, t.store, { env: 'production', carrierCode: 'omniva', country: 'EE', returnsAllowed: true, daysAllowedForReturns: 14, credentials: { username: 'shopuser', password: 'secret' } });
    const contracts = await t.services.carrierContracts.list(store.id);
    expect(await inject('GET', `/operator/stores/${store.id}/carrier-contracts`, undefined, admin)).toEqual(
      plain({ sandbox: contracts.filter((c) => c.env === 'sandbox').map(contractJson), production: contracts.filter((c) => c.env === 'production').map(contractJson) }),
    );

    const rates = { destination: 'EE', parcels: [{ items: [{ length: 30, width: 20, height: 10, weight: 2, quantity: 2 }] }] };
    const rated = await inject('POST', `${SANDBOX}/shipping-methods/rates`, rates);
    expect((rated.carriers as unknown[]).length).toBeGreaterThan(0);
    expect(rated).toEqual(plain(t.services.shippingMethods.rates(store, {}, rates)));
    const parcels = { parcels: [{ weight: 2, length: 0.3, width: 0.2, height: 0.1 }] };
    const filtered = await inject('POST', `${PRODUCTION}/shipping-methods/filter-by-parcels?destination=LV`, parcels, t.bearer({ env: 'production' }));
    expect((filtered.countries as unknown[]).length).toBe(1);
    expect(filtered).toEqual(plain(await t.services.shippingMethods.filterByParcels(store, 'production', { destination: 'LV' }, parcels)));
  });
});

describe('the documented request schemas accept what the parsers accept', () => {
  it('clients\' quirks: numeric strings, "" for absent, +-prefixed phones, nulls, extra keys', async () => {
    // A store with a default sender (WC sends none).
    const store = await t.createStore();
    await t.services.stores.update(store.id, { shippingAddress: { ...SENDER, companyName: null, region: null, email: null } });
    const bearer = () => t.bearer({ store });
    const shipment = (over: Record<string, unknown>) => pickupBody({ synchronous: true, ...over });
    // WC's create body (test/shipping/clients.test.ts wcShipment): no phoneCountryCode, "" for what was left out, extra keys, sides 0.
    const wc = {
      receiver: { name: 'Mari Maasikas', companyName: '', country: 'EE', phoneNumber: '+37255512345', email: '' },
      metadata: { platform: 'wordpress', context: { orderId: 42 } },
      shippingMethod: { type: 'pickupPoint', id: 'omniva-ee-pm-1' },
      orderData: { orderTotal: 25.9, currency: 'EUR' },
      orderComment: '',
      notificationUrl: '',
      products: [{ sku: 'woomon_17', name: 'Mug', quantity: 3, barcode: '', price: 6.5, currency: 'EUR', imageUrl: '', storeProductUrl: 'https://shop.example/p' }],
      parcels: [{ weight: 0.1 * 3, length: 0, width: 0, height: 0 }],
      merchantReference: 'WC-1',
    };
    const cases: [method: 'POST' | 'PATCH', url: string, body: Record<string, unknown>, schema: TSchema, headers?: Record<string, string>][] = [
      ['POST', `${SANDBOX}/shipments`, wc, CreateShipmentBody],
      [
        'POST',
        `${SANDBOX}/shipments`,
        shipment({ parcels: [{ weight: '1.25', length: '0.3', width: '0.2', height: '0.1' }], montonioOrderUuid: '01900000-0000-7000-8000-00000000beef' }),
        CreateShipmentBody,
      ],
      ['POST', `${SANDBOX}/shipments`, shipment({ sender: null, products: [{ sku: 'A', name: 'B', quantity: '2', price: '3.50', attributes: { colour: 'red' } }] }), CreateShipmentBody],
      [
        'POST',
        `${SANDBOX}/shipments`,
        shipment({
          shippingMethod: { type: 'pickupPoint', id: 'omniva-ee-pm-1', lockerSize: null, parcelHandoverMethod: null, additionalServices: [{ code: 'cod', params: { amount: '12.50' } }] },
          receiver: { ...RECEIVER, phoneCountryCode: '', phoneNumber: '+372 5551234', region: null, extra: true },
        }),
        CreateShipmentBody,
      ],
      [
        'POST',
        `${SANDBOX}/shipping-methods/rates`,
        { destination: 'EE', parcels: [{ items: [{ length: '30', width: 20, height: 15, weight: '0.5', quantity: 2, dimensionUnit: 'cm', weightUnit: 'kg' }] }] },
        RatesBody,
      ],
      ['POST', `${SANDBOX}/shipping-methods/filter-by-parcels?destination=EE`, { parcels: [{ weight: '2', length: 0.3, width: 0.2, height: 0.1 }], extra: 1 }, FilterByParcelsBody],
      ['POST', `${SANDBOX}/webhooks`, { url: 'https://example.com/h' }, WebhookInputSchema],
      ['POST', `/operator/stores/${store.id}/carrier-contracts`, { env: 'production', carrierCode: 'inpost', country: 'PL', defaultLockerSize: null, credentials: null }, ContractInputSchema, admin],
    ];
    const registered: string[] = [];
    for (const [method, url, body, schema, headers] of cases) {
      const res = await t.app.inject({ method, url, headers: headers ?? bearer(), payload: body });
      expect(res.statusCode, `${url} ${JSON.stringify(body)}: ${res.body}`).toBeLessThan(300);
      if (res.json().status === 'registered') registered.push(res.json().id);
      const check = Compile(schema);
      expect([...check.Errors(body)], `${url} ${JSON.stringify(body)}`).toEqual([]);
    }
    // PATCH of a shipment that failed registration, with numeric strings and "" fields.
    const failed = (await t.app.inject({ method: 'POST', url: `${SANDBOX}/shipments`, headers: bearer(), payload: shipment({ receiver: { ...RECEIVER, name: 'FAIL Person' } }) })).json();
    expect(failed.status).toBe('registrationFailed');
    const patch = { receiver: { ...RECEIVER, email: '', companyName: '' }, parcels: [{ weight: '1.5' }], synchronous: null };
    const res = await t.app.inject({ method: 'PATCH', url: `${SANDBOX}/shipments/${failed.id}`, headers: bearer(), payload: patch });
    expect(res.statusCode, res.body).toBe(200);
    expect([...Compile(PatchShipmentBody).Errors(patch)]).toEqual([]);
    // A label file with the nulls the SDKs send for defaults.
    expect(registered.length).toBeGreaterThan(0);
    const labels = { shipmentIds: registered, pageSize: null, labelsPerPage: null, orderLabelsBy: 'createdAt', synchronous: true };
    expect([...Compile(LabelFileInputSchema).Errors(labels)]).toEqual([]);
    expect((await t.app.inject({ method: 'POST', url: `${SANDBOX}/label-files`, headers: bearer(), payload: labels })).statusCode).toBe(201);
  });
});

describe('ready-made catalogue answers under a response schema', () => {
  it('are sent byte for byte (plain and gzip), and 304 when If-None-Match names them', async () => {
    const ready = shippingCatalogue().pickupPointsJson('omniva', 'EE');
    const url = `${SANDBOX}/shipping-methods/pickup-points?carrierCode=omniva&countryCode=EE`;
    const res = await t.app.inject({ method: 'GET', url, headers: t.bearer() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.rawPayload.equals(ready.body)).toBe(true);
    const gz = await t.app.inject({ method: 'GET', url, headers: { ...t.bearer(), 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(ready.gzip())).toBe(true);
    const again = await t.app.inject({ method: 'GET', url, headers: { ...t.bearer(), 'if-none-match': ready.etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

describe('KASSA_SHIPPING_NAMES=original in /openapi.json', () => {
  it("documents (and serializes with) the original service's names", async () => {
    const o = await createTestApp({ KASSA_SHIPPING_NAMES: 'original' });
    try {
      const d: Doc = (await o.app.inject({ method: 'GET', url: '/openapi.json' })).json();
      const json = (path: string, method: string, code: string) => JSON.stringify(d.paths[`${o.config.shippingSandboxPath}${path}`]![method]!.responses![code]!.content!['application/json']!.schema);
      const carriers = json('/carriers', 'get', '200');
      expect(carriers).toContain('"hasMontonioContract"');
      expect(carriers).toContain('"MONTONIO"');
      expect(carriers).not.toMatch(/hasServiceContract|"SERVICE"/);
      const shipment = json('/shipments', 'post', '201');
      expect(shipment).toContain('"montonioOrderUuid"');
      // The spec's serviceOrderUuid and its echo montonioOrderUuid are one key under the original
      // names (a description may still mention the spec's name; no key does).
      const schema = JSON.parse(shipment) as { properties: Record<string, unknown>; required: string[] };
      expect(Object.keys(schema.properties)).toContain('montonioOrderUuid');
      expect(Object.keys(schema.properties)).not.toContain('serviceOrderUuid');
      expect(schema.required.filter((k) => k === 'montonioOrderUuid')).toHaveLength(1);
      expect(schema.required).not.toContain('serviceOrderUuid');
    } finally {
      await o.close();
    }
  });
});
