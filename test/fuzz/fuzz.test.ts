/**
 * The suite's fuzz test: mutated requests over every route the app registers (collected through
 * Fastify's onRoute hook, so a route added later is fuzzed too), on a fresh database with real
 * orders, shipments, label files, webhooks and contracts to aim at.
 *
 * Seeded and bounded: KASSA_FUZZ_SEED (default below) and KASSA_FUZZ_RUNS requests. The first
 * requests visit every route once; the rest cycle through them, routes with a body or signed
 * claims three times as often. Request i is drawn from fast-check with a seed made of the run's
 * seed and i, so a failing request is reproduced from the two numbers its failure prints.
 *
 * Mutations: NUL and %00, lone surrogates (JSON, forms, query, path, token claims), near-UUID and
 * over-long ids, wrong types, numbers past int4/int8/double, deep nesting, huge arrays and query
 * strings, __proto__ and other extra keys, missing keys, empty and malformed bodies, wrong content
 * types; tokens correctly signed whose claims are mutated (they reach deepest), others' keys,
 * expired, forged, unsigned with a mutated access key, malformed headers.
 *
 * Asserted: no answer is a 5xx, and every 4xx is the spec's JSON error shape
 * {statusCode, message, error} with the catalogue's `code` and its `docUrl` beside them (hosted HTML
 * pages may answer theirs as HTML).
 */
import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNELS } from '../../src/ledger/chart.js';
import { ERROR_CATALOGUE } from '../../src/platform/errors.js';
import { EXPORT_FORMATS } from '../../src/payouts/exports/index.js';
import { createTestApp, nowS, orderPayload, type TestApp } from '../support/app.js';
import { activate, admin, courierBody, pickupBody, RECEIVER, SANDBOX, SENDER } from '../shipping/support.js';

const SEED = Number(process.env.KASSA_FUZZ_SEED ?? 8_0003);
const RUNS = Number(process.env.KASSA_FUZZ_RUNS ?? 3000);

/** Route families; each must have at least one route, and every one of its routes is fuzzed. */
/** Any generated value as text: String() throws for objects whose toString is not a function (fast-check makes those). */
function printable(v: unknown): string {
  try {
    return String(v);
  } catch {
    return JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? x.toString() : x)) ?? '';
  }
}

