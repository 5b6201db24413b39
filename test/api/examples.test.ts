/**
 * The reference's examples are real answers (src/reference/recorded.ts): every operation of the
 * API document is called on a real app with real data (a store with orders, a refund, a shipment,
 * a label file, a webhook, a payment link), first as it should be (the success answer), then the
 * ways a client gets it wrong (no credentials, a token signed with another secret, an unknown id,
 * an empty body), and each answer whose status the operation documents is kept with its request.
 *
 *   KASSA_RECORD_EXAMPLES=1 npx vitest run --project db:embedded test/api/examples.test.ts
 *
 * writes the file again. Without it the test checks the file against the app: every recorded
 * status is still what the app answers that request with, and every answer is valid against the
 * schema the document shows for it (so an example cannot drift from its route).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sign } from '../../src/platform/jwt.js';
import { exampleOf } from '../../src/reference/examples.js';
import { RECORDED, type RecordedOperation } from '../../src/reference/recorded.js';
import { createTestApp, nowS, orderPayload, type TestApp } from '../support/app.js';
import { activate, admin, pickupBody, SANDBOX } from '../shipping/support.js';
import { wooShipmentBody } from '../support/legacy-shipping.js';
import { schemaChecker } from './schema-check.js';

const RECORD = process.env.KASSA_RECORD_EXAMPLES === '1';
const FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/reference/recorded.ts');
const UNKNOWN_ID = '0190a0a0-0000-7000-8000-000000000000';

interface Operation {
  operationId?: string;
  security?: Record<string, unknown>[];
  parameters?: { in: string; name: string; required?: boolean; schema?: object }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, { description?: string }> } }> };
  responses?: Record<string, { content?: Record<string, { schema?: object }> }>;
}
type Doc = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, object> } };

let t: TestApp;
let doc: Doc;
/** Real ids and values, by path or query parameter name. */
const known: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  await activate(t, t.store, { env: 'sandbox', carrierCode: 'omniva', country: 'EE' });
  await activate(t, t.store, { env: 'production', carrierCode: 'omniva', country: 'EE' });
  const order = async () => (await t.app.inject({ method: 'POST', url: '/sandbox/api/orders', payload: { data: t.token(orderPayload()) } })).json().uuid as string;
  const open = await order();
  const paid = await order();
  await t.app.inject({ method: 'POST', url: `/sandbox/api/test-helpers/orders/${paid}/pay`, headers: t.bearer(), payload: {} });
  await t.app.inject({ method: 'POST', url: '/sandbox/api/test-helpers/settle', headers: t.bearer() });
  const refund = (await t.app.inject({ method: 'POST', url: '/sandbox/api/refunds', payload: { data: t.token({ orderUuid: paid, amount: 1, idempotencyKey: 'example-1', iat: nowS() }) } })).json();
  const shipment = (await t.app.inject({ method: 'POST', url: `${SANDBOX}/shipments`, headers: t.bearer(), payload: pickupBody({ synchronous: true }) })).json();
  const label = (await t.app.inject({ method: 'POST', url: `${SANDBOX}/label-files`, headers: t.bearer(), payload: { shipmentIds: [shipment.id] } })).json();
  const webhook = (await t.app.inject({ method: 'POST', url: `${SANDBOX}/webhooks`, headers: t.bearer(), payload: { url: 'https://hooks.example/kassa' } })).json();
  const link = (
    await t.app.inject({
      method: 'POST',
      url: '/sandbox/api/payment-links',
      payload: { data: t.token({ description: 'Gift card', amount: 25, currency: 'EUR', askAdditionalInfo: false, expiresAt: '2099-01-01 00:00:00' }) },
    })
  ).json();
  const session = (await t.app.inject({ method: 'POST', url: '/sandbox/api/sessions', payload: { data: t.token({ iat: nowS() }) } })).json();
  const intent = (await t.app.inject({ method: 'POST', url: '/sandbox/api/payment-intents/draft', payload: { data: t.token({ method: 'cardPayments', iat: nowS() }) } })).json();
  const contracts = (await t.app.inject({ method: 'GET', url: `/operator/stores/${t.store.id}/carrier-contracts`, headers: admin })).json();
  const notifications = (await t.app.inject({ method: 'GET', url: '/operator/notifications', headers: admin })).json();
  Object.assign(known, {
    orderUuid: paid,
    openOrderUuid: open,
    refundUuid: refund.uuid ?? refund.id,
    storeUuid: t.store.id,
    shipment: shipment.id,
    label: label.id,
    webhook: webhook.id,
    paymentLinkUuid: link.uuid,
    sessionUuid: session.uuid,
    paymentIntentUuid: intent.uuid,
    contractId: contracts.sandbox?.[0]?.id,
    notification: (notifications.notifications ?? notifications.items ?? notifications)?.[0]?.id,
    carrierCode: 'omniva',
    countryCode: 'EE',
    country: 'EE',
    env: 'sandbox',
    format: 'csv',
    payoutType: 'csv',
    date: new Date().toISOString().slice(0, 10),
    from: new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10),
    to: new Date().toISOString().slice(0, 10),
    limit: '10',
    offset: '0',
    order: 'DESC',
  });
  doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
});