const FAMILIES: [name: string, test: RegExp][] = [
  ['payments: payment methods', /^\/(sandbox\/)?api\/stores\/(payment-methods|setup)$/],
  ['payments: orders', /^\/(sandbox\/)?api\/orders/],
  ['payments: refunds', /^\/(sandbox\/)?api\/refunds$/],
  ['payments: store balances', /^\/(sandbox\/)?api\/store-balances$/],
  ['payments: developer CLI (events, recent orders)', /^\/(sandbox\/)?api\/cli\/(events|orders)$/],
  ['payments: payment links', /^\/(sandbox\/)?api\/payment-links/],
  ['payment link pages', /^\/(links\/|l\/)/],
  ['payments: payouts', /^\/(sandbox\/)?api\/stores\/:storeUuid\/payouts/],
  ['payments: sessions and draft payment intents', /^\/(sandbox\/)?api\/(sessions|payment-intents)(\/|$)/],
  ['payments: payout exports', /^\/(sandbox\/)?api\/payout-exports\//],
  ['sandbox test helpers', /^\/sandbox\/api\/test-helpers\//],
  ['shipping: carriers', /^\/(sandbox\/)?shipping\/api\/v2\/carriers$/],
  ['shipping: shipping methods', /^\/(sandbox\/)?shipping\/api\/v2\/shipping-methods$/],
  ['shipping: pickup points and courier services', /^\/(sandbox\/)?shipping\/api\/v[23]\/shipping-methods\/(pickup-points|courier-services)$/],
  ['shipping: filter-by-parcels', /^\/(sandbox\/)?shipping\/api\/v2\/shipping-methods\/filter-by-parcels$/],
  ['shipping: rates', /^\/(sandbox\/)?shipping\/api\/v2\/shipping-methods\/rates$/],
  ['shipping: shipments', /^\/(sandbox\/)?shipping\/api\/v2\/(test-helpers\/)?shipments/],
  ['shipping: label files', /^\/(sandbox\/)?shipping\/api\/v2\/label-files/],
  ['shipping: webhooks', /^\/(sandbox\/)?shipping\/api\/v2\/webhooks/],
  ['shipping (snake_case API): store webhook', /^\/(sandbox\/)?shipping\/api\/v1\/stores\/store-webhook$/],
  ['shipping (snake_case): pickup points, shipments, labels', /^\/(sandbox\/)?shipping\/api\/v1\/(pickup-points|shipments)/],
  ['tracking page', /^\/track\//],
  ['hosted payment pages', /^\/pay\//],
  ['processor simulators', /^\/simulators\//],
  ['embedded card form', /^\/embedded\//],
  ['processors: webhooks and production card page', /^\/processors\//],
  ['logos', /^\/logos\//],
  ['browser scripts', /^\/(sdk|assets\/montonio-js|1\.x\.x)\//],
  ['operator API: payouts and their exports', /^\/operator\/stores\/:storeUuid\/payouts/],
  ['operator API: back-office users', /^\/operator\/backoffice-users/],
  ['operator API: store keys and per-country methods', /^\/operator\/stores\/:storeUuid\/(keys|method-countries)/],
  ['operator API', /^\/operator\//],
  ['back office: shipping (shipments, label files, providers, webhooks)', /^\/dashboard\/shipping(\/|$)/],
  ['back office: payouts and their exports', /^\/dashboard\/payouts/],
  ['back office: settings and API keys', /^\/dashboard\/settings/],
  ['back office pages', /^\/dashboard(\/|$)/],
  ['health and metrics', /^\/(healthz|readyz|metrics)$/],
  ['API docs', /^\/(docs|openapi\.json)/],
  ['home page and guides', /^\/(guides\/:name)?$/],
];
/** Families whose 4xx answers are HTML pages for a browser. */
const HTML_PAGES = /^\/(pay|track|simulators|embedded|links|l)\/|^\/dashboard(\/|$|\?)/;

interface Route {
  method: string;
  url: string;
}

const routes: Route[] = [];
const collect = (r: RouteOptions) => {
  for (const method of [r.method].flat()) routes.push({ method, url: r.url });
};

let t: TestApp;
/** Real ids and values to aim at, by route parameter name. */
const known: Record<string, string[]> = {};

// ---------------------------------------------------------------------------------------------
// Setup: a store with contracts, an open and a paid order, a registered shipment, a label file,
// a webhook.

beforeAll(async () => {
  t = await createTestApp({}, { onRoute: collect });
  await t.app.ready();
  await activate(t, t.store, { env: 'sandbox', carrierCode: 'omniva', country: 'EE' });
  await activate(t, t.store, { env: 'production', carrierCode: 'omniva', country: 'EE' });
  const contracts = (await t.app.inject({ method: 'GET', url: `/operator/stores/${t.store.id}/carrier-contracts`, headers: admin })).json();
  const order = async () => (await t.app.inject({ method: 'POST', url: '/sandbox/api/orders', payload: { data: t.token(orderPayload()) } })).json().uuid as string;
  const open = await order();
  const paid = await order();
  await t.app.inject({ method: 'POST', url: `/sandbox/api/test-helpers/orders/${paid}/pay`, headers: t.bearer(), payload: {} });
  await t.app.inject({ method: 'POST', url: '/sandbox/api/test-helpers/settle', headers: t.bearer() });
  const refund = (await t.app.inject({ method: 'POST', url: '/sandbox/api/refunds', payload: { data: t.token({ orderUuid: paid, amount: 1, idempotencyKey: 'fuzz-1', iat: nowS() }) } })).json();
  const shipment = (await t.app.inject({ method: 'POST', url: `${SANDBOX}/shipments`, headers: t.bearer(), payload: pickupBody({ synchronous: true }) })).json();
  const label = (await t.app.inject({ method: 'POST', url: `${SANDBOX}/label-files`, headers: t.bearer(), payload: { shipmentIds: [shipment.id] } })).json();
  const webhook = (await t.app.inject({ method: 'POST', url: `${SANDBOX}/webhooks`, headers: t.bearer(), payload: { url: 'https://hooks.example/kassa' } })).json();
  const paymentLink = (
    await t.app.inject({
      method: 'POST',
      url: '/sandbox/api/payment-links',
      payload: { data: t.token({ description: 'Fuzz', amount: 1, currency: 'EUR', askAdditionalInfo: true, expiresAt: '2099-01-01 00:00:00' }) },
    })
  ).json();
  const link = shipment.parcels?.[0]?.trackingLink ? new URL(shipment.parcels[0].trackingLink).pathname.split('/') : [];
  Object.assign(known, {
    orderUuid: [open, paid],
    paymentLinkUuid: [paymentLink.uuid].filter(Boolean),
    code: [
      String(paymentLink.shortUrl ?? '')
        .split('/')
        .pop(),
    ].filter(Boolean),
    refundUuid: [refund.uuid ?? refund.id].filter(Boolean),
    storeUuid: [t.store.id],
    payoutUuid: [],
    id: [shipment.id, label.id, webhook.id].filter(Boolean),
    contractId: [contracts.sandbox?.[0]?.id].filter(Boolean),
    carrierCode: ['omniva', link[2]].filter(Boolean),
    trackingNumber: [link[3]].filter(Boolean),
    file: ['omniva.svg', 'paymentInitiation.svg', 'cardPayments.svg'],
    payoutType: [...EXPORT_FORMATS],
    format: [...EXPORT_FORMATS],
  });
});

afterAll(async () => t?.close());

// ---------------------------------------------------------------------------------------------
// Mutants.

const UUID = '0190a6f0-7d3a-7c1e-9f2b-3c4d5e6f7a8b';
/** Strings that have broken gateways: NUL, lone surrogates, near-UUIDs, numbers as text, sizes. */
const NASTY_STRINGS = [
  '\u0000',
  'a\u0000b',
  `${UUID}\u0000`,
  '\ud800',
  'x\udfffy',
  '\ud83d',
  '\udc00\ud800',
  '------------------------------------',
  'ffffffff-ffff-ffff-ffff-fffffffffffg',
  `{${UUID}}`,
  UUID.replace(/-/g, ''),
  `urn:uuid:${UUID}`,
  `${UUID}0`,
  ` ${UUID}`,
  UUID.toUpperCase(),
  '00000000-0000-0000-0000-000000000000',
  '',
  ' ',
  'a'.repeat(300),
  'é'.repeat(3000),
  'x'.repeat(70_000),
  '9'.repeat(40),
  '-1',
  '1e400',
  '2147483648',
  '9223372036854775808',
  '-9223372036854775809',
  'NaN',
  'Infinity',
  '0x10',
  '1.005',
  '10.999',
  '2024-02-30',
  '+275760-09-13T00:00:00.001Z',
  '<script>alert(1)</script>',
  "'; DROP TABLE stores; --",
  '%00',
  '%',
  '\\',
  '../..',
  '\u202e',
  '\uffff',
  '\ufeff',
  '😀',
  'null',
  'true',
  '__proto__',
  'constructor',
  'EE',
  'EUR',
  'omniva',
];
/** Path segments inserted verbatim: percent-encoded NUL, surrogates (CESU-8), invalid encodings. */
const RAW_SEGMENTS = [
  '%00',
  'a%00',
  `${UUID}%00`,
  '%ED%A0%80',
  '%ED%B0%80',
  '%zz',
  '%',
  '%C0%80',
  '%FF',
  '%E2%82',
  '..%2F..',
  '%2e%2e',
  '------------------------------------',
  `${UUID.slice(0, 35)}g`,
  UUID.replace(/-/g, ''),
  `%7B${UUID}%7D`,
  'x'.repeat(5000),
  '%F0%9F%98%80',
  '%20',
  '+',
  'null',
  '-1',
  '1e400',
];
const NASTY_NUMBERS = [0, -1, 1.5, 0.001, 1e-7, 1e308, -1e308, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, 2 ** 63, 2 ** 64, 1e21, 123456789.123];
const EXTRA_KEYS = ['__proto__', 'constructor', 'prototype', 'extra', '', '\u0000', '\ud800', 'a.b', '$where', 'data', 'accessKey'];

function nest(depth: number, leaf: unknown, kind: 'array' | 'object'): unknown {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = kind === 'array' ? [v] : { a: v };
  return v;
}

const nastyString = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20, unit: fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n)) }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
);
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: nastyString },
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_NUMBERS) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null, [], {}) },
  { weight: 1, arbitrary: nastyString.map((s) => [s]) },
  { weight: 1, arbitrary: nastyString.map((s) => ({ [s]: s })) },
  { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 20, max: 3000 }), fc.constantFrom<'array' | 'object'>('array', 'object')).map(([d, k]) => nest(d, 'x', k)) },
  { weight: 1, arbitrary: fc.constant(Array.from({ length: 3000 }, (_, i) => i)) },
);