afterAll(async () => t?.close());

// ---------------------------------------------------------------------------------------------
// Requests.

/** The value of a path parameter (shipments, label files, webhooks and notifications all call theirs `id`). */
function param(name: string, url: string): string {
  if (name === 'id') {
    if (url.includes('/label-files/')) return known.label!;
    if (url.includes('/webhooks/')) return known.webhook!;
    if (url.includes('/notifications/')) return known.notification ?? UNKNOWN_ID;
    return known.shipment!;
  }
  if (name === 'orderUuid' && url.includes('/test-helpers/orders/')) return known.openOrderUuid!;
  if (name === 'kind') return 'stripe';
  return known[name] ?? UNKNOWN_ID;
}

/** Bodies that succeed, by operationId (the production name); signed POSTs give their payload. */
const BODIES: Record<string, () => unknown> = {
  createShipment: () => pickupBody({ synchronous: true }),
  updateShipment: () => ({ receiver: { name: 'Mari Maasikas', phoneCountryCode: '+372', phoneNumber: '5557654' } }),
  createWebhook: () => ({ url: 'https://hooks.example/kassa-2' }),
  createLabelFile: () => ({ shipmentIds: [known.shipment] }),
  operatorCreateStore: () => ({ name: 'Example store' }),
  operatorAddBackofficeUser: () => ({ storeUuid: known.storeUuid, email: 'owner@shop.example', password: 'correct horse battery staple' }),
  createCarrierContract: () => ({ env: 'sandbox', carrierCode: 'dpd', country: 'LV' }),
  operatorUpdateStore: () => ({ allowTokensWithoutExp: true }),
  legacyCreateShipment: () => wooShipmentBody(`WC-${nowS()}-1`),
  legacyCreateShipmentAsync: () => wooShipmentBody(`WC-${nowS()}-2`),
  legacySetStoreWebhook: () => ({ tracking_webhook_url: 'https://shop.example/wc-api/montonio-shipping' }),
  operatorSetBackofficePassword: () => ({ email: 'owner@shop.example', password: 'another long passphrase' }),
  operatorRemoveBackofficeUser: () => ({ storeUuid: known.storeUuid, email: 'owner@shop.example' }),
  operatorExportRefundsPain001: () => ({ env: 'sandbox', executionDate: known.to }),
  filterShippingMethodsByParcels: () => ({ parcels: [{ weight: 1.2, length: 0.3, width: 0.2, height: 0.1 }] }),
  payOrder: () => ({}),
  cancelRefund: () => ({}),
};
const PAYLOADS: Record<string, () => Record<string, unknown>> = {
  createOrder: () => orderPayload({ merchantReference: 'ORDER-1001' }),
  createRefund: () => ({ orderUuid: known.orderUuid, amount: 1, idempotencyKey: `refund-${nowS()}`, iat: nowS() }),
  createSession: () => ({ iat: nowS() }),
  createDraftPaymentIntent: () => ({ method: 'cardPayments', iat: nowS() }),
  createPaymentLink: () => ({ description: 'Gift card', amount: 25, currency: 'EUR', askAdditionalInfo: false, expiresAt: '2099-01-01 00:00:00' }),
};

/** Operations that change what later requests rely on: called last. */
const LAST = /^(delete|operatorRollKey|operatorRevokePreviousKey|operatorRemove|operatorSetConnector|sandboxResetClock|sandboxAdvanceClock|advanceClock|resetClock)/i;

const baseId = (id: string) => (id.startsWith('sandbox') && id.length > 7 ? id[7]!.toLowerCase() + id.slice(8) : id);

interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: unknown;
  /** The decoded payload of a signed body. */
  claims?: Record<string, unknown>;
}

type Variant = 'ok' | 'noAuth' | 'wrongSecret' | 'unknownId' | 'emptyBody';

function build(pathKey: string, method: string, op: Operation, variant: Variant): Call | undefined {
  const env = pathKey.startsWith('/sandbox') ? 'sandbox' : 'production';
  const names = (op.security ?? []).flatMap((s) => Object.keys(s));
  const url = pathKey.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(variant === 'unknownId' ? UNKNOWN_ID : param(name, pathKey)));
  if (variant === 'unknownId' && url === pathKey.replace(/\{\w+\}/g, '')) return undefined;
  if (variant === 'unknownId' && !/\{\w+\}/.test(pathKey)) return undefined;
  const query = (op.parameters ?? [])
    .filter((p) => p.in === 'query' && (p.required || known[p.name] !== undefined))
    .map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(known[p.name] ?? String(exampleOf(p.schema as never, (doc.components?.schemas ?? {}) as never)))}`);
  const headers: Record<string, string> = {};
  const id = baseId(op.operationId ?? '');
  const signed = op.requestBody?.content?.['application/json']?.schema?.properties?.data?.description?.startsWith('HS256 JWT');
  if (variant !== 'noAuth') {
    if (names.includes('bearerAuth')) {
      // The snake_case shipping API's clients name the key `access_key`.
      const claim = pathKey.includes('/shipping/api/v1/') ? 'access_key' : 'accessKey';
      headers.authorization =
        variant === 'wrongSecret'
          ? `Bearer ${sign({ [claim]: t.store.keys[env].accessKey, exp: nowS() + 600 }, 'not-the-secret')}`
          : `Bearer ${t.token({ [claim]: t.store.keys[env].accessKey }, { env })}`;
    } else if (names.includes('operatorToken') || names.includes('metricsToken')) headers.authorization = admin.authorization;
  }
  if (variant === 'wrongSecret' && !names.includes('bearerAuth') && !signed) return undefined;
  const call: Call = { method: method.toUpperCase(), url: query.length ? `${url}?${query.join('&')}` : url, headers };
  if (!op.requestBody) return call;
  if (variant === 'emptyBody') return { ...call, payload: {} };
  if (signed) {
    const payload = PAYLOADS[id]?.() ?? {};
    const token =
      variant === 'noAuth'
        ? sign({ ...payload, accessKey: 'sk_test_unknown_key_000000', exp: nowS() + 600 }, 'x')
        : variant === 'wrongSecret'
          ? sign({ ...payload, accessKey: t.store.keys[env].accessKey, exp: nowS() + 600 }, 'not-the-secret')
          : t.token(payload, { env });
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    return { ...call, payload: { data: token }, claims };
  }
  const example = (op.requestBody.content?.['application/json'] as { examples?: Record<string, { value?: unknown }> } | undefined)?.examples;
  return { ...call, payload: BODIES[id]?.() ?? Object.values(example ?? {})[0]?.value ?? {} };
}

const MAX_ITEMS = 3;
/** An answer as the reference shows it: long lists cut to their first items, long text cut. */
function trim(v: unknown, depth = 0): unknown {
  if (Array.isArray(v)) return v.slice(0, MAX_ITEMS).map((x) => trim(x, depth + 1));
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, trim(x, depth + 1)]));
  return v;
}

function bodyOf(res: LightMyRequestResponse, type: string): unknown {
  if (type === 'application/json') return trim(res.json());
  if (/^(text\/|application\/xml|image\/svg)/.test(type)) return res.body.length > 1500 ? `${res.body.slice(0, 1500)}\n…` : res.body;
  return `${res.rawPayload
    .subarray(0, 8)
    .toString('latin1')
    .replace(/[^\x20-\x7e]/g, '.')}… (${res.rawPayload.length} bytes)`;
}

/** Calls every operation each way and keeps the answers whose status it documents. */
async function record(): Promise<{ fresh: Record<string, RecordedOperation>; answers: { key: string; status: string; type: string; body: unknown; schema?: object }[] }> {
  const fresh: Record<string, RecordedOperation> = {};
  const answers: { key: string; status: string; type: string; body: unknown; schema?: object }[] = [];
  const ops = Object.entries(doc.paths).flatMap(([p, item]) => Object.entries(item).map(([m, op]) => ({ p, m, op })));
  // One record per operation: the sandbox copy where there is one (it needs no connector), else production's.
  const ids = new Set(ops.map((o) => o.op.operationId));
  const chosen = ops.filter((o) => o.op.operationId && !(!o.op.operationId.startsWith('sandbox') && ids.has(`sandbox${o.op.operationId[0]!.toUpperCase()}${o.op.operationId.slice(1)}`)));
  chosen.sort((a, b) => Number(LAST.test(a.op.operationId!)) - Number(LAST.test(b.op.operationId!)));
  // The success last but one: an empty body may be a valid request too (paying an order needs none).
  for (const variant of ['noAuth', 'wrongSecret', 'unknownId', 'ok', 'emptyBody'] as const) {
    for (const { p, m, op } of chosen) {
      const entry = (fresh[op.operationId!] ??= { responses: {} });
      const call = build(p, m, op, variant);
      if (!call) continue;
      const res = await t.app.inject({ method: call.method as 'GET', url: call.url, headers: call.headers, ...(call.payload !== undefined ? { payload: call.payload as object } : {}) });
      const status = String(res.statusCode);
      const type = String(res.headers['content-type'] ?? '')
        .split(';')[0]!
        .trim();
      const documented = op.responses?.[status]?.content?.[type];
      if (variant === 'ok' && res.statusCode < 400 && call.payload !== undefined && !entry.request) {
        entry.request = call.claims ? { payload: call.claims } : { body: call.payload };
      }
      if (RECORD && variant === 'ok' && res.statusCode >= 400) console.info(`not a success: ${call.method} ${call.url} ${status} ${res.body.slice(0, 200)}`);
      if (!documented || entry.responses[status]) continue;
      const body = bodyOf(res, type);
      entry.responses[status] = { type, body };
      answers.push({ key: `${m.toUpperCase()} ${p} (${variant})`, status, type, body: type === 'application/json' ? res.json() : body, schema: documented.schema });
    }
  }
  for (const [id, e] of Object.entries(fresh)) if (!Object.keys(e.responses).length && !e.request) delete fresh[id];
  return { fresh, answers };
}

function write(recorded: Record<string, RecordedOperation>): void {
  const head = fs.readFileSync(FILE, 'utf8').split('export const RECORDED')[0]!;
  const sorted = Object.fromEntries(Object.entries(recorded).sort(([a], [b]) => a.localeCompare(b)));
  fs.writeFileSync(FILE, `${head}export const RECORDED: Record<string, RecordedOperation> = ${JSON.stringify(sorted, null, 2)};\n`);
}

describe('the recorded examples (src/reference/recorded.ts)', () => {
  it('are what the app answers: every recorded status still answered, every answer valid against its documented schema', async () => {
    const { fresh, answers } = await record();
    const invalid = schemaChecker(doc);
    const wrong = answers.flatMap((a) => {
      const why = a.schema && a.type === 'application/json' ? invalid(a.schema, a.body) : undefined;
      return why ? [`${a.key} ${a.status}: ${why}`] : [];
    });
    expect(wrong).toEqual([]);
    const count = Object.values(fresh).reduce((n, e) => n + Object.keys(e.responses).length, 0);
    if (RECORD) {
      write(fresh);
      console.info(`recorded ${count} answers of ${Object.keys(fresh).length} operations into ${FILE}`);
      return;
    }
    const missing = Object.entries(RECORDED).flatMap(([id, e]) =>
      Object.entries(e.responses)
        .filter(([status, r]) => fresh[id]?.responses[status]?.type !== r.type)
        .map(([status]) => `${id} ${status}`),
    );
    expect(missing, 'recorded answers the app no longer gives (KASSA_RECORD_EXAMPLES=1 to record again)').toEqual([]);
    const unrecorded = Object.entries(fresh).flatMap(([id, e]) =>
      Object.keys(e.responses)
        .filter((status) => !RECORDED[id]?.responses[status])
        .map((status) => `${id} ${status}`),
    );
    expect(unrecorded, 'answers not yet recorded (KASSA_RECORD_EXAMPLES=1 to record)').toEqual([]);
  }, 120_000);
});