type Op = { kind: 'set'; path: number[]; value: unknown } | { kind: 'delete'; path: number[] } | { kind: 'addKey'; path: number[]; key: string; value: unknown } | { kind: 'wrap'; path: number[] };
const pathArb = fc.array(fc.nat(), { maxLength: 5 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('set' as const), path: pathArb, value: nastyValue }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), path: pathArb }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('addKey' as const), path: pathArb, key: fc.oneof(fc.constantFrom(...EXTRA_KEYS), nastyString), value: nastyValue }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('wrap' as const), path: pathArb }) },
);

const rarely = <T>(a: fc.Arbitrary<T>) => fc.oneof({ weight: 7, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: a });
const isContainer = (v: unknown): v is Record<string, unknown> | unknown[] => typeof v === 'object' && v !== null;
function setOwn(obj: Record<string, unknown> | unknown[], key: string | number, value: unknown): void {
  // defineProperty, so a key named __proto__ is an own key that JSON.stringify writes out.
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Applies one mutation at the place `path` picks (each number picks a child, modulo their count). */
function applyOp(root: unknown, op: Op): unknown {
  let parent: Record<string, unknown> | unknown[] | undefined;
  let key: string | number | undefined;
  let node = root;
  for (const pick of op.path) {
    if (!isContainer(node)) break;
    const keys = Array.isArray(node) ? node.map((_, i) => i) : Object.keys(node);
    if (keys.length === 0) break;
    parent = node;
    key = keys[pick % keys.length]!;
    node = (node as Record<string, unknown>)[key];
  }
  const replace = (v: unknown) => {
    if (parent === undefined) return v;
    setOwn(parent, key!, v);
    return root;
  };
  switch (op.kind) {
    case 'set':
      return replace(clone(op.value));
    case 'wrap':
      return replace([node]);
    case 'delete':
      if (parent === undefined) return undefined;
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete parent[key as string];
      return root;
    case 'addKey':
      if (isContainer(node) && !Array.isArray(node)) setOwn(node, op.key, clone(op.value));
      return root;
  }
}

const clone = <T>(v: T): T => (v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T));
const mutate = (base: unknown, ops: Op[]) => ops.reduce<unknown>((v, op) => applyOp(v, op), clone(base));

/** Percent-encodes any string, lone surrogates included (as the invalid UTF-8 a client could send). */
function encode(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const next = s.charCodeAt(i + 1);
    if (c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(s.slice(i, i + 2));
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else out += encodeURIComponent(s[i]!);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Requests.

const b64 = (s: string) => Buffer.from(s).toString('base64url');
function jwt(payloadJson: string, secret: string, header = '{"alg":"HS256","typ":"JWT"}'): string {
  const head = `${b64(header)}.${b64(payloadJson)}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

const envOf = (url: string): 'sandbox' | 'production' => (url.startsWith('/sandbox/') ? 'sandbox' : 'production');
const isTokenBody = (r: Route) => r.method === 'POST' && /^\/(sandbox\/)?api\/(orders|refunds)$/.test(r.url);

/** What a valid request to the route carries: claims of its token, its body, its query. */
function baseOf(r: Route): { claims: Record<string, unknown>; body?: unknown; query: Record<string, string>; form?: boolean } {
  const u = r.url.replace(/^\/sandbox/, '');
  const orderUuid = known.orderUuid?.[0] ?? UUID;
  if (r.method === 'POST' && u === '/api/orders') return { claims: orderPayload({ merchantReference: 'FUZZ-ORDER' }), query: {} };
  if (r.method === 'POST' && u === '/api/refunds') return { claims: { orderUuid: known.orderUuid?.[1] ?? UUID, amount: 0.5, idempotencyKey: 'fuzz', iat: nowS() }, query: {} };
  const bodies: [RegExp, unknown, Record<string, string>?][] = [
    [/\/payouts$/, undefined, { limit: '10', offset: '0', order: 'DESC', orderBy: 'createdAt' }],
    [/\/payout-exports\//, undefined, { expires: String(nowS() + 600), signature: 'a'.repeat(64) }],
    [/\/test-helpers\/orders\/:orderUuid\/pay$/, { outcome: 'declined', senderIban: 'EE382200221020145685' }],
    [/\/test-helpers\/clock\/advance$/, { minutes: 1 }],
    [/\/test-helpers\/balances\/top-up$/, { channel: CHANNELS[0], currency: 'EUR', amount: 1 }],
    [/\/test-helpers\/shipments\/:id\/status$/, { status: 'inTransit' }],
    [/\/shipping-methods\/pickup-points$/, undefined, { carrierCode: 'omniva', countryCode: 'EE', type: 'parcelMachine' }],
    [/\/shipping-methods\/courier-services$/, undefined, { carrierCode: 'omniva', countryCode: 'EE' }],
    [/\/filter-by-parcels$/, { parcels: [{ weight: 1, length: 0.3, width: 0.2, height: 0.1 }] }, { destination: 'EE' }],
    [/\/rates$/, { destination: 'EE', parcels: [{ items: [{ length: 30, width: 20, height: 10, weight: 2 }] }] }, { carrierCode: 'omniva' }],
    [
      /\/api\/v1\/shipments(\/create-async)?$/,
      {
        merchant_reference: 'FUZZ-LEGACY',
        sender_name: 'S',
        sender_phone_number: '6001234',
        sender_street_address_1: 'Pärnu mnt 10',
        sender_locality: 'Tallinn',
        sender_postal_code: '10148',
        sender_country: 'EE',
        shipping_first_name: 'M',
        shipping_phone_number: '5551234',
        parcels: [{ weight: 1 }],
        shipping_method: 'omniva_parcel_machines',
        pickup_point_uuid: 'omniva-ee-pm-1',
        billing_company: '',
        total: '9.99',
        webhook_url: 'https://shop.example/hook',
      },
    ],
    [/\/api\/v1\/shipments\/label-from-store$/, { merchant_references: ['FUZZ-LEGACY'] }],
    [/\/shipments$/, r.method === 'POST' ? pickupBody({ merchantReference: 'FUZZ-SHIPMENT', products: [{ sku: 'S', name: 'N', quantity: 1, attributes: { colour: 'red' } }] }) : undefined],
    [/\/shipments\/:id$/, r.method === 'PATCH' ? { receiver: RECEIVER, sender: SENDER, parcels: courierBody().parcels } : undefined],
    [/\/label-files$/, { shipmentIds: known.id?.slice(0, 1) ?? [UUID] }],
    [/\/label-files\/:id\/download$/, undefined, { expires: String(nowS() + 600), signature: 'a'.repeat(64) }],
    [/\/webhooks$/, { url: 'https://hooks.example/kassa', enabledEvents: ['shipment.registered'] }],
    [/^\/operator\/stores$/, { name: 'Fuzz shop', country: 'EE', shippingAddress: SENDER, payoutAccount: { iban: 'EE382200221020145685', accountName: 'Fuzz' } }],
    [/^\/operator\/stores\/:storeUuid$/, { name: 'Fuzz shop', bankRefundsEnabled: true }],
    [/^\/operator\/stores\/:storeUuid\/method-countries$/, { env: 'production', method: 'paymentInitiation', country: 'LV', enabled: false }],
    [/^\/operator\/stores\/:storeUuid\/keys\/(roll|revoke-previous)$/, { env: 'production', overlapMinutes: 60 }],
    [/\/carrier-contracts$/, { env: 'sandbox', carrierCode: 'smartpost', country: 'FI', credentials: { username: 'u', password: 'p' } }],
    [/^\/operator\/notifications$/, undefined, { status: 'failed', kind: 'order', storeUuid: t.store.id, limit: '5' }],
    [/^\/operator\/backoffice-users$/, r.method === 'POST' ? { storeUuid: t.store.id, email: 'fuzz@shop.test', password: 'a long password', role: 'viewer' } : undefined, { storeUuid: t.store.id }],
    [/^\/operator\/backoffice-users\/remove$/, { email: 'nobody@shop.test', storeUuid: t.store.id }],
    [/^\/operator\/backoffice-users\/password$/, { email: 'nobody@shop.test', password: 'a long password' }],
    [/^\/operator\/stores\/:storeUuid\/payouts$/, undefined, { env: 'sandbox', limit: '5' }],
    [/^\/operator\/stores\/:storeUuid\/payouts\/:payoutUuid\/export-:format$/, undefined, { env: 'sandbox' }],
    [/^\/dashboard\/payouts/, undefined, { env: 'sandbox', lang: 'et' }],
    [/^\/track\//, undefined, { lang: 'et' }],
    [/^\/pay\/:orderUuid$/, undefined, { lang: 'en', country: 'EE', retry: '1' }],
    [/^\/pay\/:orderUuid\/start$/, { bankCode: 'swedbank-ee', country: 'EE', lang: 'en', method: 'paymentInitiation' }],
    [/^\/pay\/:orderUuid\/(cancel|return)$/, { lang: 'en', ref: `bank_${UUID}`, order: orderUuid, status: 'paid' }],
    [/^\/simulators\//, { ref: `bank_${UUID}`, order: orderUuid, amount: '10.50', currency: 'EUR', locale: 'en', action: 'pay' }, { ref: `bank_${UUID}`, order: orderUuid }],
  ];
  for (const [re, body, query] of bodies) {
    if (re.test(r.url)) return { claims: {}, body, query: query ?? {}, form: /^\/(pay|simulators)\//.test(r.url) };
  }
  return { claims: {}, query: {} };
}

interface Request {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

type Auth = 'none' | 'valid' | 'otherEnv' | 'admin' | 'mutatedClaims' | 'badAccessKey' | 'forged' | 'badHeader' | 'junk' | 'expired';

/** One fuzzed request to route `r`. */
function requestArb(r: Route): fc.Arbitrary<Request> {
  const base = baseOf(r);
  const env = envOf(r.url);
  const paramNames = [...r.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
  const param = (name: string): fc.Arbitrary<string> =>
    fc.oneof(
      { weight: (known[name]?.length ?? 0) > 0 ? 5 : 0, arbitrary: fc.constantFrom(...(known[name]?.length ? known[name] : ['x'])) },
      { weight: 2, arbitrary: fc.uuid().map(String) },
      { weight: 3, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
      { weight: 3, arbitrary: nastyString.map(encode) },
    );
  const params = fc.tuple(...paramNames.map(param), fc.constantFrom(...RAW_SEGMENTS, 'index.html', 'swagger-ui.css'));
  const claimsOps = fc.array(opArb, { minLength: 1, maxLength: 3 });
  const operator = r.url.startsWith('/operator/');
  const auth = fc.oneof(
    { weight: operator ? 12 : 8, arbitrary: fc.constant<Auth>(operator ? 'admin' : 'valid') },
    { weight: isTokenBody(r) || Object.keys(base.claims).length ? 8 : 0, arbitrary: fc.constant<Auth>('mutatedClaims') },
    { weight: 1, arbitrary: fc.constantFrom<Auth>('none', 'otherEnv', 'admin', 'valid', 'badAccessKey', 'forged', 'badHeader', 'junk', 'expired') },
    { weight: 2, arbitrary: fc.constantFrom<Auth>('badAccessKey', 'forged') },
  );
  const bodyKind = fc.oneof(
    { weight: base.form ? 2 : 7, arbitrary: fc.constant('json' as const) },
    { weight: base.form ? 6 : 1, arbitrary: fc.constant('form' as const) },
    { weight: 1, arbitrary: fc.constant('raw' as const) },
    { weight: 1, arbitrary: fc.constant('none' as const) },
  );
  const rawBody = fc.constantFrom(
    '',
    '{',
    '{"a":',
    'null',
    '[]',
    '"x"',
    '1e999',
    '{"__proto__":{"polluted":1}}',
    '{"constructor":{"prototype":{"polluted":1}}}',
    '{"data":"\\u0000"}',
    '{"a":"\\ud800"}',
    '['.repeat(5000) + ']'.repeat(5000),
    'a=%00&b=%zz&c',
    '\u0000',
    '\ud800',
    '<xml/>',
  );
  const contentType = fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'application/x-www-form-urlencoded',
    'text/plain',
    'multipart/form-data; boundary=x',
    'application/json; charset=latin1',
    'application/xml',
    '',
  );
  const queryOps = fc.array(
    fc.oneof(
      fc.record({
        kind: fc.constant('set' as const),
        key: fc.constantFrom(...Object.keys(base.query), 'lang', 'limit', 'offset', 'order', 'storeUuid', 'expires', 'signature', 'x'),
        value: nastyString,
      }),
      fc.record({
        kind: fc.constant('raw' as const),
        text: fc.constantFrom(
          'a=%00',
          'a=%ED%A0%80',
          'a=%zz',
          '&&&=',
          'limit=1&limit=2',
          'a[b]=1',
          `x=${'y'.repeat(20_000)}`,
          '%00=1',
          'order=%00&limit=%00',
          '__proto__=1',
          'constructor[prototype][x]=1',
        ),
      }),
    ),
    { maxLength: 3 },
  );
  return fc
    .record({
      params,
      auth,
      claimsOps,
      bodyOps: fc.oneof(
        { weight: 1, arbitrary: fc.constant<Op[]>([]) },
        { weight: 5, arbitrary: fc.array(opArb, { minLength: 1, maxLength: 2 }) },
        { weight: 1, arbitrary: fc.array(opArb, { maxLength: 5 }) },
      ),
      bodyKind,
      rawBody,
      contentType: rarely(contentType),
      queryOps,
      nastyHeader: rarely(fc.constantFrom('accept-language', 'x-forwarded-for', 'content-length', 'host')),
      headerValue: fc.constantFrom('\u00ff\u00fe', 'et;q=abc, *;q=NaN', ',,,', 'x'.repeat(10_000), '1.2.3.4, <>', '-1'),
      claimMutant: nastyValue,
      bodyless: fc.boolean(),
    })
    .map((x): Request => {
      // Path.
      let i = 0;
      const url = r.url.replace(/:([A-Za-z0-9_]+)/g, () => x.params[i++] as string).replace('*', x.params[paramNames.length] as string);
      // Query.
      const query = Object.entries(base.query).map(([k, v]) => `${encode(k)}=${encode(v)}`);
      for (const q of x.queryOps) {
        if (q.kind === 'raw') query.push(q.text);
        else {
          const at = query.findIndex((s) => s.startsWith(`${q.key}=`));
          const pair = `${q.key}=${encode(q.value)}`;
          if (at >= 0) query[at] = pair;
          else query.push(pair);
        }
      }
      // Credentials: the token's claims are mutated as deep as a request body.
      const k = t.store.keys[env];
      const other = t.store.keys[env === 'sandbox' ? 'production' : 'sandbox'];
      // The snake_case shipping API names the key `access_key`.
      const KEY = /^\/(sandbox\/)?shipping\/api\/v1\//.test(r.url) ? 'access_key' : 'accessKey';
      const claims = { [KEY]: k.accessKey, exp: nowS() + 600, ...base.claims };
      let token: string | undefined;
      switch (x.auth) {
        case 'valid':
          token = jwt(JSON.stringify(claims), k.secretKey);
          break;
        case 'otherEnv':
          token = jwt(JSON.stringify({ ...claims, [KEY]: other.accessKey }), other.secretKey);
          break;
        case 'mutatedClaims':
          // The request's own claims are mutated; the credentials stay good, so it reaches the deepest.
          token = jwt(JSON.stringify({ ...(mutate(base.claims, x.claimsOps) as object), [KEY]: k.accessKey, exp: claims.exp }), k.secretKey);
          break;
        case 'badAccessKey':
          token = jwt(JSON.stringify({ ...claims, [KEY]: x.claimMutant }), k.secretKey);
          break;
        case 'forged':
          token = `${jwt(JSON.stringify({ ...claims, [KEY]: x.claimMutant }), 'not-the-secret')}`;
          break;
        case 'badHeader':
          token = jwt(JSON.stringify(claims), k.secretKey, JSON.stringify({ alg: x.claimMutant, typ: 'JWT' }));
          break;
        case 'expired':
          token = jwt(JSON.stringify({ ...claims, exp: x.claimMutant }), k.secretKey);
          break;
        case 'junk':
          token = encode(printable(x.claimMutant)).slice(0, 200) || 'a.b.c';
          break;
        case 'admin':
        case 'none':
          break;
      }
      const headers: Record<string, string> = {};
      if (x.auth === 'admin') headers.authorization = admin.authorization;
      else if (token !== undefined && !isTokenBody(r)) headers.authorization = `Bearer ${token}`;
      if (x.nastyHeader) headers[x.nastyHeader] = x.headerValue;
      // Body.
      let payload: string | undefined;
      const hasBody = !['GET', 'HEAD', 'DELETE'].includes(r.method) || !x.bodyless;
      if (hasBody && !(['GET', 'HEAD', 'DELETE'].includes(r.method) && x.bodyKind === 'none')) {
        const value = isTokenBody(r) ? { data: token ?? null } : (base.body ?? {});
        const mutated = isTokenBody(r) && x.bodyOps.length > 2 ? mutate(value, x.bodyOps.slice(2)) : isTokenBody(r) ? value : mutate(value, x.bodyOps);
        switch (x.bodyKind) {
          case 'json':
            payload = JSON.stringify(mutated) ?? '';
            headers['content-type'] = 'application/json';
            break;
          case 'form':
            payload = isContainer(mutated)
              ? Object.entries(mutated)
                  .map(([fk, fv]) => `${encode(fk)}=${encode(typeof fv === 'string' ? fv : (JSON.stringify(fv) ?? ''))}`)
                  .join('&')
              : encode(String(mutated));
            headers['content-type'] = 'application/x-www-form-urlencoded';
            break;
          case 'raw':
            payload = x.rawBody;
            headers['content-type'] = 'application/json';
            break;
          case 'none':
            break;
        }
        if (x.contentType !== null && payload !== undefined) headers['content-type'] = x.contentType;
        if (headers['content-type'] === '') delete headers['content-type'];
      }
      return { method: r.method, url: query.length ? `${url}?${query.join('&')}` : url, headers, ...(payload !== undefined ? { payload } : {}) };
    });
}

/** Request i's own seed: from the run's seed and i alone, so one request is reproduced without the others. */
const requestSeed = (i: number) => Math.imul(SEED, 0x9e3779b1) + i;

/** What is wrong with an answer, if anything. */
/** Simulators of a real protocol answer a 4xx in that protocol's own error shape (Berlin Group XS2A: `tppMessages`). */
const PROTOCOL_ERROR_SHAPES: readonly (readonly [RegExp, (body: Record<string, unknown>) => boolean])[] = [
  // The Berlin Group's error body: {tppMessages: [{category, code, text}]}.
  [/^\/simulators\/xs2a\//, (b) => Array.isArray(b.tppMessages)],
  // Stripe's error body: {error: {type, message, …}}.
  [/^\/simulators\/stripe\//, (b) => isContainer(b.error) && typeof (b.error as Record<string, unknown>).type === 'string' && typeof (b.error as Record<string, unknown>).message === 'string'],
];

function fault(req: Request, res: LightMyRequestResponse): string | undefined {
  if (res.statusCode >= 500) return `answered ${res.statusCode}: ${res.body.slice(0, 300)}`;
  if (res.statusCode < 400 || req.method === 'HEAD') return undefined;
  const type = String(res.headers['content-type'] ?? '');
  if (type.startsWith('text/html') && HTML_PAGES.test(req.url)) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `answered ${res.statusCode} without a JSON body (${type}): ${res.body.slice(0, 200)}`;
  }
  const b = body as Record<string, unknown>;
  if (isContainer(body) && PROTOCOL_ERROR_SHAPES.some(([path, ok]) => path.test(req.url) && ok(b))) return undefined;
  const shaped =
    isContainer(body) &&
    !Array.isArray(body) &&
    Object.keys(b).sort().join() === 'code,docUrl,error,message,statusCode' &&
    b.statusCode === res.statusCode &&
    typeof b.message === 'string' &&
    b.message !== '' &&
    typeof b.error === 'string' &&
    // The extra keys: a catalogue code, and the link to its entry in the reference.
    typeof b.code === 'string' &&
    Object.hasOwn(ERROR_CATALOGUE, b.code) &&
    b.docUrl === `${t.config.publicUrl}/docs/errors#${b.code}`;
  return shaped ? undefined : `answered ${res.statusCode} outside the error shape: ${res.body.slice(0, 300)}`;
}

const show = (req: Request) => {
  const cut = (s: string) => (s.length > 600 ? `${s.slice(0, 600)}… (${s.length} chars)` : s);
  return JSON.stringify({ ...req, url: cut(req.url), ...(req.payload !== undefined ? { payload: cut(req.payload) } : {}) });
};

describe(`fuzz: ${RUNS} mutated requests over every route (seed ${SEED}, KASSA_FUZZ_SEED to change)`, () => {
  it('has routes in every family, and every route belongs to one', () => {
    const familyOf = (r: Route) => FAMILIES.find(([, re]) => re.test(r.url))?.[0];
    for (const [name, re] of FAMILIES)
      expect(
        routes.filter((r) => re.test(r.url)),
        `family ${name} has no route`,
      ).not.toHaveLength(0);
    expect(
      routes.filter((r) => !familyOf(r)).map((r) => `${r.method} ${r.url}`),
      'routes in no family (add one to FAMILIES)',
    ).toEqual([]);
  });

  it('no answer is a 5xx; every 4xx is {statusCode, message, error, code, docUrl}', async () => {
    const fuzzed = routes.filter((r) => r.method !== 'HEAD' || r.url === '/healthz');
    expect(fuzzed.length).toBeGreaterThan(50);
    const faults: string[] = [];
    const statuses = new Map<number, number>();
    // Routes that take a body or signed claims get three turns for each one of the others: they reach deepest.
    const schedule = fuzzed.flatMap((r) => (['POST', 'PATCH', 'PUT'].includes(r.method) && !/^\/(pay|simulators)\//.test(r.url) ? [r, r, r] : [r]));
    for (let i = 0; i < RUNS; i++) {
      const route = (i < fuzzed.length ? fuzzed[i] : schedule[i % schedule.length])!;
      const [req] = fc.sample(requestArb(route), { seed: requestSeed(i), numRuns: 1 });
      const res = await t.app.inject({ method: req!.method as 'GET', url: req!.url, headers: req!.headers, ...(req!.payload !== undefined ? { payload: req!.payload } : {}) });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      const f = fault(req!, res);
      if (f) faults.push(`#${i} (KASSA_FUZZ_SEED=${SEED}, request ${i}) ${route.method} ${route.url} ${f}\n  request: ${show(req!)}`);
    }
    const fivexx = faults.filter((f) => / answered 5\d\d/.test(f));
    const summary = `${RUNS} requests, seed ${SEED}: ${faults.length} faulty (${fivexx.length} 5xx); statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`;
    if (faults.length) console.error(`${summary}\nthe first ones:\n${[...fivexx.slice(0, 12), ...faults.filter((f) => !fivexx.includes(f)).slice(0, 6)].join('\n')}`);
    else console.info(`fuzz: ${summary}`);
    expect(faults.length, `faulty answers (seed ${SEED}); the first: ${fivexx[0] ?? faults[0]}`).toBe(0);
  }, 240_000);
});
